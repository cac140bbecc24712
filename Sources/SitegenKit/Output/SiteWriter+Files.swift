import Foundation
#if canImport(Glibc)
import Glibc
import SitegenExport
#endif

// MARK: - Files and folders

extension SiteWriter {
    static func removeTree(_ path: String) {
        TreeRemoval.remove(path)
    }

    /// "cannot write: <the last error>" about `path`; call right after the failed system call.
    static func cannotWrite(_ path: String) -> SitegenError {
        let reason = String(cString: strerror(errno))
        return SitegenError(file: path, message: "cannot write: \(reason)")
    }

    /// Makes `path` a hard link of `source` (what was at `path` removed first, as `writeFile`
    /// does), or a copy of it where hard links cannot join them (another file system, one
    /// without hard links, a file at its link limit); errors name `shown`.
    static func linkFile(_ source: String, _ path: String, shown: String? = nil) throws {
        if link(source, path) == 0 { return }
        if errno == EEXIST {
            removeTree(path)
            if link(source, path) == 0 { return }
        }
        guard errno == EXDEV || errno == EPERM || errno == EMLINK || errno == EOPNOTSUPP else { throw cannotWrite(shown ?? path) }
        guard let file = try? ExportLoader.readFile(source, inflating: false) else { throw cannotWrite(source) }
        try withExtendedLifetime(file) {
            try writeFile(path, shown: shown) { write in try write(Array(UnsafeRawBufferPointer(file.buffer))) }
        }
    }

    /// Writes `bytes` to a new file at `path`; errors name `shown` (the file's place in the output).
    static func writeFile(_ path: String, _ bytes: [UInt8], shown: String? = nil) throws {
        try writeFile(path, shown: shown) { write in try write(bytes) }
    }

    /// Writes a new file at `path` from the pieces `fill` hands to its argument, in order.
    /// Always a new inode: what was at `path` is removed first, never written over. (In a
    /// staging folder made from the spare, a file is often a hard link of the live output's
    /// file, `SiteExchange`: writing into it would change the published site.)
    static func writeFile(_ path: String, shown: String? = nil, _ fill: (([UInt8]) throws -> Void) throws -> Void) throws {
        let name = shown ?? path
        var fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0 && errno == EEXIST {
            removeTree(path)
            fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { throw cannotWrite(name) }
        defer { close(fd) }
        try fill { bytes in
            var done = 0
            try bytes.withUnsafeBytes { raw in
                while done < raw.count {
                    let n = write(fd, raw.baseAddress! + done, raw.count - done)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw cannotWrite(name)
                    }
                    done += n
                }
            }
        }
    }
}
