import Foundation

extension Site {
    /// One stage of a build (as Publish's `PublishingStep`): a name and what it does to the
    /// build under way. `Run.perform` runs steps in order until one says the build is
    /// finished (`Run.finished`: the output is up to date).
    struct Step: Sendable {
        let name: String
        let body: @Sendable (inout Run) throws -> Void
    }

    /// A build under way: its request, what the steps made so far, and its result. Each
    /// step lets go of what the next ones no longer need: the export and the audit's index
    /// before the pages are rendered (at 100,000 users 154 MB of file and tape, about 1.7
    /// times the export, plus the index's strings and tables), the model and the renderer
    /// before the publication finishes.
    struct Run {
        let request: Request
        let writer: SiteWriter
        let progress: (@Sendable (Stage) -> Void)?
        var result = Result()

        /// Made by the first step.
        var templates: TemplateSet!
        /// The theme's words in the site's language, read once by the first step.
        var strings: Strings!
        /// The inputs the output's manifest names (its first line), nil without a manifest.
        var previousInputs: String?
        var export: Export?
        /// The inputs' fingerprint (`Site.fingerprint`).
        var inputs = ""
        /// The previous build's manifest, once read (only when needed: 40 MB at 100,000 users).
        var previous: SiteWriter.Manifest?
        var report: AuditReport?
        var model: SiteModel?
        /// The pages this run renders: the whole site, a shard's users, or merge's site-wide pages.
        var share = SiteRenderer.Share.all
        /// Where unchanged files are looked for: the output, or a shard's `--previous` site.
        var base: SiteWriter { request.previous.map(SiteWriter.init(output:)) ?? writer }
        /// The previous manifest to compare with, if there is one: the output's when its
        /// inputs line was read (`previousInputs`), else `--previous`'s.
        var previousPath: String? {
            request.previous != nil ? base.manifestPath : previousInputs != nil ? writer.manifestPath : nil
        }
        /// Opened by the first step that stages files (photos, else pages).
        var publication: SiteWriter.Publication?
        /// `sitegen merge`'s shard folders.
        var shards: Site.ShardFolders?
        /// Set by a step after which nothing is left to do.
        var finished = false

        init(request: Request, writer: SiteWriter, progress: (@Sendable (Stage) -> Void)?) {
            self.request = request
            self.writer = writer
            self.progress = progress
        }

        /// Runs `steps` in order. On an error the staging folder of the publication under way,
        /// if any, is removed: the output is as it was.
        mutating func perform(_ steps: [Step]) throws {
            do {
                for step in steps where !finished {
                    try step.body(&self)
                }
            } catch {
                publication?.abandon()
                throw error
            }
        }

        /// The publication the files are staged in (nil for `--dry-run`), begun on first use.
        mutating func beginPublication() throws -> SiteWriter.Publication? {
            if publication == nil && !request.dryRun {
                publication = try writer.beginPublication(inputs: inputs, previous: previous, elsewhere: request.previous != nil)
            }
            return publication
        }
    }
}

// MARK: - The steps of `sitegen build`

extension Site.Step {
    /// The templates, and what the output folder holds: only the previous manifest's first
    /// line is read now (the whole manifest is read once the export is released, unless the
    /// inputs are the same).
    static let prepare = Site.Step(name: "prepare") { run in
        run.templates = try TemplateSet(folder: Site.templatesFolder(run.request))
        // The site's language must be one the theme has strings for; they are parsed once,
        // here (TOMLKit keeps a copy of each value it reads: about 1.6 KB a parse).
        run.strings = try run.templates.strings(run.request.options.language)
        // One build at a time per output, from before the previous manifest is read (`OutputLock`).
        if !run.request.dryRun { try run.writer.lock() }
        run.previousInputs = run.request.dryRun ? nil : run.writer.previousInputs()
        if !run.request.dryRun { try run.writer.checkOutputFolder(hasManifest: run.previousInputs != nil) }
        try Interruption.check()
    }

    static let load = Site.Step(name: "load") { run in
        run.progress?(.loading)
        let export = try ExportLoader.load(path: run.request.export, mapping: run.request.mapping)
        try Interruption.check()
        run.result.unusedMappings = export.schema.unusedMappings(in: export.document)
        run.export = export
    }

    /// The inputs' fingerprint; the build is finished when the output was made from the same
    /// inputs and its files are all there (`result.upToDate`).
    static let fingerprint = Site.Step(name: "fingerprint") { run in
        run.inputs = Site.fingerprint(export: run.export!, templates: run.templates, request: run.request)
        if !run.request.dryRun && run.request.previous == nil && run.previousInputs == run.inputs {
            run.previous = run.writer.previousManifest()
            if run.writer.isUpToDate(run.previous, inputs: run.inputs) {
                run.result.upToDate = true
                run.finished = true
                return
            }
        }
        // A read-only or forbidden output fails now, not after rendering.
        if !run.request.dryRun { try run.writer.checkWritable() }
    }

    static let audit = Site.Step(name: "audit") { run in
        run.progress?(.auditing)
        // The pages need none of the timeline's findings: those are only counted.
        run.report = Validator.audit(run.export!, detail: .summarizeTimeline)
    }

    /// The site model, from the audit's repaired view; the report is let go of.
    static let model = Site.Step(name: "model") { run in
        let report = run.report!
        run.report = nil
        let model = SiteModel.build(from: report, excluding: run.request.exclude, storage: Site.storage(run.request))
        try Interruption.check()
        run.result.report = report.tally
        run.result.skipped = report.findings.filter { $0.code == .userInvalid }.map { "\($0.path): not a user object, not rendered" } + model.skipped
        if let shard = run.request.shard { run.share = .users(shard.users(of: model)) }
        run.model = model
    }

    /// Photos are made while the export is loaded (a timeline export's photos are in its
    /// tape) and staged first; then the export is let go of. A site with none reads the
    /// previous manifest only once the export is released.
    static let photos = Site.Step(name: "photos") { run in
        defer { run.export = nil }
        // A shard's photos are those of its users' posts and the avatars its pages show (and
        // it stages its record of them).
        // (The model is not copied here: `setPictures` below would then copy its posts.)
        let photoCount = run.model!.photos.count
        let indices: [Int]
        if case let .users(mine) = run.share {
            indices = Site.Shard.photos(of: run.model!, mine: mine)
        } else {
            indices = Array(0..<photoCount)
        }
        let sources = indices.map { run.model!.photos[$0] }
        run.progress?(.photos(done: 0, total: sources.count))
        guard !sources.isEmpty || run.request.shard != nil else { return }
        if run.previous == nil, let path = run.previousPath { run.previous = SiteWriter.Manifest.read(path) }
        var publication = try run.beginPublication()
        let progress = run.progress
        do {
            var files = 0
            run.result.photos = try PhotoStage.run(sources, document: run.export!.document, previous: run.previous,
                                                   output: run.base.output, jobs: run.request.jobs,
                                                   progress: { done, total in progress?(.photos(done: done, total: total)) }) { batch in
                files += batch.count
                try publication?.stage(batch)
            }
            run.result.files += files
        } catch let missing as PhotoStage.LibraryUnavailable {
            throw SitegenError(file: run.request.export, message: "its photos need libvips, which cannot be loaded (\(missing.reason)); install it (on Debian or Ubuntu: apt-get install libvips42)")
        }
        if run.request.shard != nil {
            let record = Site.Shard.Record(request: run.request, photos: indices, pictures: run.result.photos.pictures)
            try publication?.stage([RenderedFile(path: Site.Shard.recordName, bytes: record.bytes)])
            run.result.files += 1
        }
        run.publication = publication
        var pictures = [Picture?](repeating: nil, count: photoCount)
        for (i, photo) in indices.enumerated() { pictures[photo] = run.result.photos.pictures[i] }
        run.model!.setPictures(pictures)
    }

    /// Renders every page and stages it, a batch at a time (memory holds one batch);
    /// a page whose key says the output's file was made from the same inputs is not
    /// rendered. The model and the renderer are let go of afterwards.
    static let render = Site.Step(name: "render") { run in
        let model = run.model!
        run.model = nil
        // The manifest is read on another thread while the renderer makes its tables (0.3 s
        // and 0.9 s of a one-bio rebuild at 100,000 users, one after the other).
        let reading = run.previous != nil ? nil : run.previousPath.map { path in InBackground { SiteWriter.Manifest.read(path) } }
        let renderer = SiteRenderer(model: model, templates: run.templates, options: run.request.options, strings: run.strings)
        if run.previous == nil { run.previous = reading?.value() }
        let previous = run.previous

        let start = DispatchTime.now()
        // Unchanged pages are looked up from the output folder, or `--previous`'s (`unchangedEntry(_:folder:…)`).
        let folder = previous == nil ? -1 : open(run.base.output, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if folder >= 0 { close(folder) } }
        var publication = try run.beginPublication()
        var files = 0
        var rendered = 0
        let progress = run.progress
        try renderer.render(
            jobs: run.request.jobs, share: run.share,
            unchanged: { path, source in previous.flatMap { SiteWriter.unchangedEntry($0, folder: folder, path: path, key: source) } },
            recorded: { path in previous?[path]?.source.text },
            progress: { done, total in progress?(.rendering(done: done, total: total)) }
        ) { batch in
            files += batch.count
            rendered += batch.count { $0.bytes != nil && $0.key != nil }
            try publication?.stage(batch)
        }
        run.publication = publication
        run.result.files += files
        run.result.rendered = rendered
        run.result.renderSeconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    /// Publishes what was staged, all or nothing (`SiteWriter.Publication.finish`); nothing
    /// for `--dry-run`.
    static let publish = Site.Step(name: "publish") { run in
        guard let publication = run.publication else { return }
        // The publication cleans up after itself from here on (or keeps what it could not put back).
        run.publication = nil
        run.progress?(.writing)
        run.result.written = try publication.finish()
    }
}
