import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// A site in another language: every word of the theme in it, `<html lang dir>`; the
/// feeds and `users.json` stay as they were; changing the language or a strings file
/// renders every page again. And the post pages' previous and next links.
@Suite struct SiteLanguageTests {
    static func read(_ out: String, _ path: String) -> String {
        (try? String(contentsOfFile: out + "/" + path, encoding: .utf8)) ?? ""
    }

    /// Words of the English theme that no page of another language may show.
    static let englishWords = ["Skip to content", "followers<", "following<", " posts<", "Comments<", "Published with",
                               "All profiles", "Search profiles", "Photo by", "Previous post", "Next post", "Atom feed",
                               // The default site title (header, <title>, og:site_name).
                               ">Profiles</a>", " · Profiles</title>", #"content="Profiles""#, "See photos from"]

    @Test(arguments: ["pt-BR", "ar", "ja"])
    func aSiteReadsEntirelyInItsLanguage(_ language: String) throws {
        var options = SiteOptions(pageSize: 2)
        options.language = language
        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: options)
        let pages = SiteTest.files(out).filter { $0.hasSuffix(".html") }
        #expect(pages.count > 10)
        let direction = language == "ar" ? "rtl" : "ltr"
        for page in pages {
            let html = Self.read(out, page)
            #expect(html.contains("<html lang=\"\(language)\" dir=\"\(direction)\">"), "\(page)")
            for word in Self.englishWords {
                #expect(!html.contains(word), "\(page) shows \(word)")
            }
        }
        let profile = Self.read(out, "u/ana/index.html")
        switch language {
        case "pt-BR":
            #expect(profile.contains(#"<span class="count-num" data-count="followers">3</span><span class="count-label"> seguidores</span>"#))
            #expect(Self.read(out, "p/-L0AnaAAAAAAAAAAAAA1/index.html").contains(">1 de janeiro de 2018</time>"))
            #expect(profile.contains(#"<a class="brand" href="../../">Perfis</a>"#))
            #expect(profile.contains(#"<meta property="og:site_name" content="Perfis">"#))
        case "ja":
            #expect(profile.contains(#"<span class="count-label">投稿</span><span class="count-num" data-count="posts">3</span><span class="count-label">件</span>"#))
        default:
            #expect(profile.contains(#"<span class="count-label">يتابع </span><span class="count-num" data-count="following">3</span>"#))
        }
    }

    /// A title the site gives stays as given, in any language.
    @Test func aGivenTitleIsNotTranslated() throws {
        var options = SiteOptions(title: "Fotos da Ana")
        options.language = "pt-BR"
        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: options)
        #expect(Self.read(out, "index.html").contains("<title>Fotos da Ana</title>"))
        #expect(Self.read(out, "u/ana/index.html").contains(#"<a class="brand" href="../../">Fotos da Ana</a>"#))
    }

    @Test func feedsAndUsersJSONStayLanguageNeutral() throws {
        let (english, _) = try SiteTest.build(SiteTest.smallExport)
        var options = SiteOptions()
        options.language = "ru"
        let (russian, _) = try SiteTest.build(SiteTest.smallExport, options: options)
        let neutral = SiteTest.files(english).filter { $0.hasSuffix(".xml") || $0.hasSuffix(".json") }
        #expect(neutral.contains("users.json") && neutral.contains("u/ana/feed.xml"))
        for path in neutral {
            #expect(Self.read(english, path) == Self.read(russian, path), "\(path)")
        }
    }

    @Test func changingTheLanguageRendersEveryPage() throws {
        let (out, first) = try SiteTest.build(SiteTest.smallExport)
        var options = SiteOptions()
        options.language = "de"
        let (_, result) = try SiteTest.build(SiteTest.smallExport, into: out, options: options)
        #expect(!result.upToDate)
        #expect(result.rendered == first.rendered, "every page of the first build")
        #expect(Self.read(out, "index.html").contains("<html lang=\"de\""))
        let (_, again) = try SiteTest.build(SiteTest.smallExport, into: out, options: options)
        #expect(again.upToDate)
    }

    @Test func changingAStringsFileRendersEveryPage() throws {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/strings", withIntermediateDirectories: true)
        let english = String(decoding: Theme.builtin.files.first { $0.path == "strings/en.toml" }!.bytes, as: UTF8.self)
        try Data(english.utf8).write(to: URL(fileURLWithPath: folder + "/strings/en.toml"))
        let (out, first) = try SiteTest.build(SiteTest.smallExport, templates: folder)
        try Data(english.replacingOccurrences(of: "Skip to content", with: "Skip to the photos").utf8)
            .write(to: URL(fileURLWithPath: folder + "/strings/en.toml"))
        let (_, result) = try SiteTest.build(SiteTest.smallExport, into: out, templates: folder)
        #expect(!result.upToDate)
        #expect(result.rendered == first.rendered)
        #expect(Self.read(out, "u/ana/index.html").contains(">Skip to the photos</a>"))
    }

    @Test func anUnknownLanguageIsAOneLineError() throws {
        var options = SiteOptions()
        options.language = "xx"
        let out = try SiteTest.newOutput()
        #expect(throws: SitegenError.self) { try SiteTest.build(SiteTest.smallExport, into: out, options: options) }
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written")
    }

    // MARK: - Previous and next

    @Test func postPagesLinkThePostersNeighbours() throws {
        let (out, _) = try SiteTest.build(SiteTest.smallExport)
        // Ana's posts, newest first: L2, L1, L0.
        let newest = Self.read(out, "p/-L2AnaAAAAAAAAAAAAA3/index.html")
        let middle = Self.read(out, "p/-L1AnaAAAAAAAAAAAAA2/index.html")
        let oldest = Self.read(out, "p/-L0AnaAAAAAAAAAAAAA1/index.html")
        #expect(!newest.contains("rel=\"prev\""))
        #expect(newest.contains(#"rel="next" href="../../p/-L1AnaAAAAAAAAAAAAA2/""#))
        #expect(middle.contains(#"rel="prev" href="../../p/-L2AnaAAAAAAAAAAAAA3/""#))
        #expect(middle.contains(#"rel="next" href="../../p/-L0AnaAAAAAAAAAAAAA1/""#))
        #expect(oldest.contains(#"rel="prev" href="../../p/-L1AnaAAAAAAAAAAAAA2/""#))
        #expect(!oldest.contains("rel=\"next\""))
        // A poster with one post has no links.
        #expect(!Self.read(out, "p/-L0YukiAAAAAAAAAAAA1/index.html").contains("post-nav"))
    }

    /// Each post page's key, by post key.
    static func postKeys(_ export: String) throws -> [String: ContentHash] {
        let model = SiteModel.build(from: try Audit.run(exportAt: export))
        let renderer = SiteRenderer(model: model, templates: try TemplateSet(folder: SiteTest.templates), options: SiteOptions())
        let (global, paths) = (renderer.globalFingerprint(), SiteRenderer.HTMLPaths(renderer: renderer, pages: []))
        return Dictionary(uniqueKeysWithValues: model.posts.indices.map {
            (model.posts[$0].key, renderer.key(of: .post($0), htmlPaths: paths, global: global))
        })
    }

    @Test func aNewPostRendersOnlyItsNeighboursPostPages() throws {
        let before = try Self.postKeys(SiteTest.smallExport)
        let post: [String: Any] = ["caption": "New", "created_at": 1_600_000_000, "image_height": 375,
                                   "image_url": "https://img.example/ana-4.jpg", "like_count": 0,
                                   "poster": ["uid": "u1", "username": "ana"]]
        let export = try SiteRebuildTests.edited(["posts/u1/-L3AnaAAAAAAAAAAAAA4": post, "users/u1/post_count": 4])
        let after = try Self.postKeys(export)
        let changed = after.keys.filter { before[$0] != after[$0] }.sorted()
        // The new post, its older neighbour (its link), and the pages whose "More posts by"
        // strip (the six posts nearest in the grid) shows it: Ana's four, no one else's.
        #expect(changed == ["-L0AnaAAAAAAAAAAAAA1", "-L1AnaAAAAAAAAAAAAA2", "-L2AnaAAAAAAAAAAAAA3", "-L3AnaAAAAAAAAAAAAA4"])
        // And through a rebuild.
        let (out, _) = try SiteTest.build(SiteTest.smallExport)
        let (_, result) = try SiteTest.build(export, into: out)
        #expect(!result.upToDate)
        #expect(Self.read(out, "p/-L2AnaAAAAAAAAAAAAA3/index.html").contains(#"rel="prev" href="../../p/-L3AnaAAAAAAAAAAAAA4/""#))
    }

    // MARK: - Alt text

    @Test func altTextIsTheAppsDescriptionOrThePlainCaption() throws {
        let export = try SiteRebuildTests.edited([
            "posts/u1/-L0AnaAAAAAAAAAAAAA1/caption": "_weekend_ #friends **snow**",
            "posts/u1/-L1AnaAAAAAAAAAAAAA2/altText": "A yellow tram on a steep street",
            "posts/u1/-L2AnaAAAAAAAAAAAAA3/caption": "",
        ])
        var options = SiteOptions()
        options.language = "pt-BR"
        let (out, _) = try SiteTest.build(export, options: options)
        #expect(Self.read(out, "p/-L0AnaAAAAAAAAAAAAA1/index.html").contains(#"alt="weekend #friends snow""#))
        #expect(Self.read(out, "p/-L1AnaAAAAAAAAAAAAA2/index.html").contains(#"alt="A yellow tram on a steep street""#))
        #expect(Self.read(out, "p/-L2AnaAAAAAAAAAAAAA3/index.html").contains(#"alt="Foto de @ana""#))
        #expect(Self.read(out, "u/ana/index.html").contains(#"alt="A yellow tram on a steep street""#))
    }
}
