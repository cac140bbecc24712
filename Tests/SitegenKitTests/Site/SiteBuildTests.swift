import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// Builds are deterministic and incremental, and a failed or refused build leaves the
/// previous output exactly as it was (`docs/site.md`, "Rules").
@Suite struct SiteBuildTests {
    static let options = SiteOptions(pageSize: 2)
    static let manifest = SiteWriter.manifestName

    @Test(arguments: ["small", "sample", "timeline"])
    func sameInputGivesTheSameBytes(_ name: String) throws {
        let export = ["small": SiteTest.smallExport, "sample": SiteTest.sampleExport, "timeline": SiteTest.timelineExport][name]!
        let (a, _) = try SiteTest.build(export, options: SiteOptions(pageSize: 2), jobs: 1)
        let (b, _) = try SiteTest.build(export, options: SiteOptions(pageSize: 2), jobs: 8)
        #expect(SiteTest.walk(a) == SiteTest.walk(b), "the same files and folders")
        let (ca, cb) = (SiteTest.contents(a), SiteTest.contents(b))
        #expect(ca.count > 20)
        for path in ca.keys.sorted() where ca[path] != cb[path] {
            Issue.record("\(path) differs between two builds of the same input")
        }
    }

    @Test func rebuildOfTheSameExportWritesNothing() throws {
        let (out, first) = try SiteTest.build(SiteTest.smallExport, options: Self.options)
        #expect(first.written.written == first.files)
        let (before, bytes) = (SiteTest.mtimes(out), SiteTest.contents(out))
        SiteTest.waitForNewMTime()
        let (_, second) = try SiteTest.build(SiteTest.smallExport, into: out, options: Self.options)
        #expect(second.written.written == 0 && second.written.removed == 0)
        #expect(SiteTest.touched(before, SiteTest.mtimes(out)) == [], "no file rewritten, the manifest included")
        #expect(SiteTest.contents(out) == bytes)
    }

    /// The same data spelled differently: the build cannot take the whole-site up-to-date
    /// shortcut (the export's bytes changed), and still rewrites no page.
    @Test func reformattedExportRewritesNoPage() throws {
        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: Self.options)
        let before = SiteTest.mtimes(out)
        SiteTest.waitForNewMTime()
        let reformatted = try SiteTest.editedCopy(of: SiteTest.smallExport) { "\n" + $0.replacingOccurrences(of: "\n  ", with: "\n   ") }
        let (_, second) = try SiteTest.build(reformatted, into: out, options: Self.options)
        #expect(!second.upToDate)
        #expect(second.written.written == 0)
        #expect(SiteTest.touched(before, SiteTest.mtimes(out)).subtracting([Self.manifest]) == [])
    }

    @Test func changedBioRewritesOnlyThatProfile() throws {
        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: Self.options)
        let (before, bytes) = (SiteTest.mtimes(out), SiteTest.contents(out))
        SiteTest.waitForNewMTime()
        let edited = try SiteTest.editedCopy(of: SiteTest.smallExport) {
            $0.replacingOccurrences(of: "Film photographer in **Lisbon**", with: "Street photographer in **Porto**")
        }
        let (_, result) = try SiteTest.build(edited, into: out, options: Self.options)
        let profile: Set = ["u/ana/index.html", "u/ana/page/2/index.html"]
        #expect(SiteTest.touched(before, SiteTest.mtimes(out)).subtracting([Self.manifest]) == profile)
        let after = SiteTest.contents(out)
        #expect(Set(after.keys.filter { after[$0] != bytes[$0] }).subtracting([Self.manifest]) == profile)
        #expect(result.written.written == 2 && result.written.removed == 0)
        #expect(SiteTest.text(out, "u/ana/index.html").contains("Street photographer"))
    }

    @Test func removedUserPagesAreDeletedAndTheResultIsACleanBuild() throws {
        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: Self.options)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: SiteTest.smallExport))) as? [String: Any])
        var users = try #require(object["users"] as? [String: Any])
        users["u4"] = nil  // leila: her follows now dangle and her posts are orphans
        object["users"] = users
        let edited = try SiteTest.writeExport(object)

        let (_, result) = try SiteTest.build(edited, into: out, options: Self.options)
        #expect(!FileManager.default.fileExists(atPath: out + "/u/leila"), "her folder is gone, not just emptied")
        #expect(!FileManager.default.fileExists(atPath: out + "/p/-L0LeilaAAAAAAAAAAA1"))
        #expect(result.written.removed == 5, "profile, two lists, feed, post page")
        #expect(try SiteTest.usersJSON(out).contains { $0.uid == "u4" } == false)

        let (fresh, _) = try SiteTest.build(edited, options: Self.options)
        #expect(SiteTest.walk(out) == SiteTest.walk(fresh), "the same files and folders as a clean build")
        #expect(SiteTest.contents(out) == SiteTest.contents(fresh), "the same bytes as a clean build")
    }

    enum Edit: String, CaseIterable {
        case bio, name, rename, unfollow, like, caption, removePost, pageSize, baseURL, partial, asset, becomePrivate
    }

    static func setting(_ object: [String: Any], _ path: ArraySlice<String>, _ value: Any?) -> [String: Any] {
        var copy = object
        guard let key = path.first else { return copy }
        copy[key] = path.count == 1 ? value : setting(copy[key] as? [String: Any] ?? [:], path.dropFirst(), value)
        return copy
    }

    /// Whatever changes, a rebuild over the previous output gives exactly the files and bytes
    /// of a clean build of the new input: no stale page survives an incremental build.
    @Test(arguments: Edit.allCases)
    func incrementalBuildEqualsACleanBuild(_ edit: Edit) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: SiteTest.smallExport))) as? [String: Any])
        var options = Self.options
        var templates = SiteTest.templates
        func set(_ path: String, _ value: Any?) { object = Self.setting(object, path.split(separator: "/").map(String.init)[...], value) }
        switch edit {
        case .bio: set("users/u1/bio", "Changed **bio**, now with @yuki")
        case .name: set("users/u6/name", "Zoë Renamed")
        case .rename:  // @joão in ana's bio no longer resolves; lists, index, posts show the new name
            set("users/u2/username", "joao_k")
            for key in ["-L0JoaoAAAAAAAAAAAA1", "-L1JoaoAAAAAAAAAAAA2"] { set("posts/u2/\(key)/poster/username", "joao_k") }
        case .unfollow: set("following/u6/u2", nil); set("followers/u2/u6", nil)
        case .like: set("postLikes/-L1JoaoAAAAAAAAAAAA2/u3", true)
        case .caption: set("posts/u3/-L0YukiAAAAAAAAAAAA1/caption", "新しい朝 #newtag")
        case .removePost: set("posts/u1/-L2AnaAAAAAAAAAAAAA3", nil)
        // Her posts, lists and feed go; her header stays; others' lists and the directory change.
        case .becomePrivate: set("users/u1/isPrivate", true)
        case .pageSize: options.pageSize = 3
        case .baseURL: options.baseURL = "https://example.test/sub/"
        case .partial, .asset:
            templates = try TestSupport.temporaryFolder() + "/Templates"
            try FileManager.default.copyItem(atPath: SiteTest.templates, toPath: templates)
            let file = templates + (edit == .partial ? "/_avatar.mustache" : "/assets/site.css")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            try (text + (edit == .partial ? "<!-- edited partial -->\n" : "/* edited */\n")).write(toFile: file, atomically: true, encoding: .utf8)
        }
        let edited = try SiteTest.writeExport(object)

        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: Self.options)
        let before = SiteTest.contents(out)
        try SiteTest.build(edited, into: out, options: options, templates: templates)
        let (fresh, _) = try SiteTest.build(edited, options: options, templates: templates)
        #expect(SiteTest.walk(out) == SiteTest.walk(fresh), "the same files and folders as a clean build")
        let (incremental, clean) = (SiteTest.contents(out), SiteTest.contents(fresh))
        for path in clean.keys.sorted() where path != Self.manifest && incremental[path] != clean[path] {
            Issue.record("\(edit): \(path) differs from a clean build (stale: \(incremental[path] == before[path]))")
        }
    }

    @Test func manifestListsEveryFile() throws {
        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: Self.options)
        let text = SiteTest.text(out, Self.manifest)
        #expect(text.hasPrefix("sitegen-manifest "))
        let listed = text.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").last.map(String.init) }
        #expect(Set(listed) == Set(SiteTest.files(out)).subtracting([Self.manifest]))
    }

    // MARK: - Refusals and failures

    @Test func refusesAFolderThatIsNotASitegenOutput() throws {
        let parent = try TestSupport.temporaryFolder()
        let dir = parent + "/public"
        try FileManager.default.createDirectory(atPath: dir + "/photos", withIntermediateDirectories: true)
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
        try Data([0xFF, 0xD8, 0xFF]).write(to: URL(fileURLWithPath: dir + "/photos/cat.jpg"))
        let (entries, bytes, times) = (SiteTest.walk(parent), SiteTest.contents(dir), SiteTest.mtimes(dir))

        let run = try TestSupport.sitegen(["build", SiteTest.smallExport, "--output", dir])
        #expect(run.status == 2)
        #expect(run.stderr.contains(dir) && run.stderr.contains(Self.manifest), "\(run.stderr)")
        #expect(SiteTest.walk(parent) == entries, "nothing added beside or inside it")
        #expect(SiteTest.contents(dir) == bytes)
        #expect(SiteTest.mtimes(dir) == times)
    }

    /// An unclosed section in the middle of profile.mustache.
    static func brokenTemplates() throws -> (folder: String, insertedAt: Int, lines: Int) {
        let folder = try TestSupport.temporaryFolder() + "/Templates"
        try FileManager.default.copyItem(atPath: SiteTest.templates, toPath: folder)
        let path = folder + "/profile.mustache"
        var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        let at = lines.count / 2
        lines.insert("{{#unclosedSection}}", at: at)
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (folder, at + 1, lines.count)
    }

    @Test(arguments: ["template", "export"])
    func failedBuildKeepsThePreviousOutput(_ failure: String) throws {
        let (sandbox, output) = try SiteTest.sandboxedOutput()
        let (out, _) = try SiteTest.build(SiteTest.smallExport, into: output, options: Self.options)
        let (bytes, times) = (SiteTest.contents(out), SiteTest.mtimes(out))
        SiteTest.waitForNewMTime()

        let broken = try Self.brokenTemplates()
        let badExport = try TestSupport.temporaryFile("{\"users\": {\"u1\": {\"username\": \"ana\"}")
        let export = failure == "export" ? badExport : SiteTest.smallExport
        let templates = failure == "template" ? broken.folder : SiteTest.templates
        let run = try TestSupport.sitegen(["build", export, "--output", out, "--templates", templates, "--page-size", "2"])
        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").count == 1, "one clear line: \(run.stderr)")
        if failure == "template" {
            let pattern = #"profile\.mustache:([0-9]+):([0-9]+): "#
            let match = try #require(run.stderr.firstMatch(of: try Regex(pattern)), "file:line:column in \(run.stderr)")
            let line = Int(match.output[1].substring ?? "") ?? 0, column = Int(match.output[2].substring ?? "") ?? 0
            #expect(run.stderr.contains(broken.folder + "/profile.mustache:"))
            #expect((broken.insertedAt...broken.lines + 1).contains(line), "line \(line): at or after the unclosed section")
            #expect(column >= 1)
            #expect(throws: SitegenError.self) { try SiteTest.build(SiteTest.smallExport, into: out, templates: broken.folder) }
        } else {
            #expect(run.stderr.contains(badExport))
        }
        #expect(SiteTest.contents(out) == bytes, "byte-identical")
        #expect(SiteTest.mtimes(out) == times)
        #expect(SiteTest.strayEntries(sandbox: sandbox) == [], "no staging folder left behind")
    }

    /// A `created_at` is a number to the audit, but a page shows only the years 1 to 9999
    /// (the fuzzer's `1.49e111` trapped converting to Int64): a post with another date is
    /// still shown (`docs/site.md`: every counted post has a tile), dated by its push id,
    /// or at 1970 when its key is not one. (Numbers from 10^11 are milliseconds: the
    /// limits of years 1 and 9999 are written so.)
    @Test func postsWithDatesNoPageCanShowAreDatedByTheirPushID() throws {
        let pushID = "-K25Fj8qrMAtxXG3QCSn"
        let times: [String: Double] = ["-Ka": 1e111, "-Kb": -1e20, "-Kc": 253_402_300_800_000, "-Kd": 253_402_300_799_000,
                                       "-Ke": -62_135_596_800_000, "-Kf": 1_490_000_000, pushID: 1e300]
        var posts: [String: Any] = [:]
        for (key, time) in times {
            posts[key] = ["image_url": "https://img.example/\(key).jpg", "created_at": time, "like_count": 0,
                          "poster": ["uid": "u1", "username": "ann"]]
        }
        let export = try SiteTest.writeExport([
            "users": ["u1": ["username": "ann", "post_count": 7, "follower_count": 0, "following_count": 0]],
            "posts": ["u1": posts], "followers": [:], "following": [:],
        ] as [String: Any])
        let (out, result) = try SiteTest.build(export)
        #expect(result.skipped == [])
        #expect(SiteTest.text(out, "p/-Kd/index.html").contains("datetime=\"9999-12-31T23:59:59Z\""))
        #expect(SiteTest.text(out, "p/-Ke/index.html").contains("datetime=\"0001-01-01T00:00:00Z\""))
        for key in ["-Ka", "-Kb", "-Kc"] {
            #expect(SiteTest.text(out, "p/\(key)/index.html").contains("datetime=\"1970-01-01T00:00:00Z\""), "\(key): not a push id")
        }
        let fromPushID = try #require(PushID.milliseconds(pushID))
        #expect(SiteTest.text(out, "p/\(pushID)/index.html").contains("datetime=\"\(PageContexts.iso8601(fromPushID))\""))
        #expect(SiteTest.files(out).filter { $0.hasPrefix("p/") }.count == 7)
    }

    @Test func dryRunWritesNothing() throws {
        let parent = try TestSupport.temporaryFolder()
        let run = try TestSupport.sitegen(["build", SiteTest.smallExport, "--output", parent + "/site", "--dry-run",
                                           "--templates", SiteTest.templates, "--timings"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(SiteTest.walk(parent) == [], "no output folder, no staging folder")
        // --timings: one line per step that ran, by its name (`Site.Step`), in order, then the total.
        let stages = run.stderr.split(separator: "\n").filter { $0.hasPrefix("timing: ") }.map { $0.split(separator: " ")[1] }
        #expect(stages == ["prepare", "load", "fingerprint", "audit", "model", "photos", "render", "publish", "total"])

        let (out, result) = try SiteTest.build(SiteTest.smallExport, into: parent + "/site", dryRun: true)
        #expect(result.files > 20)
        #expect(SiteTest.walk(parent) == [])

        // Over an existing output, with a changed export: still nothing changes.
        try SiteTest.build(SiteTest.smallExport, into: out)
        let (bytes, times) = (SiteTest.contents(out), SiteTest.mtimes(out))
        SiteTest.waitForNewMTime()
        let edited = try SiteTest.editedCopy(of: SiteTest.smallExport) { $0.replacingOccurrences(of: "Hej!", with: "Hallå!") }
        let again = try TestSupport.sitegen(["build", edited, "--output", out, "--dry-run", "--templates", SiteTest.templates])
        #expect(again.status == 0)
        #expect(SiteTest.contents(out) == bytes)
        #expect(SiteTest.mtimes(out) == times)
        #expect(SiteTest.walk(parent).map(\.path).filter { !$0.hasPrefix("site") } == [])
    }
}
