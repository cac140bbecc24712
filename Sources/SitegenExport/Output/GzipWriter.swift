import CZlib

/// Compresses a stream of chunks into one gzip member on the way to a sink: a repaired
/// export written as `.json.gz` (`RepairWriter`) goes through this before `AtomicFile`.
package final class GzipWriter {
    package typealias Sink = (UnsafeBufferPointer<UInt8>) throws -> Void

    /// zlib's and gzip's default (the other levels' time and bytes: docs/performance.md).
    package static let level: Int32 = 6
    /// The compressed bytes reach the sink this much at a time.
    static let chunk = 1 << 20

    private let stream: UnsafeMutablePointer<z_stream>
    private let out: UnsafeMutablePointer<UInt8>
    private let sink: Sink
    private let file: String
    private var ended = false

    /// Hands `produce` a sink that compresses into `sink`; the gzip trailer is written when
    /// `produce` returns. `file` names the output in errors.
    package static func compressing(into sink: @escaping Sink, file: String, level: Int32 = GzipWriter.level, _ produce: (@escaping Sink) throws -> Void) throws {
        let writer = try GzipWriter(sink: sink, file: file, level: level)
        try produce { try writer.write($0) }
        try writer.finish()
    }

    private init(sink: @escaping Sink, file: String, level: Int32) throws {
        self.sink = sink
        self.file = file
        // zlib keeps the stream's address: it lives at one place until deflateEnd.
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        out = UnsafeMutablePointer<UInt8>.allocate(capacity: GzipWriter.chunk)
        guard sitegen_deflate_init_gzip(stream, level) == Z_OK else {
            ended = true
            throw SitegenError(file: file, message: "cannot write: out of memory")
        }
        stream.pointee.next_out = out
        stream.pointee.avail_out = UInt32(GzipWriter.chunk)
    }

    deinit {
        if !ended { deflateEnd(stream) }
        stream.deallocate()
        out.deallocate()
    }

    /// Compresses `bytes`; full chunks of output go to the sink.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            // avail_in is 32 bits wide.
            let piece = min(left, 1 << 30)
            stream.pointee.next_in = UnsafeMutablePointer(mutating: next)
            stream.pointee.avail_in = UInt32(piece)
            while stream.pointee.avail_in > 0 {
                try deflateStep(Z_NO_FLUSH)
            }
            next += piece
            left -= piece
        }
    }

    /// Compresses what zlib still holds, writes the trailer (CRC-32 and size) and the last chunk.
    func finish() throws {
        while try !deflateStep(Z_FINISH) {}
        if stream.pointee.avail_out < UInt32(GzipWriter.chunk) { try flush() }
        deflateEnd(stream)
        ended = true
    }

    /// One call of deflate, the output buffer emptied into the sink first if it is full.
    /// Returns whether the member is complete (after Z_FINISH).
    @discardableResult
    private func deflateStep(_ flush: Int32) throws -> Bool {
        if stream.pointee.avail_out == 0 { try self.flush() }
        let status = deflate(stream, flush)
        switch status {
        case Z_STREAM_END: return true
        case Z_OK, Z_BUF_ERROR: return false
        default: throw SitegenError(file: file, message: "cannot compress: zlib error \(status)")
        }
    }

    private func flush() throws {
        let n = GzipWriter.chunk - Int(stream.pointee.avail_out)
        try sink(UnsafeBufferPointer(start: out, count: n))
        stream.pointee.next_out = out
        stream.pointee.avail_out = UInt32(GzipWriter.chunk)
    }
}
