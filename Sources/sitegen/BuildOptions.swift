import ArgumentParser
import Foundation
import SitegenKit

/// The options `build` and `serve` share: what to publish, where, and how.
struct BuildOptions: ParsableArguments {
    @Argument(help: "The export to publish.")
    var export: String = "content/export.json"

    @Option(name: .shortAndLong, help: "The output folder.")
    var output: String = "public"

    @Option(help: "Templates folder (default: Templates/ beside content/, or the built-in ones).")
    var templates: String?

    @Option(help: "Absolute URL the site is served at, for canonical links, Open Graph, sitemap and feeds.")
    var baseURL: String?

    @Option(help: "Posts per grid page.")
    var pageSize: Int = 60

    @Option(help: "Tile shape: 1:1 (square) or 3:4 (portrait).")
    var tile: String = "1:1"

    @Option(help: "Threads that render pages (default: all cores).")
    var jobs: Int = 0

    @Option(help: "The site's title.")
    var title: String = "Profiles"

    func validate() throws {
        if pageSize < 1 { throw ValidationError("--page-size must be at least 1.") }
        if jobs < 0 { throw ValidationError("--jobs must be 0 (all cores) or more.") }
        if tileOption == nil { throw ValidationError("--tile must be 1:1 or 3:4.") }
        if let baseURL, !(baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://")) || URL(string: baseURL) == nil {
            throw ValidationError("--base-url must be an absolute http(s) URL.")
        }
    }

    var tileOption: SiteOptions.Tile? {
        switch tile {
        case "1:1", "1-1": return .square
        case "3:4", "3-4": return .portrait
        default: return nil
        }
    }

    func request(dryRun: Bool = false, baseURL override: String? = nil) -> Site.Request {
        let options = SiteOptions(title: title, baseURL: baseURL ?? override, pageSize: pageSize, tile: tileOption ?? .square, jobs: jobs)
        return Site.Request(export: export, output: output, templates: templates, options: options, dryRun: dryRun)
    }

    /// Builds the site with a progress line on a terminal, then reports on stderr:
    /// the audit's findings as one warning, skipped users, what was written, and (unless
    /// `preview`: serve has its own base) a note when there is no base URL to publish with.
    func build(_ request: Site.Request, preview: Bool = false, timings: Bool = false) throws {
        let progress = Progress(steps: 4)
        let clock = StageTimes(enabled: timings)
        let result: Site.Result
        do {
            result = try Site.build(request) { stage in
                switch stage {
                case .loading: clock.begin("load"); progress.step("loading \(request.export)")
                case .auditing: clock.begin("audit"); progress.step("auditing")
                case let .rendering(done, total):
                    clock.begin("render")
                    progress.update("rendering \(done)/\(total) pages")
                case .writing: clock.begin("write"); progress.step("writing \(request.output)/")
                }
            }
        } catch {
            progress.done()
            throw fail(error)
        }
        progress.done()
        clock.end()
        if result.upToDate {
            printError("sitegen: \(request.output)/ is up to date (export, templates and options unchanged)")
            if let signal = Interruption.signal {
                throw fail(Interrupted(signal: signal, outcome: "nothing was written; \(request.output)/ is as it was"))
            }
            return
        }
        if let report = result.report, !report.findings.isEmpty {
            let count = report.findings.count
            let codes = report.summary.map { "\($0.code.rawValue) \($0.count)" }.joined(separator: ", ")
            printError("sitegen: warning: \(count) finding\(count == 1 ? "" : "s") in \(request.export) (\(codes)); pages show the repaired counts. See `sitegen audit \(request.export)`.")
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
            printError("sitegen: note: without --base-url, sitemap.xml and the feeds hold relative URLs and pages have no canonical or Open Graph tags; give --base-url https://your.site/ to publish")
        }
    }
}
