import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Publishes rendered files into the output folder so that a failed or interrupted build
/// changes nothing and a web server never sees a half-written page (`publish`):
/// 1. every changed file, and the new manifest, is written into a staging folder beside
///    the output;
/// 2. a new (or empty) output folder is the staging folder renamed: one rename, done;
/// 3. an existing output takes the changed files one by one, each renamed into place
///    (atomic per file) with the file it replaces kept under a second name (`SiteCommit`),
///    then the manifest (`.sitegen-manifest`, which also marks the folder as ours): once
///    it is in place the new site is published. A failure or a signal before that puts
///    every replaced file back and removes the added ones;
/// 4. files of the previous build that this one did not produce are removed.
/// Unchanged files are not touched, so their modification times stay.
///
/// Concerns by file: the manifest and the up-to-date decision (`SiteWriter+Manifest`),
/// the checks made before rendering (`SiteWriter+Checks`), file and folder calls
/// (`SiteWriter+Files`, `FolderMaker`), the all-or-nothing commit (`SiteCommit`).
public struct SiteWriter {
    public static let manifestName = ".sitegen-manifest"

    public struct Summary: Sendable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
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

    /// What a build that failed or was interrupted before publishing left: the end of its message.
    public var unchangedNote: String {
        "nothing was published; \(output)/ " + (outputExisted ? "is as it was" : "was not created")
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
    public func beginPublication(inputs: String, previous manifest: Manifest?) throws -> Publication {
        try checkOutputFolder(manifest)
        let (staging, backup) = workFolders()
        SiteWriter.removeTree(staging)
        SiteWriter.removeTree(backup)
        do {
            let parent = PathNames.parent(staging)
            if !parent.isEmpty { try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
            guard mkdir(staging, 0o755) == 0 else { throw SiteWriter.cannotWrite(output) }
        } catch {
            SiteWriter.removeTree(staging)
            throw unpublished(error)
        }
        // The new manifest starts as the previous one, each entry marked as not produced yet:
        // an unchanged file is then one lookup, and the entries stay in path order.
        var next = manifest ?? Manifest()
        next.inputs = inputs
        return Publication(writer: self, next: next, produced: [Bool](repeating: false, count: next.count),
                           staging: staging, backup: backup, folders: FolderMaker(root: staging, shownRoot: output))
    }

    /// A publication under way: the staging folder and what has been staged in it.
    public struct Publication {
        let writer: SiteWriter
        /// The previous build's entries, replaced as files are staged, then the added ones.
        var next: Manifest
        /// Per entry of `next`: whether this build produced its file (the others are removed).
        var produced: [Bool]
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
                    let hash = Manifest.Field.hash(ContentHash(bytes))
                    let entry = Manifest.Entry(hash: hash, size: bytes.count, source: file.key.map { .hash($0) } ?? Manifest.Field(file.source))
                    // The previous build's entry, unless this build already produced the path.
                    let old = index.flatMap { produced[$0] ? nil : next[entry: $0] }
                    if let index {
                        next[entry: index] = entry
                        produced[index] = true
                    } else {
                        next.set(file.path, entry)
                        produced.append(true)
                    }
                    if let old, old.hash == hash, old.size == bytes.count {
                        var info = stat()
                        if stat(output + "/" + file.path, &info) == 0, Int(info.st_size) == bytes.count {
                            summary.unchanged += 1
                            continue
                        }
                    }
                    try Interruption.check()
                    try folders.make(parentOf: file.path)
                    try SiteWriter.writeFile(staging + "/" + file.path, bytes, shown: output + "/" + file.path)
                    changed.append(file.path)
                }
            } catch {
                abandon()
                throw writer.unpublished(error)
            }
        }

        /// Removes the staging folder of a publication that will not finish.
        public func abandon() {
            SiteWriter.removeTree(staging)
        }

        /// Steps 2 to 4 of `publish`, after every file was staged.
        public func finish() throws -> Summary {
            var summary = self.summary
            // Files of the previous build that this one no longer produces (removed in step 4).
            let stale = next.paths(notKept: produced)
            let next = stale.isEmpty ? self.next : self.next.keeping(produced)
            do {
                try SiteWriter.writeFile(staging + "/" + SiteWriter.manifestName, shown: writer.manifestPath) { write in try next.text(write) }
                try Interruption.check()
            } catch {
                abandon()
                throw writer.unpublished(error)
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
            // all or nothing (see `SiteCommit`).
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
            abandon()

            // 4. Files of the previous build that this one no longer produces.
            for path in stale where (try? SiteWriter.checkRelative(path)) != nil {
                if unlink(output + "/" + path) == 0 { summary.removed += 1 }
                var folder = PathNames.parent(path)
                while !folder.isEmpty && rmdir(output + "/" + folder) == 0 {
                    folder = PathNames.parent(folder)
                }
            }
            return summary
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

}
