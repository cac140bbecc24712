import Foundation
import SitegenExport

extension Site {
    /// The steps of a build (`steps`) and of a merge (`mergeSteps`), each by its one name:
    /// progress (`[i/n] name`) and `--timings` say it.
    public enum Step: String, Sendable, CaseIterable {
        case prepare, load, fingerprint, audit, model, photos, render, publish
        case matchShards = "match shards", shardPictures = "shard photos", stageShards = "stage shards"
    }

    /// What a build reports as it goes.
    public enum Stage: Sendable {
        /// Step `index` (from 1) of `count` begins.
        case step(Step, index: Int, count: Int)
        /// How far the step under way is: photos made, pages rendered.
        case progress(Step, done: Int, total: Int)
    }

    /// The steps of a build, in order.
    static let steps: [Step] = [.prepare, .load, .fingerprint, .audit, .model, .photos, .render, .publish]

    /// The steps of `sitegen merge`: a build's, with the shards' photos in place of the
    /// photo stage and their files staged after the site-wide pages.
    static let mergeSteps: [Step] = [.prepare, .load, .matchShards, .fingerprint, .audit, .model, .shardPictures, .render, .stageShards, .publish]

    /// Runs the steps of a build one at a time (as Publish's `PublishingStep`s, each a
    /// function that takes what it needs and returns what it makes), and says when each
    /// begins (`[i/n] name`, `--timings`) and how far it is.
    struct Steps {
        let order: [Step]
        let progress: (@Sendable (Stage) -> Void)?

        func run<T>(_ step: Step, _ body: () throws -> T) throws -> T {
            progress?(.step(step, index: (order.firstIndex(of: step) ?? order.count - 1) + 1, count: order.count))
            return try body()
        }

        /// The progress callback of `step`, for the work it hands to other threads.
        func reporter(_ step: Step) -> (@Sendable (Int, Int) -> Void)? {
            guard let progress else { return nil }
            return { done, total in progress(.progress(step, done: done, total: total)) }
        }
    }

    /// Where a build publishes: the output (`SiteWriter`), or nowhere (`--dry-run`, whose
    /// publication keeps nothing: no lock, no previous site, no folder checked).
    struct Destination {
        let writer: SiteWriter?

        /// One build at a time per output, from before its manifest's first line is read
        /// (`OutputLock`); a folder that is not a previous output is refused. Returns the
        /// previous site (the output's, or `--previous`'s).
        func prepare(_ request: Request) throws -> PreviousSite {
            guard let writer else { return .none }
            try writer.lock()
            let inputs = writer.previousInputs()
            try writer.checkOutputFolder(hasManifest: inputs != nil)
            return PreviousSite(output: writer, inputs: inputs, elsewhere: request.previous)
        }

        /// A read-only or forbidden output fails now, not after rendering.
        func checkWritable() throws {
            try writer?.checkWritable()
        }

        func begin(inputs: String, previous: PreviousSite) throws -> any Staging {
            guard let writer else { return Discarding() }
            return try writer.beginPublication(inputs: inputs, from: previous)
        }
    }

    /// The files of a build on their way to the destination: the publication is begun by the
    /// first batch staged (photos, else pages), finished by `finish`, and abandoned (its
    /// staging folder removed: the output is as it was) on an error before that.
    struct Outlet {
        let destination: Destination
        let inputs: String
        let previous: PreviousSite
        private var staging: (any Staging)?

        init(destination: Destination, inputs: String, previous: PreviousSite) {
            self.destination = destination
            self.inputs = inputs
            self.previous = previous
        }

        mutating func stage(_ files: [RenderedFile]) throws {
            if staging == nil { staging = try destination.begin(inputs: inputs, previous: previous) }
            try staging!.stage(files)
        }

        /// Begins the publication, if the first batch has not, and gives its staging folder
        /// (nil: `--dry-run`'s, which keeps nothing).
        mutating func begin() throws -> String? {
            if staging == nil { staging = try destination.begin(inputs: inputs, previous: previous) }
            return staging!.stagingFolder
        }

        /// Notes a file staged in the staging folder by merge's `ShardLinker` (`staged`), or
        /// found published as it is.
        mutating func noteLinked(_ path: UnsafeRawBufferPointer, entry: SiteWriter.Manifest.Entry, staged: Bool) throws {
            try staging?.noteLinked(path, entry: entry, staged: staged)
        }

        /// Publishes what was staged, all or nothing (`SiteWriter.Publication.finish`); from
        /// here on the publication cleans up after itself (or keeps what it could not put back).
        mutating func finish() throws -> SiteWriter.Summary {
            guard let staging else { return SiteWriter.Summary() }
            self.staging = nil
            return try staging.finish()
        }

        func abandon() {
            staging?.abandon()
        }
    }

    /// A build or a merge (`shards`), step by step; what each step makes is handed to the
    /// next ones, and let go of when they no longer need it: the export and the audit's index
    /// before the pages are rendered, the model and the renderer before the publication
    /// finishes (what each holds: docs/performance.md).
    static func run(_ request: Request, writer: SiteWriter, shards: ShardFolders?,
                    progress: (@Sendable (Stage) -> Void)?) throws -> Result {
        let steps = Steps(order: shards == nil ? Site.steps : mergeSteps, progress: progress)
        let destination = Destination(writer: request.dryRun ? nil : writer)
        var result = Result()

        let (templates, strings, previous) = try steps.run(.prepare) { try Site.prepare(request, destination) }
        let export = try steps.run(.load) { try Site.load(request, into: &result) }
        if let shards { try steps.run(.matchShards) { try Site.matchShards(shards, export: export, templates: templates, request: request) } }
        let inputs = try steps.run(.fingerprint) {
            try Site.upToDateOrInputs(request, export: export, templates: templates, previous: previous, destination: destination)
        }
        guard let inputs else {
            result.upToDate = true
            return result
        }
        var outlet = Outlet(destination: destination, inputs: inputs, previous: previous)
        var linker: ShardLinker?
        do {
            if let shards {
                // The shards' files are linked on another thread while the site-wide pages are made.
                linker = ShardLinker(shards, staging: try outlet.begin(), output: writer.output, previous: previous.readManifest(),
                                     faults: writer.faults)
            }
            // The export is let go of once the photos are made, the model once the pages are.
            let (model, share) = try Site.fromExport(consume export, request, steps: steps, shards: shards, previous: previous,
                                                     outlet: &outlet, into: &result)
            try Site.render(consume model, request, steps: steps, share: share, templates: templates, strings: strings,
                            previous: previous, outlet: &outlet, into: &result)
            if let shards, let linker {
                try steps.run(.stageShards) {
                    try Site.stageShards(shards, linker: linker, outlet: &outlet, files: &result.files, read: &result.shardFilesRead)
                }
            }
            result.written = try steps.run(.publish) { try outlet.finish() }
        } catch {
            linker?.stop()
            outlet.abandon()
            throw error
        }
        return result
    }

    /// The steps that need the export: the audit, the model (the audit's report is let go
    /// of when it is made), the photos (or merge's shards' pictures).
    static func fromExport(_ export: consuming Export, _ request: Request, steps: Steps, shards: ShardFolders?, previous: PreviousSite,
                           outlet: inout Outlet, into result: inout Result) throws -> (SiteModel, SiteRenderer.Share) {
        var (model, share) = try Site.model(export, request, steps: steps, merging: shards != nil, into: &result)
        // A whole site (a build, a merge) replacing the output's: far fewer profiles stop it.
        if !request.allowShrink, request.shard == nil, let output = previous.folder, previous.isOutput {
            try ShrinkGuard.check(output: output, profiles: model.users.count)
        }
        if let shards {
            try steps.run(.shardPictures) { try Site.shardPictures(shards, model: &model) }
        } else {
            var files = 0
            result.photos = try steps.run(.photos) {
                try Site.photos(request, model: &model, share: share, export: export, previous: previous, outlet: &outlet,
                                progress: steps.reporter(.photos), files: &files)
            }
            result.files += files
        }
        return (model, share)
    }

    // MARK: - The steps of `sitegen build`

    /// The templates, the theme's words in the site's language (parsed once, here: TOMLKit
    /// keeps a copy of each value it reads; the language must be one the theme has strings
    /// for), and the previous site (only its manifest's first line is
    /// read now: the whole manifest is read once the export is released, unless the inputs
    /// are the same).
    static func prepare(_ request: Request, _ destination: Destination) throws -> (TemplateSet, Strings, PreviousSite) {
        let templates = try TemplateSet(folder: Site.templatesFolder(request))
        let strings = try templates.strings(request.options.language)
        let previous = try destination.prepare(request)
        try Interruption.check()
        return (templates, strings, previous)
    }

    static func load(_ request: Request, into result: inout Result) throws -> Export {
        let export = try ExportLoader.load(path: request.export, mapping: request.mapping)
        try Interruption.check()
        result.unusedMappings = export.schema.unusedMappings(in: export.document)
        result.readWarnings = export.firestore?.warnings ?? []
        return export
    }

    /// The inputs' fingerprint (`Site.fingerprint`), or nil when the previous site is the
    /// output, made from the same inputs, with all its files there: up to date.
    static func upToDateOrInputs(_ request: Request, export: Export, templates: TemplateSet, previous: PreviousSite,
                                 destination: Destination) throws -> String? {
        let inputs = Site.fingerprint(export: export, templates: templates, request: request)
        if previous.isUpToDate(inputs: inputs) { return nil }
        // A publication follows: the spare and the output are looked at beside the audit.
        previous.beginChecks()
        try destination.checkWritable()
        return inputs
    }

    /// The audit (the pages need none of the timeline's findings: those are only counted),
    /// then the site model from its repaired view, and the pages this run renders: the whole
    /// site, a shard's users, or merge's site-wide pages. The report is let go of on return.
    static func model(_ export: Export, _ request: Request, steps: Steps, merging: Bool,
                      into result: inout Result) throws -> (SiteModel, SiteRenderer.Share) {
        let report = try steps.run(.audit) { Validator.audit(export, detail: .summarizeTimeline) }
        return try steps.run(.model) {
            let model = SiteModel.build(from: report, excluding: request.exclude, storage: Site.storage(request))
            try Interruption.check()
            result.report = report.tally
            result.skipped = report.findings.filter { $0.code == .userInvalid }.map { "\($0.path): not a user object, not rendered" } + model.skipped
            let share: SiteRenderer.Share = merging ? .siteWide : request.shard.map { .users($0.users(of: model)) } ?? .all
            return (model, share)
        }
    }

    /// Photos are made while the export is loaded (a timeline export's photos are in its
    /// tape) and staged first. A shard's photos are those of its users' posts and the
    /// avatars its pages show (and it stages its record of them). A site with none reads the
    /// previous manifest only once the export is released.
    static func photos(_ request: Request, model: inout SiteModel, share: SiteRenderer.Share, export: Export,
                       previous: PreviousSite, outlet: inout Outlet, progress: (@Sendable (Int, Int) -> Void)?,
                       files: inout Int) throws -> PhotoStage.Outcome {
        let photoCount = model.photos.count
        let indices: [Int]
        if case let .users(mine) = share {
            indices = Site.Shard.photos(of: model, mine: mine)
        } else {
            indices = Array(0..<photoCount)
        }
        let sources = indices.map { model.photos[$0] }
        progress?(0, sources.count)
        guard !sources.isEmpty || request.shard != nil else { return PhotoStage.Outcome() }
        let known = previous.reusablePictures()
        let cache = request.photoCache.map(PhotoCache.init)
        // FFmpeg, looked for only now, and needed only for a video whose copy or poster
        // the previous site does not hold: the build stops before it stages anything.
        if !VideoTools.available {
            let videos = PhotoStage.videosToMake(sources, known: known, cache: cache, code: request.code)
            if let video = videos.first {
                let more = videos.count > 1 ? " and \(videos.count - 1) more" : ""
                throw SitegenError(file: video, message: "a local video\(more) \(VideoTools.missingMessage)")
            }
        }
        let outcome: PhotoStage.Outcome
        do {
            outcome = try PhotoStage.run(sources, document: export.document, known: known, cache: cache,
                                         code: request.code, jobs: request.jobs, progress: progress) { batch in
                files += batch.count
                try outlet.stage(batch)
            }
        } catch let missing as PhotoStage.LibraryUnavailable {
            throw SitegenError(file: request.export, message: "its photos need libvips, which cannot be loaded (\(missing.reason)); install it (on Debian or Ubuntu: apt-get install libvips42)")
        }
        if request.shard != nil {
            let record = Site.Shard.Record(request: request, photos: indices, pictures: outcome.pictures)
            try outlet.stage([RenderedFile(path: Site.Shard.recordName, bytes: record.bytes)])
            files += 1
        }
        var pictures = [Picture?](repeating: nil, count: photoCount)
        for (i, photo) in indices.enumerated() { pictures[photo] = outcome.pictures[i] }
        model.setPictures(pictures)
        return outcome
    }

    /// Renders every page and stages it, a batch at a time (memory holds one batch); a page
    /// whose key says the previous site holds it made from the same inputs is not rendered.
    /// The model and the renderer are let go of when it returns.
    static func render(_ model: consuming SiteModel, _ request: Request, steps: Steps, share: SiteRenderer.Share,
                       templates: TemplateSet, strings: Strings, previous: PreviousSite, outlet: inout Outlet,
                       into result: inout Result) throws {
        try steps.run(.render) {
            try render(model, request, share: share, templates: templates, strings: strings, previous: previous, outlet: &outlet,
                       progress: steps.reporter(.render), into: &result)
        }
    }

    private static func render(_ model: SiteModel, _ request: Request, share: SiteRenderer.Share, templates: TemplateSet,
                               strings: Strings, previous: PreviousSite, outlet: inout Outlet,
                               progress: (@Sendable (Int, Int) -> Void)?, into result: inout Result) throws {
        // The manifest is read on another thread while the renderer makes its tables
        // (docs/performance.md).
        previous.prefetch()
        let renderer = SiteRenderer(model: model, templates: templates, options: request.options, strings: strings)
        let pages = previous.pages()
        let start = DispatchTime.now()
        var files = 0
        var rendered = 0
        try renderer.render(
            jobs: request.jobs, share: share,
            unchanged: { path, key in pages.unchanged(path, key: key) },
            recorded: { path in pages.recorded(path) },
            progress: progress
        ) { batch in
            files += batch.count
            rendered += batch.count { $0.bytes != nil && $0.key != nil }
            try outlet.stage(batch)
        }
        result.files += files
        result.rendered = rendered
        result.renderSeconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

/// What a build's files are staged in: a publication into the output
/// (`SiteWriter.Publication`), or one that keeps nothing (`Discarding`, `--dry-run`).
protocol Staging {
    mutating func stage(_ files: [RenderedFile]) throws
    /// The folder files are staged in (nil: none).
    var stagingFolder: String? { get }
    mutating func noteLinked(_ path: UnsafeRawBufferPointer, entry: SiteWriter.Manifest.Entry, staged: Bool) throws
    func finish() throws -> SiteWriter.Summary
    func abandon()
}

extension SiteWriter.Publication: Staging {}

/// `--dry-run`'s publication: every page is rendered and let go of.
struct Discarding: Staging {
    mutating func stage(_ files: [RenderedFile]) throws {}
    var stagingFolder: String? { nil }
    mutating func noteLinked(_ path: UnsafeRawBufferPointer, entry: SiteWriter.Manifest.Entry, staged: Bool) throws {}
    func finish() throws -> SiteWriter.Summary { SiteWriter.Summary() }
    func abandon() {}
}
