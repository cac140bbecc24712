import Foundation
#if canImport(Glibc)
import Glibc
import SitegenExport
#endif

/// The switch from the previous site to the new one in one step, for readers and for a
/// crash alike (`SiteWriter.Publication.finish`), with two trees that take turns (double
/// buffering): the output, and its spare beside it (`.NAME.sitegen-spare`), the site
/// before it.
/// 0. `SiteWriter.beginPublication` makes the spare the staging folder: it already holds
///    the site before the output's, mostly as hard links of the output's files. The files
///    this build writes replace their names there with new files (`SiteWriter.writeFile`:
///    a new inode every time, never one the live output shares);
/// 1. `fill`: the staging folder becomes the whole new site. Both trees are read a folder
///    at a time (`readdir`: a name and an inode number per entry, no call per file), and
///    every file of the output that the staging folder does not hold as the same inode
///    gets a hard link there (bytes, modification time and owner stay); files of the
///    staging folder that are neither this build's nor the output's go. What the spare
///    holds never decides what is published, only how much there is to do: with the
///    spare, one link or unlink per file that changed in this build or the one before;
///    with no spare, or a spare of anything else (a killed build's, another output's), as
///    much as a fresh folder, every file linked. Reading the folders is what is left of
///    the site's size (its cost: docs/robustness.md). Files of the previous build that
///    this one no longer produces are left out; files the user added to the output by hand are carried over, as the file-by-file
///    commit leaves them;
/// 2. `sync`: its new files reach the disk before the switch can (a power cut after the
///    switch must not publish empty files);
/// 3. `exchange`: `renameat2(RENAME_EXCHANGE)` swaps the two folders' names in one step
///    of the file system's journal: before it the output is the previous site, after it
///    the new one, whatever stops the machine. A web server resolves every request from
///    the output's name, so it sees one site or the other, never a mix and never a
///    missing folder; the output stays a real folder (not a symbolic link), whose inode
///    is the other tree's after each switch;
/// 4. the staging name now holds the previous site: it becomes the spare (one rename;
///    nothing is removed). A build killed before that leaves its staging folder, which the
///    next build makes the spare (`OutputLock.removeLeftovers`).
struct SiteExchange {
    let output: String
    let staging: String
    /// Paths of the previous build that this one does not produce: not carried over.
    let stale: Set<String>
    /// The files this build wrote into the staging folder, and its manifest, by a hash of
    /// their path (16 bytes each, not the path: a cold build stages every file).
    let staged: Set<ContentHash>
    let hook: ((String) throws -> Void)?
    let faults: PublishFaults
    /// Files of the previous site left out because they are stale (the summary's `removed`).
    private(set) var removed = 0
    /// Hard links made and entries removed in the staging folder (the work `fill` did).
    private(set) var linked = 0
    private(set) var unlinked = 0
    /// Folders read whole (`readdir`) in either tree: what the difference saves.
    private(set) var foldersRead = 0

    /// Hard links, or the exchange, are not available here (a FAT or network file system, a
    /// folder of the output on another file system): `finish` falls back to `SiteCommit`.
    struct Unsupported: Error {}

    init(output: String, staging: String, stale: [String], staged: [String], hook: ((String) throws -> Void)?,
         faults: PublishFaults = .none) {
        self.output = output
        self.faults = faults
        self.staging = staging
        self.stale = Set(stale)
        self.staged = Set((staged + [SiteWriter.manifestName]).map(SiteExchange.key))
        self.hook = hook
    }

    static func key(_ path: String) -> ContentHash {
        var path = path
        return path.withUTF8 { key(UnsafeRawBufferPointer($0)) }
    }

    /// `key` of a path's bytes.
    static func key(_ path: UnsafeRawBufferPointer) -> ContentHash {
        ContentHash(path, seed: 21)
    }

    /// 1. Makes the staging folder the whole new site (see the type's description). Throws
    /// `Unsupported`, or an error naming the file (the output is untouched either way).
    mutating func fill() throws {
        // After `fillDelta` gave up: its count starts again.
        removed = 0
        try SiteExchange.withFolders(output, staging) { old, new in
            // The output folder keeps its permissions and owner (it may be a web server's root).
            SiteExchange.keepModeAndOwner(of: old, on: new)
            try fill(old, new, "")
        }
        // Folders left empty by the stale files go, as `SiteCommit`'s step 4 does.
        for path in stale.sorted(by: >) {
            var folder = PathNames.parent(path)
            while !folder.isEmpty && rmdir(staging + "/" + folder) == 0 {
                folder = PathNames.parent(folder)
            }
        }
    }

    /// Calls `body` with the output's folder and the staging folder open (closed after).
    private static func withFolders<Result>(_ output: String, _ staging: String,
                                            _ body: (_ old: Int32, _ new: Int32) throws -> Result) throws -> Result {
        let old = open(output, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard old >= 0 else { throw SiteWriter.cannotWrite(output) }
        defer { close(old) }
        let new = open(staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard new >= 0 else { throw SiteWriter.cannotWrite(output) }
        defer { close(new) }
        return try body(old, new)
    }

    /// Makes the staging folder `new` at `relative` hold what the output's folder `old`
    /// holds (see `fill()`); `old` is -1 for a folder only the staging folder has.
    /// `known` (`fillDelta`): folders that both trees hold are left alone, not filled.
    private mutating func fill(_ old: Int32, _ new: Int32, _ relative: String, known: ((ContentHash) -> Bool)? = nil) throws {
        var mine: [String: DirectoryEntries.Entry] = [:]
        foldersRead += old >= 0 ? 2 : 1
        for entry in DirectoryEntries.list(new) where !(relative.isEmpty && SiteWriter.isWorkFolder(entry.name)) {
            mine[entry.name] = entry
        }
        for entry in old >= 0 ? DirectoryEntries.list(old) : [] {
            let name = entry.name
            // Another build's work folders and lock, inside an output that holds them.
            if relative.isEmpty && SiteWriter.isWorkFolder(name) { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            let there = mine.removeValue(forKey: name)
            if entry.isFolder {
                if let known, let there, there.isFolder, known(SiteExchange.key(path)) {
                    // Both trees have it: the difference makes it whole (its mode as the output's).
                    var info = stat(), mine = stat()
                    if fstatat(old, name, &info, AT_SYMLINK_NOFOLLOW) == 0, fstatat(new, name, &mine, AT_SYMLINK_NOFOLLOW) == 0,
                       info.st_mode & 0o7777 != mine.st_mode & 0o7777 {
                        fchmodat(new, name, info.st_mode & 0o7777, 0)
                    }
                    continue
                }
                if let there, !there.isFolder {
                    // This build made a file of that name: nothing to carry over (what the
                    // folder held of the previous build is left out).
                    if staged.contains(SiteExchange.key(path)) {
                        removed += stale.count { $0.hasPrefix(path + "/") }
                        continue
                    }
                    try remove(new, name, path)
                }
                try carryFolder(old, new, name, path, made: there == nil || !there!.isFolder)
                continue
            }
            if !stale.isEmpty && stale.contains(path) {
                removed += 1
                if let there, !staged.contains(SiteExchange.key(path)) { try clear(new, there, path) }
                continue
            }
            try hook?(path)
            try Interruption.check()
            faults.step()
            if let there {
                // This build's version of the file, or the output's own (the same inode).
                if staged.contains(SiteExchange.key(path)) || (!there.isFolder && there.inode == entry.inode) { continue }
                // Another version (from the spare), or a folder whose files were not staged.
                if try !clear(new, there, path) { continue }
            }
            if linkat(old, name, new, name, 0) != 0 {
                switch errno {
                case EXDEV, EPERM, EOPNOTSUPP, EMLINK: throw Unsupported()
                default: throw SiteWriter.cannotWrite(output + "/" + path)
                }
            }
            linked += 1
        }
        // What only the staging folder holds: this build's files stay, the rest (from the spare) goes.
        for (name, entry) in mine {
            let path = relative.isEmpty ? name : relative + "/" + name
            if !entry.isFolder && staged.contains(SiteExchange.key(path)) { continue }
            _ = try clear(new, entry, path)
        }
    }

    /// 1, from the manifests' difference: makes the staging folder, which is the spare
    /// taken with its record (`SpareRecord`), the whole new site with one link per file
    /// that changed in this build or the one before, one removal per file gone since the
    /// spare's site, and one `stat` per folder of the output (its change time). A folder
    /// changed since the record in either tree is compared name by name as `fill` does, the
    /// folders it holds that both trees have and the manifests name left to the difference.
    /// `current`: the output's manifest; `next`: the new site's. Returns false, having made
    /// nothing wrong (only less to do), when the trees are not as the manifests say (a
    /// link that cannot be made, a file where a folder should be): then `fill` follows.
    /// `checked`: the output's folders as `outputFolders` found them, taken on another thread
    /// while the new manifest was written (the output does not change meanwhile).
    mutating func fillDelta(spare: SpareRecord, current: SiteWriter.Manifest, next: SiteWriter.Manifest,
                            checked: SpareRecord.Folders? = nil) throws -> Bool {
        try SiteExchange.withFolders(output, staging) { old, new in
            // The output folder keeps its permissions and owner, as with `fill`.
            SiteExchange.keepModeAndOwner(of: old, on: new)
            return try fillDelta(old, new, spare: spare, current: current, next: next, checked: checked)
        }
    }

    /// Gives the folder `new` the permissions and owner of the folder `old`.
    private static func keepModeAndOwner(of old: Int32, on new: Int32) {
        var info = stat(), mine = stat()
        guard fstat(old, &info) == 0, fstat(new, &mine) == 0 else { return }
        if mine.st_mode & 0o7777 != info.st_mode & 0o7777 { fchmod(new, info.st_mode & 0o7777) }
        if mine.st_uid != info.st_uid || mine.st_gid != info.st_gid { fchown(new, info.st_uid, info.st_gid) }
    }

    /// `fillDelta` with the output's folder `old` and the staging folder `new` open.
    private mutating func fillDelta(_ old: Int32, _ new: Int32, spare: SpareRecord, current: SiteWriter.Manifest,
                                    next: SiteWriter.Manifest, checked: SpareRecord.Folders?) throws -> Bool {
        // The folders to compare name by name: the root, the spare's changed ones, the output's.
        let outputs = checked ?? SpareRecord.changedFolders(of: current, in: old, since: spare.written)
        var changed = spare.changed.union(outputs.changed)
        changed.insert(SiteExchange.key(""))
        let folders = spare.changedPaths + outputs.paths
        // The folders the manifests account for: left to the difference where unchanged.
        // The spare's and the output's are known (`SpareRecord.Folders`); the new site's
        // others are those of the paths it adds.
        var added = Set<ContentHash>()
        next.forEachPath { path, i in
            guard current.index(ofBytes: path, hint: i) == nil else { return }
            var folder = PathNames.parent(of: path)
            while !folder.isEmpty && !outputs.folders.contains(SiteExchange.key(folder)) && added.insert(SiteExchange.key(folder)).inserted {
                folder = PathNames.parent(of: folder)
            }
        }
        let known = { (key: ContentHash) in spare.folders.contains(key) || outputs.folders.contains(key) || added.contains(key) }
        faults.lap("difference: folders known")
        // Parents first; each changed folder once.
        var compared = Set<ContentHash>()
        for folder in [""] + Set(folders).sorted() where compared.insert(SiteExchange.key(folder)).inserted {
            let from = folder.isEmpty ? dup(old) : openat(old, folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let to = folder.isEmpty ? dup(new) : openat(new, folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            defer {
                if from >= 0 { close(from) }
                if to >= 0 { close(to) }
            }
            // A folder one tree lacks was met in its parent's comparison, made whole there.
            guard from >= 0, to >= 0 else { continue }
            try fill(from, to, folder, known: known)
        }
        // The difference: a file this build did not write and that the spare does not hold
        // as the output's file (changed or added by the build before) is linked. Paths are
        // walked as bytes, a `String` made only for a file to link (docs/performance.md).
        faults.lap("difference: folders compared")
        var made = Set<ContentHash>()
        var result = true
        // A file the three sites hold alike (most of them) is passed first, by entry numbers:
        // `next` was made from `current` and keeps its numbers; the spare's, one ahead.
        var w = 0
        try next.forEachPath { bytes, i in
            guard result else { return }
            let entry = next[entry: i]
            if let n = current.index(ofBytes: bytes, hint: i), let found = spare.manifest.index(ofBytes: bytes, hint: w) {
                w = found + 1
                let (was, now) = (spare.manifest[entry: found], current[entry: n])
                if was.hash == now.hash, was.size == now.size, was.hash == entry.hash, was.size == entry.size { return }
            }
            if staged.contains(SiteExchange.key(bytes)) || changed.contains(SiteExchange.key(PathNames.parent(of: bytes))) { return }
            let path = String(decoding: bytes, as: UTF8.self)
            try hook?(path)
            try Interruption.check()
            faults.step()
            guard makeParents(of: path, in: new, made: &made) else {
                result = false
                return
            }
            if unlinkat(new, path, 0) != 0 && errno != ENOENT {
                result = false
                return
            }
            if linkat(old, path, new, path, 0) != 0 {
                switch errno {
                case EXDEV, EPERM, EOPNOTSUPP, EMLINK: throw Unsupported()
                default:
                    result = false
                    return
                }
            }
            linked += 1
        }
        faults.lap("difference: linked")
        guard result else { return false }
        // Files of the spare's site that the new one does not have go, and the folders they leave empty.
        var emptied: [String] = []
        var n = 0
        try spare.manifest.forEachPath { path, _ in
            let folder = PathNames.parent(of: path)
            if let found = next.index(ofBytes: path, hint: n) {
                n = found + 1
                return
            }
            if staged.contains(SiteExchange.key(path)) || changed.contains(SiteExchange.key(folder)) { return }
            try Interruption.check()
            if PathNames.withCString(path, { unlinkat(new, $0, 0) }) == 0 {
                unlinked += 1
                emptied.append(String(decoding: folder, as: UTF8.self))
            } else if errno != ENOENT && errno != ENOTDIR {
                result = false
            }
        }
        faults.lap("difference: spare's removed")
        // The output's files this build no longer produces (they are not in `next`), counted
        // as `fill` counts them: those the output holds. The folders they and the spare's
        // removed files leave empty go.
        removed = 0
        for path in stale {
            var info = stat()
            if fstatat(old, path, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) != S_IFDIR { removed += 1 }
            emptied.append(PathNames.parent(path))
        }
        for folder in Set(emptied).sorted(by: >) {
            var folder = folder
            while !folder.isEmpty && unlinkat(new, folder, AT_REMOVEDIR) == 0 {
                folder = PathNames.parent(folder)
            }
        }
        return result
    }

    /// The folders of `output` holding `current`'s files changed since `time`
    /// (`SpareRecord.changedFolders`); nil when the output cannot be opened.
    static func outputFolders(_ output: String, current: SiteWriter.Manifest, since time: timespec) -> SpareRecord.Folders? {
        let old = open(output, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard old >= 0 else { return nil }
        defer { close(old) }
        return SpareRecord.changedFolders(of: current, in: old, since: time)
    }

    /// Makes the folders above `path` in the staging folder `new` that are not there, with
    /// the modes of the output's; false where a file stands in the way.
    private func makeParents(of path: String, in new: Int32, made: inout Set<ContentHash>) -> Bool {
        let folder = PathNames.parent(path)
        if folder.isEmpty || made.contains(SiteExchange.key(folder)) { return true }
        var info = stat()
        if fstatat(new, folder, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { return false }
            made.insert(SiteExchange.key(folder))
            return true
        }
        guard makeParents(of: folder, in: new, made: &made) else { return false }
        var mode = stat()
        let bits = stat(output + "/" + folder, &mode) == 0 ? mode.st_mode & 0o7777 : 0o755
        guard mkdirat(new, folder, bits) == 0 || errno == EEXIST else { return false }
        made.insert(SiteExchange.key(folder))
        return true
    }

    /// Makes the folder `name` in `new` (with the mode of the output's) when `made`, or gives
    /// the existing one that mode, then fills it.
    private mutating func carryFolder(_ old: Int32, _ new: Int32, _ name: String, _ path: String, made: Bool) throws {
        var info = stat()
        let mode = fstatat(old, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info.st_mode & 0o7777 : 0o755
        if made && mkdirat(new, name, mode) != 0 && errno != EEXIST {
            throw SitegenError(file: output + "/" + path, message: "cannot create the folder: \(String(cString: strerror(errno)))")
        }
        let from = openat(old, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        let to = openat(new, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        defer {
            if from >= 0 { close(from) }
            if to >= 0 { close(to) }
        }
        guard from >= 0, to >= 0 else { return }
        if !made {
            var mine = stat()
            if fstat(to, &mine) == 0 && mine.st_mode & 0o7777 != mode { fchmod(to, mode) }
        }
        try fill(from, to, path)
    }

    /// Removes the staging folder's entry at `path` that is not this build's: a file, or a
    /// folder with what it holds but this build's files. Returns whether the name is free.
    @discardableResult
    private mutating func clear(_ new: Int32, _ entry: DirectoryEntries.Entry, _ path: String) throws -> Bool {
        guard entry.isFolder else {
            try remove(new, entry.name, path)
            return true
        }
        let child = openat(new, entry.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if child >= 0 {
            defer { close(child) }
            try fill(-1, child, path)
        }
        if unlinkat(new, entry.name, AT_REMOVEDIR) == 0 {
            unlinked += 1
            return true
        }
        return false
    }

    /// Unlinks the file (or empty folder) `name` from the staging folder `new`.
    private mutating func remove(_ new: Int32, _ name: String, _ path: String) throws {
        if unlinkat(new, name, 0) != 0 && !(errno == EISDIR && unlinkat(new, name, AT_REMOVEDIR) == 0) && errno != ENOENT {
            throw SiteWriter.cannotWrite(output + "/" + path)
        }
        unlinked += 1
    }

    /// 2. Puts the staged files on disk. A few files are flushed one by one; past
    /// `syncEachUpTo` the whole file system is, in one call (`syncfs`).
    /// On ext4 and XFS a flush also commits the journal with the links and folders made so
    /// far, and the exchange can only follow them into the journal.
    static func sync(_ staging: String, changed: [String]) throws {
        let root = open(staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { throw SiteWriter.cannotWrite(staging) }
        defer { close(root) }
        if changed.count <= syncEachUpTo {
            for path in changed + [SiteWriter.manifestName] {
                let fd = openat(root, path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
                guard fd >= 0 else { throw SiteWriter.cannotWrite(staging + "/" + path) }
                defer { close(fd) }
                guard fsync(fd) == 0 else { throw SiteWriter.cannotWrite(staging + "/" + path) }
            }
            guard fsync(root) == 0 else { throw SiteWriter.cannotWrite(staging) }
        } else if let syncfs = SystemCalls.syncfs {
            guard syncfs(root) == 0 else { throw SiteWriter.cannotWrite(staging) }
        } else {
            Glibc.sync()
        }
    }

    static let syncEachUpTo = 1000

    /// 3. Swaps the names of the two folders. Throws `Unsupported` when the file system
    /// cannot (then nothing changed).
    static func exchange(_ staging: String, _ output: String) throws {
        guard let renameat2 = SystemCalls.renameat2 else { throw Unsupported() }
        if renameat2(AT_FDCWD, staging, AT_FDCWD, output, SystemCalls.renameExchange) != 0 {
            if errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP || errno == EXDEV { throw Unsupported() }
            throw SiteWriter.cannotWrite(output)
        }
    }

    /// Makes a rename in `folder` (the switch, or a new output's rename) durable: after a
    /// power cut the folder has its new entry. Errors are ignored: the site is published.
    static func syncFolder(_ folder: String) {
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}

/// Linux calls that Glibc declares only for `_GNU_SOURCE` (which Swift's Glibc module does
/// not set), looked up in the C library once.
enum SystemCalls {
    typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    typealias SyncFS = @convention(c) (Int32) -> Int32

    static let renameExchange: UInt32 = 1 << 1  // RENAME_EXCHANGE, <linux/fs.h>

    static let renameat2: RenameAt2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    static let syncfs: SyncFS? = dlsym(nil, "syncfs").map { unsafeBitCast($0, to: SyncFS.self) }
}
