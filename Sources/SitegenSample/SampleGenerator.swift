import SitegenExport
/// What `SampleGenerator` makes.
public struct SampleOptions: Sendable {
    public var users: Int
    public var seed: UInt64
    public var dialect: Dialect
    /// 0: a perfectly consistent export; 0.01: about 1% of records drifted.
    public var faultRate: Double
    /// One user (makestagram only) followed by this many others and with this many posts,
    /// whose posts never reached its followers' timelines (a fan-out that never ran).
    public var celebrity: (followers: Int, posts: Int)?
    /// Whether the export has its `timeline` node (makestagram).
    public var timeline: Bool

    public init(users: Int, seed: UInt64 = 1, dialect: Dialect = .makestagram, faultRate: Double = 0,
                celebrity: (followers: Int, posts: Int)? = nil, timeline: Bool = true) {
        self.users = users
        self.seed = seed
        self.dialect = dialect
        self.faultRate = faultRate
        self.celebrity = celebrity
        self.timeline = timeline
    }
}

public enum SampleError: Error, CustomStringConvertible {
    case invalidOptions(String)

    public var description: String {
        switch self {
        case .invalidOptions(let why): return "invalid sample options: \(why)"
        }
    }
}

/// Synthetic Firebase exports of either dialect, deterministic for a seed (same options,
/// same bytes, on every run and machine), with a power-law follow graph and posts per
/// user, and optional drift (`faultRate`) of the kinds the apps' non-atomic writes leave.
public enum SampleGenerator {
    /// Writes the export as compact JSON to `path` (atomically: temp file in the same folder +
    /// rename), gzip-compressed when `path` ends in `.gz`, as a Firebase backup is.
    public static func write(_ options: SampleOptions, to path: String) throws {
        try check(options)
        try AtomicFile.write(to: path) { sink in
            if ExportLoader.isGzip(path) {
                try GzipWriter.compressing(into: sink, file: path) { try stream(options, $0) }
            } else {
                try stream(options, sink)
            }
        }
    }

    /// The same bytes, in memory (for tests).
    public static func generate(_ options: SampleOptions) -> [UInt8] {
        precondition(options.users > 0, "SampleOptions.users must be > 0")
        let w = JSONWriter(chunkSize: 1 << 20)
        emit(options, w)
        return w.takeBytes()
    }

    /// The export in chunks of about `chunkSize` bytes, handed to `sink` in order (for
    /// standard output or a pipe); memory stays at a few chunks whatever the size.
    public static func stream(_ options: SampleOptions, chunkSize: Int = 4 << 20,
                              _ sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try check(options)
        try withoutActuallyEscaping(sink) { sink in
            let adapter = ClosureSink(sink)
            let w = JSONWriter(chunkSize: chunkSize, sink: adapter)
            emit(options, w)
            w.flush()
            if let error = w.sinkError { throw error }
        }
    }

    static func check(_ o: SampleOptions) throws {
        guard o.users > 0 else { throw SampleError.invalidOptions("users must be > 0 (got \(o.users))") }
        guard o.faultRate >= 0 && o.faultRate <= 1 else {
            throw SampleError.invalidOptions("faultRate must be in 0...1 (got \(o.faultRate))")
        }
        if let c = o.celebrity {
            guard o.dialect == .makestagram else { throw SampleError.invalidOptions("a celebrity needs the makestagram dialect") }
            guard c.followers >= 0, c.followers < o.users, c.posts >= 0 else {
                throw SampleError.invalidOptions("a celebrity's followers must be fewer than the users, and its posts not negative")
            }
        }
    }

    static func emit(_ options: SampleOptions, _ w: JSONWriter) {
        switch options.dialect {
        case .makestagram: MakestagramSample(options).write(to: w)
        case .timeline: TimelineSample(options).write(to: w)
        }
    }
}

private final class ClosureSink: ByteSink {
    let body: (UnsafeBufferPointer<UInt8>) throws -> Void
    init(_ body: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) { self.body = body }
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws { try body(bytes) }
}
