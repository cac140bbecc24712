import Foundation
#if canImport(Glibc)
import Glibc
import SitegenExport
#endif

/// What the spare is known to hold, so that a switch brings it up to date from the
/// manifests' difference (`SiteExchange.fillDelta`) instead of reading both trees' folders.
///
/// Right after a switch the spare is exactly the site before the output's: its own manifest
/// (`.sitegen-manifest`, the output's before the switch) lists its files, and every file the
/// two sites share is one inode in both trees (the switch before linked it). The record, a
/// file written into the spare then (`write`), ties the spare to that moment: the two
/// folders' inode numbers, and two times of the file system's own clock. The output's
/// folders count as changed from the record's own making (right after the switch); the
/// spare's from when the build that switched began to look at the output (it took the
/// output's lock: `OutputLock.taken`), since what was done to the output by hand while
/// that build ran was not seen by it (a record of version 1 has only its own time).
///
/// Anything done to a tree since changes the change time (`ctime`, which no program can set
/// back) of the folder it was done in: a file added, removed or renamed (a hand edit saved
/// by rename, `rsync -a`, a killed build's staging). So the next build trusts a folder of
/// either tree only if its change time is older than the record; any other folder is
/// compared name by name as before. A file written over in place is the same inode, shared
/// by both trees where the two sites share it (then the output changed too, and the switch
/// carries it over as it did), and otherwise replaced by this build. The record is removed
/// (and that made durable) before the staging folder is changed: a build killed after that
/// leaves a spare without one, which the next switch fills name by name.
struct SpareRecord {
    static let name = ".sitegen-spare-record"

    /// The spare's folder (its inode number); the time from which a change to the spare
    /// counts (above); the record file's own change time, from which a change to the output
    /// counts, and which tells this record from a later one.
    let folder: UInt64
    let time: timespec
    let written: timespec
    /// The spare's manifest: the site it holds.
    let manifest: SiteWriter.Manifest
    /// The folders of the spare (by `SiteExchange.key` of their path) changed since the
    /// record, or not there: compared name by name; their paths.
    let changed: Set<ContentHash>
    let changedPaths: [String]
    /// Every folder holding the spare's manifest's files (by key).
    let folders: Set<ContentHash>
    /// The output's folders changed since `time`, when they were looked at early
    /// (`PreviousSite`, on another thread from the start of the build: the output does not
    /// change meanwhile but by hand, which the next record's earlier time covers).
    var output: Folders?

    /// Writes the record into `spare` (the site before `output`'s, just switched out).
    /// Errors are ignored: without a record the next switch compares the trees.
    /// `since`: when the build took the output's lock (`SiteWriter.lockTaken`): a change
    /// counts from then on (without it, from the record's own making).
    static func write(spare: String, output: String, since: timespec?) {
        var out = stat(), mine = stat()
        guard stat(output, &out) == 0, stat(spare, &mine) == 0 else { return }
        let time = since.map { " \($0.tv_sec) \($0.tv_nsec)" } ?? ""
        let text = "sitegen-spare \(since == nil ? 1 : 2) \(out.st_dev) \(out.st_ino) \(mine.st_ino)\(time)\n"
        try? SiteWriter.writeFile(spare + "/" + name, Array(text.utf8))
    }

    /// Takes the record of `staging` (the spare, just renamed): reads it and removes it, then
    /// checks that it describes this staging folder and `output`, reads the spare's manifest
    /// and looks at the change time of each of its folders. Nil when there is no record or it
    /// does not hold (the switch then compares the trees name by name).
    /// `checked`: the same reading of the spare made earlier (`read(spare:output:)`, on
    /// another thread while the build loaded and rendered: `PreviousSite.spare`), used when
    /// it is of this folder and the record it read is still the one there.
    static func take(staging: String, output: String, checked: SpareRecord? = nil) -> SpareRecord? {
        let folder = open(staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        let text = recordText(folder)
        // Gone before the staging folder changes, durably: a build killed from here on
        // leaves a spare without a record.
        guard unlinkat(folder, name, 0) == 0, fsync(folder) == 0, let text else { return nil }
        var mine = stat()
        if let checked, fstat(folder, &mine) == 0, checked.folder == UInt64(mine.st_ino),
           checked.written.tv_sec == info.st_ctim.tv_sec, checked.written.tv_nsec == info.st_ctim.tv_nsec {
            return checked
        }
        return read(folder, output: output, record: info, text: text)
    }

    private static func recordText(_ folder: Int32) -> String? {
        let fd = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
        return count > 0 ? String(decoding: bytes[0..<count], as: UTF8.self) : nil
    }

    /// The times of the record of the spare at `spare` (`time`, `written`), if it holds;
    /// reads nothing else.
    static func times(spare: String, output: String) -> (time: timespec, written: timespec)? {
        withRecord(spare) { folder, info, text in
            check(folder, output: output, record: info, text: text).map { ($0.time, info.st_ctim) }
        }
    }

    /// Reads the record of the spare at `spare` and checks the spare's folders, changing
    /// nothing (`take` removes the record).
    static func read(spare: String, output: String) -> SpareRecord? {
        withRecord(spare) { folder, info, text in read(folder, output: output, record: info, text: text) }
    }

    /// `body` with the spare's folder open, its record's own `stat` and its text; nil when
    /// the folder or the record cannot be read.
    private static func withRecord<T>(_ spare: String, _ body: (Int32, stat, String) -> T?) -> T? {
        let folder = open(spare, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, let text = recordText(folder) else { return nil }
        return body(folder, info, text)
    }

    /// The record's text (`text`, of the record whose own `stat` is `info`) checked against
    /// the spare's folder (open) and `output`: the spare's inode number and the time from
    /// which a change to it counts, if it holds.
    private static func check(_ folder: Int32, output: String, record info: stat, text: String) -> (folder: UInt64, time: timespec)? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        var out = stat(), mine = stat()
        guard (fields.count == 5 && fields[1] == "1") || (fields.count == 7 && fields[1] == "2"), fields[0] == "sitegen-spare",
              stat(output, &out) == 0, fstat(folder, &mine) == 0,
              fields[2] == "\(out.st_dev)", fields[3] == "\(out.st_ino)", fields[4] == "\(mine.st_ino)" else { return nil }
        var time = info.st_ctim
        if fields.count == 7 {
            guard let seconds = Int(fields[5]), let nanoseconds = Int(fields[6]), (0..<1_000_000_000).contains(nanoseconds) else { return nil }
            time = timespec(tv_sec: seconds, tv_nsec: nanoseconds)
            guard !isBefore(info.st_ctim, time) else { return nil }
        }
        // A clock set back since would make older change times of newer changes.
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        guard !isBefore(now, info.st_ctim) else { return nil }
        return (UInt64(mine.st_ino), time)
    }

    /// The record in `folder` (open), whose own `stat` is `record`, if it holds.
    private static func read(_ folder: Int32, output: String, record info: stat, text: String) -> SpareRecord? {
        guard let (inode, time) = check(folder, output: output, record: info, text: text) else { return nil }
        let manifestFD = openat(folder, SiteWriter.manifestName, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard manifestFD >= 0 else { return nil }
        close(manifestFD)
        guard let manifest = SiteWriter.Manifest.read("/proc/self/fd/\(folder)/" + SiteWriter.manifestName) else { return nil }
        let found = changedFolders(of: manifest, in: folder, since: time)
        return SpareRecord(folder: inode, time: time, written: info.st_ctim, manifest: manifest, changed: found.changed, changedPaths: found.paths,
                           folders: found.folders)
    }

    /// The folders holding `manifest`'s files, below `root` (an open folder), whose change
    /// time is not older than `time` (the clock's grain may give a change the same time), or
    /// that are not folders there; by `SiteExchange.key` of their path.
    /// Also their paths, and every folder holding the manifest's files.
    static func changedFolders(of manifest: SiteWriter.Manifest, in root: Int32, since time: timespec) -> Folders {
        var seen = Set<ContentHash>(minimumCapacity: manifest.count)
        var changed = Set<ContentHash>()
        var paths: [String] = []
        manifest.forEachPath { path, _ in
            var folder = PathNames.parent(of: path)
            while !folder.isEmpty {
                let key = SiteExchange.key(folder)
                guard seen.insert(key).inserted else { break }
                var info = stat()
                let found = PathNames.withCString(folder) { fstatat(root, $0, &info, AT_SYMLINK_NOFOLLOW) } == 0
                if !found || (info.st_mode & S_IFMT) != S_IFDIR || !isBefore(info.st_ctim, time) {
                    changed.insert(key)
                    paths.append(String(decoding: folder, as: UTF8.self))
                }
                folder = PathNames.parent(of: folder)
            }
        }
        return (changed, paths, seen)
    }

    /// `changedFolders`' answer: the changed folders by key and by path, and every folder by key.
    typealias Folders = (changed: Set<ContentHash>, paths: [String], folders: Set<ContentHash>)

    static func isBefore(_ a: timespec, _ b: timespec) -> Bool {
        a.tv_sec != b.tv_sec ? a.tv_sec < b.tv_sec : a.tv_nsec < b.tv_nsec
    }
}
