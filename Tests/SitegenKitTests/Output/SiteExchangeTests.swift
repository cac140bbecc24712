import Foundation
import Testing
@testable import SitegenKit
#if canImport(Glibc)
import Glibc
import SitegenTestSupport
@testable import SitegenExport
#endif

/// The switch with its spare (`SiteExchange`): rebuilds in a row publish exactly each new
/// site, whatever the spare holds (what the previous build left, or anything a person or a
/// killed build put there), keep unchanged files' inodes, carry over files added to the
/// output by hand, and leave the previous tree as the spare.
@Suite struct SiteExchangeTests {
    /// Paths a site of these tests may hold; some are a file in one site and a folder in another.
    static let universe = ["index.html", "a.html", "d/same.html", "d/e/page.html", "d/e", "gone.html", "gone.html/index.html",
                           "new/x/added.html", "new/x", "p/1/index.html", "p/2/index.html", "p/2/photo.webp"]

    typealias Random = SeededRandom

    /// A site: some paths of `universe`, none of them a folder of another, each with one of
    /// two texts.
    static func site(_ random: inout Random) -> [String: String] {
        var site: [String: String] = [:]
        for path in universe.shuffled(using: &random) where random.next(3) > 0 {
            let clash = site.keys.contains { $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") }
            if !clash { site[path] = "\(path) \(random.next(2))" }
        }
        return site
    }

    private func publish(_ site: [String: String], into out: String, inputs: String) throws -> SiteWriter.Summary {
        var writer = SiteWriter(output: out)
        writer.exchanges = true
        let files = site.keys.sorted().map { RenderedFile(path: $0, bytes: Array(site[$0]!.utf8), source: "test") }
        return try writer.publish(files, inputs: inputs, previous: writer.previousManifest())
    }

    /// Path → (text, inode) of every file below `root`, and its folders.
    private func tree(_ root: String) throws -> (files: [String: (text: String, inode: UInt64)], folders: Set<String>) {
        var files: [String: (String, UInt64)] = [:]
        var folders: Set<String> = []
        for case let path as String in FileManager.default.enumerator(atPath: root)! {
            var info = stat()
            guard lstat(root + "/" + path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                folders.insert(path)
            } else {
                files[path] = (try String(contentsOfFile: root + "/" + path, encoding: .utf8), UInt64(info.st_ino))
            }
        }
        return (files, folders)
    }

    /// Changes the spare as a person or a killed build might: a file added, one replaced by
    /// other bytes, one removed, a folder where a file was, a file where a folder was.
    private func tamper(_ spare: String, _ random: inout Random) throws {
        let (files, folders) = try tree(spare)
        let fm = FileManager.default
        switch random.next(5) {
        case 0:
            try "junk".write(toFile: spare + "/junk.html", atomically: false, encoding: .utf8)
        case 1:
            if let path = files.keys.sorted().first(where: { $0 != SiteWriter.manifestName }) {
                try fm.removeItem(atPath: spare + "/" + path)
                try "other bytes".write(toFile: spare + "/" + path, atomically: false, encoding: .utf8)
            }
        case 2:
            if let path = files.keys.sorted().last { try fm.removeItem(atPath: spare + "/" + path) }
        case 3:
            if let path = files.keys.sorted().first(where: { $0 != SiteWriter.manifestName }) {
                try fm.removeItem(atPath: spare + "/" + path)
                try fm.createDirectory(atPath: spare + "/" + path + "/inner", withIntermediateDirectories: true)
                try "x".write(toFile: spare + "/" + path + "/inner/x.html", atomically: false, encoding: .utf8)
            }
        default:
            if let folder = folders.sorted().first {
                try fm.removeItem(atPath: spare + "/" + folder)
                try "a file now".write(toFile: spare + "/" + folder, atomically: false, encoding: .utf8)
            }
        }
    }

    /// Property: 40 sites in a row per seed, the spare changed before every other one. After
    /// each publication the output holds exactly the site plus the file added by hand, its
    /// unchanged files are the previous output's (same inode), and the spare is the previous
    /// output's tree.
    @Test(arguments: [1, 2, 3, 4])
    func rebuildsInARowPublishExactlyEachSite(seed: Int) throws {
        var random = Random(state: UInt64(seed))
        let base = try TestSupport.temporaryFolder()
        let out = base + "/public"
        let spare = base + "/.public.sitegen-spare"
        var previous = Self.site(&random)
        _ = try publish(previous, into: out, inputs: "0")
        try "example.com\n".write(toFile: out + "/CNAME", atomically: false, encoding: .utf8)
        for round in 1...40 {
            if round % 2 == 0, FileManager.default.fileExists(atPath: spare) { try tamper(spare, &random) }
            let before = try tree(out)
            var folderInfo = stat()
            lstat(out, &folderInfo)
            let site = Self.site(&random)
            let summary = try publish(site, into: out, inputs: "\(round)")
            let after = try tree(out)

            var expected = site
            expected["CNAME"] = "example.com\n"
            #expect(Set(after.files.keys) == Set(expected.keys).union([SiteWriter.manifestName]), "round \(round)")
            for (path, text) in expected {
                #expect(after.files[path]?.text == text, "round \(round): \(path)")
            }
            for (path, text) in expected where previous[path] == text || path == "CNAME" {
                #expect(after.files[path]?.inode == before.files[path]?.inode, "round \(round): \(path) kept its inode")
            }
            // Folders: those of the site's paths, no more.
            let folders = Set(expected.keys.flatMap { path in
                path.split(separator: "/").dropLast().indices.map { path.split(separator: "/")[...$0].joined(separator: "/") }
            })
            #expect(after.folders == folders, "round \(round)")
            let written = site.keys.count { previous[$0] != site[$0] }
            #expect(summary.written == written, "round \(round)")
            #expect(summary.removed == previous.keys.count { site[$0] == nil }, "round \(round)")
            // The previous output's tree is the spare.
            var spareInfo = stat()
            #expect(lstat(spare, &spareInfo) == 0 && spareInfo.st_ino == folderInfo.st_ino, "round \(round)")
            previous = site
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: base).sorted()
        #expect(left == [".public.sitegen-spare", "public"])
    }

    /// A site of `users` folders of two pages each, and its files.
    private static func wide(_ users: Int, changed: Int = -1, round: Int = 0) -> [String: String] {
        var site = ["index.html": "home"]
        for u in 0..<users {
            site["u/\(u)/index.html"] = u == changed ? "user \(u), round \(round)" : "user \(u)"
            site["u/\(u)/p/1/index.html"] = "post of \(u)"
        }
        return site
    }

    /// With the spare and its record (`SpareRecord`), a rebuild reads only the folders that
    /// changed since the last switch: the root, and the folders of the files the manifests'
    /// difference names are linked without reading any folder; without a record (the first
    /// switch after the spare was a killed build's), every folder of both trees.
    @Test func aRebuildWithItsSpareReadsOnlyTheFoldersThatChanged() throws {
        let base = try TestSupport.temporaryFolder()
        let out = base + "/public"
        _ = try publish(Self.wide(100), into: out, inputs: "0")
        // The first build makes the output (no spare); each switch after it leaves the spare its record.
        for round in 1...2 { _ = try publish(Self.wide(100, changed: round, round: round), into: out, inputs: "\(round)") }
        let summary = try publish(Self.wide(100, changed: 7, round: 3), into: out, inputs: "3")
        #expect(summary.written == 2, "u/7, and u/2 back as it was")
        #expect(summary.foldersRead < 20, "the root of each tree (and folders changed within the clock's grain of the record), not the 2 x 301 folders: \(summary.foldersRead)")
        let after = try tree(out)
        #expect(after.files["u/7/index.html"]?.text == "user 7, round 3")
        #expect(after.files["u/2/index.html"]?.text == "user 2", "changed the round before, back as it was")
        #expect(after.files.count == 202)
        // A record that does not hold (removed by hand): every folder.
        unlink(base + "/.public.sitegen-spare/" + SpareRecord.name)
        let full = try publish(Self.wide(100, changed: 8, round: 4), into: out, inputs: "4")
        #expect(full.foldersRead > 400)
    }

    /// A spare changed behind sitegen's back, as `rsync -a` changes it (each file written
    /// beside and renamed over, its time and the folder's set back), or as an editor saves
    /// a file (renamed over), or a file written over in place: the switch from the
    /// difference finds the changed folders by their change time, and the output is exactly
    /// the new site.
    @Test(arguments: ["rsync", "editor", "in place", "added", "removed"])
    func aSpareChangedBehindItsBackStillPublishesTheNewSite(change: String) throws {
        let base = try TestSupport.temporaryFolder()
        let out = base + "/public"
        let spare = base + "/.public.sitegen-spare"
        for round in 0...2 { _ = try publish(Self.wide(50, changed: round, round: round), into: out, inputs: "\(round)") }
        #expect(access(spare + "/" + SpareRecord.name, F_OK) == 0)
        // u/1 changed the round before last: the spare's own file; u/20 is shared with the output.
        for path in ["u/1/index.html", "u/20/index.html", "u/20/p/1/index.html"] {
            let file = spare + "/" + path
            var info = stat()
            stat(file, &info)
            var times = [info.st_atim, info.st_mtim]
            let folder = PathNames.parent(file)
            var folderInfo = stat()
            stat(folder, &folderInfo)
            var folderTimes = [folderInfo.st_atim, folderInfo.st_mtim]
            switch change {
            case "rsync", "editor":
                try "tampered".write(toFile: folder + "/.tmp", atomically: false, encoding: .utf8)
                if change == "rsync" { utimensat(AT_FDCWD, folder + "/.tmp", &times, 0) }
                rename(folder + "/.tmp", file)
                if change == "rsync" { utimensat(AT_FDCWD, folder, &folderTimes, 0) }
            case "in place":
                // Only the spare's own file: a shared one is the live output's too.
                if path == "u/1/index.html" { try "tampered".write(toFile: file, atomically: false, encoding: .utf8) }
            case "added":
                try "stray".write(toFile: folder + "/stray.html", atomically: false, encoding: .utf8)
            default:
                unlink(file)
            }
        }
        let summary = try publish(Self.wide(50, changed: 3, round: 3), into: out, inputs: "3")
        #expect(summary.written == 2, "u/3, and u/2 back as it was")
        let after = try tree(out)
        let expected = Self.wide(50, changed: 3, round: 3)
        #expect(Set(after.files.keys) == Set(expected.keys).union([SiteWriter.manifestName]))
        for (path, text) in expected { #expect(after.files[path]?.text == text, "\(path)") }
    }

    /// The output changed by hand below its root since the last switch (a file added, a
    /// file replaced by rename with bytes of the same size): the switch from the difference,
    /// which takes the output's folders on another thread while the manifest is written,
    /// finds both folders by their change time and carries both files over, as the
    /// file-by-file commit leaves them.
    @Test func anOutputChangedByHandBelowItsRootIsCarriedOver() throws {
        let base = try TestSupport.temporaryFolder()
        let out = base + "/public"
        for round in 0...2 { _ = try publish(Self.wide(50, changed: round, round: round), into: out, inputs: "\(round)") }
        #expect(access(base + "/.public.sitegen-spare/" + SpareRecord.name, F_OK) == 0)
        try "by hand".write(toFile: out + "/u/30/extra.html", atomically: false, encoding: .utf8)
        try "post of 3x".write(toFile: out + "/u/31/p/1/.edit", atomically: false, encoding: .utf8)
        rename(out + "/u/31/p/1/.edit", out + "/u/31/p/1/index.html")
        let summary = try publish(Self.wide(50, changed: 3, round: 3), into: out, inputs: "3")
        #expect(summary.written == 2, "u/3, and u/2 back as it was")
        let after = try tree(out)
        var expected = Self.wide(50, changed: 3, round: 3)
        expected["u/30/extra.html"] = "by hand"
        expected["u/31/p/1/index.html"] = "post of 3x"
        #expect(Set(after.files.keys) == Set(expected.keys).union([SiteWriter.manifestName]))
        for (path, text) in expected { #expect(after.files[path]?.text == text, "\(path)") }
    }

    /// The output changed by hand while a build runs, after it took the output's lock and
    /// looked at the output's folders (here: just before its switch). That build does not
    /// see the change, and the tree it was made in becomes the spare: the spare's record
    /// counts the spare's changes from when that build took the lock (`SpareRecord`), so
    /// the next build finds the folder changed and publishes exactly its site. (Counted
    /// from the record's own making, after the switch, the file added by hand would be
    /// trusted as part of the spare and published.)
    @Test func anOutputChangedByHandDuringABuildIsNotCarriedIntoTheNextOne() throws {
        let base = try TestSupport.temporaryFolder()
        let out = base + "/public"
        for round in 0...2 { _ = try publish(Self.wide(50, changed: round, round: round), into: out, inputs: "\(round)") }
        var writer = SiteWriter(output: out)
        writer.exchanges = true
        writer.beforeCommitStep = { step in
            if step.isEmpty { try "by hand, late".write(toFile: out + "/u/30/late.html", atomically: false, encoding: .utf8) }
        }
        let site = Self.wide(50, changed: 3, round: 3)
        let files = site.keys.sorted().map { RenderedFile(path: $0, bytes: Array(site[$0]!.utf8), source: "test") }
        _ = try writer.publish(files, inputs: "3", previous: writer.previousManifest())
        #expect(access(out + "/u/30/late.html", F_OK) != 0, "the switch put the new tree in place")
        #expect(access(base + "/.public.sitegen-spare/u/30/late.html", F_OK) == 0, "the old tree, now the spare, has it")
        let record = try String(contentsOfFile: base + "/.public.sitegen-spare/" + SpareRecord.name, encoding: .utf8)
        #expect(record.hasPrefix("sitegen-spare 2 "))
        _ = try publish(Self.wide(50, changed: 4, round: 4), into: out, inputs: "4")
        let after = try tree(out)
        let expected = Self.wide(50, changed: 4, round: 4)
        #expect(Set(after.files.keys) == Set(expected.keys).union([SiteWriter.manifestName]))
        for (path, text) in expected { #expect(after.files[path]?.text == text, "\(path)") }
    }

    /// A folder's permissions changed by hand in the output are the new tree's, with the
    /// spare as without it; the output's own permissions too.
    @Test func folderPermissionsAreTheOutputs() throws {
        let base = try TestSupport.temporaryFolder()
        let out = base + "/public"
        let site = ["d/a.html": "a", "index.html": "1"]
        _ = try publish(site, into: out, inputs: "1")
        for round in 2...4 {
            chmod(out + "/d", 0o750)
            chmod(out, 0o711)
            _ = try publish(site.merging(["index.html": "\(round)"]) { $1 }, into: out, inputs: "\(round)")
            var info = stat()
            stat(out + "/d", &info)
            #expect(info.st_mode & 0o7777 == 0o750, "round \(round)")
            stat(out, &info)
            #expect(info.st_mode & 0o7777 == 0o711, "round \(round)")
        }
    }

    /// The output folder's permissions changed between two builds, the second switched from
    /// the manifests' difference (the spare and its record present): the new output keeps
    /// them, whatever the spare's folder had.
    @Test func theOutputsModeChangedBeforeASwitchFromTheDifferenceIsKept() throws {
        let base = try TestSupport.temporaryFolder()
        let out = base + "/public"
        for round in 0...2 { _ = try publish(Self.wide(20, changed: round, round: round), into: out, inputs: "\(round)") }
        #expect(access(base + "/.public.sitegen-spare/" + SpareRecord.name, F_OK) == 0)
        for (round, mode) in [(3, mode_t(0o750)), (4, mode_t(0o711)), (5, mode_t(0o755))] {
            chmod(out, mode)
            let summary = try publish(Self.wide(20, changed: round, round: round), into: out, inputs: "\(round)")
            #expect(summary.foldersRead < 20, "round \(round): switched from the difference: \(summary.foldersRead) folders read")
            var info = stat()
            stat(out, &info)
            #expect(info.st_mode & 0o7777 == mode, "round \(round)")
        }
    }

    /// A killed build's staging folder becomes the spare when there is none, and the next
    /// switch publishes exactly the new site from it.
    @Test func aDeadBuildsStagingFolderBecomesTheSpare() throws {
        let base = try TestSupport.temporaryFolder()
        let out = base + "/public"
        _ = try publish(["index.html": "1", "u/a/index.html": "a"], into: out, inputs: "1")
        // A pid that is gone: a process that ran and ended.
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        let left = base + "/.public.sitegen-staging-\(dead.processIdentifier)"
        try FileManager.default.createDirectory(atPath: left + "/u/b", withIntermediateDirectories: true)
        try "half".write(toFile: left + "/u/b/index.html", atomically: false, encoding: .utf8)
        try "half".write(toFile: left + "/index.html", atomically: false, encoding: .utf8)
        let leftInode = try #require(try FileManager.default.attributesOfItem(atPath: left)[.systemFileNumber] as? Int)

        _ = try publish(["index.html": "2", "u/a/index.html": "a", "u/c/index.html": "c"], into: out, inputs: "2")
        let after = try tree(out)
        #expect(Set(after.files.keys) == ["index.html", "u/a/index.html", "u/c/index.html", SiteWriter.manifestName])
        #expect(after.files["index.html"]?.text == "2")
        let outInode = try #require(try FileManager.default.attributesOfItem(atPath: out)[.systemFileNumber] as? Int)
        #expect(outInode == leftInode, "the dead build's folder, made the spare, is the new output")
        #expect(try FileManager.default.contentsOfDirectory(atPath: base).sorted() == [".public.sitegen-spare", "public"])
    }

    /// A shard given `--previous` starts its manifest from that site's (`elsewhere`): the
    /// files it removes are those of its own folder's last build that it no longer makes,
    /// not every file of that site outside the shard (which its folder never held, or holds
    /// only because someone put them there). Both ways of publishing.
    @Test(arguments: [true, false])
    func aShardGivenAnotherSitesManifestRemovesOnlyItsOwnStaleFiles(exchanges: Bool) throws {
        let base = try TestSupport.temporaryFolder()
        let out = base + "/shard-1"
        func files(_ paths: [String]) -> [RenderedFile] { paths.map { RenderedFile(path: $0, bytes: Array($0.utf8), source: "s") } }
        // The published site: its manifest lists 200 pages.
        let site = SiteWriter(output: base + "/public")
        _ = try site.publish(files((0..<200).map { "u/\($0)/index.html" }), inputs: "site", previous: nil)
        let siteManifest = try #require(site.previousManifest())

        var writer = SiteWriter(output: out)
        writer.exchanges = exchanges
        var first = try writer.beginPublication(inputs: "site shard 1/2", previous: siteManifest, elsewhere: true)
        try first.stage(files(["u/0/index.html", "u/1/index.html"]))
        _ = try first.finish()
        // Put there by hand: a page of the site outside this shard.
        try FileManager.default.createDirectory(atPath: out + "/u/150", withIntermediateDirectories: true)
        try "mine".write(toFile: out + "/u/150/index.html", atomically: false, encoding: .utf8)

        var again = SiteWriter(output: out)
        again.exchanges = exchanges
        var second = try again.beginPublication(inputs: "site shard 1/2", previous: siteManifest, elsewhere: true)
        try second.stage(files(["u/0/index.html"]))
        let summary = try second.finish()
        #expect(summary.removed == 1, "u/1/index.html, the shard's own page it no longer makes")
        #expect(!FileManager.default.fileExists(atPath: out + "/u/1/index.html"))
        #expect(try String(contentsOfFile: out + "/u/150/index.html", encoding: .utf8) == "mine")
        let manifest = try #require(again.previousManifest())
        #expect(manifest.paths == ["u/0/index.html"])
    }
}
