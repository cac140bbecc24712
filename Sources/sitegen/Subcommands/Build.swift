import ArgumentParser
import SitegenExport
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

        @Option(help: ArgumentHelp(
            "Render and encode only shard K of N (1 ≤ K ≤ N) into the output folder, for `sitegen merge`.",
            discussion: "Every shard reads the whole export; shard K takes a fixed, balanced slice of the users with their pages and photos. See docs/scale-out.md.",
            valueName: "K/N"))
        var shard: String?

        @Option(help: ArgumentHelp(
            "With --shard: the last published site (e.g. restored from a CI cache); pages and photos it holds unchanged are not rendered or encoded again, and `sitegen merge` takes them from its output, which must be that site.",
            valueName: "DIR"))
        var previous: String?

        func validate() throws {
            if let shard, Site.Shard(shard) == nil { throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, e.g. 2/4.") }
            if previous != nil && shard == nil { throw ValidationError("--previous is for a shard (--shard K/N); a build is incremental against its --output already.") }
        }

        @Flag(help: "Print the wall time of each step (prepare, load, fingerprint, audit, model, photos, render, publish) on standard error.")
        var timings = false

        @OptionGroup var testFaults: TestFaultOptions

        func run() throws {
            Interruption.install()
            var request = try site.request(dryRun: dryRun)
            request.shard = shard.flatMap(Site.Shard.init)
            request.previous = previous
            request.faults = testFaults.faults
            try site.build(request, timings: timings)
        }
    }
}
