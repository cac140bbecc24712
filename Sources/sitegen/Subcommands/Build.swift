import ArgumentParser
import SitegenKit

extension Sitegen {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Audit an export and publish its profile site."
        )

        @Argument(help: "The export to publish.")
        var export: String = "content/export.json"

        @Option(name: .shortAndLong, help: "The output folder.")
        var output: String = "public"

        func run() throws {
            let progress = Progress(steps: 2)
            let report: AuditReport
            do {
                progress.step("loading \(export)")
                let loaded = try ExportLoader.load(path: export)
                progress.step("auditing")
                report = Validator.audit(loaded)
            } catch {
                progress.done()
                throw fail(error)
            }
            progress.done()
            let count = report.findings.count
            if count > 0 {
                let codes = report.summary.map { "\($0.code.rawValue) \($0.count)" }.joined(separator: ", ")
                printError("sitegen: warning: \(count) finding\(count == 1 ? "" : "s") in \(export) (\(codes)); pages show the repaired counts. See `sitegen audit \(export)`.")
            }
            let users = report.index.users.count, posts = report.index.posts.count
            printError("sitegen: audited \(users) users and \(posts) posts; rendering to \(output)/ is not implemented yet, nothing was written.")
        }
    }
}
