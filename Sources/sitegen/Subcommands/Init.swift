import ArgumentParser
import SitegenKit

extension Sitegen {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new site folder: sitegen.toml, content/, .gitignore and firebase.json.",
            discussion: """
            Writes sitegen.toml (every option, commented, at its default), content/README.md \
            (how to get the export and where a copy of the Storage bucket goes), a .gitignore \
            for public/ and a firebase.json for Firebase Hosting. It refuses, writing nothing, \
            when any of these files exists. Exit status: 0 made, 2 refused or not writable.
            """
        )

        @Argument(help: "The folder to make (default: the working folder).")
        var folder: String = "."

        func run() throws {
            let written: [String]
            do {
                written = try NewSite.create(in: folder)
            } catch {
                throw fail(error)
            }
            for path in written { print("created \(path)") }
            let cd = folder == "." ? "" : "cd \(folder) && "
            print("""

            Next: put the app's export in \(folder == "." ? "" : folder + "/")content/export.json (see content/README.md),
            then run `\(cd)sitegen build` and open public/index.html, or `sitegen serve`.
            """)
        }
    }
}
