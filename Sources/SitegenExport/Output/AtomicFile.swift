#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see either the old file or the whole new one: the
/// bytes go to a temporary file in the same folder, are flushed to disk, then renamed
/// over the target. On any error, or a signal (`Interruption`: checked before every chunk
/// and before the rename), the temporary file is removed and the target is untouched.
public enum AtomicFile {
    public static func write(to path: String, _ produce: (_ write: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void) throws {
        let temp = temporaryPath(for: path)
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SitegenError(file: path, message: "cannot write: \(lastError())") }
        // A replaced file keeps its permissions (an export may be private: 0600).
        var existing = stat()
        if stat(path, &existing) == 0 { fchmod(fd, existing.st_mode & 0o7777) }
        var closed = false
        do {
            try produce { chunk in
                try Interruption.check()
                var done = 0
                while done < chunk.count {
                    let n = Glibc.write(fd, chunk.baseAddress! + done, chunk.count - done)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw SitegenError(file: path, message: "cannot write: \(lastError())")
                    }
                    done += n
                }
            }
            guard fsync(fd) == 0 else { throw SitegenError(file: path, message: "cannot write: \(lastError())") }
            closed = true
            guard close(fd) == 0 else { throw SitegenError(file: path, message: "cannot write: \(lastError())") }
            // The last moment a signal can still leave the target as it was.
            try Interruption.check()
            guard rename(temp, path) == 0 else { throw SitegenError(file: path, message: "cannot replace: \(lastError())") }
        } catch {
            if !closed { close(fd) }
            unlink(temp)
            throw error
        }
    }

    public static func write(to path: String, bytes: [UInt8]) throws {
        try write(to: path) { sink in try bytes.withUnsafeBufferPointer { try sink($0) } }
    }

    static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(folder).\(name).sitegen-\(getpid()).tmp"
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}
