import Foundation
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// What a page's `<title>` and meta tags hold of user text (`docs/site.md`, "Titles and
/// descriptions"): a huge bio or name is cut, not repeated whole in the head, and a bidi
/// override in a name cannot turn the rest of a title around; in the body the name stays
/// as written, isolated.
@Suite struct SiteMetaTextTests {
    /// 31 characters: words, an emoji, a full stop.
    static let sentence = "Sunset over the Tagus 🌅 again. "
    static let bio = String(repeating: sentence, count: 70_000)  // 2.2 million characters, 2.4 MB
    static let caption = String(repeating: "Long caption words ", count: 1_000)

    static func export() throws -> String {
        try SiteTest.writeExport([
            "users": [
                "u1": ["username": "ana", "name": "Ana", "bio": bio],
                "u2": ["username": "max", "name": String(repeating: "Maximilian ", count: 100_000)],
                "u3": ["username": "eve", "name": "Eve \u{202E}gnp.exe", "bio": "hi \u{202E}olleh"],
                "u4": ["username": "\u{202E}olleh", "name": "Rtl"],
            ],
            "posts": [
                "u3": ["-K25Fj8qrMAtxXG3QCA1": ["image_url": "https://img.example/e.jpg", "created_at": 1_490_000_000,
                                                 "caption": caption, "poster": ["uid": "u3", "username": "eve"]]],
            ],
            "followers": ["u4": ["u1": true], "u1": ["u4": true]],
            "following": ["u1": ["u4": true], "u4": ["u1": true]],
        ] as [String: Any])
    }

    /// The `content` of `<meta name|property="key">` and the `<title>` of a page.
    static func head(_ html: String) -> [String: String] {
        var head: [String: String] = [:]
        for tag in HTMLScan.tags(in: String(html.prefix(20_000))) where tag.name == "meta" {
            if let key = tag.values("name").first ?? tag.values("property").first { head[key] = tag.values("content").first }
        }
        if let open = html.range(of: "<title>"), let close = html.range(of: "</title>", range: open.upperBound..<html.endIndex) {
            head["title"] = String(html[open.upperBound..<close.lowerBound])
        }
        return head
    }

    @Test func aHugeBioIsCutInTheHead() throws {
        let (out, _) = try SiteTest.build(try Self.export())
        let page = SiteTest.bytes(out, "u/ana/index.html")
        // The bio once, in the body (it was there three times: body, description, og:description).
        #expect(page.count < Self.bio.utf8.count + 100_000, "\(page.count) bytes for a bio of \(Self.bio.utf8.count)")
        let head = Self.head(String(decoding: page, as: UTF8.self))
        let cut = String(repeating: Self.sentence, count: 6) + "Sunset over…"
        #expect(head["description"] == cut)
        #expect(head["og:description"] == cut)
        #expect(cut.count <= PageContexts.descriptionLimit)

        // A 1 MB name: the title keeps the username.
        let max = Self.head(SiteTest.text(out, "u/max/index.html"))
        #expect(max["og:title"] == "Maximilian Maximilian Maximilian Maximilian… (@max)")
        #expect(max["title"]?.hasPrefix("Maximilian Maximilian Maximilian Maximilian… (@max) · ") == true, "\(max["title"]?.prefix(200) ?? "")")

        // A post: its description and title cut at a word.
        let post = Self.head(SiteTest.text(out, "p/-K25Fj8qrMAtxXG3QCA1/index.html"))
        #expect(post["og:title"] == "Long caption words Long caption words Long caption words… · @eve")
        #expect(post["description"] == String(repeating: "Long caption words ", count: 10) + "Long…")
    }

    @Test func noBidiOverrideInTheHead() throws {
        let (out, _) = try SiteTest.build(try Self.export())
        let users = try SiteTest.usersJSON(out)
        let olleh = try #require(users.first { $0.uid == "u4" })
        let pages = ["u/eve/index.html", SiteTest.pageFile(out, url: olleh.url),
                     SiteTest.pageFile(out, url: olleh.url + "followers/"), "p/-K25Fj8qrMAtxXG3QCA1/index.html"]
        for path in pages {
            let html = SiteTest.text(out, path)
            for (key, value) in Self.head(html) {
                #expect(!value.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) }, "\(path): \(key) = \(value)")
            }
        }
        let eve = SiteTest.text(out, "u/eve/index.html")
        #expect(Self.head(eve)["og:title"] == "Eve gnp.exe (@eve)")
        #expect(Self.head(eve)["description"] == "hi olleh")
        #expect(Self.head(eve)["title"]?.hasPrefix("Eve gnp.exe (@eve) · ") == true)
        // The body keeps the name as written, in an element that isolates it.
        #expect(eve.contains("<p class=\"profile-name p-name user-text\">Eve \u{202E}gnp.exe</p>"))
        let profile = SiteTest.text(out, SiteTest.pageFile(out, url: olleh.url))
        #expect(Self.head(profile)["og:title"] == "Rtl (@olleh)")
        #expect(profile.contains("<h1 class=\"profile-username\"><a dir=\"auto\" class=\"u-url u-uid p-nickname\""))
        #expect(profile.contains(">\u{202E}olleh</a>"))
        // A sentence naming the user: its override dropped, in the heading and the title.
        let followers = SiteTest.text(out, SiteTest.pageFile(out, url: olleh.url + "followers/"))
        #expect(followers.contains("<h1>Followers of @olleh</h1>"))
        #expect(followers.contains("<span class=\"list-owner-name\" dir=\"auto\">\u{202E}olleh</span>"))
    }
}
