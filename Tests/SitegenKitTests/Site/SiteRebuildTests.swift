import Foundation
import Testing
@testable import SitegenKit
import SitegenExport

/// A rebuild renders only the pages whose key (`SiteRenderer.key(of:)`: what the page is
/// made of, hashed from the model) changed, and still gives a clean build's files, bytes
/// and manifest; a file deleted or resized by hand is made again.
@Suite struct SiteRebuildTests {
    static let options = SiteOptions(pageSize: 2)
    static let manifest = SiteWriter.manifestName
    /// The template assets (CSS, scripts): files, not pages.
    /// The theme's assets, and the root files made with them (favicon.ico, robots.txt).
    static var assetCount: Int {
        guard let assets = try? TemplateSet(folder: SiteTest.templates).assets else { return 0 }
        return assets.count + 1 + (assets.contains { $0.path == "assets/favicon.ico" } ? 1 : 0)
    }

    static func smallObject() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: SiteTest.smallExport))) as? [String: Any])
    }

    static func edited(_ edits: [String: Any?]) throws -> String {
        var object = try smallObject()
        for (path, value) in edits { object = SiteBuildTests.setting(object, path.split(separator: "/").map(String.init)[...], value) }
        return try SiteTest.writeExport(object)
    }

    @Test func aChangedBioRendersOnlyThePagesThatShowIt() throws {
        let (out, first) = try SiteTest.build(SiteTest.smallExport, options: Self.options)
        #expect(first.rendered == first.files - Self.assetCount, "a new output: every page")
        let (_, result) = try SiteTest.build(try Self.edited(["users/u1/bio": "Changed **bio**"]), into: out, options: Self.options)
        // Ana's profile, in two pages of two tiles: nothing else shows a bio.
        #expect(result.rendered == 2)
        #expect(result.written.written == 2)
    }

    @Test func theSameDataSpelledDifferentlyRendersNoPage() throws {
        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: Self.options)
        let reformatted = try SiteTest.editedCopy(of: SiteTest.smallExport) { "\n" + $0.replacingOccurrences(of: "\n  ", with: "\n   ") }
        let (_, result) = try SiteTest.build(reformatted, into: out, options: Self.options)
        #expect(!result.upToDate)
        #expect(result.rendered == 0)
    }

    enum Edit: String, CaseIterable {
        case name, username, followerCount, caption, bio
    }

    /// Every page whose bytes change is rendered (its key changed), and the rebuild is the
    /// clean build, manifest included; pages that do not show the edited user are not rendered.
    @Test(arguments: Edit.allCases)
    func anEditRendersEveryPageItChangesAndNoOther(_ edit: Edit) throws {
        let export: String
        switch edit {
        case .name: export = try Self.edited(["users/u6/name": "Zoë Renamed"])
        case .username:
            export = try Self.edited(["users/u2/username": "joao_k", "posts/u2/-L0JoaoAAAAAAAAAAAA1/poster/username": "joao_k",
                                      "posts/u2/-L1JoaoAAAAAAAAAAAA2/poster/username": "joao_k"])
        case .followerCount: export = try Self.edited(["following/u6/u2": nil, "followers/u2/u6": nil])
        case .caption: export = try Self.edited(["posts/u3/-L0YukiAAAAAAAAAAAA1/caption": "新しい朝 #newtag"])
        case .bio: export = try Self.edited(["users/u1/bio": "Changed **bio**, now with @yuki"])
        }
        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: Self.options)
        let before = SiteTest.contents(out)
        let (_, result) = try SiteTest.build(export, into: out, options: Self.options)
        let (fresh, _) = try SiteTest.build(export, options: Self.options)
        let (incremental, clean) = (SiteTest.contents(out), SiteTest.contents(fresh))
        #expect(Self.differences(incremental, clean) == [], "files, bytes and the manifest of a clean build")
        let changed = Set(clean.keys.filter { $0 != Self.manifest && clean[$0] != before[$0] })
        #expect(changed.count <= result.rendered, "every changed page was rendered")
        #expect(result.written.written == changed.count)
        let pages = result.files - Self.assetCount
        if edit == .username {
            // Which user each @mention names is part of every page's key.
            #expect(result.rendered == pages)
        } else {
            // Posts of users the edit does not touch, and their profiles, are not rendered.
            #expect(result.rendered < pages / 2, "\(result.rendered) of \(pages) rendered")
        }
    }

    /// The paths whose bytes differ between two outputs (or that one of them lacks).
    static func differences(_ a: [String: [UInt8]], _ b: [String: [UInt8]]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    /// The key proves a page unchanged only while its file is there with the recorded size.
    @Test(arguments: [false, true])
    func aFileDeletedOrResizedByHandIsMadeAgain(_ sameExport: Bool) throws {
        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: Self.options)
        let deleted = "u/leila/index.html", resized = "p/-L0LeilaAAAAAAAAAAA1/index.html"
        try FileManager.default.removeItem(atPath: out + "/" + deleted)
        try (SiteTest.text(out, resized) + "<!-- edited by hand -->").write(toFile: out + "/" + resized, atomically: true, encoding: .utf8)
        let export = sameExport ? SiteTest.smallExport
            : try SiteTest.editedCopy(of: SiteTest.smallExport) { "\n" + $0.replacingOccurrences(of: "\n  ", with: "\n   ") }
        let (_, result) = try SiteTest.build(export, into: out, options: Self.options)
        #expect(!result.upToDate)
        #expect(result.rendered == 2 && result.written.written == 2)
        let (fresh, _) = try SiteTest.build(export, options: Self.options)
        #expect(Self.differences(SiteTest.contents(out), SiteTest.contents(fresh)) == [])
    }

    /// Beside the spare and its record (the third build on), the output's folders are looked
    /// at while the export loads, and a page in a folder unchanged since the output was
    /// published is taken without a `stat` of its own (`PreviousSite.Pages`). A page deleted,
    /// or replaced by hand (saved by rename, as editors do), changed its folder: it is made again.
    @Test func aFileDeletedOrReplacedByHandIsMadeAgainBesideTheSpare() throws {
        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: Self.options)
        for bio in ["First", "Second"] { _ = try SiteTest.build(try Self.edited(["users/u1/bio": bio]), into: out, options: Self.options) }
        let spare = PathNames.parent(out) + "/." + (out as NSString).lastPathComponent + ".sitegen-spare"
        #expect(access(spare + "/" + SpareRecord.name, F_OK) == 0)
        let deleted = "u/leila/index.html", replaced = "p/-L0LeilaAAAAAAAAAAA1/index.html"
        try FileManager.default.removeItem(atPath: out + "/" + deleted)
        try (SiteTest.text(out, replaced) + "<!-- edited by hand -->").write(toFile: out + "/" + replaced, atomically: true, encoding: .utf8)
        let export = try Self.edited(["users/u1/bio": "Third"])
        let (_, result) = try SiteTest.build(export, into: out, options: Self.options)
        #expect(result.rendered == 4, "Ana's two profile pages and the two pages changed by hand")
        let (fresh, _) = try SiteTest.build(export, options: Self.options)
        #expect(Self.differences(SiteTest.contents(out), SiteTest.contents(fresh)) == [])
    }

    /// The search files are not made again when no user's row changed; a deleted one is,
    /// and the number of bucket files is the index's.
    @Test func aDeletedSearchFileIsMadeAgain() throws {
        let (out, _) = try SiteTest.build(SiteTest.sampleExport, options: Self.options)
        let buckets = SiteTest.files(out).filter { $0.hasPrefix(SearchIndex.folder) && $0 != SearchIndex.folder + "index.json" }
        #expect(buckets.count >= 1)
        try FileManager.default.removeItem(atPath: out + "/" + buckets.sorted().last!)
        let reformatted = try SiteTest.editedCopy(of: SiteTest.sampleExport) { "\n" + $0 }
        // The sample's photos beside the copy, as beside content/export.json.
        try FileManager.default.copyItem(atPath: StorageFolder.path(beside: SiteTest.sampleExport),
                                         toPath: StorageFolder.path(beside: reformatted))
        let (_, result) = try SiteTest.build(reformatted, into: out, options: Self.options, photoCache: SiteTest.samplePhotoCache)
        #expect(result.rendered == 1 && result.written.written == 1 && result.written.removed == 0)
        let (fresh, _) = try SiteTest.build(reformatted, options: Self.options, photoCache: SiteTest.samplePhotoCache)
        #expect(Self.differences(SiteTest.contents(out), SiteTest.contents(fresh)) == [])
    }
}
