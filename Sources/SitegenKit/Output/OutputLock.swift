import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One publisher per output at a time, and what dead ones left removed.
///
/// The lock is a file beside the output (`.NAME.sitegen-lock`, inside the output when the
/// work folders go there: `SiteWriter.workFolders()`) held with `flock`: the kernel drops it
/// when its process dies, however it dies, so a killed build never leaves a stale lock. The
/// holder writes its pid into it and removes the file when it is done; a build that finds
/// the lock held refuses at once, naming that pid (`Busy`), rather than wait behind a build
/// it knows nothing of. A lock taken on a file that its holder removed meanwhile is no
/// lock: after `flock` the file at the path must still be the one locked, else it starts
/// again.
///
/// Holding the lock, the build removes the work folders of builds that are gone: their
/// names end in the pid that made them (`.NAME.sitegen-staging-PID`, `-backup-PID`), and
/// a pid that is not a live sitegen process made a folder nobody will finish or remove.
/// A live one's are left alone. A backup folder with an `index.txt` holds files that a
/// failed rollback could not put back (its message named the folder): kept for the user.
/// A dead build's staging folder beside the output becomes the spare when there is none
/// (`.NAME.sitegen-spare`, `SiteExchange`): whatever it holds, the next switch makes it
/// the whole new site, and a rename costs nothing where a removal costs a call per file.
final class OutputLock: @unchecked Sendable {
    private let path: String
    private let fd: Int32
    /// The file system's time of taking it (the lock file's change time, as the pid was
    /// written): a folder changed after it has a change time no older (`SpareRecord`).
    let taken: timespec

    /// A build that finds the output's lock held: the pid in the lock file, if it could be read.
    struct Busy: Error {
        var pid: Int32?
    }

    private init(path: String, fd: Int32, taken: timespec) {
        self.path = path
        self.fd = fd
        self.taken = taken
    }

    deinit {
        // Removed while still held: a build waiting on this file finds it gone and starts again.
        unlink(path)
        close(fd)
    }

    /// Takes the lock at `path`; nil when the file cannot be made (a read-only or forbidden
    /// folder: nothing can be published there either, and the build says so on its own).
    static func take(_ path: String) throws -> OutputLock? {
        for _ in 0..<100 {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard fd >= 0 else { return nil }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let busy = Busy(pid: readPid(fd))
                close(fd)
                throw busy
            }
            // The file locked must still be the one at the path (its holder removes it when done).
            var held = stat(), named = stat()
            if fstat(fd, &held) == 0, lstat(path, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                let pid = Array("\(getpid())\n".utf8)
                ftruncate(fd, 0)
                _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress!, $0.count, 0) }
                var written = stat()
                fstat(fd, &written)
                return OutputLock(path: path, fd: fd, taken: written.st_ctim)
            }
            close(fd)
        }
        return nil
    }

    private static func readPid(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, 0) }
        guard n > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    // MARK: - What dead builds left

    /// The end of the spare's name, after the work folders' prefix.
    static let spareName = "spare"

    /// Removes, from `folder`, the work folders whose names are `prefix` + `staging-PID` or
    /// `backup-PID` and whose process is gone, but for a staging folder made the spare
    /// (with `keepingSpare`, when there is none). Returns their names. (This process's own
    /// names are its publication's: `beginPublication` empties them first, whoever left them.)
    @discardableResult
    static func removeLeftovers(in folder: String, prefix: String, keepingSpare: Bool) -> [String] {
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        let names = DirectoryEntries.list(fd).map(\.name).filter { $0.hasPrefix(prefix) }
        close(fd)
        var removed: [String] = []
        for name in names {
            let rest = name.dropFirst(prefix.count)
            let kind = rest.hasPrefix("staging-") ? "staging-" : rest.hasPrefix("backup-") ? "backup-" : nil
            guard let kind, let pid = Int32(rest.dropFirst(kind.count)), pid > 0 else { continue }
            guard pid != getpid() && !isLiveSitegen(pid) else { continue }
            let path = (folder.isEmpty ? "" : folder + "/") + name
            if kind == "backup-" && access(path + "/index.txt", F_OK) == 0 { continue }
            let spare = (folder.isEmpty ? "" : folder + "/") + prefix + spareName
            var info = stat()
            if kind == "staging-" && keepingSpare && lstat(spare, &info) != 0 && rename(path, spare) == 0 {
                removed.append(name)
                continue
            }
            TreeRemoval.remove(path)
            removed.append(name)
        }
        return removed
    }

    /// Whether `pid` is a running sitegen (a test runner that links SitegenKit counts: its
    /// name starts with `sitegen` too). A pid reused by another program is not: in a
    /// container, a new run often gets the pid of the killed one, and another program the
    /// pid of a killed build.
    static func isLiveSitegen(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return true }
        return comm.hasPrefix("sitegen")
    }
}
