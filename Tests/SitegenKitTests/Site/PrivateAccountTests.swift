import Foundation
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// A private account (docs/site.md, "Private accounts"): its page is its header and "This
/// account is private" alone, with the validator's counts as plain numbers; nothing of
/// its posts or follows is published anywhere. The fixture
/// (`Fixtures/site/private-export.json`): `priv` (`isPrivate`, stored counters 42/99/7 that
/// drifted, true 3 posts, 4 followers, 1 following) followed by `ana`, `fan`, `umbra7`
/// (excluded below) and a user without a username ("Nameless Follower"), following `ana`;
/// its three posts hold `PRIVCAP…` captions, `privphoto-…` URLs, an alt text, a comment
/// and a hashtag found nowhere else; it comments on ana's post and ana mentions it.
@Suite struct PrivateAccountTests {
    static var export: String { TestSupport.sourceFixtures + "/site/private-export.json" }
    static let options = SiteOptions(baseURL: "https://example.test/")

    static func build(exclude: [String] = ["umbra7"]) throws -> (String, Site.Result) {
        let out = try SiteTest.newOutput()
        let result = try Site.build(Site.Request(export: export, output: out, templates: SiteTest.templates,
                                                 exclude: exclude, options: options))
        return (out, result)
    }

    /// Every text file of the output, by path.
    static func texts(_ out: String) -> [String: String] {
        var out2: [String: String] = [:]
        for path in SiteTest.files(out) where [".html", ".xml", ".json", ".txt"].contains(where: path.hasSuffix) {
            out2[path] = SiteTest.text(out, path)
        }
        return out2
    }

    @Test func theHeaderPageAloneWithTheTrueCounts() throws {
        let (out, result) = try Self.build()
        #expect(result.skipped.contains("1 user not published (exclude in sitegen.toml), with their posts"))
        #expect(result.skipped.contains("1 private account (private in the record): the profile's header only, posts and lists not published"))

        let page = SiteTest.text(out, "u/priv/index.html")
        // The header: avatar, name, handle, bio, website; the counts the validator's (stored: 42, 99, 7).
        #expect(page.contains(#"src="https://img.example/priv-avatar.jpg""#))
        #expect(page.contains(">priv</a></h1>") && page.contains(#"<p class="profile-name p-name user-text">Priya Vale</p>"#))
        #expect(page.contains("Ceramics and slow mornings.") && page.contains(#"href="https://priya.example/""#))
        #expect(page.contains(#"data-count="posts">3<"#) && page.contains(#"data-count="followers">4<"#)
                && page.contains(#"data-count="following">1<"#))
        // Plain numbers: no list to link to, no feed, no grid.
        #expect(!page.contains("followers/") && !page.contains("following/") && !page.contains("feed.xml"))
        #expect(!page.contains("data-post=") && !page.contains(#"class="grid"#) && !page.contains("posts-heading"))
        #expect(page.contains(#"<section class="private-account" data-private aria-labelledby="private-heading">"#))
        #expect(page.contains(#"<h2 id="private-heading">This account is private</h2>"#))
        #expect(page.contains("<p>Their photos, videos and connections are not published on this site.</p>"))
        #expect(page.contains(#"<meta name="description" content="Ceramics and slow mornings. #quietcorner">"#))

        // Its one page: no grid page, list, feed or post page of it.
        let files = SiteTest.files(out)
        #expect(files.filter { $0.hasPrefix("u/priv/") } == ["u/priv/index.html"])
        #expect(!files.contains { $0.contains("L0Priv") }, "no page of its posts")
        #expect(!files.contains { $0.hasPrefix("tags/secrettag") }, "no tag page its posts alone make")
        #expect(files.contains("tags/quietcorner/index.html"), "its bio's tag is in its header")

        // Without a bio its description says it is private (not "See photos from").
        let noBio = try SiteTest.editedCopy(of: Self.export) { $0.replacingOccurrences(of: #""bio": "Ceramics and slow mornings. #quietcorner","#, with: "") }
        let out2 = try SiteTest.newOutput()
        _ = try Site.build(Site.Request(export: noBio, output: out2, templates: SiteTest.templates, options: Self.options))
        #expect(SiteTest.text(out2, "u/priv/index.html").contains(
            #"<meta name="description" content="4 followers, 1 following, 3 posts - Priya Vale (@priv) is a private account">"#))
    }

    /// The whole output searched for every value only its posts, its comments and its lists
    /// hold: none is there.
    @Test func nothingItHidesIsPublished() throws {
        let (out, _) = try Self.build()
        let texts = Self.texts(out)
        let secrets = ["PRIVCAP", "privphoto", "PRIVALT", "PRIVCOMMENT", "secrettag", "L0Priv",
                       // Who follows it: an excluded user and one without a username, found through its lists alone.
                       "umbra7", "Umbra Seven", "Nameless Follower", "u5", "u4",
                       "u/priv/followers", "u/priv/following", "u/priv/feed.xml", "u/priv/page/"]
        for (path, text) in texts {
            for secret in secrets {
                #expect(!text.contains(secret), "\(path) holds \(secret)")
            }
        }
        #expect(!SiteTest.files(out).contains { $0.contains("privphoto") || $0.contains("L0Priv") })

        // Its row (`data-uid`) is in the directory alone: no one's follower or following list shows it.
        #expect(texts.filter { $0.value.contains(#"data-uid="u3""#) }.keys.sorted() == ["index.html"])
        // ana follows it and it follows her: each list says one account is not shown, as the count says.
        let anaPage = SiteTest.text(out, "u/ana/index.html")
        #expect(anaPage.contains(#"data-count="followers">1<"#) && anaPage.contains(#"data-count="following">1<"#))
        for list in ["u/ana/followers/index.html", "u/ana/following/index.html", "u/fan/following/index.html"] {
            let html = SiteTest.text(out, list)
            #expect(html.contains(#"<p class="list-more">1 account, not shown</p>"#), "\(list)")
            #expect(!html.contains("data-uid="), "\(list) lists nobody")
        }

        // The directory row, users.json and the search carry its name and handle only.
        let index = SiteTest.text(out, "index.html")
        #expect(index.contains(#"<span class="row-counts">Private account</span>"#))
        #expect(index.contains(#""private":"Private account""#), "the search's strings")
        #expect(texts["users.json"]?.contains(#"{"uid":"u3","username":"priv","name":"Priya Vale","slug":"priv","url":"u/priv/","private":true}"#) == true)
        let rows = try SiteTest.usersJSON(out)
        #expect(rows.map(\.username).sorted() == ["ana", "fan", "priv"])
        #expect(rows.first { $0.username == "priv" }?.isPrivate == true)
        let search = texts.filter { $0.key.hasPrefix("search/") && $0.key != "search/index.json" }.values.joined()
        #expect(search.contains(#"["u3","priv","Priya Vale","u/priv/",null,null,null,"#))
        #expect(!search.contains(#""u/priv/",3"#))
    }

    /// Its name is public: a mention links its header page, its comment on ana's public post
    /// is signed with it.
    @Test func itsNameLinksItsHeader() throws {
        let (out, _) = try Self.build()
        let ana = SiteTest.text(out, "u/ana/index.html")
        #expect(ana.contains(#"href="../../u/priv/""#), "the mention in ana's bio")
        let post = SiteTest.text(out, "p/-L0AnaAAAAAAAAAAAAA1/index.html")
        #expect(post.contains("Lovely cups!") && post.contains(#"href="../../u/priv/""#))
        #expect(!post.contains("Unknown account"))
    }

    /// The sitemap lists its profile page and nothing else of it.
    @Test func theSitemapListsItsProfileAlone() throws {
        let (out, _) = try Self.build()
        let sitemap = SiteTest.text(out, "sitemap.xml")
        let locations = sitemap.matches(of: /<loc>([^<]*)<\/loc>/).map { String($0.1) }
        #expect(locations.filter { $0.contains("/u/priv/") } == ["https://example.test/u/priv/"])
        #expect(locations.contains("https://example.test/u/ana/followers/"), "ana's lists are pages")
        #expect(!locations.contains { $0.contains("L0Priv") || $0.contains("secrettag") })
        #expect(locations.count == Set(locations).count)
    }

    /// In every built-in language the block says it, the counts stay numbers, and nothing
    /// of its posts shows.
    @Test(arguments: StringsTests.builtin)
    func everyLanguageSaysItIsPrivate(_ language: String) throws {
        var options = Self.options
        options.language = language
        let out = try SiteTest.newOutput()
        _ = try Site.build(Site.Request(export: Self.export, output: out, templates: SiteTest.templates, options: options))
        let strings = try StringsTests.templates.strings(language)
        let page = SiteTest.text(out, "u/priv/index.html")
        #expect(page.contains(#"<h2 id="private-heading">\#(PageContexts.attribute(strings.text("private_account")))</h2>"#))
        #expect(page.contains("<p>\(PageContexts.attribute(strings.text("private_note")))</p>"))
        #expect(page.contains(#"data-count="posts">"#) && !page.contains("feed.xml") && !page.contains("PRIVCAP"))
        #expect(SiteTest.text(out, "index.html").contains(#"<span class="row-counts">\#(PageContexts.attribute(strings.text("private_label")))</span>"#))
    }
}
