import ArgumentParser
import SitegenKit

extension Sitegen {
    struct ThemeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "theme",
            abstract: "Show where the site's templates come from, or write the built-in theme out to edit.",
            discussion: """
            sitegen carries its theme (templates and assets) inside the binary. A templates \
            folder (--templates, `templates` in sitegen.toml, or Templates/ beside content/) \
            is laid over it file by file: a file there replaces the built-in file of the same \
            name, and every other file stays built in.
            """,
            subcommands: [List.self, Eject.self],
            defaultSubcommand: List.self
        )

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "List the theme's files and where each one comes from.")

            @OptionGroup var site: BuildOptions

            func run() throws {
                let request = try site.request()
                let theme: SitegenKit.Theme
                do {
                    theme = try Site.templatesFolder(request).map { try SitegenKit.Theme.builtin.overlaid(with: $0) } ?? .builtin
                } catch {
                    throw fail(error)
                }
                let width = theme.files.map(\.path.count).max() ?? 0
                for file in theme.files {
                    let padded = file.path.padding(toLength: width, withPad: " ", startingAt: 0)
                    print("\(padded)  \(file.source ?? "built-in")")
                }
            }
        }

        struct Eject: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Write the built-in theme into a folder, to start editing from.",
                discussion: """
                Writes every built-in template and asset into FOLDER. It refuses, writing \
                nothing, when any of those files exists there. Keep only the files you change: \
                the others stay built in, and a newer sitegen's fixes reach them.
                """
            )

            @Argument(help: "The folder to write (default: Templates, which sitegen build finds beside content/).")
            var folder: String = "Templates"

            func run() throws {
                do {
                    let written = try SitegenKit.Theme.builtin.write(to: folder)
                    print("wrote \(written.count) files into \(folder)/")
                } catch {
                    throw fail(error)
                }
            }
        }
    }
}
