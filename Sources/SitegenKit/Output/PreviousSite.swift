import Foundation
#if canImport(Glibc)
import Glibc
import SitegenExport
#endif

/// The last site a build starts from, as one value: which folder holds it (the output, or
/// a shard's `--previous` site), its manifest's inputs line (read first: one line), its
/// manifest (read once, when a step first needs it, or on another thread when a step asks
/// early: `prefetch`), the up-to-date decision, and the lookups that let a build keep
/// what it holds unchanged: a page by its key (`pages()`), a photo's variants by its
/// picture (`reusablePictures()`). A build with no previous site (a first build, a folder
/// without a manifest, `--dry-run`) has `PreviousSite.none`: every lookup says no.
///
/// The spare (the site before it, beside the output) is the publication's
/// (`SiteWriter.beginPublication`): what it holds decides how much there is to do, never
/// what is published.
final class PreviousSite: Sendable {
    /// The folder its files are in (nil: no previous site).
    let folder: String?
    /// The inputs line of its manifest; nil without one.
    let inputs: String?
    /// Whether `folder` is the build's output: else it is another site (`--previous`) and
    /// the files the publication removes are those of the output's own manifest (`own`).
    let isOutput: Bool
    private let ownManifestPath: String?
    private let manifest: ManifestBox
    /// Where the spare is, when a switch may use it, and whether the output's lock is taken.
    private let place: (spare: String, output: String, locked: Bool)?
    /// On another thread from the start of the build (the export's load leaves the second
    /// core idle), the output's lock taken: the output's manifest and its folders changed
    /// since the spare's record was made. The pages need them (`outputFolders()`).
    private let outputCheck: Background<(written: timespec, folders: SpareRecord.Folders)?>?
    /// On a third, from when a build knows it will publish (`beginChecks`), beside the
    /// audit: the spare's record, manifest and folders (`SpareRecord.read`, with the
    /// output's in `SpareRecord.output`). The switch needs them (`spare()`).
    private let spareCheck = Locked<Background<SpareRecord?>?>(nil)

    private enum ManifestState {
        case unread
        case read(SiteWriter.Manifest?)
    }

    /// The manifest once read, shared with the thread that checks the spare.
    private final class ManifestBox: Sendable {
        let state = Locked<ManifestState>(.unread)
    }

    /// No previous site.
    static var none: PreviousSite { PreviousSite(folder: nil, inputs: nil, isOutput: true, own: nil) }

    private init(folder: String?, inputs: String?, isOutput: Bool, own: String?,
                 spare: (spare: String, output: String, locked: Bool)? = nil) {
        self.folder = folder
        self.inputs = inputs
        self.isOutput = isOutput
        ownManifestPath = own
        let manifest = ManifestBox()
        self.manifest = manifest
        place = spare
        outputCheck = spare.flatMap { place in
            guard place.locked else { return nil }
            return Background { () -> (written: timespec, folders: SpareRecord.Folders)? in
                guard let written = SpareRecord.times(spare: place.spare, output: place.output)?.written,
                      let current = PreviousSite.read(manifest, of: folder),
                      let folders = SiteExchange.outputFolders(place.output, current: current, since: written) else { return nil }
                return (written, folders)
            }
        }
    }

    /// Begins the check of the spare (`spareCheck`), if there is a spare a switch may use
    /// and it has not begun.
    func beginChecks() {
        _ = startedSpareCheck()
    }

    private func startedSpareCheck() -> Background<SpareRecord?>? {
        guard let place else { return nil }
        return spareCheck.withLock { check in
            if let check { return check }
            let output = outputCheck
            let started = Background { () -> SpareRecord? in
                guard var record = SpareRecord.read(spare: place.spare, output: place.output) else { return nil }
                if let checked = output?.value(), !SpareRecord.isBefore(checked.written, record.written),
                   !SpareRecord.isBefore(record.written, checked.written) {
                    record.output = checked.folders
                }
                return record
            }
            check = started
            return started
        }
    }

    /// The output's folders changed since the spare's record was made, when it holds (waits
    /// for that check, not for the spare's).
    func outputFolders() -> SpareRecord.Folders? {
        outputCheck?.value()?.folders
    }

    /// The spare as `SpareRecord.read` found it (waits for the reading), nil without one.
    func spare() -> SpareRecord? {
        startedSpareCheck()?.value()
    }

    /// The site in `writer`'s output, whose manifest's inputs line is `inputs` (nil: no
    /// manifest), or, given `elsewhere` (`--previous`), that folder's (a folder without a
    /// manifest is none: a first build, an empty cache).
    convenience init(output writer: SiteWriter, inputs: String?, elsewhere: String? = nil) {
        if let elsewhere {
            let other = SiteWriter(output: elsewhere)
            let inputs = other.previousInputs()
            self.init(folder: inputs == nil ? nil : other.output, inputs: inputs, isOutput: false, own: writer.manifestPath)
        } else {
            // The output's folders are checked from the start, the spare's beside the audit
            // (`beginChecks`; a `stat` each: seconds at 100,000 users on folders not in memory).
            let spare = inputs != nil && writer.exchanges ? (writer.workFolders().spare, writer.output, writer.lockTaken != nil) : nil
            self.init(folder: inputs == nil ? nil : writer.output, inputs: inputs, isOutput: true, own: nil, spare: spare)
        }
    }

    /// Its manifest, read on first use (one entry per file of the site: a build asks for it
    /// once the export is let go of, or when the inputs are the same).
    func readManifest() -> SiteWriter.Manifest? {
        PreviousSite.read(manifest, of: folder)
    }

    /// The manifest in `manifest`, read from `folder` the first time; `locked` is called
    /// once the lock on it is held.
    private static func read(_ manifest: ManifestBox, of folder: String?, locked: () -> Void = {}) -> SiteWriter.Manifest? {
        manifest.state.withLock { state in
            locked()
            if case let .read(manifest) = state { return manifest }
            let read = folder.flatMap { SiteWriter.Manifest.read($0 + "/" + SiteWriter.manifestName) }
            state = .read(read)
            return read
        }
    }

    /// Starts reading the manifest on another thread (a step that needs it soon, with other
    /// work to do meanwhile: the renderer's tables); `readManifest()` then waits for it.
    func prefetch() {
        guard folder != nil else { return }
        let started = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = PreviousSite.read(self.manifest, of: self.folder) { started.signal() }
        }
        // The reader holds the lock before this returns: a `readManifest()` waits for it.
        started.wait()
    }

    /// Whether the output is this site, made from `inputs`, with all its files there.
    func isUpToDate(inputs: String) -> Bool {
        guard isOutput, let folder, self.inputs == inputs else { return false }
        return SiteWriter(output: folder).isUpToDate(readManifest(), inputs: inputs)
    }

    /// The pictures whose every variant it lists and still holds, by key (`PhotoStage`).
    func reusablePictures() -> [Substring: Picture] {
        guard let folder, let manifest = readManifest() else { return [:] }
        return PhotoStage.reusable(in: manifest, output: folder)
    }

    /// Its pages, for the renderer's lookups (`Pages`). When the output's folders were
    /// looked at early (`SpareRecord.output`), a page in a folder unchanged since the
    /// output was published is taken as it is, without a `stat` of its own.
    func pages() -> Pages {
        Pages(manifest: readManifest(), folder: folder, changedFolders: isOutput ? outputFolders()?.changed : nil)
    }

    /// With the previous site elsewhere (`--previous`): the output's own manifest, whose
    /// files this build does not produce are the ones to remove; else its manifest.
    func ownManifest() -> SiteWriter.Manifest? {
        ownManifestPath.map { SiteWriter.Manifest.read($0) } ?? readManifest()
    }

    /// The lookups of unchanged pages, from any thread: the folder is open once, and paths
    /// are looked up from it (the kernel walks fewer folders: docs/performance.md).
    final class Pages: Sendable {
        let manifest: SiteWriter.Manifest?
        private let descriptor: Int32
        /// The output's folders changed since it was published, when known (by
        /// `SiteExchange.key`): a file in any other folder is the one published there.
        private let changedFolders: Set<ContentHash>?

        init(manifest: SiteWriter.Manifest?, folder: String?, changedFolders: Set<ContentHash>? = nil) {
            self.manifest = manifest
            self.changedFolders = changedFolders
            descriptor = manifest != nil && folder != nil ? open(folder!, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
        }

        /// The entry number of `path` when the site holds it made from `key`, intact in size.
        func unchanged(_ path: String, key: ContentHash) -> Int? {
            guard descriptor >= 0, let manifest else { return nil }
            let published = changedFolders.map { changed in
                var path = path
                return path.withUTF8 { bytes in
                    // The root's change time is the switch's: its files are looked at.
                    let folder = PathNames.parent(of: UnsafeRawBufferPointer(bytes))
                    return !folder.isEmpty && !changed.contains(SiteExchange.key(folder))
                }
            } ?? false
            return SiteWriter.unchangedEntry(manifest, folder: descriptor, path: path, key: key, published: published)
        }

        /// The source its manifest records for `path`, if any.
        func recorded(_ path: String) -> String? {
            manifest?[path]?.source.text
        }
    }
}

/// A value made on another thread; `value()` waits for it.
final class Background<Value: Sendable>: Sendable {
    private let result = Locked<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            let value = work()
            self.result.withLock { $0 = value }
            self.done.signal()
        }
    }

    func value() -> Value {
        done.wait()
        done.signal()
        return result.withLock { $0 }!
    }
}
