import ArgumentParser
import SitegenExport
import SitegenKit

extension Sitegen {
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Say what sitegen understood of an export, and the [schema] that says the same.",
            discussion: """
            Prints the dialect and layout, each root node with its role and number of \
            entries (unknown ones are kept as data), each field with the spellings found and \
            how many records carry them, then a [schema] block to copy into sitegen.toml and \
            edit. Reads sitegen.toml's [schema] as audit and build do. Exit status: 0, or 2 \
            when the export cannot be read.
            """
        )

        @OptionGroup var configFile: ConfigOptions

        @Argument(help: "The export to inspect (default: `export` in sitegen.toml, else \(SiteConfig.Default.export)).")
        var export: String?

        @Option(help: "Read the export as this dialect instead of detecting it (makestagram or timeline).")
        var dialect: DialectOption?

        @Flag(help: "Print the tree sitegen reads (JSON) instead: for a Firestore export, its documents as the one tree of docs/firestore.md.")
        var tree = false

        func run() throws {
            let config = try configFile.load()
            let path = export ?? config.exportPath
            do {
                let loaded = try ExportLoader.load(path: path, dialect: dialect?.value, mapping: config.schema)
                printReadWarnings(loaded.firestore?.warnings ?? [])
                if tree {
                    try writeStandardOutput(loaded.document.bytes)
                    print()
                    return
                }
                let inspection = ExportInspection(loaded)
                if let firestore = loaded.firestore { print(firestore.summary(roles: inspection.roles), terminator: "") }
                print(inspection.text(), terminator: "")
            } catch {
                throw fail(error)
            }
        }
    }
}
