import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Publishes rendered files into the output folder so that a failed or interrupted build
/// changes nothing and a web server never sees a half-written page:
/// 1. every changed file is written into a staging folder beside the output;
/// 2. only when all are written, each is renamed into place (atomic per file), the file
///    it replaces kept under a second name until the end (`Commit`): a failure or a signal
///    before step 3 is done puts every replaced file back and removes the added ones;
/// 3. the manifest (`.sitegen-manifest`, which also marks the folder as ours) is
///    replaced: from here on the new site is published; files of the previous build
///    that this one did not produce are removed.
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
    /// Whether the output folder existed when the writer was made (before the build): messages say
    /// "is as it was" or "was not created".
    let outputExisted: Bool
    /// Test hook: called before each step of the commit with the path it moves into place; an
    /// error thrown here stands for a rename that fails (or a signal) at that moment.
    var beforeCommitStep: ((String) throws -> Void)?

    public init(output: String) {
        self.output = output.hasSuffix("/") && output.count > 1 ? String(output.dropLast()) : output
        outputExisted = access(self.output, F_OK) == 0
    }

    var manifestPath: String { output + "/" + SiteWriter.manifestName }

    /// What a build that failed or was interrupted before publishing left: the end of its message.
    public var unchangedNote: String {
        "nothing was published; \(output)/ " + (outputExisted ? "is as it was" : "was not created")
    }

    /// Refuses a folder that has files but no manifest: it is not a previous sitegen output.
    public func checkOutputFolder(_ manifest: Manifest?) throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isDir) else { return }
        guard isDir.boolValue else { throw SitegenError(file: output, message: "exists and is not a folder") }
        if manifest == nil, let entries = try? FileManager.default.contentsOfDirectory(atPath: output),
           entries.contains(where: { !SiteWriter.isWorkFolder($0) }) {
            throw SitegenError(file: output, message: "is not empty and holds no \(SiteWriter.manifestName): not a previous sitegen output, refusing to write into it (choose another --output or empty it)")
        }
    }

    /// Fails before anything is rendered when the output (for a new output: the nearest folder
    /// above it that exists) cannot be written: a read-only file system, no permission.
    public func checkWritable() throws {
        var folder = output
        while access(folder, F_OK) != 0 {
            let parent = PathNames.parent(folder)
            folder = parent.isEmpty ? "." : parent
            if folder == "." || folder == "/" { break }
        }
        if access(folder, W_OK) != 0 { throw unpublished(SiteWriter.cannotWrite(folder)) }
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

    /// Publishes `files`; see the type's description. Until the new manifest is in place the
    /// output is as it was: an error or a signal (`Interruption`) while staging or moving
    /// files into place removes what was staged and puts back every file already replaced,
    /// then throws (`SitegenError` ending in `unchangedNote`, or `Interrupted`).
    public func publish(_ files: [RenderedFile], inputs: String, previous manifest: Manifest?) throws -> Summary {
        try checkOutputFolder(manifest)
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
        let (staging, backup) = workFolders()
        SiteWriter.removeTree(staging)
        SiteWriter.removeTree(backup)
        do {
            let parent = PathNames.parent(staging)
            if !parent.isEmpty { try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
            guard mkdir(staging, 0o755) == 0 else { throw SiteWriter.cannotWrite(output) }
            var folders = FolderMaker(root: staging, shownRoot: output)
            for i in changed {
                try Interruption.check()
                try folders.make(parentOf: files[i].path)
                try SiteWriter.writeFile(staging + "/" + files[i].path, files[i].bytes!, shown: output + "/" + files[i].path)
            }
            try SiteWriter.writeFile(staging + "/" + SiteWriter.manifestName, Array(next.text().utf8), shown: manifestPath)
            try Interruption.check()
        } catch {
            SiteWriter.removeTree(staging)
            throw unpublished(error)
        }

        // 2. A new (or empty) output folder is the staging folder itself: one rename.
        if !staging.hasPrefix(output + "/") {
            var info = stat()
            let exists = stat(output, &info) == 0
            if !exists || ((try? FileManager.default.contentsOfDirectory(atPath: output))?.isEmpty ?? false) {
                if !exists || rmdir(output) == 0 {
                    if rename(staging, output) == 0 {
                        summary.written = changed.count
                        return summary
                    }
                    if exists { mkdir(output, info.st_mode & 0o7777) }
                }
            }
        }

        // 3. An existing output takes the changed files one by one, then the manifest,
        // all or nothing (see `Commit`).
        var commit = Commit(output: output, staging: staging, backup: backup, hook: beforeCommitStep)
        do {
            try commit.begin()
            for i in changed {
                try commit.move(files[i].path)
                summary.written += 1
            }
            // The manifest last: once it is in place, the new site is published.
            try commit.move(SiteWriter.manifestName)
        } catch {
            let lost = commit.rollback()
            guard lost.isEmpty else { throw notRestored(error, lost, backup: backup) }
            SiteWriter.removeTree(staging)
            throw unpublished(error)
        }
        commit.removeBackup()
        SiteWriter.removeTree(staging)

        // 4. Files of the previous build that this one no longer produces.
        for path in previous.files.keys.sorted() where next.files[path] == nil && (try? SiteWriter.checkRelative(path)) != nil {
            if unlink(output + "/" + path) == 0 { summary.removed += 1 }
            var folder = PathNames.parent(path)
            while !folder.isEmpty && rmdir(output + "/" + folder) == 0 {
                folder = PathNames.parent(folder)
            }
        }
        return summary
    }

    /// `error` of a publish that changed nothing, saying so.
    func unpublished(_ error: Error) -> Error {
        WriteFailure.noting(unchangedNote, on: error, file: output)
    }

    /// `error` of a publish whose undoing failed too (e.g. the disk went away): says which
    /// files are not as they were and where their previous versions are.
    func notRestored(_ error: Error, _ lost: [String], backup: String) -> Error {
        let note = "\(output)/ is not as it was: \(lost.count) file\(lost.count == 1 ? "" : "s") could not be put back (\(lost[0])\(lost.count > 1 ? ", …" : "")); the previous versions are in \(backup)"
        return WriteFailure.noting(note, on: error, file: output, overriding: true)
    }

    /// The staging and backup folders of this process: hidden and beside the output (so they are
    /// on its file system, and a new output is the staging folder renamed), or inside it when it
    /// is a mount point or the folder above it is not writable.
    func workFolders() -> (staging: String, backup: String) {
        let parent = PathNames.parent(output)
        let name = PathNames.name(output)
        var out = stat(), above = stat()
        if stat(output, &out) == 0, (out.st_mode & S_IFMT) == S_IFDIR, stat(parent.isEmpty ? "." : parent, &above) == 0,
           out.st_dev != above.st_dev || access(parent.isEmpty ? "." : parent, W_OK) != 0 {
            return (output + "/.sitegen-staging-\(getpid())", output + "/.sitegen-backup-\(getpid())")
        }
        let prefix = (parent.isEmpty ? "" : parent + "/") + ".\(name).sitegen-"
        return (prefix + "staging-\(getpid())", prefix + "backup-\(getpid())")
    }

    /// The names of work folders inside an output (`workFolders()`).
    static func isWorkFolder(_ name: String) -> Bool {
        name.hasPrefix(".sitegen-staging-") || name.hasPrefix(".sitegen-backup-")
    }

    static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// "cannot write: <the last error>" about `path`; call right after the failed system call.
    static func cannotWrite(_ path: String) -> SitegenError {
        let reason = String(cString: strerror(errno))
        return SitegenError(file: path, message: "cannot write: \(reason)")
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

    /// Writes `bytes` to a new file at `path`; errors name `shown` (the file's place in the output).
    static func writeFile(_ path: String, _ bytes: [UInt8], shown: String? = nil) throws {
        let name = shown ?? path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw cannotWrite(name) }
        defer { close(fd) }
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

/// Moves staged files into an existing output folder all or nothing. Before a file is
/// replaced, its previous version gets a second name (a hard link) in the backup folder, so
/// the rename that replaces it stays atomic for readers and can be undone; `rollback()` puts
/// every replaced file back (the same inode: bytes and times as they were) and removes the
/// files and folders that were added, in reverse order. The backup folder is flat (one
/// name per replaced file, by number): no folders to make and remove.
struct Commit {
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

/// `mkdir -p` for the parent folders of relative paths below `root`, one `mkdir`
/// call per folder and none for folders already made; errors name the folder below
/// `shownRoot` (where a staged file will go).
struct FolderMaker {
    let root: String
    let shownRoot: String
    /// Most folders are there already (an existing output): look before calling `mkdir`,
    /// which costs far more than `stat` on some file systems even when it fails.
    let existing: Bool
    private var made: Set<Substring> = [""]
    /// The folders this maker created (not those that were there), parents first.
    private(set) var created: [Substring] = []

    init(root: String, shownRoot: String? = nil, existing: Bool = false) {
        self.root = root
        self.shownRoot = shownRoot ?? root
        self.existing = existing
    }

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
                var info = stat()
                if existing && stat(root + "/" + prefix, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                    // There already.
                } else if mkdir(root + "/" + prefix, 0o755) == 0 {
                    created.append(prefix)
                } else if errno != EEXIST {
                    let reason = String(cString: strerror(errno))
                    throw SitegenError(file: shownRoot + "/" + prefix, message: "cannot create the folder: \(reason)")
                }
            }
            index = next < folder.endIndex ? folder.index(after: next) : next
        }
    }
}
