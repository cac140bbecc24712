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
    private let manifest = Locked<ManifestState>(.unread)
    /// The spare's record and folders, read on another thread from the start of the build
    /// (`SpareRecord.read`), for the publication to take (`spare()`).
    private let spareCheck: Background<SpareRecord?>?

    private enum ManifestState {
        case unread
        case read(SiteWriter.Manifest?)
    }

    /// No previous site.
    static var none: PreviousSite { PreviousSite(folder: nil, inputs: nil, isOutput: true, own: nil) }

    private init(folder: String?, inputs: String?, isOutput: Bool, own: String?, spare: (spare: String, output: String)? = nil) {
        self.folder = folder
        self.inputs = inputs
        self.isOutput = isOutput
        ownManifestPath = own
        spareCheck = spare.map { place in Background { SpareRecord.read(spare: place.spare, output: place.output) } }
    }

    /// The spare as `SpareRecord.read` found it (waits for the reading), nil without one.
    func spare() -> SpareRecord? {
        spareCheck?.value()
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
            // The spare's folders are checked while the export is loaded and the pages
            // rendered (on folders not in memory, a `stat` each is seconds at 100,000 users).
            let spare = inputs != nil && writer.exchanges ? (writer.workFolders().spare, writer.output) : nil
            self.init(folder: inputs == nil ? nil : writer.output, inputs: inputs, isOutput: true, own: nil, spare: spare)
        }
    }

    /// Its manifest, read on first use (one entry per file of the site: a build asks for it
    /// once the export is let go of, or when the inputs are the same).
    func readManifest() -> SiteWriter.Manifest? {
        manifest.withLock { state in
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
            self.manifest.withLock { state in
                started.signal()
                if case .read = state { return }
                state = .read(self.folder.flatMap { SiteWriter.Manifest.read($0 + "/" + SiteWriter.manifestName) })
            }
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

    /// Its pages, for the renderer's lookups (`Pages`).
    func pages() -> Pages {
        Pages(manifest: readManifest(), folder: folder)
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

        init(manifest: SiteWriter.Manifest?, folder: String?) {
            self.manifest = manifest
            descriptor = manifest != nil && folder != nil ? open(folder!, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
        }

        /// The entry number of `path` when the site holds it made from `key`, intact in size.
        func unchanged(_ path: String, key: ContentHash) -> Int? {
            guard descriptor >= 0, let manifest else { return nil }
            return SiteWriter.unchangedEntry(manifest, folder: descriptor, path: path, key: key)
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
