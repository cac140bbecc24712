import Foundation
@testable import SitegenExport
@testable import SitegenKit
@testable import SitegenSample
import SitegenTestSupport
import Testing

/// Pages stay small at any size (`docs/site.md`): the directory, the follower and
/// following lists and tag pages are paginated like the grid. With small page sizes, every
/// user (or post) appears exactly once across a listing's pages, in order, and the pages
/// link to each other through previous/next and page numbers.
@Suite struct SitePaginationTests {
    static let options = SiteOptions(pageSize: 2, listSize: 3)

    /// A consistent generated export (every user rendered, stored counts true).
    static func export() throws -> String {
        try TestSupport.temporaryFile(SampleGenerator.generate(SampleOptions(users: 40, seed: 7)))
    }

    /// The values of `attribute="…"` in `page`, in document order.
    static func values(_ attribute: String, in text: String) -> [String] {
        HTMLScan.tags(in: text).compactMap { $0.values(attribute).first }
    }

    /// The pages of a listing from its first page, following `rel="next"` links, each
    /// checked to link back with `rel="prev"`.
    static func chain(_ out: String, first: String) throws -> [String] {
        var pages = [first]
        while true {
            let text = SiteTest.text(out, pages.last!)
            let next = HTMLScan.tags(in: text).first { $0.name == "a" && $0.values("rel") == ["next"] }
            guard let href = next?.values("href").first else { break }
            guard case let .file(target) = SiteTest.resolve(href, from: pages.last!) else {
                Issue.record("\(pages.last!): rel=next \(href) does not resolve")
                break
            }
            let prev = HTMLScan.tags(in: SiteTest.text(out, target)).first { $0.name == "a" && $0.values("rel") == ["prev"] }
            let back = prev?.values("href").first.map { SiteTest.resolve($0, from: target) }
            #expect(back == .file(pages.last!), "\(target): rel=prev leads back to \(pages.last!)")
            pages.append(target)
            if pages.count > 10_000 { break }
        }
        return pages
    }

    @Test func directoryListsEveryUserOnceInOrder() throws {
        let (out, _) = try SiteTest.build(try Self.export(), options: Self.options)
        let users = try SiteTest.usersJSON(out)
        let pages = try Self.chain(out, first: "index.html")
        #expect(pages.count == (users.count + 2) / 3)
        #expect(pages.dropFirst().first == "page/2/index.html")
        let uids = pages.flatMap { Self.values("data-uid", in: SiteTest.text(out, $0)) }
        #expect(uids == users.map(\.uid), "every user once, in directory order")
        // Page numbers: the first, the last and the ones around the current page.
        let middle = SiteTest.text(out, "page/5/index.html")
        #expect(middle.contains(#"aria-current="page">5<"#))
        for n in [1, 3, 4, 6, 7, pages.count] {
            let href = n == 1 ? "../../" : "../../page/\(n)/"
            #expect(middle.contains("href=\"\(href)\">\(n)</a>"), "page 5 links to page \(n)")
        }
        #expect(!middle.contains("href=\"../../page/9/\">9</a>"), "far pages are left out")
        #expect(middle.contains("pagination-gap"))
    }

    @Test func directoryJumpListLeadsToEachFirstLetter() throws {
        let (out, _) = try SiteTest.build(try Self.export(), options: Self.options)
        let users = try SiteTest.usersJSON(out)
        func initial(_ name: String) -> String {
            let c = ExportIndex.fold(name).unicodeScalars.first.map { $0.value } ?? 0
            return (97...122).contains(c) ? String(UnicodeScalar(UInt8(c - 32))) : "#"
        }
        let text = SiteTest.text(out, "page/2/index.html")
        let start = try #require(text.range(of: #"<nav class="jump""#))
        let nav = String(text[start.lowerBound..<text.range(of: "</nav>", range: start.upperBound..<text.endIndex)!.upperBound])
        // Each label once ("#" too), and nothing beside it (no "M²": it read as an exponent);
        // a link leads to the first page holding a user whose username starts with it, a
        // label that is not a link has a user on this page.
        var labels: [String] = []
        for piece in nav.components(separatedBy: "<li>").dropFirst() {
            let item = String(piece.prefix { $0 != "\n" })
            let label = HTMLScan.decodeEntities(item.replacing(/<[^>]*>/, with: "")).trimmingCharacters(in: .whitespaces)
            labels.append(label)
            let holders = Set(users.filter { initial($0.username) == label }.map(\.uid))
            guard let href = HTMLScan.tags(in: piece).first(where: { $0.name == "a" })?.values("href").first else {
                #expect(piece.contains(#"aria-current="true""#), "\(label): a link or this page's letter")
                #expect(!holders.isDisjoint(with: Self.values("data-uid", in: text)), "\(label) is on page 2")
                continue
            }
            guard case let .file(target) = SiteTest.resolve(href, from: "page/2/index.html") else {
                Issue.record("jump \(href) does not resolve")
                continue
            }
            let first = try #require(users.first { initial($0.username) == label }, "a user for \(label)")
            #expect(Self.values("data-uid", in: SiteTest.text(out, target)).contains(first.uid), "\(label) → \(target)")
        }
        #expect(labels.count == Set(labels).count, "each label once: \(labels)")
        #expect(Set(labels) == Set(users.map { initial($0.username) }), "every first letter has its link")
        #expect(labels.allSatisfy { $0.count == 1 }, "a label is one letter or #: \(labels)")
    }

    @Test func followerAndFollowingListsHoldEveryEdgeOnce() throws {
        let (out, _) = try SiteTest.build(try Self.export(), options: Self.options)
        let users = try SiteTest.usersJSON(out)
        var paginated = 0
        for user in users {
            for kind in ["followers", "following"] {
                let first = "u/\(user.slug)/\(kind)/index.html"
                let pages = try Self.chain(out, first: first)
                if pages.count > 1 {
                    paginated += 1
                    #expect(pages[1] == "u/\(user.slug)/\(kind)/page/2/index.html")
                }
                let uids = pages.flatMap { Self.values("data-uid", in: SiteTest.text(out, $0)) }
                #expect(Set(uids).count == uids.count, "\(first): nobody twice")
                #expect(uids.count == (kind == "followers" ? user.followers : user.following), "\(first): every \(kind) edge")
                #expect(pages.count == max(1, (uids.count + 2) / 3))
            }
        }
        #expect(paginated > 10, "the sample has lists of several pages")
    }

    @Test func tagPagesHoldEveryPostOnce() throws {
        let (out, _) = try SiteTest.build(try Self.export(), options: Self.options)
        let tagFolders = Set(SiteTest.files(out).filter { $0.hasPrefix("tags/") }.map { $0.split(separator: "/")[1] })
        var paginated = 0
        for tag in tagFolders {
            let pages = try Self.chain(out, first: "tags/\(tag)/index.html")
            if pages.count > 1 { paginated += 1 }
            let posts = pages.flatMap { Self.values("data-post", in: SiteTest.text(out, $0)) }
            #expect(Set(posts).count == posts.count, "tags/\(tag): no post twice")
            let count = SiteTest.text(out, "tags/\(tag)/index.html").components(separatedBy: "<strong>")[1].prefix { $0 != "<" }
            #expect(Int(count) == posts.count, "tags/\(tag): every post")
            #expect(SiteTest.files(out).filter { $0.hasPrefix("tags/\(tag)/") && $0.hasSuffix(".html") }.count == pages.count,
                    "every page of tags/\(tag) is reached")
        }
        #expect(paginated > 0, "the sample has tags of several pages")
    }

    @Test func paginatedSiteLinksResolve() throws {
        let (out, _) = try SiteTest.build(try Self.export(), options: Self.options)
        let broken = try SiteLinkTests.brokenLinks(in: out)
        #expect(broken.isEmpty, "\(SiteLinkTests.summary(broken))")
    }
}

/// A build renders and stages its pages a batch at a time (bounded memory): the files and
/// their order are `renderAll`'s whatever the batch size, and a build is all or nothing.
@Suite struct SiteBatchTests {
    /// The sample site's renderer (2 tiles and 3 rows a page: many pages) and every file it
    /// renders at once, to compare batches with.
    static func sampleRenderer() throws -> (SiteRenderer, [RenderedFile]) {
        let model = SiteModel.build(from: try Audit.run(exportAt: SiteTest.sampleExport))
        let renderer = SiteRenderer(model: model, templates: try TemplateSet(folder: SiteTest.templates),
                                    options: SiteOptions(pageSize: 2, listSize: 3))
        return (renderer, try renderer.renderAll(jobs: 2))
    }

    @Test func batchesHoldEveryFileInOrder() throws {
        let (renderer, all) = try Self.sampleRenderer()
        var batches: [[RenderedFile]] = []
        try renderer.render(jobs: 2, batchSize: 7) { batches.append($0) }
        #expect(batches.dropLast(2).allSatisfy { $0.count == 7 } && batches.count > 10, "pages 7 at a time, then the last pages, then the assets")
        let joined = batches.flatMap { $0 }
        #expect(joined.map(\.path) == all.map(\.path))
        #expect(joined.map(\.bytes) == all.map(\.bytes))
    }

    @Test func aFailedBatchLeavesNothingStaged() throws {
        let (out, _) = try SiteTest.build(SiteTest.sampleExport)
        let before = SiteTest.contents(out)
        let writer = SiteWriter(output: out)
        var publication = try writer.beginPublication(inputs: "x", previous: writer.previousManifest())
        try publication.stage([RenderedFile(path: "new/index.html", bytes: Array("new".utf8))])
        #expect(throws: (any Error).self) { try publication.stage([RenderedFile(path: "../escape.html", bytes: [1])]) }
        #expect(SiteTest.contents(out) == before, "the output is as it was")
        let parent = PathNames.parent(out)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).filter { $0.contains("sitegen-staging") }.isEmpty,
                "the staging folder is removed")
    }
}

/// A batch is also cut by the items its pages list (rows, tiles, URLs: `weight(of:)`), so that
/// a run of large pages (the directory's) is not held all at once.
@Suite struct SiteBatchItemTests {
    @Test func batchesAreTheLongestRunsWhoseItemsFit() throws {
        let (renderer, all) = try SiteBatchTests.sampleRenderer()
        var batches: [[RenderedFile]] = []
        try renderer.render(jobs: 2, batchSize: 1_000, batchItems: 10) { batches.append($0) }
        // The pages without the sitemap's, cut greedily: a page starts a new batch when its
        // items would take the batch over 10; a batch has at least one page.
        var expected: [Int] = []
        var items = 0
        for page in renderer.pages() {
            let w = renderer.weight(of: page)
            if expected.isEmpty || items + w > 10 { expected.append(1); items = w } else { expected[expected.count - 1] += 1; items += w }
        }
        let counts = batches.map(\.count)
        #expect(Array(counts.prefix(expected.count - 1)) == Array(expected.dropLast()))
        #expect(counts.count > 10)
        #expect(batches.flatMap { $0 }.map(\.path) == all.map(\.path))
        #expect(batches.flatMap { $0 }.map(\.bytes) == all.map(\.bytes))
    }
}
