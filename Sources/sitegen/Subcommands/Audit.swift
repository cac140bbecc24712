import ArgumentParser
import Glibc
import SitegenExport
import SitegenKit
import SitegenSample

extension Sitegen {
    struct Audit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Report every inconsistency of an export, and repair it with --fix.",
            discussion: """
            Exit status: 0 consistent, 1 findings (with --fix: findings that the repair \
            cannot fix remain), 2 the input could not be read or the repaired export could \
            not be written, 130 (SIGINT, Ctrl-C) or 143 (SIGTERM) interrupted. With --fix the \
            file written is either as it was or the whole repaired export, never a mix.
            """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, patch, firestore
        }

        @OptionGroup var configFile: ConfigOptions

        @Argument(help: "The export to audit (default: `export` in sitegen.toml, else \(SiteConfig.Default.export)).")
        var export: String?

        @Option(help: "Report format: text, json (findings), patch (a Firebase multi-path update), or firestore (Firestore documents:commit bodies, one per line).")
        var format: Format = .text

        @Option(help: "With --format firestore: the Firestore project the document names are in (default: the one the export names).")
        var project: String?

        @Option(help: "Read the export as this dialect instead of detecting it (makestagram or timeline; default: `[schema] dialect` in sitegen.toml).")
        var dialect: DialectOption?

        @Flag(help: "Write the repaired export (with --output FILE or --in-place).")
        var fix = false

        @Option(name: .shortAndLong, help: "Where --fix writes the repaired export.")
        var output: String?

        @Flag(help: "With --fix, replace the export itself, keeping the original as EXPORT.bak.")
        var inPlace = false

        @Flag(help: "Print the time and throughput of each stage on standard error.")
        var timings = false

        func validate() throws {
            if fix && output == nil && !inPlace {
                throw ValidationError("--fix needs --output FILE or --in-place.")
            }
            if output != nil && inPlace { throw ValidationError("--output and --in-place exclude each other.") }
            if !fix && (output != nil || inPlace) { throw ValidationError("--output and --in-place go with --fix.") }
            if project != nil && format != .firestore { throw ValidationError("--project goes with --format firestore.") }
            if fix && format == .firestore { throw ValidationError("--fix rewrites a Realtime Database export; --format firestore prints a Firestore export's repair as writes.") }
        }

        func run() throws {
            let config = try configFile.load()
            let export = self.export ?? config.exportPath
            if self.export == nil, let missing = NewSite.missingExport(export) { throw fail(missing) }
            // Writing the repaired export: a signal removes the temporary file and the backup.
            if fix { Interruption.install() }
            let target = inPlace ? export : output ?? export
            let targetExisted = access(target, F_OK) == 0
            let progress = Progress(steps: fix ? 3 : 2)
            let clock = StageClock(enabled: timings)
            let report: AuditReport
            do {
                // The text summary needs only counts and the first findings of the timeline's codes;
                // the other formats and the repair make the timeline's findings again as they write them.
                let detail: FindingDetail = format == .text && !fix ? .summarizeTimeline : .streamTimeline
                report = try SitegenExport.Audit.run(exportAt: export, dialect: dialect?.value, mapping: config.schema, detail: detail) { stage in
                    switch stage {
                    case .loading:
                        progress.step("loading \(export)")
                    case let .auditing(loaded):
                        clock.lap("load", bytes: loaded.byteCount)
                        printReadWarnings(loaded.firestore?.warnings ?? [])
                        for warning in loaded.schema.unusedMappings(in: loaded.document) {
                            printError("sitegen: warning: \(config.file ?? SiteConfig.fileName): \(warning)")
                        }
                        progress.step("auditing")
                    }
                }
                clock.lap("audit", bytes: report.export.byteCount)
                if report.export.firestore != nil && (fix || format == .patch) {
                    // A Firestore database is repaired by writes, not by a rewritten export.
                    let asked = fix ? "--fix" : "--format patch"
                    throw SitegenError(file: export, message: "a Firestore export is repaired by writes to the database, not by \(asked): print them with --format firestore (documents:commit bodies)")
                }
                if format == .firestore && report.export.firestore == nil {
                    throw SitegenError(file: export, message: "not a Firestore export: --format firestore is a Firestore database's repair; a Realtime Database export's is --format patch (or --fix)")
                }
            } catch var interrupted as Interrupted {
                progress.done()
                interrupted.outcome = RepairWriter.unchangedNote(target, existed: targetExisted)
                throw fail(interrupted)
            } catch {
                progress.done()
                throw fail(error)
            }
            var wrote: String?
            if fix {
                progress.step("writing the repaired export")
                do {
                    wrote = try RepairWriter.write(report, input: export, output: output, inPlace: inPlace)
                    clock.lap("write", bytes: report.export.byteCount)
                } catch {
                    progress.done()
                    throw fail(error)
                }
            }
            progress.done()
            if let wrote, let signal = Interruption.signal {
                // The signal came after the rename: the repaired export is complete.
                printError("sitegen: \(wrote)")
                throw fail(Interrupted(signal: signal, outcome: "the repaired export was already written"))
            }
            switch format {
            case .text: print(report.text(), terminator: "")
            case .json: try report.writeJSON(to: writeStandardOutput)
            case .patch: try report.writePatch(to: writeStandardOutput)
            case .firestore:
                do {
                    try FirestoreCommitWriter(report: report, project: project).write(to: writeStandardOutput)
                } catch let refusal as FirestoreCommitWriter.Refusal {
                    throw fail(SitegenError(file: export, message: refusal.description))
                }
            }
            if let wrote { printError("sitegen: \(wrote)") }
            clock.total(bytes: report.export.byteCount)
            let remaining = fix ? report.findingCount - report.repairableCount : report.findingCount
            // Exit here: tearing down a large export's structures would only cost time.
            flushStandardOutput()
            Glibc.exit(remaining > 0 ? 1 : 0)
        }
    }
}

/// `--dialect makestagram|timeline`.
struct DialectOption: ExpressibleByArgument {
    let value: Dialect
    init?(argument: String) {
        guard let d = Dialect(rawValue: argument) else { return nil }
        value = d
    }
    static var allValueStrings: [String] { Dialect.allCases.map(\.rawValue) }
}
