import Foundation
#if canImport(Glibc)
import Glibc
import SitegenExport
#endif

/// Publishes rendered files into the output folder so that a failed, interrupted or killed
/// build changes nothing and a web server sees the previous site or the new one, never a
/// mix nor a half-written page (`publish`):
/// 0. the build takes the output's lock and removes what dead builds left (`OutputLock`);
/// 1. every changed file, and the new manifest (`.sitegen-manifest`, which also marks the
///    folder as ours), is written into a staging folder beside the output;
/// 2. a new output folder is the staging folder renamed: one rename, done;
/// 3. an existing output: the staging folder, which starts as the spare (the site before
///    the output's, kept beside it by the previous build), gets every unchanged file it
///    does not hold yet as a hard link and becomes the whole new site, then the two folders
///    swap names in one step (`SiteExchange`) and the previous site, now under the staging
///    name, becomes the spare. Unchanged files keep their inode and modification time.
///    Where hard links or the exchange are not available (and when the output is a mount
///    point or a symbolic link), or with `exchanges` off (`--no-atomic-switch`), the output
///    takes the changed files one by one, all or nothing (`SiteCommit`);
/// 4. files of the previous build that this one did not produce are left out (step 3) or
///    removed (`SiteCommit`).
///
/// Concerns by file: the manifest and the up-to-date decision (`SiteWriter+Manifest`),
/// the checks made before rendering (`SiteWriter+Checks`), file and folder calls
/// (`SiteWriter+Files`, `FolderMaker`, `TreeRemoval`), the switch (`SiteExchange`), the
/// per-file commit (`SiteCommit`), the lock (`OutputLock`).
public struct SiteWriter {
    public static let manifestName = ".sitegen-manifest"

    public struct Summary: Sendable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
        /// Folders the switch read whole in the output and the staging folder (`SiteExchange`).
        var foldersRead = 0
    }

    public let output: String
    /// Whether the output folder existed when the writer was made (before the build): messages say
    /// "is as it was" or "was not created".
    let outputExisted: Bool
    /// Test hook: called before each step of the commit with the path it moves into place or
    /// carries over (a hard link), and with "" before the switch; an error thrown here stands
    /// for a call that fails (or a signal) at that moment.
    var beforeCommitStep: ((String) throws -> Void)?
    /// Whether an existing output is switched over whole (`SiteExchange`: a reader or a
    /// crash sees the old site or the new one, never a mix) rather than committed file by
    /// file (`SiteCommit`). The default; `atomic_switch = false` in sitegen.toml or
    /// `--no-atomic-switch` turn it off (what each costs: docs/robustness.md).
    public var exchanges = true
    /// Faults a test injects into the publication (`PublishFaults`): none in a build.
    public var faults = PublishFaults.none
    /// The output's lock, once taken (`lock()`); shared by the copies of this writer.
    private let held = HeldLock()

    private final class HeldLock {
        var lock: OutputLock?
    }

    public init(output: String) {
        self.output = output.hasSuffix("/") && output.count > 1 ? String(output.dropLast()) : output
        outputExisted = access(self.output, F_OK) == 0
    }

    /// What a build that failed or was interrupted before publishing left: the end of its message.
    public var unchangedNote: String {
        "nothing was published; \(output)/ " + (outputExisted ? "is as it was" : "was not created")
    }

    /// Takes the output's lock (`OutputLock`), if this writer does not hold it yet, and then
    /// removes the work folders that dead builds left. A build calls it before it reads the
    /// previous manifest; `beginPublication` calls it too. Throws when another build holds
    /// the lock. Without a folder to hold the lock file (a new output in a folder still to be
    /// made, a read-only one), it does nothing.
    public func lock() throws {
        guard held.lock == nil else { return }
        let (folder, prefix) = workFolderPlace()
        guard access(folder.isEmpty ? "." : folder, F_OK) == 0 else { return }
        do {
            held.lock = try OutputLock.take((folder.isEmpty ? "" : folder + "/") + prefix + "lock")
        } catch let busy as OutputLock.Busy {
            let who = busy.pid.map { "another sitegen (pid \($0))" } ?? "another sitegen"
            throw SitegenError(file: output, message: "\(who) is publishing into this folder; run again when it is done (\(unchangedNote))")
        }
        if held.lock != nil { OutputLock.removeLeftovers(in: folder, prefix: prefix, keepingSpare: folder != output) }
    }

    /// When this writer took the output's lock (`OutputLock.taken`); nil without one.
    var lockTaken: timespec? {
        held.lock?.taken
    }

    /// Lets go of the output's lock: the publication finished or was abandoned.
    func unlock() {
        held.lock = nil
    }

    /// Publishes `files`; see the type's description. Until the new manifest is in place the
    /// output is as it was: an error or a signal (`Interruption`) while staging or moving
    /// files into place removes what was staged and puts back every file already replaced,
    /// then throws (`SitegenError` ending in `unchangedNote`, or `Interrupted`).
    public func publish(_ files: [RenderedFile], inputs: String, previous manifest: Manifest?) throws -> Summary {
        var publication = try beginPublication(inputs: inputs, previous: manifest)
        try publication.stage(files)
        return try publication.finish()
    }

    /// Starts a publication whose files are staged batch by batch as they are rendered
    /// (`Publication.stage`), so that a build holds one batch of pages in memory, not the
    /// site; `Publication.finish` then publishes as `publish` does (steps 2 to 4).
    /// `elsewhere`: `manifest` is another folder's (a shard's `--previous` site), so the
    /// files to remove from the output are those of the output's own manifest that this
    /// build does not produce, not every file of that site it does not produce.
    public func beginPublication(inputs: String, previous manifest: Manifest?, elsewhere: Bool = false) throws -> Publication {
        try beginPublication(inputs: inputs, previous: manifest, own: elsewhere ? { [self] in previousManifest() } : nil, checked: nil)
    }

    /// `beginPublication` from a build's previous site (`PreviousSite`): its manifest, and
    /// the output's own when the previous site is elsewhere.
    func beginPublication(inputs: String, from previous: PreviousSite) throws -> Publication {
        try beginPublication(inputs: inputs, previous: previous.readManifest(), own: previous.isOutput ? nil : { previous.ownManifest() },
                             checked: { previous.spare() })
    }

    /// `own`: the output's own manifest, when `manifest` is another folder's.
    /// `checked`: the spare as read earlier (`PreviousSite.spare`).
    private func beginPublication(inputs: String, previous manifest: Manifest?, own: (() -> Manifest?)?,
                                  checked: (() -> SpareRecord?)?) throws -> Publication {
        try checkOutputFolder(manifest)
        let (staging, backup, _) = workFolders()
        SiteWriter.removeTree(staging)
        SiteWriter.removeTree(backup)
        let parent = PathNames.parent(staging)
        if !parent.isEmpty { try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
        try lock()
        var spare: SpareRecord?
        do {
            if takeSpare(as: staging) {
                // What the spare holds, when its record says so (not for another folder's manifest).
                let record = SpareRecord.take(staging: staging, output: output, checked: checked?())
                if own == nil && manifest != nil { spare = record }
            } else {
                guard mkdir(staging, 0o755) == 0 else { throw SiteWriter.cannotWrite(output) }
            }
        } catch {
            SiteWriter.removeTree(staging)
            unlock()
            throw unpublished(error)
        }
        // The new manifest starts as the previous one, each entry marked as not produced yet:
        // an unchanged file is then one lookup, and the entries stay in path order.
        var next = manifest ?? Manifest()
        next.inputs = inputs
        faults.lap("begin")
        return Publication(writer: self, next: next, produced: [Bool](repeating: false, count: next.count), own: own,
                           current: spare == nil ? nil : manifest, spare: spare,
                           staging: staging, backup: backup, folders: FolderMaker(root: staging, shownRoot: output))
    }

    /// Renames the spare (`workFolders().spare`) to `staging` when this publication can use
    /// it: the switch is on, the output is a folder on the spare's file system and the work
    /// folders are beside it. Otherwise a spare there is removed (a new output, a folder
    /// switched off: it would only hold disk space) and the staging folder starts empty.
    private func takeSpare(as staging: String) -> Bool {
        let spare = workFolders().spare
        var info = stat(), out = stat()
        guard lstat(spare, &info) == 0 else { return false }
        if exchanges, (info.st_mode & S_IFMT) == S_IFDIR, !staging.hasPrefix(output + "/"),
           lstat(output, &out) == 0, (out.st_mode & S_IFMT) == S_IFDIR, out.st_dev == info.st_dev,
           rename(spare, staging) == 0 {
            return true
        }
        SiteWriter.removeTree(spare)
        return false
    }

    /// A publication under way: the staging folder and what has been staged in it.
    public struct Publication {
        let writer: SiteWriter
        /// The previous build's entries, replaced as files are staged, then the added ones.
        var next: Manifest
        /// Per entry of `next`: whether this build produced its file (the others are removed).
        var produced: [Bool]
        /// When `next` started as another folder's manifest (`beginPublication`'s `elsewhere`):
        /// the output's own, whose files this build does not produce are removed.
        let own: (() -> Manifest?)?
        /// The output's manifest and the spare's record, when the staging folder is the spare
        /// and its record holds: the switch then works from the manifests' difference.
        let current: Manifest?
        let spare: SpareRecord?
        /// The files staged (changed), in the order they came.
        var changed: [String] = []
        var summary = Summary()
        let staging: String
        let backup: String
        var folders: FolderMaker
        var output: String { writer.output }

        /// 1. Stages the changed files of a batch (an unchanged one is only noted in the
        /// manifest). On an error or a signal the staging folder is removed and the
        /// output is as it was.
        public mutating func stage(_ files: [RenderedFile]) throws {
            do {
                for file in files {
                    try SiteWriter.checkRelative(file.path)
                    // A file not rendered says its entry (`next` starts as the previous manifest).
                    let index = next.isEntry(file.previousEntry, of: file.path) ? file.previousEntry : next.index(of: file.path)
                    guard let bytes = file.bytes else {
                        // Not rendered: the previous build's file was made from the same inputs.
                        guard let index else {
                            throw SitegenError(file: file.path, message: "internal error: an unrendered file has no previous version")
                        }
                        produced[index] = true
                        summary.unchanged += 1
                        continue
                    }
                    let entry = Manifest.Entry(hash: .hash(ContentHash(bytes)), size: bytes.count,
                                               source: file.key.map { .hash($0) } ?? Manifest.Field(file.source))
                    guard note(file.path, entry, at: index) else { continue }
                    try Interruption.check()
                    try folders.make(parentOf: file.path)
                    writer.faults.step()
                    try SiteWriter.writeFile(staging + "/" + file.path, bytes, shown: output + "/" + file.path)
                    changed.append(file.path)
                }
            } catch {
                abandon()
                throw writer.unpublished(error)
            }
        }

        /// The folder files are staged in.
        var stagingFolder: String? { staging }

        /// Notes in the new manifest a file that merge's `Site.ShardLinker` staged in the
        /// staging folder (`staged`: a shard's file, as a hard link), or found published as it
        /// is (the previous build's entry and the output's file say so; the switch carries it over).
        mutating func noteLinked(_ path: UnsafeRawBufferPointer, entry: Manifest.Entry, staged: Bool) throws {
            if let index = next.index(ofBytes: path) {
                if produced[index] {
                    throw SitegenError(file: output + "/" + String(decoding: path, as: UTF8.self), message: "internal error: staged twice")
                }
                next[entry: index] = entry
                produced[index] = true
            } else {
                next.set(path, entry)
                produced.append(true)
            }
            if staged {
                changed.append(String(decoding: path, as: UTF8.self))
            } else {
                summary.unchanged += 1
            }
        }

        /// Puts `entry` in the new manifest for `path` (`index`: its entry there, if any) and
        /// says whether the file must be staged: not when the previous build's entry and the
        /// output's file say it is already published as it is.
        private mutating func note(_ path: String, _ entry: Manifest.Entry, at index: Int?) -> Bool {
            // The previous build's entry, unless this build already produced the path.
            let old = index.flatMap { produced[$0] ? nil : next[entry: $0] }
            if let index {
                next[entry: index] = entry
                produced[index] = true
            } else {
                next.set(path, entry)
                produced.append(true)
            }
            if let old, old.hash == entry.hash, old.size == entry.size {
                var info = stat()
                if stat(output + "/" + path, &info) == 0, Int(info.st_size) == entry.size {
                    summary.unchanged += 1
                    return false
                }
            }
            return true
        }

        /// Removes the staging folder of a publication that will not finish.
        public func abandon() {
            SiteWriter.removeTree(staging)
            writer.unlock()
        }

        /// Steps 2 to 4 of `publish`, after every file was staged.
        public func finish() throws -> Summary {
            defer { writer.unlock() }
            var summary = self.summary
            // Files of the previous build that this one no longer produces (removed in step 4).
            let stale = own.map(ownStale) ?? next.paths(notKept: produced)
            let next = produced.contains(false) ? self.next.keeping(produced) : self.next
            // A switch from the difference takes the output's folders (a `stat` each) on
            // another thread while the manifest is written (docs/performance.md).
            let outputCheck: Background<SpareRecord.Folders?>? = spare.flatMap { spare in
                spare.output != nil ? nil : current.map { current in
                    let (output, seconds, nanoseconds) = (output, spare.written.tv_sec, spare.written.tv_nsec)
                    return Background { SiteExchange.outputFolders(output, current: current, since: timespec(tv_sec: seconds, tv_nsec: nanoseconds)) }
                }
            }
            writer.faults.lap("staging")
            do {
                writer.faults.step()
                try SiteWriter.writeFile(staging + "/" + SiteWriter.manifestName, shown: writer.manifestPath) { write in try next.text(write) }
                try Interruption.check()
            } catch {
                abandon()
                throw writer.unpublished(error)
            }
            writer.faults.lap("manifest")
            if let published = try switchOver(stale: stale, next: next, checked: outputCheck) {
                summary.written = changed.count
                summary.removed = published.removed
                summary.foldersRead = published.foldersRead
                writer.faults.report()
                return summary
            }

            // Where the switch is not available: a new (or empty) output folder is the
            // staging folder itself: one rename.
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

            // An existing output takes the changed files one by one, then the manifest, all
            // or nothing (see `SiteCommit`).
            var commit = SiteCommit(output: output, staging: staging, backup: backup, hook: writer.beforeCommitStep)
            do {
                try commit.begin()
                for path in changed {
                    try commit.move(path)
                    summary.written += 1
                }
                // The manifest last: once it is in place, the new site is published.
                try commit.move(SiteWriter.manifestName)
            } catch {
                let lost = commit.rollback()
                guard lost.isEmpty else { throw writer.notRestored(error, lost, backup: backup) }
                abandon()
                throw writer.unpublished(error)
            }
            commit.removeBackup()
            SiteWriter.removeTree(staging)

            // 4. Files of the previous build that this one no longer produces.
            for path in stale where (try? SiteWriter.checkRelative(path)) != nil {
                if unlink(output + "/" + path) == 0 { summary.removed += 1 }
                var folder = PathNames.parent(path)
                while !folder.isEmpty && rmdir(output + "/" + folder) == 0 {
                    folder = PathNames.parent(folder)
                }
            }
            writer.faults.lap("file-by-file commit")
            writer.faults.report()
            return summary
        }

        /// With `elsewhere`: the files of the output's own manifest (a shard folder's last
        /// build) that this build does not produce. (`next.paths(notKept:)` would name every
        /// file of the `--previous` site outside this shard: 500,000 at 100,000 users, each a
        /// failing `unlink`.)
        private func ownStale(_ read: () -> Manifest?) -> [String] {
            guard let own = read() else { return [] }
            var stale: [String] = []
            own.forEach { path, _ in
                if let index = next.index(of: path), produced[index] { return }
                stale.append(path)
            }
            return stale
        }

        /// Steps 2 and 3 of `publish`: a new output is the staging folder renamed; an existing
        /// one is switched over (`SiteExchange`). Returns nil, having changed nothing, where
        /// the switch is not available: the output is a mount point (staging inside it) or a
        /// symbolic link, or the file system has no hard links or no `RENAME_EXCHANGE`.
        private func switchOver(stale: [String], next: Manifest, checked: Background<SpareRecord.Folders?>?) throws -> SiteExchange? {
            guard !staging.hasPrefix(output + "/") else { return nil }
            var info = stat()
            let exists = lstat(output, &info) == 0
            if exists && ((info.st_mode & S_IFMT) != S_IFDIR || !writer.exchanges) { return nil }
            var exchange = SiteExchange(output: output, staging: staging, stale: stale, staged: changed, hook: writer.beforeCommitStep,
                                        faults: writer.faults)
            do {
                if exists {
                    if let spare, let current, try exchange.fillDelta(spare: spare, current: current, next: next, checked: spare.output ?? checked?.value()) {
                        writer.faults.lap("carry over (difference)")
                    } else {
                        try exchange.fill()
                    }
                }
                writer.faults.lap("carry over")
                writer.faults.step()
                try SiteExchange.sync(staging, changed: changed)
                writer.faults.lap("flush")
                try writer.beforeCommitStep?("")
                try Interruption.check()
                writer.faults.step(switching: true)
                if exists {
                    try SiteExchange.exchange(staging, output)
                } else if rename(staging, output) != 0 {
                    throw SiteWriter.cannotWrite(output)
                }
            } catch is SiteExchange.Unsupported {
                return nil
            } catch {
                abandon()
                throw writer.unpublished(error)
            }
            // Published. The switch made durable, then the previous site (now under the
            // staging name) kept as the spare for the next build; a signal no longer stops anything.
            SiteExchange.syncFolder(PathNames.parent(output))
            writer.faults.lap("switch")
            if exists {
                writer.faults.step()
                let spare = writer.workFolders().spare
                if rename(staging, spare) == 0 {
                    SpareRecord.write(spare: spare, output: output, since: writer.lockTaken)
                } else {
                    TreeRemoval.remove(staging)
                }
            }
            writer.faults.lap("spare")
            return exchange
        }
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
    /// is a mount point or the folder above it is not writable; and the spare (the site before
    /// the output's, `SiteExchange`), which only a switch beside the output uses.
    func workFolders() -> (staging: String, backup: String, spare: String) {
        let (folder, prefix) = workFolderPlace()
        let start = (folder.isEmpty ? "" : folder + "/") + prefix
        return (start + "staging-\(getpid())", start + "backup-\(getpid())", start + OutputLock.spareName)
    }

    /// The folder that holds the work folders and the lock, and the start of their names:
    /// the output's parent and `.NAME.sitegen-`, or the output and `.sitegen-`.
    func workFolderPlace() -> (folder: String, prefix: String) {
        let parent = PathNames.parent(output)
        var out = stat(), above = stat()
        if stat(output, &out) == 0, (out.st_mode & S_IFMT) == S_IFDIR, stat(parent.isEmpty ? "." : parent, &above) == 0,
           out.st_dev != above.st_dev || access(parent.isEmpty ? "." : parent, W_OK) != 0 {
            return (output, ".sitegen-")
        }
        return (parent, ".\(PathNames.name(output)).sitegen-")
    }

    /// The names of work folders and the lock inside an output (`workFolderPlace()`).
    static func isWorkFolder(_ name: String) -> Bool {
        name.hasPrefix(".sitegen-staging-") || name.hasPrefix(".sitegen-backup-") || name == ".sitegen-lock" || name == ".sitegen-" + OutputLock.spareName
    }

}
