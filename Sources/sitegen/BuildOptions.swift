import ArgumentParser
import Foundation
import SitegenExport
import SitegenKit
import SitegenSample

/// The options `build` and `serve` share: what to publish, where, and how. Each one
/// left out comes from sitegen.toml (`--config`), else from its default.
struct BuildOptions: ParsableArguments {
    @OptionGroup var configFile: ConfigOptions

    @Argument(help: "The export to publish (default: `export` in sitegen.toml, else \(SiteConfig.Default.export)).")
    var export: String?

    @Option(name: .shortAndLong, help: "The output folder (default: \(SiteConfig.Default.output)).")
    var output: String?

    @Option(help: ArgumentHelp(
        "A folder of templates and assets/ laid over the built-in theme, file by file.",
        discussion: """
        Default: `templates` in sitegen.toml, else a Templates/ folder beside content/ or in \
        the working folder, else none: the theme compiled into sitegen. A file in the folder \
        replaces the built-in file of the same name; `sitegen theme list` shows where each \
        file comes from, `sitegen theme eject` writes the built-in theme out.
        """))
    var templates: String?

    @Option(help: "Absolute URL the site is served at, for canonical links, Open Graph, sitemap and feeds.")
    var baseURL: String?

    @Option(help: "Posts per grid page, at most \(SiteOptions.pageSizes.upperBound) (default: \(SiteConfig.Default.pageSize)).")
    var pageSize: Int?

    @Option(help: "Rows per page of the directory and the follower and following lists, at most \(SiteOptions.listSizes.upperBound) (default: \(SiteConfig.Default.listSize)).")
    var listSize: Int?

    @Option(help: "Tile shape: 1:1 (square, the default) or 3:4 (portrait).")
    var tile: String?

    @Option(help: ArgumentHelp(
        "The site's language, a BCP 47 tag: en, pt-BR, es, fr, de, it, tr, ru, ar, ja, or one the templates folder adds (default: en).",
        discussion: "Every word of the theme comes from its strings/<language>.toml; dates and numbers are written as the locale writes them."))
    var language: String?

    @Option(help: "Threads that render pages (default: all cores).")
    var jobs: Int = 0

    @Option(help: ArgumentHelp(
        "A folder that keeps every encoded photo and video copy between builds (made if missing).",
        discussion: "A photo found there is not encoded again, even when the output starts empty (a fresh checkout in CI, another --output, a shard): keep the folder (a CI cache) to build in seconds what took minutes. It changes how long a build takes, never what it publishes; delete it to start over (docs/site.md).",
        valueName: "DIR"))
    var photoCache: String?

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Switch an existing output over whole (default: `atomic_switch` in sitegen.toml, else on).",
        discussion: "A reader, a kill or a power cut then sees the old site or the new one, never a mix; the site before it stays beside the output as its spare (.NAME.sitegen-spare, mostly hard links), so a rebuild links only what changed, after reading both trees' folders (docs/robustness.md). With --no-atomic-switch, changed files are moved in one by one, all or nothing, and no spare is kept."))
    var atomicSwitch: Bool?

    @Flag(help: ArgumentHelp(
        "Publish even when the new site drops all the profiles the output holds, or more than a tenth of them and more than ten.",
        discussion: "Without it, such a build stops before anything is written (exit 2) and says how many profiles it would drop: an export cut short or read as nearly empty must not empty a published site (docs/robustness.md)."))
    var allowShrink = false

    @Option(help: "The site's title (default: \(SiteConfig.Default.title), in the site's language).")
    var title: String?

    func validate() throws {
        if let pageSize, !SiteOptions.pageSizes.contains(pageSize) {
            throw ValidationError("--page-size must be from \(SiteOptions.pageSizes.lowerBound) to \(SiteOptions.pageSizes.upperBound).")
        }
        if let listSize, !SiteOptions.listSizes.contains(listSize) {
            throw ValidationError("--list-size must be from \(SiteOptions.listSizes.lowerBound) to \(SiteOptions.listSizes.upperBound).")
        }
        if jobs < 0 { throw ValidationError("--jobs must be 0 (all cores) or more.") }
        if let tile, SiteOptions.Tile(spelling: tile) == nil { throw ValidationError("--tile must be 1:1 or 3:4.") }
        if let language, !Strings.isLanguageTag(language) { throw ValidationError("--language must be a BCP 47 language tag, such as pt-BR or ar.") }
        if let baseURL, !SiteOptions.isValidBaseURL(baseURL) {
            throw ValidationError("--base-url must be an absolute http(s) URL.")
        }
    }

    /// The build the flags and the config file ask for (flags first).
    func request(dryRun: Bool = false, baseURL override: String? = nil) throws -> Site.Request {
        let config = try configFile.load()
        var options = SiteOptions(
            title: title ?? config.title ?? SiteConfig.Default.title,
            baseURL: baseURL ?? config.baseURL ?? override,
            pageSize: pageSize ?? config.pageSize ?? SiteConfig.Default.pageSize,
            tile: tile.flatMap(SiteOptions.Tile.init(spelling:)) ?? config.tile ?? SiteConfig.Default.tile,
            listSize: listSize ?? config.listSize ?? SiteConfig.Default.listSize)
        options.language = language ?? config.language ?? SiteConfig.Default.language
        // A site folder without its export yet: what to do, not "cannot open".
        if export == nil, let missing = NewSite.missingExport(config.exportPath) { throw fail(missing) }
        var request = Site.Request(
            export: export ?? config.exportPath,
            output: output ?? config.outputPath,
            templates: templates ?? config.templates,
            mapping: config.schema,
            exclude: config.exclude, hotlinkPhotos: config.hotlinkPhotos ?? false, options: options, jobs: jobs, dryRun: dryRun)
        request.atomicSwitch = atomicSwitch ?? config.atomicSwitch ?? true
        request.allowShrink = allowShrink
        request.photoCache = photoCache
        return request
    }

    /// The progress callback of a build or a merge: the `[i/n] step` line, and `--timings`'
    /// stages, both by the step's name.
    static func reporting(to progress: Progress, clock: StageTimes?, export: String, output: String) -> @Sendable (Site.Stage) -> Void {
        { stage in
            switch stage {
            case let .step(step, index, count):
                clock?.begin(step.rawValue)
                let what: String
                switch step {
                case .load: what = "loading \(export)"
                case .publish: what = "publishing \(output)/"
                default: what = step.rawValue
                }
                progress.step(index, of: count, what)
            case let .progress(step, done, total):
                progress.update("\(step.rawValue) \(done)/\(total)")
            }
        }
    }

    /// Builds the site with a progress line on a terminal, then reports on stderr:
    /// the audit's findings as one warning, skipped users, what was written, and (unless
    /// `preview`: serve has its own base) a note when there is no base URL to publish with.
    func build(_ request: Site.Request, preview: Bool = false, timings: Bool = false) throws {
        let progress = Progress(steps: 1)
        let clock = StageTimes(enabled: timings)
        let result: Site.Result
        do {
            result = try Site.build(request, progress: Self.reporting(to: progress, clock: clock, export: request.export, output: request.output))
        } catch {
            progress.done()
            throw fail(error)
        }
        progress.done()
        clock.end()
        printReadWarnings(result.readWarnings)
        for warning in result.unusedMappings { printError("sitegen: warning: \(configFile.config ?? SiteConfig.fileName): \(warning)") }
        if result.upToDate {
            printError("sitegen: \(request.output)/ is up to date (export, templates and options unchanged)")
            if let signal = Interruption.signal {
                throw fail(Interrupted(signal: signal, outcome: "nothing was written; \(request.output)/ is as it was"))
            }
            return
        }
        if let report = result.report, report.findingCount > 0 {
            let count = report.findingCount
            let codes = report.summary.map { "\($0.code.rawValue) \($0.count)" }.joined(separator: ", ")
            printError("sitegen: warning: \(count) finding\(count == 1 ? "" : "s") in \(request.export) (\(codes)); pages show the repaired counts. See `sitegen audit \(request.export)`.")
        }
        for line in result.photos.warnings.prefix(20) { printError("sitegen: warning: \(line)") }
        if result.photos.warnings.count > 20 { printError("sitegen: warning: \(result.photos.warnings.count - 20) more photos cannot be used; their tiles are placeholders") }
        let photos = result.photos
        let count = photos.encoded + photos.reused + photos.cached
        if count > 0 {
            let rate = photos.seconds > 0 ? Double(count) / photos.seconds : 0
            let shared = photos.duplicates > 0 ? " (and \(photos.duplicates) posts showing one of them)" : ""
            let avatars = photos.avatars > 0 ? " (\(photos.avatars) of them avatar\(photos.avatars == 1 ? "" : "s"))" : ""
            let cached = photos.cached > 0 ? ", \(photos.cached) from the photo cache" : ""
            printError("sitegen: \(count) photo\(count == 1 ? "" : "s")\(avatars)\(shared): \(photos.encoded) encoded, \(photos.reused) unchanged\(cached), in \(String(format: "%.3f", photos.seconds)) s (\(String(format: "%.1f", rate)) photos/s)")
        }
        let videos = photos.videos + photos.videosReused + photos.videosCached
        if videos > 0 {
            let cached = photos.videosCached > 0 ? ", \(photos.videosCached) from the photo cache" : ""
            printError("sitegen: \(videos) local video\(videos == 1 ? "" : "s"): \(photos.videos) copied without metadata, \(photos.videosReused) unchanged\(cached)")
        }
        for line in result.skipped.prefix(20) { printError("sitegen: skipped \(line)") }
        if result.skipped.count > 20 { printError("sitegen: skipped \(result.skipped.count - 20) more") }
        let rate = result.renderSeconds > 0 ? Int(Double(result.files) / result.renderSeconds) : 0
        if request.dryRun {
            printError("sitegen: rendered \(result.files) files in \(String(format: "%.3f", result.renderSeconds)) s (\(rate) files/s); nothing written (--dry-run)")
        } else {
            let w = result.written
            printError("sitegen: \(result.files) files in \(request.output)/: \(w.written) written, \(w.unchanged) unchanged, \(w.removed) removed")
        }
        // A signal after the new manifest was in place: the new site is complete; say so
        // and still stop with the signal's status.
        if let signal = Interruption.signal {
            let outcome = request.dryRun ? "nothing was written (--dry-run)" : "the new site was already published in \(request.output)/"
            throw fail(Interrupted(signal: signal, outcome: outcome))
        }
        if request.options.baseURL == nil && !preview && !request.dryRun {
            printError("sitegen: note: without --base-url there is no sitemap.xml, the feeds hold relative URLs and pages have no canonical link nor Open Graph image; give --base-url https://your.site/ to publish")
        }
    }
}
