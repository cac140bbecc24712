import Foundation
@testable import SitegenExport
@testable import SitegenKit
import Testing

/// Every relative link of a built site leads to a file of the site, as a static file server
/// would serve it; the header counts are the validator's; the grid has three columns.
@Suite struct SiteLinkTests {
    struct Broken: CustomStringConvertible {
        enum Why { case encodedOnDisk, missingTagPage, other }
        var page: String
        var link: String
        var target: String
        var why: Why
        var description: String { "\(page): \(link) → \(target)" }
    }

    /// The links of every .html and .xml page (and the urls of users.json) whose target is
    /// not a file of the site, each with the reason found.
    static func brokenLinks(in out: String) throws -> [Broken] {
        let files = Set(SiteTest.files(out))
        var links: [(page: String, link: String)] = []
        for page in files.sorted() where page.hasSuffix(".html") || page.hasSuffix(".xml") {
            links += HTMLScan.linkValues(in: SiteTest.text(out, page)).map { (page, $0) }
        }
        links += try SiteTest.usersJSON(out).map { ("users.json", $0.url) }
        var broken: [Broken] = []
        for (page, link) in links {
            switch SiteTest.resolve(link, from: page) {
            case .external, .samePage:
                continue
            case let .invalid(why):
                broken.append(Broken(page: page, link: link, target: why, why: .other))
            case let .file(target) where !files.contains(target):
                var why = Broken.Why.other
                if case let .file(raw) = SiteTest.resolve(link, from: page, decode: false), files.contains(raw) {
                    why = .encodedOnDisk
                } else if target.range(of: #"^tags/[^/]+/index\.html$"#, options: .regularExpression) != nil {
                    why = .missingTagPage
                }
                broken.append(Broken(page: page, link: link, target: target, why: why))
            case .file:
                continue
            }
        }
        return broken
    }

    static func summary(_ broken: [Broken]) -> String {
        "\(broken.count) broken links, e.g.:\n" + broken.prefix(12).map(\.description).joined(separator: "\n")
    }

    @Test(arguments: ["sample", "timeline", "small"])
    func exportLinksResolve(_ name: String) throws {
        let export = ["sample": SiteTest.sampleExport, "timeline": SiteTest.timelineExport, "small": SiteTest.smallExport][name]!
        let (out, _) = try SiteTest.build(export, options: SiteOptions(pageSize: name == "sample" ? 5 : 2))
        let broken = try Self.brokenLinks(in: out)
        // Every kind: plain misses, slugs percent-encoded on disk, tag pages never built.
        #expect(broken.isEmpty, "\(Self.summary(broken))")
    }

    @Test(arguments: ["makestagram", "timeline"])
    func hostileExportLinksResolve(dialect: String) throws {
        let corpus = dialect == "makestagram" ? Corpus.makestagram() : Corpus.timeline(jpegBase64: try Corpus.sampleJPEGBase64())
        let (out, _) = try SiteTest.build(try SiteTest.writeExport(corpus), options: SiteOptions(pageSize: 1))
        let broken = try Self.brokenLinks(in: out)
        #expect(broken.isEmpty, "\(Self.summary(broken))")
    }

    /// The resolver itself, on the link shapes the templates write.
    @Test func resolverFollowsStaticServerRules() {
        #expect(SiteTest.resolve("../../../../u/ana/", from: "u/ana/page/2/index.html") == .file("u/ana/index.html"))
        #expect(SiteTest.resolve("../../", from: "p/k/index.html") == .file("index.html"))
        #expect(SiteTest.resolve("u/jo%C3%A3o/#top", from: "index.html") == .file("u/joão/index.html"))
        #expect(SiteTest.resolve("assets/site.css?v=2", from: "index.html") == .file("assets/site.css"))
        #expect(SiteTest.resolve("/assets/site.css", from: "404.html") == .file("assets/site.css"))
        #expect(SiteTest.resolve("#main", from: "index.html") == .samePage)
        #expect(SiteTest.resolve("https://x.example/", from: "index.html") == .external)
        #expect(SiteTest.resolve("mailto:a@b.example", from: "index.html") == .external)
        #expect(SiteTest.resolve("../x", from: "index.html") == .invalid("climbs above the site root"))
        #expect(SiteTest.resolve(" JavaScript:alert(1)", from: "index.html") == .invalid("scheme javascript:"))
    }

    // MARK: - Counts

    /// `data-count="<name>">N<` markers of a page.
    static func dataCounts(_ html: String) -> [String: [Int]] {
        var counts: [String: [Int]] = [:]
        for tag in HTMLScan.tags(in: html) {
            guard let name = tag.values("data-count").first, let end = html.range(of: tag.raw)?.upperBound else { continue }
            counts[name, default: []].append(Int(html[end...].prefix { $0 != "<" }.trimmingCharacters(in: .whitespaces)) ?? -1)
        }
        return counts
    }

    static func dataUIDs(_ html: String) -> [String] {
        HTMLScan.tags(in: html).flatMap { $0.values("data-uid") }
    }

    /// Every count of the built site that differs from the validator's, as
    /// "file: name shown N, true M": profile headers (every page), users.json, list entries.
    static func countMismatches(in out: String, report: AuditReport, pageSize: Int) throws -> [String] {
        var wrong: [String] = []
        let rows = try SiteTest.usersJSON(out)
        let rendered = Set(rows.map(\.uid))
        for row in rows {
            let i = Int(try #require(report.index.user(uid: row.uid)))
            let truth = ["posts": report.counts.posts[i], "followers": report.counts.followers[i], "following": report.counts.following[i]]
            for (name, shown) in [("posts", row.posts), ("followers", row.followers), ("following", row.following)] where shown != truth[name] {
                wrong.append("users.json \(row.uid): \(name) shown \(shown), true \(truth[name]!)")
            }
            for n in 1...max(1, (row.posts + pageSize - 1) / pageSize) {
                let file = SiteTest.pageFile(out, url: row.url + (n == 1 ? "" : "page/\(n)/"))
                let counts = Self.dataCounts(SiteTest.text(out, file))
                if Set(counts.keys) != Set(truth.keys) { wrong.append("\(file): markers \(counts)") }
                for (name, shown) in counts where shown != [truth[name] ?? -1] {
                    wrong.append("\(file): \(name) shown \(shown), true \(truth[name] ?? -1)")
                }
            }
            for (kind, graph) in [("followers", report.graph.followers), ("following", report.graph.following)] {
                let shown = Self.dataUIDs(SiteTest.text(out, SiteTest.pageFile(out, url: row.url + kind + "/")))
                let expected = graph.row(i).map { report.index.users[Int($0)].uid }.filter(rendered.contains)
                if shown.sorted() != expected.sorted() { wrong.append("\(row.url)\(kind)/: \(shown) instead of \(expected)") }
            }
        }
        return wrong
    }

    @Test func headerCountsAreTheValidatorsTrueCounts() throws {
        let report = try Audit.run(exportAt: SiteTest.sampleExport)
        let (out, _) = try SiteTest.build(SiteTest.sampleExport, options: SiteOptions(pageSize: 5))
        let rows = try SiteTest.usersJSON(out)
        #expect(rows.count == report.index.users.count(where: { $0.username != nil }))
        #expect(try Self.countMismatches(in: out, report: report, pageSize: 5) == [])
        #expect(SiteTest.files(out).contains { $0.hasSuffix("/page/2/index.html") }, "page size 5 paginates the busiest")

        // The planted drift is shown repaired (content/README.md).
        let grace = try #require(rows.first { $0.username == "grace.walker" })
        #expect(grace.followers == 19, "stored 20")
        let chase = try #require(rows.first { $0.username == "chase" })
        #expect([chase.posts, chase.followers, chase.following] == [2, 6, 9] as [Int], "no stored counters")

        // Post pages: likes and comments (40 of the sample's posts have some) are the true counts.
        var checked = 0, commented = 0
        for (p, post) in report.index.posts.enumerated() where post.owner >= 0 {
            let file = "p/\(post.key)/index.html"
            guard FileManager.default.fileExists(atPath: out + "/" + file) else { continue }
            let comments = p < report.counts.comments.count ? report.counts.comments[p] : 0
            var expected = ["likes": [report.counts.likes[p]]]
            if comments > 0 {
                expected["comments"] = [comments]
                commented += 1
            }
            #expect(Self.dataCounts(SiteTest.text(out, file)) == expected, "\(file)")
            checked += 1
        }
        #expect(commented == 40, "the sample's posts with comments")
        #expect(checked == report.index.posts.count)
        #expect(Self.dataCounts(SiteTest.text(out, "p/-LHECY_N39oXbpyw8zqC/index.html")) == ["likes": [1]], "stored 2, one like dangles")
    }

    /// A user with two posts, one of which has no `image_url`: the validator counts two.
    @Test func postCountIncludesPostsThatCannotBeShown() throws {
        let poster: [String: Any] = ["uid": "u1", "username": "ana"]
        let export = try SiteTest.writeExport([
            "users": ["u1": ["username": "ana", "post_count": 2, "follower_count": 0, "following_count": 0]],
            "posts": ["u1": [
                "-La1": ["image_url": "https://img.example/1.jpg", "created_at": 1_500_000_000, "like_count": 0, "poster": poster],
                "-La2": ["created_at": 1_500_000_100, "like_count": 0, "poster": poster, "caption": "no image"],
            ]],
        ] as [String: Any])
        let report = try Audit.run(exportAt: export)
        #expect(report.counts.posts == [2])
        let (out, _) = try SiteTest.build(export)
        let mismatches = try Self.countMismatches(in: out, report: report, pageSize: 60)
        #expect(mismatches == [])
    }

    @Test func gridHasThreeColumnsAtEveryWidth() throws {
        let (out, _) = try SiteTest.build(SiteTest.smallExport)
        let css = SiteTest.text(out, "assets/site.css")
        let rule = try NSRegularExpression(pattern: #"([^{}]+)\{([^{}]*)\}"#)
        var columns: [String] = []
        for m in rule.matches(in: css, range: NSRange(css.startIndex..., in: css)) {
            let selector = String(css[Range(m.range(at: 1), in: css)!]), body = String(css[Range(m.range(at: 2), in: css)!])
            guard selector.range(of: #"\.grid(?![\w-])"#, options: .regularExpression) != nil else { continue }
            for declaration in body.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                if parts.count == 2 && parts[0] == "grid-template-columns" { columns.append(parts[1]) }
            }
        }
        #expect(columns == ["repeat(3, 1fr)"], "every .grid rule, media queries included")

        let profile = SiteTest.text(out, "u/ana/index.html")
        let grids = HTMLScan.tags(in: profile).filter { $0.values("class").first?.split(separator: " ").contains("grid") == true }
        #expect(grids.count == 1)
        #expect(HTMLScan.tags(in: profile).filter { !$0.values("data-post").isEmpty }.count == 3)
    }
}
