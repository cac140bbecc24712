import Foundation
#if canImport(Glibc)
import Glibc
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

    /// Writes `bytes` to a new file at `path`; errors name `shown` (the file's place in the output).
    static func writeFile(_ path: String, _ bytes: [UInt8], shown: String? = nil) throws {
        try writeFile(path, shown: shown) { write in try write(bytes) }
    }

    /// Writes a new file at `path` from the pieces `fill` hands to its argument, in order.
    static func writeFile(_ path: String, shown: String? = nil, _ fill: (([UInt8]) throws -> Void) throws -> Void) throws {
        let name = shown ?? path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
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
