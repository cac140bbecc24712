import Foundation
@testable import SitegenExport
@testable import SitegenKit
import Testing

/// Sitemaps by the protocol (`docs/site.md`): files of at most 50,000 URLs and 50 MB,
/// listed by a sitemap index in `sitemap.xml` when there are several; every page in one.
@Suite struct SitemapTests {
    /// The `<loc>`s of a sitemap file.
    static func locations(_ text: String) -> [String] {
        text.components(separatedBy: "<loc>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    /// Every HTML page of the site as the sitemap names it (absolute), but the 404 page.
    static func pageURLs(_ out: String, base: String) -> Set<String> {
        Set(SiteTest.files(out).filter { $0.hasSuffix("index.html") }.map { path in
            base + String(path.dropLast("index.html".count)).split(separator: "/").map { Slugs.urlSegment(String($0)) }
                .map { $0 + "/" }.joined()
        })
    }

    @Test func aLargeSiteHasASitemapIndex() throws {
        var options = SiteOptions(baseURL: "https://example.test/", pageSize: 2)
        options.sitemapSize = 7
        let (out, _) = try SiteTest.build(SiteTest.sampleExport, options: options)
        let index = SiteTest.text(out, "sitemap.xml")
        #expect(index.contains("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"))
        #expect(!index.contains("<urlset"))
        let parts = Self.locations(index)
        #expect(parts.count > 2)
        var all: [String] = []
        for (i, part) in parts.enumerated() {
            #expect(part == "https://example.test/sitemap-\(i + 1).xml")
            let text = SiteTest.text(out, "sitemap-\(i + 1).xml")
            #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"))
            let urls = Self.locations(text)
            #expect((1...7).contains(urls.count), "sitemap-\(i + 1).xml holds 1 to 7 URLs")
            all += urls
        }
        #expect(all.count == Set(all).count, "no page twice")
        #expect(Set(all) == Self.pageURLs(out, base: "https://example.test/"), "every page in one of them")
        #expect(!SiteTest.files(out).contains("sitemap-\(parts.count + 1).xml"))
        // The same site within the limit: one <urlset> with the same URLs, and the parts are removed.
        let (again, _) = try SiteTest.build(SiteTest.sampleExport, into: out, options: SiteOptions(baseURL: "https://example.test/", pageSize: 2))
        let single = SiteTest.text(again, "sitemap.xml")
        #expect(single.contains("<urlset"))
        #expect(Self.locations(single) == all)
        #expect(!SiteTest.files(again).contains { $0.hasPrefix("sitemap-") })
    }

    @Test func partsKeepToBothLimits() {
        let locations = (0..<25).map { "https://example.test/u/user\(100 + $0)/" }
        #expect(Sitemaps.parts([]) == [0..<0])
        #expect(Sitemaps.parts(locations) == [0..<25])
        #expect(Sitemaps.parts(locations, maxURLs: 10) == [0..<10, 10..<20, 20..<25])
        let line = Sitemaps.perURL + locations[0].utf8.count
        #expect(Sitemaps.parts(locations, maxBytes: Sitemaps.frame + 4 * line) == [0..<4, 4..<8, 8..<12, 12..<16, 16..<20, 20..<24, 24..<25])
        // Escaped characters count as the template writes them.
        #expect(Sitemaps.escapedSize("a&b<\"") == 1 + 5 + 1 + 4 + 6)
        // One location larger than the limit still gets a file of its own.
        #expect(Sitemaps.parts(["x", String(repeating: "y", count: 500), "z"], maxBytes: 300) == [0..<1, 1..<2, 2..<3])
    }
}

/// The sitemap is cut by its locations' sizes, counted without making the URLs where they
/// are plain (`SiteRenderer.locationSizes`): the same sizes as the URLs' own.
@Suite struct SitemapLocationSizeTests {
    @Test(arguments: [nil, "https://example.test/sub/"])
    func countedSizesAreTheLocationsSizes(_ baseURL: String?) throws {
        for export in [SiteTest.smallExport, SiteTest.sampleExport] {
            let model = SiteModel.build(from: try Audit.run(exportAt: export))
            let renderer = SiteRenderer(model: model, templates: try TemplateSet(folder: SiteTest.templates),
                                        options: SiteOptions(baseURL: baseURL, pageSize: 2, listSize: 3))
            let htmlPaths = SiteRenderer.HTMLPaths(renderer: renderer, pages: renderer.pages())
            let made = htmlPaths.indices.map { Int32(Sitemaps.escapedSize(renderer.contexts.sitemapLocation(htmlPaths[$0]))) }
            #expect(made.count > 30)
            #expect(renderer.locationSizes(htmlPaths) == made)
            // Both ways are taken: plain folders, and folders that are percent-encoded or tags.
            let slugs = model.users.map { Int32($0.slug.utf8.allSatisfy(Slugs.isUnreserved) ? $0.slug.utf8.count : -1) }
            let plain = htmlPaths.pages.filter { $0.isIndexHTML && renderer.plainFolderSize($0, slugs: slugs) != nil }.count
            #expect(plain > 0 && plain < htmlPaths.indices.count)
        }
    }
}
