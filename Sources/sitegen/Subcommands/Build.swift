import ArgumentParser
import Foundation
import SitegenKit

extension Sitegen {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Audit an export and publish its profile site.",
            discussion: """
            Exit status: 0 published (findings of the audit are warnings), 2 the export \
            or a template could not be used, or the output could not be written; the \
            previous output is then left as it was.
            """
        )

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

        @Flag(help: "Render every page to memory and write nothing; print the rendering rate.")
        var dryRun = false

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

        func run() throws {
            let progress = Progress(steps: 4)
            let options = SiteOptions(title: title, baseURL: baseURL, pageSize: pageSize, tile: tileOption ?? .square, jobs: jobs)
            let request = Site.Request(export: export, output: output, templates: templates, options: options, dryRun: dryRun)
            let result: Site.Result
            do {
                result = try Site.build(request) { stage in
                    switch stage {
                    case .loading: progress.step("loading \(export)")
                    case .auditing: progress.step("auditing")
                    case let .rendering(done, total): progress.update("rendering \(done)/\(total) pages")
                    case .writing: progress.step("writing \(output)/")
                    }
                }
            } catch {
                progress.done()
                throw fail(error)
            }
            progress.done()
            if result.upToDate {
                printError("sitegen: \(output)/ is up to date (export, templates and options unchanged)")
                return
            }
            if let report = result.report, !report.findings.isEmpty {
                let count = report.findings.count
                let codes = report.summary.map { "\($0.code.rawValue) \($0.count)" }.joined(separator: ", ")
                printError("sitegen: warning: \(count) finding\(count == 1 ? "" : "s") in \(export) (\(codes)); pages show the repaired counts. See `sitegen audit \(export)`.")
            }
            for line in result.skipped.prefix(20) { printError("sitegen: skipped \(line)") }
            if result.skipped.count > 20 { printError("sitegen: skipped \(result.skipped.count - 20) more") }
            let rate = result.renderSeconds > 0 ? Int(Double(result.files) / result.renderSeconds) : 0
            if dryRun {
                printError("sitegen: rendered \(result.files) files in \(String(format: "%.3f", result.renderSeconds)) s (\(rate) files/s); nothing written (--dry-run)")
            } else {
                let w = result.written
                printError("sitegen: \(result.files) files in \(output)/: \(w.written) written, \(w.unchanged) unchanged, \(w.removed) removed")
            }
        }
    }
}
