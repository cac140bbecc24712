import ArgumentParser
import SitegenExport
import SitegenKit
import SitegenSample

extension Sitegen {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new site folder: sitegen.toml, content/, .gitignore and firebase.json.",
            discussion: """
            Writes sitegen.toml (every option, commented, at its default), content/README.md \
            (how to get the export and where a copy of the Storage bucket goes), a .gitignore \
            for public/ and a firebase.json for Firebase Hosting. With --sample, also a sample \
            export (content/export.json) and its photos (content/storage/), so that `sitegen build` \
            there publishes a site with photos at once. It refuses, writing nothing, when any of \
            these files exists. Exit status: 0 made, 2 refused or not writable.
            """
        )

        @Argument(help: "The folder to make (default: the working folder).")
        var folder: String = "."

        @Flag(help: "Add a sample export and its photos (36 users, 166 posts, 8 albums, a video where FFmpeg is installed) to build at once.")
        var sample = false

        func run() throws {
            let written: [String]
            let video = sample && NewSite.sampleVideo
            do {
                written = try NewSite.create(in: folder, sample: sample, video: video)
            } catch {
                throw fail(error)
            }
            // The photos are many: one line for their folder.
            let storage = folder + "/" + StorageFolder.path(beside: SiteConfig.Default.export) + "/"
            let stored = written.filter { $0.hasPrefix(storage) }
            let videos = stored.filter { MediaItem.isVideoFile($0) }.count
            for path in written where !path.hasPrefix(storage) { print("created \(path)") }
            if !stored.isEmpty {
                print("created \(storage) (\(stored.count - videos) photos\(videos == 0 ? "" : videos == 1 ? ", 1 video" : ", \(videos) videos"))")
            }
            if sample && !video { print(NewSite.noVideoNote) }
            let cd = folder == "." ? "" : "cd \(folder) && "
            if sample {
                print("""

                Next: run `\(cd)sitegen build` and open public/index.html, or `sitegen serve`.
                Your own app's export replaces content/export.json (see content/README.md).
                """)
            } else {
                print("""

                Next: put the app's export in \(folder == "." ? "" : folder + "/")content/export.json (see content/README.md),
                then run `\(cd)sitegen build` and open public/index.html, or `sitegen serve`.
                """)
            }
        }
    }
}
