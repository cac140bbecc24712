import ArgumentParser
import SitegenExport
import SitegenKit

extension Sitegen {
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish the shard folders of `sitegen build --shard K/N` as one site.",
            discussion: """
            The folders must be the N shards of one build: one export, one set of templates \
            and options (each shard records them; merge reads the export and templates at the \
            paths the shards used, so run it from the same folder). The result is the site \
            one `sitegen build` makes, byte for byte, manifest included, published all or \
            nothing. Exit status: 0 published, 2 a shard is missing, duplicated or foreign, \
            or the output could not be written (the previous output is left as it was); \
            130/143 interrupted. See docs/scale-out.md.
            """
        )

        @Argument(help: "The shard folders (any order).")
        var shards: [String]

        @Option(name: .shortAndLong, help: "The output folder (default: \(SiteConfig.Default.output)).")
        var output: String = SiteConfig.Default.output

        @Option(help: "Threads that render pages (default: all cores).")
        var jobs: Int = 0

        @Flag(inversion: .prefixedNo, help: "Switch an existing output over whole, as `sitegen build` does (the default).")
        var atomicSwitch = true

        @Flag(help: "Publish even when the merged site drops all the output's profiles, or more than a tenth and more than ten, as `sitegen build --allow-shrink`.")
        var allowShrink = false

        @Flag(help: "Print the wall time of each step on standard error.")
        var timings = false

        @OptionGroup var testFaults: TestFaultOptions

        func validate() throws {
            if shards.isEmpty { throw ValidationError("give the shard folders to merge.") }
            if jobs < 0 { throw ValidationError("--jobs must be 0 (all cores) or more.") }
        }

        func run() throws {
            Interruption.install()
            let progress = Progress(steps: 1)
            let clock = StageTimes(enabled: timings)
            let result: Site.Result
            do {
                result = try Site.merge(shards: shards, output: output, jobs: jobs, atomicSwitch: atomicSwitch,
                                        allowShrink: allowShrink, faults: testFaults.faults,
                                        progress: BuildOptions.reporting(to: progress, clock: clock, export: "the export", output: output))
            } catch {
                progress.done()
                throw fail(error)
            }
            progress.done()
            clock.end()
            if result.upToDate {
                printError("sitegen: \(output)/ is up to date (the shards' export, templates and options unchanged)")
                return
            }
            let w = result.written
            printError("sitegen: merged \(shards.count) shards: \(result.files) files in \(output)/: \(w.written) written, \(w.unchanged) unchanged, \(w.removed) removed; \(result.shardFilesRead) shard files read (changed since their manifest), the others linked on its word")
            if let signal = Interruption.signal {
                throw fail(Interrupted(signal: signal, outcome: "the merged site was already published in \(output)/"))
            }
        }
    }
}
