import Foundation
#if canImport(Glibc)
import Glibc
import SitegenExport
#endif

/// Moves staged files into an existing output folder all or nothing. Before a file is
/// replaced, its previous version gets a second name (a hard link) in the backup folder, so
/// the rename that replaces it stays atomic for readers and can be undone; `rollback()` puts
/// every replaced file back (the same inode: bytes and times as they were) and removes the
/// files and folders that were added, in reverse order. The backup folder is flat (one
/// name per replaced file, by number): no folders to make and remove.
struct SiteCommit {
    let output: String
    let staging: String
    let backup: String
    let hook: ((String) throws -> Void)?

    private enum Step {
        /// The file at the path was replaced; its previous version is `backup/<number>`.
        case replaced(String, Int)
        case added(String)
    }

    private var done: [Step] = []
    private var saved = 0
    private var folders: FolderMaker
    private var madeOutput = false
    private var madeBackup = false

    init(output: String, staging: String, backup: String, hook: ((String) throws -> Void)?) {
        self.output = output
        self.staging = staging
        self.backup = backup
        self.hook = hook
        folders = FolderMaker(root: output, existing: true)
    }

    mutating func begin() throws {
        if access(output, F_OK) != 0 {
            guard mkdir(output, 0o755) == 0 else { throw SiteWriter.cannotWrite(output) }
            madeOutput = true
        }
        guard mkdir(backup, 0o700) == 0 else { throw SiteWriter.cannotWrite(output) }
        madeBackup = true
    }

    /// Moves the staged file at `relative` into the output, keeping the file it replaces.
    mutating func move(_ relative: String) throws {
        try hook?(relative)
        try Interruption.check()
        try folders.make(parentOf: relative)
        let target = output + "/" + relative
        var info = stat()
        if lstat(target, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw SitegenError(file: target, message: "cannot write: \(String(cString: strerror(EISDIR)))")
            }
            let number = saved
            let kept = backup + "/\(number)"
            if link(target, kept) != 0 {
                // A file system without hard links: move the previous version aside instead
                // (readers miss the file until the next rename).
                guard rename(target, kept) == 0 else { throw SiteWriter.cannotWrite(target) }
            }
            saved += 1
            done.append(.replaced(relative, number))
        } else {
            done.append(.added(relative))
        }
        guard rename(staging + "/" + relative, target) == 0 else { throw SiteWriter.cannotWrite(target) }
    }

    /// Undoes every move, the last first; returns the files it could not put back (their
    /// previous versions stay in the backup folder).
    mutating func rollback() -> [String] {
        var lost: [String] = []
        var index = ""
        for step in done.reversed() {
            switch step {
            case let .replaced(relative, number):
                if rename(backup + "/\(number)", output + "/" + relative) != 0 {
                    lost.append(output + "/" + relative)
                    index += "\(number) \(relative)\n"
                }
            case let .added(relative):
                if unlink(output + "/" + relative) != 0 && errno != ENOENT { lost.append(output + "/" + relative) }
            }
        }
        done = []
        for folder in folders.created.reversed() { rmdir(output + "/" + folder) }
        if madeOutput { rmdir(output) }
        if lost.isEmpty {
            removeBackup()
        } else if !index.isEmpty {
            // Which kept file is which: "number path" lines.
            try? SiteWriter.writeFile(backup + "/index.txt", Array(index.utf8))
        }
        return lost
    }

    /// Drops the previous versions (after a commit, or a complete rollback).
    mutating func removeBackup() {
        guard madeBackup else { return }
        for number in 0..<saved { unlink(backup + "/\(number)") }
        rmdir(backup)
        madeBackup = false
    }
}
