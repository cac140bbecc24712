import ArgumentParser
import SitegenKit

extension Sitegen {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Audit an export and publish its profile site.",
            discussion: """
            Exit status: 0 published (findings of the audit are warnings), 2 the export \
            or a template could not be used, or the output could not be written; 130 \
            (SIGINT, Ctrl-C) or 143 (SIGTERM) interrupted. On failure or interruption the \
            previous output is left exactly as it was.
            """
        )

        @OptionGroup var site: BuildOptions

        @Flag(help: "Render every page to memory and write nothing; print the rendering rate.")
        var dryRun = false

        @Flag(help: "Print the wall time of each stage (setup, load, audit, render, write) on standard error.")
        var timings = false

        func run() throws {
            Interruption.install()
            try site.build(site.request(dryRun: dryRun), timings: timings)
        }
    }
}
