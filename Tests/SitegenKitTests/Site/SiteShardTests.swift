import Foundation
@testable import SitegenExport
@testable import SitegenKit
@testable import SitegenSample
import SitegenTestSupport
import Testing

/// `sitegen build --shard K/N` and `sitegen merge`: N shards merged are one build's site,
/// byte for byte, manifest included; a missing, duplicated or foreign shard is refused
/// with the output left as it was; the merged site is the base of the next incremental build.
@Suite struct SiteShardTests {
    static let options = SiteOptions(pageSize: 2, listSize: 3)

    /// The exports: photos in a Storage copy and in base64, and both dialects with faults.
    static func export(_ name: String) throws -> String {
        switch name {
        case "makestagram photos": return try PhotoTest.makestagramSite()
        case "timeline photos": return PhotoTest.folder + "/timeline/export.json"
        default:
            let dialect: Dialect = name.hasPrefix("timeline") ? .timeline : .makestagram
            let path = try TestSupport.temporaryFolder() + "/export.json"
            try SampleGenerator.write(SampleOptions(users: 120, seed: 7, dialect: dialect, faultRate: 0.03), to: path)
            return path
        }
    }

    static func request(_ export: String, _ output: String, shard: Site.Shard? = nil) -> Site.Request {
        var request = Site.Request(export: export, output: output, templates: SiteTest.templates, options: options)
        request.shard = shard
        return request
    }

    /// Builds the N shards of `export` into new folders.
    static func shards(_ export: String, _ count: Int) throws -> [String] {
        try (1...count).map { k in
            let folder = try SiteTest.newOutput()
            _ = try Site.build(request(export, folder, shard: Site.Shard(index: k, count: count)))
            return folder
        }
    }

    @Test(arguments: ["makestagram photos", "timeline photos", "makestagram faults", "timeline faults"], [1, 3, 4])
    func mergedShardsAreOneBuild(_ name: String, count: Int) throws {
        let export = try Self.export(name)
        let one = try SiteTest.newOutput()
        _ = try Site.build(Self.request(export, one))
        let merged = try SiteTest.newOutput()
        let result = try Site.merge(shards: try Self.shards(export, count).reversed(), output: merged)
        #expect(!result.upToDate)
        let (a, b) = (SiteTest.contents(one), SiteTest.contents(merged))
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.filter { a[$0] != b[$0] }.sorted() == [], "every file, the manifest too, byte for byte")
        // The next one-machine build takes the merged site as its own.
        #expect(try Site.build(Self.request(export, merged)).upToDate)
    }

    @Test func everyUserIsInExactlyOneShardAndTheSharesAreBalanced() throws {
        let export = try Self.export("timeline faults")
        let model = SiteModel.build(from: Validator.audit(try ExportLoader.load(path: export)), excluding: [], storage: nil)
        let shares = (1...4).map { Site.Shard(index: $0, count: 4).users(of: model) }
        for u in model.users.indices { #expect(shares.count(where: { $0[u] }) == 1) }
        let weights = model.users.map { Site.Shard.weight($0, in: model) }
        let total = weights.reduce(0, +)
        for share in shares {
            let weight = weights.indices.filter { share[$0] }.map { weights[$0] }.reduce(0, +)
            #expect(abs(weight - total / 4) <= weights.max()!, "within one user of a quarter")
        }
    }

    @Test func aMergeIntoThePreviousSiteRewritesOnlyWhatChanged() throws {
        let export = try Self.export("timeline photos")
        let merged = try SiteTest.newOutput()
        _ = try Site.merge(shards: try Self.shards(export, 3), output: merged)
        #expect(try Site.merge(shards: try Self.shards(export, 3), output: merged).upToDate)
        // A changed export: the merge equals a fresh build of it.
        // (The user record is the last "username" of the file: posts come first.)
        let changed = try SiteTest.editedCopy(of: export) { text in
            text.replacingCharacters(in: text.range(of: #""username": "lens""#, options: .backwards)!, with: #""bio": "Now", "username": "lens""#)
        }
        let result = try Site.merge(shards: try Self.shards(changed, 3), output: merged)
        #expect(result.written.written > 0 && result.written.unchanged > 0)
        let fresh = try SiteTest.newOutput()
        _ = try Site.build(Self.request(changed, fresh))
        #expect(SiteTest.contents(fresh) == SiteTest.contents(merged))
    }

    /// `--previous`: shards given the last published site render and encode only what
    /// changed; merged into that site they give a fresh build's files; merged anywhere else
    /// the files they left out are missing, and merge says so.
    @Test func shardsGivenThePreviousSiteRenderOnlyWhatChanged() throws {
        let export = try Self.export("timeline photos")
        let site = try SiteTest.newOutput()
        _ = try Site.merge(shards: try Self.shards(export, 3), output: site)
        let changed = try SiteTest.editedCopy(of: export) { text in
            text.replacingCharacters(in: text.range(of: #""username": "lens""#, options: .backwards)!, with: #""bio": "Now", "username": "lens""#)
        }
        var results: [Site.Result] = []
        let folders = try (1...3).map { k in
            let folder = try SiteTest.newOutput()
            var request = Self.request(changed, folder, shard: Site.Shard(index: k, count: 3))
            request.previous = site
            results.append(try Site.build(request))
            return folder
        }
        // Lens's profile pages (the bio is on each), nothing else.
        let fresh = try SiteTest.newOutput()
        _ = try Site.build(Self.request(changed, fresh))
        let lensPages = SiteTest.files(fresh).filter { $0.hasPrefix("u/lens/") && $0.hasSuffix("index.html") && !$0.contains("follow") }
        #expect(results.map(\.rendered).reduce(0, +) == lensPages.count)
        #expect(results.map(\.photos.encoded).reduce(0, +) == 0)
        #expect(results.map(\.photos.reused).reduce(0, +) > 0)
        let elsewhere = try SiteTest.newOutput()
        let error = try #require(throws: SitegenError.self) { try Site.merge(shards: folders, output: elsewhere) }
        #expect(error.description.contains("does not hold it either"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere))
        _ = try Site.merge(shards: folders, output: site)
        #expect(SiteTest.contents(fresh) == SiteTest.contents(site))
    }

    /// Merge links a shard's files on its manifest's word when their change time is older
    /// than the manifest's, and reads exactly the others: none when nothing changed since,
    /// the one file rewritten in place with the same bytes (merged), and a file changed in
    /// place to other bytes of the same size is refused, the output not made.
    @Test func mergeReadsOnlyTheShardFilesChangedSinceTheirManifest() throws {
        let export = try Self.export("makestagram faults")
        let one = try SiteTest.newOutput()
        _ = try Site.build(Self.request(export, one))
        let shards = try Self.shards(export, 3)
        // The manifest written again a moment later: every file of a shard is older than it
        // (in a build they can share its clock tick, and would be read).
        func reseal() throws {
            usleep(30_000)
            for folder in shards {
                let url = URL(fileURLWithPath: folder + "/" + SiteWriter.manifestName)
                try Data(contentsOf: url).write(to: url, options: .atomic)
            }
        }
        try reseal()
        let merged = try SiteTest.newOutput()
        let result = try Site.merge(shards: shards, output: merged)
        #expect(result.shardFilesRead == 0)
        #expect(SiteTest.contents(one) == SiteTest.contents(merged))

        // Merge's links changed the files' change time: sealed again, one file rewritten in place.
        try reseal()
        let page = try #require(SiteWriter(output: shards[0]).previousManifest()?.paths.filter { $0.hasSuffix(".html") }.sorted().first)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: shards[0] + "/" + page))
        usleep(30_000)
        let handle = try #require(FileHandle(forWritingAtPath: shards[0] + "/" + page))
        handle.write(bytes)
        handle.closeFile()
        let again = try SiteTest.newOutput()
        #expect(try Site.merge(shards: shards, output: again).shardFilesRead == 1)
        #expect(SiteTest.contents(one) == SiteTest.contents(again))

        // The same file, changed in place: same size, other bytes.
        try reseal()
        var changed = [UInt8](bytes)
        changed[changed.count / 2] ^= 0x01
        let writer = try #require(FileHandle(forWritingAtPath: shards[0] + "/" + page))
        writer.write(Data(changed))
        writer.closeFile()
        let refused = try SiteTest.newOutput()
        let error = try #require(throws: SitegenError.self) { try Site.merge(shards: shards, output: refused) }
        #expect(error.description.contains("does not match the shard's manifest"), "\(error)")
        #expect(error.description.contains(page), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: refused))
    }

    /// Merge links the shards' files on another thread while it audits and renders: an error
    /// once the links began (a shard's record whose photos cannot be read, met after the
    /// audit) stops them, the staging folder (the spare, taken) goes, and the output is
    /// exactly as it was.
    @Test func aMergeStoppedWhileItLinksLeavesTheOutputAsItWas() throws {
        let export = try Self.export("makestagram faults")
        let shards = try Self.shards(export, 3)
        let output = try SiteTest.newOutput()
        // Two other sites into the output: the second switch leaves the spare, which the merge takes.
        for edit in ["\n", "\n\n"] { _ = try Site.build(Self.request(try SiteTest.editedCopy(of: export) { edit + $0 }, output)) }
        let parent = PathNames.parent(output)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).contains(".site.sitegen-spare"))
        let (before, times) = (SiteTest.contents(output), SiteTest.mtimes(output))
        let record = shards[1] + "/" + Site.Shard.recordName
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: record))) as? [String: Any])
        var photos = json["photos"] as? [String: Any] ?? [:]
        photos["not a photo"] = "-"
        json["photos"] = photos
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: record))
        let error = try #require(throws: SitegenError.self) { try Site.merge(shards: shards, output: output) }
        #expect(error.description.contains("damaged: the shard cannot be merged"), "\(error)")
        #expect(SiteTest.contents(output) == before)
        #expect(SiteTest.mtimes(output) == times)
        let left = try FileManager.default.contentsOfDirectory(atPath: parent).filter { $0.hasPrefix(".site.sitegen-") }
        #expect(left.filter { $0.contains("staging") } == [], "\(left)")
    }

    /// Each refusal: one line naming the folder, and the previous output exactly as it was.
    @Test(arguments: ["missing", "duplicated", "foreign", "whole site", "the output", "other count"])
    func aWrongSetOfShardsIsRefused(_ fault: String) throws {
        let export = try Self.export("makestagram photos")
        let shards = try Self.shards(export, 3)
        let output = try SiteTest.newOutput()
        _ = try Site.merge(shards: shards, output: output)
        let (before, times) = (SiteTest.contents(output), SiteTest.mtimes(output))
        let given: [String]
        let expected: String
        switch fault {
        case "missing":
            (given, expected) = (Array(shards.dropLast()), "shard 3/3 missing")
        case "duplicated":
            let copy = try SiteTest.newOutput()
            try FileManager.default.copyItem(atPath: shards[1], toPath: copy)
            (given, expected) = (shards + [copy], "shard 2/3 twice")
        case "foreign":
            let other = try Self.shards(try SiteTest.editedCopy(of: export) { "\n" + $0 }, 3)
            (given, expected) = ([shards[0], other[1], shards[2]], "a foreign shard")
        case "whole site":
            let site = try SiteTest.newOutput()
            _ = try Site.build(Self.request(export, site))
            (given, expected) = ([shards[0], site, shards[2]], "a whole site, not a shard")
        case "the output":
            (given, expected) = ([shards[0], output, shards[2]], "is the output folder")
        default:
            (given, expected) = ([shards[0]] + (try Self.shards(export, 2)), "not the shards of one build")
        }
        let error = try #require(throws: SitegenError.self) { try Site.merge(shards: given, output: output) }
        #expect(error.description.contains(expected), "\(error)")
        #expect(!error.description.contains("\n"))
        #expect(SiteTest.contents(output) == before)
        #expect(SiteTest.mtimes(output) == times)
    }
}
