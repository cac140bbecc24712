import Foundation
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// The photo cache (`--photo-cache DIR`, `PhotoCache`; docs/site.md, "The photo cache"):
/// a build whose output starts empty takes every picture the cache holds instead of
/// encoding it, and publishes the same site byte for byte.
@Suite struct PhotoCacheTests {
    /// The Makestagram fixture (two photos to publish, one shown by two posts, the others
    /// refused) built into two new outputs with one cache: the first encodes and fills it,
    /// the second encodes nothing and is the same site.
    @Test func aSecondOutputTakesEveryPictureFromTheCache() throws {
        let export = try PhotoTest.makestagramSite()
        let cache = try TestSupport.temporaryFolder() + "/cache"
        let (first, one) = try SiteTest.build(export, photoCache: cache)
        #expect(one.photos.encoded == 2 && one.photos.cached == 0)
        let (second, two) = try SiteTest.build(export, photoCache: cache)
        #expect(two.photos.encoded == 0 && two.photos.reused == 0 && two.photos.cached == 2)
        #expect(two.photos.warnings == one.photos.warnings)
        #expect(two.photos.avatars == one.photos.avatars)
        let same = SiteTest.contents(first) == SiteTest.contents(second)
        #expect(same, "the same site, manifest included")
        // A picture's files and then its record; no temporary file left.
        let names = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(names.filter { $0.hasSuffix(".picture") }.count == 2)
        #expect(!names.contains { $0.hasPrefix(".") })
    }

    /// A picture missing one of its files in the cache is a miss: encoded again, and the
    /// cache whole once more; a record that is not a picture's is a miss too.
    @Test func aPictureMissingAFileIsEncodedAgain() throws {
        let export = try PhotoTest.makestagramSite()
        let cache = try TestSupport.temporaryFolder() + "/cache"
        _ = try SiteTest.build(export, photoCache: cache)
        let names = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
        let records = names.filter { $0.hasSuffix(".picture") }
        let keyA = String(records[0].dropLast(".picture".count)), keyB = String(records[1].dropLast(".picture".count))
        let variant = try #require(names.first { $0.hasPrefix(keyA + "-") && $0.hasSuffix(".webp") })
        try FileManager.default.removeItem(atPath: cache + "/" + variant)
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: cache + "/" + keyB + ".picture"))
        let (_, again) = try SiteTest.build(export, photoCache: cache)
        #expect(again.photos.encoded == 2 && again.photos.cached == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).sorted() == names)
    }

    /// The CLI: `--photo-cache DIR` (made if missing), and the build's summary line says
    /// how many photos came from it.
    @Test func theFlagAndTheSummaryLine() throws {
        let export = try PhotoTest.makestagramSite()
        let site = URL(fileURLWithPath: export).deletingLastPathComponent().deletingLastPathComponent().path
        let first = try TestSupport.sitegen(["build", "content/export.json", "--output", "a", "--photo-cache", "cache/photos"], in: site)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try TestSupport.sitegen(["build", "content/export.json", "--output", "b", "--photo-cache", "cache/photos"], in: site)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains(": 0 encoded, 0 unchanged, 2 from the photo cache, in "), "\(second.stderr)")
        let same = SiteTest.contents(site + "/a") == SiteTest.contents(site + "/b")
        #expect(same)
    }
}
