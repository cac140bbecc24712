import Foundation

/// `sitegen build`, top to bottom: templates → export → audit → site model →
/// pages → output folder. Anything that can fail is checked before the output is touched.
public enum Site {
    public struct Request: Sendable {
        public var export: String
        public var output: String
        /// A templates folder laid over the built-in theme; nil: `TemplateLocator` looks.
        public var templates: String?
        /// How to read the export: sitegen.toml's `[schema]` (dialect, renamed nodes and fields).
        public var mapping: Schema.Mapping
        /// Users not to publish, by uid or username (sitegen.toml's `exclude`); users whose
        /// record says `private: true` are left out too.
        public var exclude: [String] = []
        /// Link every Makestagram photo at its Storage URL even when `content/storage/`
        /// holds a copy (sitegen.toml's `photos = "hotlink"`).
        public var hotlinkPhotos = false
        public var options: SiteOptions
        /// Render every page to memory and write nothing (for measuring).
        public var dryRun: Bool

        public init(export: String, output: String, templates: String? = nil, mapping: Schema.Mapping = Schema.Mapping(),
                    exclude: [String] = [], hotlinkPhotos: Bool = false, options: SiteOptions = SiteOptions(), dryRun: Bool = false) {
            self.exclude = exclude
            self.hotlinkPhotos = hotlinkPhotos
            self.export = export
            self.output = output
            self.templates = templates
            self.mapping = mapping
            self.options = options
            self.dryRun = dryRun
        }
    }

    public struct Result: Sendable {
        /// The audit's findings (the export itself is released before rendering).
        public var report: FindingTally?
        public var skipped: [String] = []
        /// `[schema]` mappings that name a node or field the export does not have.
        public var unusedMappings: [String] = []
        public var files = 0
        /// Pages rendered: the others' keys said the output's file was made from the same inputs.
        public var rendered = 0
        public var written = SiteWriter.Summary()
        /// Nothing changed since the previous build: no page was rendered.
        public var upToDate = false
        public var renderSeconds = 0.0
        /// The image stage: photos encoded and reused, its seconds, and one line per
        /// photo that could not be used (its tile is a placeholder).
        public var photos = PhotoStage.Outcome()
    }

    public enum Stage: Sendable {
        case loading, auditing, photos(done: Int, total: Int), rendering(done: Int, total: Int), writing
    }

    /// Builds the site. On SIGINT or SIGTERM (when `Interruption` is installed) it stops at
    /// the next page or file, leaves the output as it was and throws `Interrupted`.
    public static func build(_ request: Request, progress: (@Sendable (Stage) -> Void)? = nil) throws -> Result {
        let writer = SiteWriter(output: request.output)
        do {
            return try build(request, writer: writer, progress: progress)
        } catch var interrupted as Interrupted where interrupted.outcome.isEmpty {
            interrupted.outcome = request.dryRun ? "nothing was written (--dry-run)" : writer.unchangedNote
            throw interrupted
        }
    }

    static func build(_ request: Request, writer: SiteWriter, progress: (@Sendable (Stage) -> Void)?) throws -> Result {
        let templates = try TemplateSet(folder: templatesFolder(request))
        _ = try templates.strings(request.options.language)
        // One build at a time per output, from before the previous manifest is read (`OutputLock`).
        if !request.dryRun { try writer.lock() }
        // Only the previous manifest's first line is read now: the whole manifest (40 MB at
        // 100,000 users) is read once the export is released, unless the inputs are the same.
        let previousInputs = request.dryRun ? nil : writer.previousInputs()
        if !request.dryRun { try writer.checkOutputFolder(hasManifest: previousInputs != nil) }
        try Interruption.check()

        var result = Result()
        // The model and the renderer are released before the publication finishes (writes the
        // manifest and moves files into place): they are not needed then.
        guard let publication = try stagePages(request, templates: templates, writer: writer, previousInputs: previousInputs,
                                               progress: progress, result: &result) else {
            return result
        }
        progress?(.writing)
        result.written = try publication.finish()
        return result
    }

    /// Renders every page and stages it; returns the publication to finish, or nil when
    /// nothing is to be published (`--dry-run`, or the output is up to date).
    private static func stagePages(_ request: Request, templates: TemplateSet, writer: SiteWriter, previousInputs: String?,
                                   progress: (@Sendable (Stage) -> Void)?, result: inout Result) throws -> SiteWriter.Publication? {
        // The export, its tape and the audit's index are released before the pages are
        // rendered: they need only the model. (At 100,000 users that is 154 MB of file and
        // tape, about 1.7 times the export, plus the index's strings and tables.)
        guard let loaded = try loadModel(request, templates: templates, writer: writer, previousInputs: previousInputs,
                                         progress: progress, result: &result) else {
            return nil
        }
        let (model, inputs) = (loaded.model, loaded.inputs)
        // The manifest is read on another thread while the renderer makes its tables (0.3 s
        // and 0.9 s of a one-bio rebuild at 100,000 users, one after the other).
        let manifestPath = writer.manifestPath
        let reading = loaded.previous != nil || previousInputs == nil ? nil : InBackground { SiteWriter.Manifest.read(manifestPath) }
        let renderer = SiteRenderer(model: model, templates: templates, options: request.options)
        let previous = loaded.previous ?? reading?.value()

        let start = DispatchTime.now()
        // Unchanged pages are looked up from the output folder (`isUnchanged(_:folder:…)`).
        let folder = previous == nil ? -1 : open(writer.output, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if folder >= 0 { close(folder) } }
        // Pages are staged as they are rendered, a batch at a time: memory holds one batch.
        var publication = try loaded.publication ?? (request.dryRun ? nil : writer.beginPublication(inputs: inputs, previous: previous))
        var files = 0
        var rendered = 0
        do {
            try renderer.render(
                jobs: request.options.jobs,
                unchanged: { path, source in previous.flatMap { SiteWriter.unchangedEntry($0, folder: folder, path: path, key: source) } },
                recorded: { path in previous?[path]?.source.text },
                progress: { done, total in progress?(.rendering(done: done, total: total)) }
            ) { batch in
                files += batch.count
                rendered += batch.count { $0.bytes != nil && $0.key != nil }
                try publication?.stage(batch)
            }
        } catch {
            publication?.abandon()
            throw error
        }
        result.files += files
        result.rendered = rendered
        result.renderSeconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return publication
    }

    /// What `loadModel` hands on: the model, the inputs' fingerprint, the previous manifest
    /// if it was read, and the publication the photos were staged in, if they were.
    private struct Loaded {
        var model: SiteModel
        var inputs: String
        var previous: SiteWriter.Manifest?
        var publication: SiteWriter.Publication?
    }

    /// Loads and audits the export, builds the site model and stages its photos; nil when
    /// the output is up to date (`result.upToDate`). Fills `result`'s report, skipped pages,
    /// unused mappings and photos. The previous manifest is read here only when its inputs
    /// are these (to tell whether the output is up to date) or the site has photos (which
    /// reuse the variants it lists); it is returned then.
    private static func loadModel(_ request: Request, templates: TemplateSet, writer: SiteWriter, previousInputs: String?,
                                  progress: (@Sendable (Stage) -> Void)?,
                                  result: inout Result) throws -> Loaded? {
        progress?(.loading)
        let export = try ExportLoader.load(path: request.export, mapping: request.mapping)
        try Interruption.check()
        let inputs = fingerprint(export: export, templates: templates, request: request)
        result.unusedMappings = export.schema.unusedMappings(in: export.document)
        var previous: SiteWriter.Manifest?
        if !request.dryRun && previousInputs == inputs {
            previous = writer.previousManifest()
            if writer.isUpToDate(previous, inputs: inputs) {
                result.upToDate = true
                return nil
            }
        }
        // A read-only or forbidden output fails now, not after rendering.
        if !request.dryRun { try writer.checkWritable() }

        progress?(.auditing)
        // The pages need none of the timeline's findings: those are only counted.
        let report = Validator.audit(export, detail: .summarizeTimeline)
        var model = SiteModel.build(from: report, excluding: request.exclude, storage: storage(request))
        try Interruption.check()
        result.report = report.tally
        result.skipped = report.findings.filter { $0.code == .userInvalid }.map { "\($0.path): not a user object, not rendered" } + model.skipped

        // Photos are made now, while the export is loaded (a timeline export's photos are in
        // its tape), and staged first; a site with none reads the previous manifest only
        // once the export is released.
        var publication: SiteWriter.Publication?
        progress?(.photos(done: 0, total: model.photos.count))
        if !model.photos.isEmpty {
            if previous == nil && previousInputs != nil { previous = writer.previousManifest() }
            publication = request.dryRun ? nil : try writer.beginPublication(inputs: inputs, previous: previous)
            do {
                result.photos = try PhotoStage.run(model.photos, document: export.document, previous: previous, output: writer.output,
                                                   jobs: request.options.jobs,
                                                   progress: { done, total in progress?(.photos(done: done, total: total)) }) { files in
                    result.files += files.count
                    try publication?.stage(files)
                }
            } catch let missing as PhotoStage.LibraryUnavailable {
                publication?.abandon()
                throw SitegenError(file: request.export, message: "its photos need libvips, which cannot be loaded (\(missing.reason)); install it (on Debian or Ubuntu: apt-get install libvips42)")
            } catch {
                publication?.abandon()
                throw error
            }
            model.setPictures(result.photos.pictures)
        }
        return Loaded(model: model, inputs: inputs, previous: previous, publication: publication)
    }

    /// The templates folder a build of `request` lays over the built-in theme, if any.
    public static func templatesFolder(_ request: Request) -> String? {
        request.templates ?? TemplateLocator.find(export: request.export)
    }

    /// The local copy of the Storage bucket the build publishes photos from, if any.
    static func storage(_ request: Request) -> StorageFolder? {
        request.hotlinkPhotos ? nil : StorageFolder.beside(export: request.export)
    }

    /// Identifies a build's inputs: the export's bytes, the templates, the options, the
    /// photo settings and the files of the Storage copy (names, sizes, times).
    static func fingerprint(export: Export, templates: TemplateSet, request: Request) -> String {
        let options = request.options
        let data = ContentHash(UnsafeRawBufferPointer(export.document.bytes))
        let names = export.schema.mapping.nodes.map { "\($0.key.rawValue)=\($0.value)" }.sorted() + export.schema.mapping.fields.map { "\($0.key.rawValue)=\($0.value)" }.sorted()
        let settings = "\(export.dialect.rawValue)|\(names.joined(separator: ","))|\(request.exclude.sorted().joined(separator: "\u{0}"))|\(options.title)|\(options.baseURL ?? "")|\(options.pageSize)|\(options.listSize)|\(options.sitemapSize)|\(options.tile.rawValue)|\(SitegenVersion.current)|\(PhotoSettings.fingerprint)|\(request.hotlinkPhotos)|\(options.language)"
        let photos = export.dialect == .makestagram ? storage(request)?.listing() ?? ContentHash("") : ContentHash("")
        return "\(data)-\(templates.fingerprint)-\(ContentHash(settings).then(photos))"
    }
}

public enum SitegenVersion {
    public static let current = "0.3.0"
}

/// The templates folder a build uses when none is named (`--templates`, or `templates`
/// in sitegen.toml): a `Templates/` folder beside the export's `content/` folder, else
/// one in the working folder, else none (the built-in theme alone).
enum TemplateLocator {
    static func find(export: String) -> String? {
        let contentFolder = PathNames.parent(export)
        let siteFolder = contentFolder.isEmpty ? ".." : PathNames.parent(contentFolder)
        let candidates = [siteFolder.isEmpty ? "Templates" : siteFolder + "/Templates", "Templates"]
        for candidate in candidates {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate
            }
        }
        return nil
    }
}

/// A value made on another thread; `value()` waits for it.
final class InBackground<Value: Sendable>: @unchecked Sendable {
    // Written once by the work, read after `done` is signalled.
    private var result: Value?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            self.result = work()
            self.done.signal()
        }
    }

    func value() -> Value {
        done.wait()
        done.signal()
        return result!
    }
}
