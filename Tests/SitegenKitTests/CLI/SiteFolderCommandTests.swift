import Foundation
@testable import SitegenExport
@testable import SitegenKit
@testable import SitegenSample
import SitegenTestSupport
import Testing

/// `sitegen init`, `build` and `theme` as a user runs them: in a folder of their own,
/// outside the checkout, with the theme inside the binary.
@Suite struct SiteFolderCommandTests {
    /// A new site folder outside the checkout, as `sitegen init --sample` makes it: `sitegen
    /// init` and the checkout's sample export and its photos, which are what `--sample`
    /// writes (`SampleSiteTests`; only `initSampleBuildsASiteWithEveryPhoto` runs
    /// `init --sample`). `photos: false` leaves out `content/storage/`, for the tests of what
    /// is not about photos: the photos then stay on Storage, and a build encodes none (each
    /// build of the sample's 198 took some 18 s of CPU).
    func newSite(photos: Bool = true) throws -> String {
        let folder = try TestSupport.temporaryFolder() + "/mysite"
        let made = try TestSupport.sitegen(["init", folder])
        #expect(made.status == 0, "\(made.stderr)")
        try? FileManager.default.removeItem(atPath: folder + "/content/export.json")
        try? FileManager.default.removeItem(atPath: folder + "/content/storage")
        try FileManager.default.copyItem(atPath: SiteTest.sampleExport, toPath: folder + "/content/export.json")
        if photos {
            try FileManager.default.copyItem(atPath: TestSupport.packageRoot + "/content/storage", toPath: folder + "/content/storage")
        }
        return folder
    }

    /// `init --sample demo && cd demo && sitegen build`: every post's photo and every
    /// album item's is published from content/storage/ (no tile or post page is a
    /// placeholder, nothing links to Storage), the photo stored on its side is published
    /// upright, and (FFmpeg being installed, as scripts/setup does) the video post has a
    /// `<video>` of the local copy, its poster taken from the file; without FFmpeg `init`
    /// says in one line that the sample has no video.
    @Test func initSampleBuildsASiteWithEveryPhoto() throws {
        let parent = try TestSupport.temporaryFolder()
        let made = try TestSupport.sitegen(["init", "--sample", "demo"], in: parent)
        #expect(made.status == 0, "\(made.stderr)")
        let video = NewSite.sampleVideo
        #expect(made.stdout == """
            created demo/sitegen.toml
            created demo/content/README.md
            created demo/.gitignore
            created demo/firebase.json
            created demo/content/export.json
            created demo/content/storage/ (198 photos\(video ? ", 1 video" : ""))
            \(video ? "" : NewSite.noVideoNote + "\n")
            Next: run `cd demo && sitegen build` and open public/index.html, or `sitegen serve`.
            Your own app's export replaces content/export.json (see content/README.md).

            """)
        let folder = parent + "/demo"
        let run = try TestSupport.sitegen(["build"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        // 165 posts' photos and 20 more albums' photos, 12 avatars and the video's poster
        // (without FFmpeg, the video post's still instead).
        #expect(run.stderr.contains("sitegen: 198 photos (12 of them avatars): 198 encoded, 0 unchanged"), "\(run.stderr)")
        #expect(run.stderr.contains("sitegen: 1 local video: 1 copied without metadata") == video, "\(run.stderr)")
        let out = folder + "/public"
        let files = SiteTest.files(out)
        let photoKeys = Set(files.filter { $0.hasPrefix("assets/img/") }.map { $0.dropFirst("assets/img/".count).prefix(32) })
        #expect(photoKeys.count == 198, "one published photo for each post and album item, and 12 avatars")
        #expect(files.filter { $0.hasPrefix("assets/video/") }.count == (video ? 1 : 0))
        let posts = files.filter { $0.hasPrefix("p/") && $0.hasSuffix("/index.html") }
        #expect(posts.count == 166)
        let videoPage = SiteTest.text(out, "p/\(SampleVideo.post)/index.html")
        #expect(videoPage.contains("<video controls playsinline preload=\"none\" poster=\"../../assets/img/") == video)
        #expect(videoPage.contains("src=\"../../assets/video/") == video)
        for page in files where page.hasSuffix(".html") {
            let html = SiteTest.text(out, page)
            #expect(!html.contains("photo-missing"), "\(page) has a placeholder")
            #expect(!html.contains("firebasestorage"), "\(page) links to Storage")
        }
        #expect(posts.allSatisfy { SiteTest.text(out, $0).contains("<picture><source type=\"image/webp\"") })

        // The photo stored 1365x1200 with Orientation 6 is published 1200x1365, without EXIF.
        let turned = try #require(SiteTest.contents(folder + "/content/storage").first {
            TestSupport.jpegHeader($0.value)?.orientation == 6
        })
        let key = String(turned.key.split(separator: "/").last!.dropLast(".jpg".count))
        let page = SiteTest.text(out, "p/\(key)/index.html")
        let src = try #require(page.firstMatch(of: /<img src="[.\/]*(assets\/img\/[^"]+\.jpg)" width=/)?.1)
        let published = try #require(TestSupport.jpegHeader(SiteTest.bytes(out, String(src))))
        #expect(published.width == 1200 && published.height == 1365 && published.orientation == 1, "\(published)")
    }

    /// A site folder without its export: one line saying what to do, status 2, for
    /// build, audit and serve; an export named on the command line is still "cannot open".
    @Test func noExportYetSaysWhatToDo() throws {
        let parent = try TestSupport.temporaryFolder()
        #expect(try TestSupport.sitegen(["init", "mysite"], in: parent).status == 0)
        let folder = parent + "/mysite"
        let expected = "sitegen: content/export.json: no export yet: save the app's Firebase export here "
            + "(content/README.md tells how), or try `sitegen init --sample demo` for a sample site with photos\n"
        for command in [["build"], ["audit"], ["serve", "--port", "0"]] {
            let run = try TestSupport.sitegen(command, in: folder)
            #expect(run.status == 2, "\(command)")
            #expect(run.stderr == expected, "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/public"))
        try FileManager.default.removeItem(atPath: folder + "/content/README.md")
        let bare = try TestSupport.sitegen(["build"], in: folder)
        #expect(bare.stderr == "sitegen: content/export.json: no export yet: save the app's Firebase export here, "
            + "or try `sitegen init --sample demo` for a sample site with photos\n")
        let named = try TestSupport.sitegen(["build", "content/export.json"], in: folder)
        #expect(named.status == 2)
        #expect(named.stderr == "sitegen: content/export.json: cannot open: No such file or directory\n")
    }

    @Test func initMakesTheFolderAndRefusesToOverwrite() throws {
        let parent = try TestSupport.temporaryFolder()
        let made = try TestSupport.sitegen(["init", "mysite"], in: parent)
        #expect(made.status == 0)
        #expect(made.stdout.hasPrefix("created mysite/sitegen.toml\ncreated mysite/content/README.md\ncreated mysite/.gitignore\ncreated mysite/firebase.json\n"))
        let folder = parent + "/mysite"
        #expect(SiteTest.text(folder, "sitegen.toml") == NewSite.config)
        #expect(SiteTest.text(folder, ".gitignore").contains("/public/"))
        let hosting = try JSONSerialization.jsonObject(with: Data(SiteTest.text(folder, "firebase.json").utf8)) as? [String: Any]
        #expect((hosting?["hosting"] as? [String: Any])?["public"] as? String == "public")

        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: folder + "/.gitignore"))
        let before = SiteTest.contents(folder)
        try FileManager.default.removeItem(atPath: folder + "/firebase.json")
        let again = try TestSupport.sitegen(["init", "mysite"], in: parent)
        #expect(again.status == 2)
        #expect(again.stderr == "sitegen: mysite/sitegen.toml: exists already; sitegen init changes nothing in a folder that has it\n")
        #expect(SiteTest.contents(folder).count == before.count - 1, "nothing written, firebase.json not made again")
        #expect(SiteTest.text(folder, ".gitignore") == "mine\n")
    }

    /// Built from its own folder with the built-in theme, the site is the one the
    /// checkout's Templates/ give.
    @Test func buildOutsideTheCheckoutUsesTheBuiltinTheme() throws {
        let folder = try newSite()
        let run = try TestSupport.sitegen(["build", "--photo-cache", SiteTest.samplePhotoCache], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let (reference, _) = try SiteTest.build(SiteTest.sampleExport)
        let built = SiteTest.contents(folder + "/public").filter { $0.key != ".sitegen-manifest" }
        #expect(built.count > 100)
        #expect(built == SiteTest.contents(reference).filter { $0.key != ".sitegen-manifest" })

        let list = try TestSupport.sitegen(["theme"], in: folder)
        #expect(list.status == 0)
        #expect(list.stdout.split(separator: "\n").count == Theme.builtin.files.count)
        #expect(list.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix("  built-in") })
    }

    @Test func oneOverriddenTemplateKeepsTheRestBuiltIn() throws {
        let folder = try newSite(photos: false)
        try FileManager.default.createDirectory(atPath: folder + "/Templates", withIntermediateDirectories: true)
        let tile = SiteTest.text(SiteTest.templates, "_tile.mustache")
        try Data((tile + "<!-- my tile -->\n").utf8).write(to: URL(fileURLWithPath: folder + "/Templates/_tile.mustache"))
        let run = try TestSupport.sitegen(["build"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let profile = SiteTest.text(folder + "/public", "u/chase/index.html")
        #expect(profile.contains("<!-- my tile -->"))
        #expect(SiteTest.text(folder + "/public", "assets/site.css") == SiteTest.text(SiteTest.templates, "assets/site.css"))

        let list = try TestSupport.sitegen(["theme", "list"], in: folder)
        let rows = list.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows.contains("_tile.mustache Templates/_tile.mustache"), "\(list.stdout)")
        #expect(rows.contains("layout.mustache built-in"))
        #expect(rows.filter { $0.hasSuffix(" built-in") }.count == Theme.builtin.files.count - 1)

        let eject = try TestSupport.sitegen(["theme", "eject"], in: folder)
        #expect(eject.status == 2)
        #expect(eject.stderr == "sitegen: Templates/_tile.mustache: exists already; nothing was written (remove it, or choose another folder)\n")
        let ejected = try TestSupport.sitegen(["theme", "eject", "theme"], in: folder)
        #expect(ejected.status == 0)
        #expect(ejected.stdout == "wrote \(Theme.builtin.files.count) files into theme/\n")
    }

    @Test func configFileAndFlags() throws {
        let folder = try newSite(photos: false)
        try Data("title = \"Our friends\"\noutput = \"www\"\npage_size = 2\nlist_size = 3\n".utf8).write(to: URL(fileURLWithPath: folder + "/sitegen.toml"))
        let run = try TestSupport.sitegen(["build"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(SiteTest.text(folder + "/www", "index.html").contains("<title>Our friends</title>") || SiteTest.text(folder + "/www", "index.html").contains("· Our friends</title>"))
        #expect(SiteTest.files(folder + "/www").contains { $0.hasSuffix("/page/2/index.html") }, "page_size from the file")
        #expect(SiteTest.files(folder + "/www").contains { $0.hasSuffix("/followers/page/2/index.html") }, "list_size from the file")
        let tooLong = try TestSupport.sitegen(["build", "--list-size", "501"], in: folder)
        #expect(tooLong.status == 64)
        #expect(tooLong.stderr.hasPrefix("Error: --list-size must be from 1 to 500.\n"), "\(tooLong.stderr)")

        let flags = try TestSupport.sitegen(["build", "--title", "Flag title", "--output", "other"], in: folder)
        #expect(flags.status == 0)
        #expect(SiteTest.text(folder + "/other", "index.html").contains("Flag title</title>"))

        // A config given by path reads its paths relative to its own folder.
        let parent = PathNames.parent(folder)
        let byPath = try TestSupport.sitegen(["build", "--config", "mysite/sitegen.toml"], in: parent)
        #expect(byPath.status == 0, "\(byPath.stderr)")
        #expect(byPath.stderr == "sitegen: mysite/www/ is up to date (export, templates and options unchanged)\n", "the site of the config's folder")

        try Data("title = \"x\"\npage_size = \"2\"\n".utf8).write(to: URL(fileURLWithPath: folder + "/sitegen.toml"))
        try FileManager.default.removeItem(atPath: folder + "/www")
        for command in [["build"], ["audit"], ["serve", "--port", "0"]] {
            let bad = try TestSupport.sitegen(command, in: folder)
            #expect(bad.status == 2)
            #expect(bad.stderr == "sitegen: sitegen.toml:2: page_size must be an integer, not a string\n", "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/www"), "nothing built")
    }

    /// `serve --watch` rebuilds when sitegen.toml changes, with the file's new settings; a
    /// config with an error keeps the site as it was and says why.
    @Test func serveWatchReadsTheConfigAgain() throws {
        let folder = try newSite(photos: false)
        let (out, err) = (folder + "/serve.out", folder + "/serve.err")
        #expect(FileManager.default.createFile(atPath: out, contents: nil))
        #expect(FileManager.default.createFile(atPath: err, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestSupport.binary)
        process.arguments = ["serve", "--watch", "--port", "0"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.merging(["CI": "true"]) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        /// A file the server may be replacing, read with FileHandle: FileManager's
        /// `contents(atPath:)` leaks its buffer (LeakSanitizer) when the file changes under it.
        func current(_ path: String) -> String {
            guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
            defer { try? handle.close() }
            return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
        }
        func waitFor(_ what: String, _ condition: () -> Bool) throws {
            let deadline = Date().addingTimeInterval(60)
            while !condition() {
                guard Date() < deadline, process.isRunning else { throw SitegenError(file: folder, message: "timed out waiting for \(what)") }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        try waitFor("the server") { current(out).contains("sitegen: serving") }
        #expect(SiteTest.text(folder + "/public", "index.html").contains("Profiles</title>"))
        try Data("title = \"Watched\"\n".utf8).write(to: URL(fileURLWithPath: folder + "/sitegen.toml"))
        try waitFor("the rebuild") { current(folder + "/public/index.html").contains("Watched</title>") }
        try Data("title = 3\n".utf8).write(to: URL(fileURLWithPath: folder + "/sitegen.toml"))
        try waitFor("the error") { current(err).contains("sitegen: sitegen.toml:1: title must be a string, not an integer\n") }
        #expect(SiteTest.text(folder + "/public", "index.html").contains("Watched</title>"), "the site as it was")
    }

    /// A `[schema]` mapping of a node the export lacks is a warning, on every build.
    @Test func unusedMappingsAreWarnedOnEveryBuild() throws {
        let folder = try newSite(photos: false)
        try Data("[schema.nodes]\npostLikes = \"likes_by_post\"\n".utf8).write(to: URL(fileURLWithPath: folder + "/sitegen.toml"))
        let warning = "sitegen: warning: sitegen.toml: [schema.nodes] postLikes = \"likes_by_post\": the export has no root node \"likes_by_post\"\n"
        for _ in 1...2 {
            let run = try TestSupport.sitegen(["build"], in: folder)
            #expect(run.status == 0)
            #expect(run.stderr.hasPrefix(warning), "\(run.stderr)")
        }
        let audit = try TestSupport.sitegen(["audit"], in: folder)
        #expect(audit.stderr.contains(warning))
    }

    @Test func version() throws {
        let run = try TestSupport.sitegen(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == SitegenVersion.current + "\n")
    }
}

/// A rebuild switches the whole output over by default: the output folder is another inode
/// afterwards (the spare's: the two trees take turns), the unchanged pages keep theirs, and
/// the previous tree stays beside it as `.public.sitegen-spare`. With `--no-atomic-switch`
/// (or `atomic_switch = false` in sitegen.toml) the folder stays, only the changed files
/// move in, and no spare is kept.
@Suite struct AtomicSwitchCommandTests {
    private func inode(_ path: String) -> UInt64 {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : 0
    }

    struct Rebuilt {
        /// Whether the output folder and an unchanged feed kept their inodes over the rebuild.
        var folderKept: Bool
        var feedKept: Bool
        /// The inode of the spare after the rebuild (0: none), and of the output before it.
        var spare: UInt64
        var folderBefore: UInt64
        var folder: String
    }

    /// Builds the timeline sample into `public`, changes its title, rebuilds with `flags`.
    private func rebuild(_ flags: [String], config: String = "") throws -> Rebuilt {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.copyItem(atPath: SiteTest.timelineExport, toPath: folder + "/export.json")
        try config.write(toFile: folder + "/sitegen.toml", atomically: true, encoding: .utf8)
        let first = try TestSupport.sitegen(["build", "export.json", "--output", "public"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let feed = try FileManager.default.contentsOfDirectory(atPath: folder + "/public/u").sorted().first.map { folder + "/public/u/" + $0 + "/feed.xml" } ?? ""
        let (folderBefore, feedBefore) = (inode(folder + "/public"), inode(feed))
        let second = try TestSupport.sitegen(["build", "export.json", "--output", "public", "--title", "Renamed"] + flags, in: folder)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try String(contentsOfFile: folder + "/public/index.html", encoding: .utf8).contains("Renamed"))
        #expect(!((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains { $0.contains("sitegen-staging") || $0.contains("sitegen-backup") },
                "nothing left beside the output but the spare")
        return Rebuilt(folderKept: inode(folder + "/public") == folderBefore, feedKept: inode(feed) == feedBefore,
                       spare: inode(folder + "/.public.sitegen-spare"), folderBefore: folderBefore, folder: folder)
    }

    @Test func byDefaultTheWholeOutputIsSwitchedAndThePreviousTreeKept() throws {
        let switched = try rebuild([])
        #expect(!switched.folderKept, "the output is the switched-in tree")
        #expect(switched.feedKept, "an unchanged file is carried over as a hard link")
        #expect(switched.spare == switched.folderBefore, "the previous tree is the spare")
        #expect(SiteTest.text(switched.folder, ".public.sitegen-spare/index.html").contains("Renamed") == false, "the spare holds the previous site")

        // The next rebuild starts from the spare: the output is the first tree again.
        let secondTree = inode(switched.folder + "/public")
        let third = try TestSupport.sitegen(["build", "export.json", "--output", "public", "--title", "Again"], in: switched.folder)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(inode(switched.folder + "/public") == switched.folderBefore)
        #expect(inode(switched.folder + "/.public.sitegen-spare") == secondTree)
        #expect(SiteTest.text(switched.folder, "public/index.html").contains("Again"))
    }

    @Test func theFlagMovesTheChangedFilesIn() throws {
        let moved = try rebuild(["--no-atomic-switch"])
        #expect(moved.folderKept)
        #expect(moved.feedKept)
        #expect(moved.spare == 0, "no spare without the switch")
    }

    @Test func theConfigKeyMovesTheChangedFilesIn() throws {
        let moved = try rebuild([], config: "atomic_switch = false\n")
        #expect(moved.folderKept)
        #expect(moved.feedKept)
        #expect(moved.spare == 0)
    }

    @Test func theFlagWinsOverTheConfigKey() throws {
        let switched = try rebuild(["--atomic-switch"], config: "atomic_switch = false\n")
        #expect(!switched.folderKept)
        #expect(switched.spare == switched.folderBefore)
    }
}
