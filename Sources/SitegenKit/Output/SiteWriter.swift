import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Publishes rendered files into the output folder so that a failed build changes
/// nothing and a web server never sees a half-written page:
/// 1. every changed file is written into a staging folder beside the output;
/// 2. only when all are written, each is renamed into place (atomic per file);
/// 3. the manifest (`.sitegen-manifest`, which also marks the folder as ours) is
///    replaced, and files of the previous build that this one did not produce are removed.
/// Unchanged files are not touched, so their modification times stay.
public struct SiteWriter {
    public static let manifestName = ".sitegen-manifest"

    public struct Summary: Sendable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
    }

    /// What the previous build wrote: per file its content hash, size and the
    /// fingerprint of what it was made from.
    public struct Manifest: Sendable {
        var inputs: String = ""
        var files: [String: (hash: String, size: Int, source: String)] = [:]

        static func read(_ path: String) -> Manifest? {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            let bytes = [UInt8](data)
            var manifest = Manifest()
            var lineStart = 0
            var first = true
            for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
                defer { lineStart = i + 1 }
                guard i > lineStart else { continue }
                let line = bytes[lineStart..<i]
                if first {
                    first = false
                    let header = String(decoding: line, as: UTF8.self)
                    guard header.hasPrefix("sitegen-manifest ") else { return nil }
                    if header.hasPrefix("sitegen-manifest 2 ") { manifest.inputs = String(header.dropFirst("sitegen-manifest 2 ".count)) }
                    continue
                }
                // hash size source path (the path may hold spaces; the others do not)
                var fields: [Range<Int>] = []
                var start = line.startIndex
                for j in line.indices where bytes[j] == 0x20 && fields.count < 3 {
                    fields.append(start..<j)
                    start = j + 1
                }
                guard fields.count == 3, let size = Int(String(decoding: bytes[fields[1]], as: UTF8.self)) else { continue }
                manifest.files[String(decoding: bytes[start..<i], as: UTF8.self)] =
                    (String(decoding: bytes[fields[0]], as: UTF8.self), size, String(decoding: bytes[fields[2]], as: UTF8.self))
            }
            return first ? nil : manifest
        }

        func text() -> String {
            var out = "sitegen-manifest 2 \(inputs)\n"
            for path in files.keys.sorted() {
                let f = files[path]!
                out += "\(f.hash) \(f.size) \(f.source.isEmpty ? "-" : f.source) \(path)\n"
            }
            return out
        }
    }

    public let output: String

    public init(output: String) {
        self.output = output.hasSuffix("/") && output.count > 1 ? String(output.dropLast()) : output
    }

    var manifestPath: String { output + "/" + SiteWriter.manifestName }

    /// Refuses a folder that has files but no manifest: it is not a previous sitegen output.
    public func checkOutputFolder(_ manifest: Manifest?) throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isDir) else { return }
        guard isDir.boolValue else { throw SitegenError(file: output, message: "exists and is not a folder") }
        if manifest == nil, let entries = try? FileManager.default.contentsOfDirectory(atPath: output), !entries.isEmpty {
            throw SitegenError(file: output, message: "is not empty and holds no \(SiteWriter.manifestName): not a previous sitegen output, refusing to write into it (choose another --output or empty it)")
        }
    }

    /// The previous build's manifest, if the output folder has one.
    public func previousManifest() -> Manifest? { Manifest.read(manifestPath) }

    /// Whether `path` in the output was made from `source` and is still there, intact in size.
    public static func isUnchanged(_ manifest: Manifest, output: String, path: String, source: String) -> Bool {
        guard let old = manifest.files[path], old.source == source else { return false }
        var info = stat()
        return stat(output + "/" + path, &info) == 0 && Int(info.st_size) == old.size
    }

    /// Whether the previous build had exactly these inputs and its files are all there.
    public func isUpToDate(_ manifest: Manifest?, inputs: String) -> Bool {
        guard let manifest, manifest.inputs == inputs else { return false }
        for (path, file) in manifest.files {
            var info = stat()
            guard stat(output + "/" + path, &info) == 0, Int(info.st_size) == file.size else { return false }
        }
        return true
    }

    /// Publishes `files`; see the type's description.
    public func publish(_ files: [RenderedFile], inputs: String, previous manifest: Manifest?) throws -> Summary {
        try checkOutputFolder(manifest)
        let fm = FileManager.default
        let previous = manifest ?? Manifest()
        var next = Manifest(inputs: inputs)
        var changed: [Int] = []
        var summary = Summary()
        for (i, file) in files.enumerated() {
            try SiteWriter.checkRelative(file.path)
            guard let bytes = file.bytes else {
                // Not rendered: the previous build's file was made from the same inputs.
                guard let old = previous.files[file.path] else {
                    throw SitegenError(file: file.path, message: "internal error: an unrendered file has no previous version")
                }
                next.files[file.path] = old
                summary.unchanged += 1
                continue
            }
            let hash = ContentHash(bytes).description
            next.files[file.path] = (hash, bytes.count, file.source)
            if let old = previous.files[file.path], old.hash == hash, old.size == bytes.count {
                var info = stat()
                if stat(output + "/" + file.path, &info) == 0, Int(info.st_size) == bytes.count {
                    summary.unchanged += 1
                    continue
                }
            }
            changed.append(i)
        }

        // 1. Stage.
        let staging = stagingPath()
        try? fm.removeItem(atPath: staging)
        do {
            try fm.createDirectory(atPath: staging, withIntermediateDirectories: true)
            var folders = FolderMaker(root: staging)
            for i in changed {
                try folders.make(parentOf: files[i].path)
                try SiteWriter.writeFile(staging + "/" + files[i].path, files[i].bytes!)
            }
            try SiteWriter.writeFile(staging + "/" + SiteWriter.manifestName, Array(next.text().utf8))
        } catch {
            try? fm.removeItem(atPath: staging)
            throw error
        }

        // 2. Move into place: a new output folder is the staging folder itself (one
        // rename); an existing one takes the changed files one by one.
        var isDir: ObjCBool = false
        let exists = fm.fileExists(atPath: output, isDirectory: &isDir)
        if !exists || ((try? fm.contentsOfDirectory(atPath: output))?.isEmpty ?? false) {
            if exists { rmdir(output) }
            let parent = PathNames.parent(output)
            if !parent.isEmpty { try? fm.createDirectory(atPath: parent, withIntermediateDirectories: true) }
            if rename(staging, output) == 0 {
                summary.written = changed.count
                return summary
            }
        }
        do {
            try fm.createDirectory(atPath: output, withIntermediateDirectories: true)
            var folders = FolderMaker(root: output)
            for i in changed {
                let target = output + "/" + files[i].path
                try folders.make(parentOf: files[i].path)
                guard rename(staging + "/" + files[i].path, target) == 0 else {
                    throw SitegenError(file: target, message: "cannot write: \(String(cString: strerror(errno)))")
                }
                summary.written += 1
            }
            // 3. The manifest last: it records what is now there.
            guard rename(staging + "/" + SiteWriter.manifestName, manifestPath) == 0 else {
                throw SitegenError(file: manifestPath, message: "cannot write: \(String(cString: strerror(errno)))")
            }
        } catch {
            try? fm.removeItem(atPath: staging)
            throw error
        }
        try? fm.removeItem(atPath: staging)

        // Files of the previous build that this one no longer produces.
        for path in previous.files.keys.sorted() where next.files[path] == nil && (try? SiteWriter.checkRelative(path)) != nil {
            if unlink(output + "/" + path) == 0 { summary.removed += 1 }
            var folder = PathNames.parent(path)
            while !folder.isEmpty && rmdir(output + "/" + folder) == 0 {
                folder = PathNames.parent(folder)
            }
        }
        return summary
    }

    /// A hidden folder beside the output, on the same file system (so renames are atomic).
    func stagingPath() -> String {
        let parent = PathNames.parent(output)
        let name = PathNames.name(output)
        return (parent.isEmpty ? "" : parent + "/") + ".\(name).sitegen-staging-\(getpid())"
    }

    /// Output paths come from slugs and keys made safe, but the writer checks again:
    /// nothing may leave the output folder.
    static func checkRelative(_ path: String) throws {
        var segmentStart = true
        var dots = 0
        var unsafe = path.isEmpty
        for c in path.utf8 {
            switch c {
            case 0: unsafe = true
            case UInt8(ascii: "/"):
                if segmentStart || dots == 1 || dots == 2 { unsafe = true }
                segmentStart = true
                dots = 0
            case UInt8(ascii: "."):
                if segmentStart || dots > 0 { dots += 1 }
                segmentStart = false
            default:
                segmentStart = false
                dots = -1
            }
        }
        if segmentStart || dots == 1 || dots == 2 { unsafe = true }
        if unsafe { throw SitegenError(file: path, message: "unsafe output path") }
    }

    static func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SitegenError(file: path, message: "cannot write: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var done = 0
        try bytes.withUnsafeBytes { raw in
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw SitegenError(file: path, message: "cannot write: \(String(cString: strerror(errno)))")
                }
                done += n
            }
        }
    }
}

/// `mkdir -p` for the parent folders of relative paths below `root`, one `mkdir`
/// call per folder and none for folders already made.
struct FolderMaker {
    let root: String
    private var made: Set<Substring> = [""]

    init(root: String) { self.root = root }

    mutating func make(parentOf path: String) throws {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = path[..<slash]
        if made.contains(folder) { return }
        // Parents first.
        var index = folder.startIndex
        while index < folder.endIndex {
            let next = folder[index...].firstIndex(of: "/") ?? folder.endIndex
            let prefix = folder[..<next]
            if made.insert(prefix).inserted {
                let full = root + "/" + prefix
                if mkdir(full, 0o755) != 0 && errno != EEXIST {
                    throw SitegenError(file: full, message: "cannot create the folder: \(String(cString: strerror(errno)))")
                }
            }
            index = next < folder.endIndex ? folder.index(after: next) : next
        }
    }
}
