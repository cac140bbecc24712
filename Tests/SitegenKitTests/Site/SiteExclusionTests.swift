import Foundation
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// Users who must not be published: `exclude` in sitegen.toml (uids or usernames); and a
/// record's own `private` / `isPrivate` / `is_private: true`, whose header alone is
/// (`PrivateAccountTests`).
@Suite struct SiteExclusionTests {
    static func post(_ uid: String, _ name: String, _ caption: String, _ n: Int) -> [String: Any] {
        ["image_url": "https://img.example/\(uid)\(n).jpg", "created_at": 1_490_000_000 + n, "caption": caption,
         "poster": ["uid": uid, "username": name]]
    }

    static func export() throws -> String {
        try SiteTest.writeExport([
            "users": [
                "u1": ["username": "ana", "bio": "friends with @ben and @eve"],
                "u2": ["username": "ben"],                              // excluded by name
                "u3": ["username": "cy", "private": true],              // private
                "u4": ["username": "dee", "isPrivate": "TRUE"],         // private, as a string
                "u5": ["username": "eve", "is_private": false],
                "u6": ["username": "fay"],                              // excluded by uid
            ],
            "posts": [
                "u1": ["-K25Fj8qrMAtxXG3QCA1": post("u1", "ana", "hi @ben #sun", 1)],
                "u2": ["-K25Fj8qrMAtxXG3QCB1": post("u2", "ben", "secret beach #sun #bensonly", 2)],
                "u3": ["-K25Fj8qrMAtxXG3QCC1": post("u3", "cy", "cy's locked caption", 3)],
            ],
            "followers": ["u1": ["u5": true, "u2": true, "u3": true], "u5": ["u1": true]],
            "following": ["u5": ["u1": true], "u2": ["u1": true], "u3": ["u1": true], "u1": ["u5": true]],
        ] as [String: Any])
    }

    @Test func excludedUsersAreNowhereAndCountsStayTrue() throws {
        let export = try Self.export()
        let out = try SiteTest.newOutput()
        let result = try Site.build(Site.Request(export: export, output: out, templates: SiteTest.templates, exclude: ["ben", "u6"]))
        #expect(result.skipped.contains("2 users not published (exclude in sitegen.toml), with their posts"))
        #expect(result.skipped.contains("2 private accounts (private in the record): the profile's header only, posts and lists not published"))

        let files = SiteTest.files(out)
        let rows = try SiteTest.usersJSON(out)
        #expect(rows.map(\.username).sorted() == ["ana", "cy", "dee", "eve"])
        #expect(rows.filter(\.isPrivate).map(\.username).sorted() == ["cy", "dee"])
        for name in ["ben", "fay"] {
            #expect(!files.contains { $0.hasPrefix("u/\(name)/") }, "no pages of \(name)")
        }
        for name in ["cy", "dee"] {
            #expect(files.filter { $0.hasPrefix("u/\(name)/") } == ["u/\(name)/index.html"], "\(name)'s header page alone")
        }
        #expect(!files.contains { $0.contains("QCB1") || $0.contains("QCC1") }, "their posts are not published")
        #expect(!files.contains { $0.hasPrefix("tags/bensonly") }, "nor the tags only their posts have")
        let everything = files.filter { $0.hasSuffix(".html") || $0.hasSuffix(".xml") || $0.hasSuffix(".json") }
            .map { SiteTest.text(out, $0) }.joined()
        for secret in ["secret beach", "locked caption", "u/ben/", "u/fay/", "u/cy/followers", "u/cy/feed.xml", "\"fay\"", "\"u6\"", "\"u2\""] {
            #expect(!everything.contains(secret), "\(secret) is published")
        }
        // Mentions of an excluded user are plain text.
        let profile = SiteTest.text(out, "u/ana/index.html")
        #expect(profile.contains("@ben") && profile.contains("href=\"../../u/eve/\""))
        // Counts stay true: ana has three followers (eve, ben, cy), her followers page shows one.
        #expect(profile.contains(#"data-count="followers">3<"#))
        let followers = SiteTest.text(out, "u/ana/followers/index.html")
        #expect(followers.matches(of: /data-uid="/).count == 1 && followers.contains(#"data-uid="u5""#))
        #expect(followers.contains(#"<p class="list-more">and 2 more accounts, not shown</p>"#))
        #expect(!SiteTest.text(out, "u/eve/following/index.html").contains("list-more"), "eve follows ana only")
        // The tag page shows ana's post only.
        #expect(SiteTest.text(out, "tags/sun/index.html").matches(of: /data-post="/).count == 1)
    }

    /// Apps that say it otherwise: inside a map (`professionalAcc.private`), as the account's
    /// type (`accountType: "private"`); `accountType: "public"` and a map without it are public.
    @Test func privateSpelledOtherwise() throws {
        let export = try SiteTest.writeExport([
            "users": [
                "u1": ["username": "ana", "professionalAcc": ["private": true, "category": "artist"]],
                "u2": ["username": "ben", "accountType": "private"],
                "u3": ["username": "cy", "accountType": "public", "professionalAcc": ["category": "shop"]],
                "u4": ["username": "dee", "account_type": "Private"],
            ],
            "posts": [
                "u1": ["-K25Fj8qrMAtxXG3QCA1": Self.post("u1", "ana", "ana's hidden caption", 1)],
                "u2": ["-K25Fj8qrMAtxXG3QCB1": Self.post("u2", "ben", "ben's hidden caption", 2)],
                "u3": ["-K25Fj8qrMAtxXG3QCC1": Self.post("u3", "cy", "cy's public caption", 3)],
            ],
        ] as [String: Any])
        let (out, _) = try SiteTest.build(export)
        let rows = try SiteTest.usersJSON(out)
        #expect(rows.map(\.username) == ["ana", "ben", "cy", "dee"])
        #expect(rows.filter(\.isPrivate).map(\.username) == ["ana", "ben", "dee"], "cy is public")
        let everything = SiteTest.files(out).filter { $0.hasSuffix(".html") || $0.hasSuffix(".xml") || $0.hasSuffix(".json") }
            .map { SiteTest.text(out, $0) }.joined()
        #expect(!everything.contains("hidden caption") && everything.contains("cy's public caption"))
    }

    @Test func excludedPhotosAreNotPublished() throws {
        let jpeg = try Corpus.sampleJPEGBase64()
        let other = Data(try #require(Data(base64Encoded: jpeg)) + [0xFF, 0xD9]).base64EncodedString()
        let export = try SiteTest.writeExport([
            "users": ["a": ["username": "han"], "b": ["username": "leia", "private": true]],
            "posts": ["-K25Fj8qrMAtxXG3QCS1": ["username": "han", "imageEndpoint": "-Ki1"],
                      "-K25Fj8qrMAtxXG3QCS2": ["username": "leia", "imageEndpoint": "-Ki2"]],
            "images": ["-Ki1": jpeg, "-Ki2": other],
        ] as [String: Any])
        let (out, result) = try SiteTest.build(export)
        // han's photo, 64 px wide: one width, as JPEG and WebP; leia's is not even decoded.
        #expect(SiteTest.files(out).filter { $0.hasPrefix("assets/img/") }.count == 2, "only han's photo")
        #expect(result.photos.encoded == 1)
        #expect(!FileManager.default.fileExists(atPath: out + "/p/-K25Fj8qrMAtxXG3QCS2"))
        #expect(SiteTest.files(out).filter { $0.hasPrefix("u/leia/") } == ["u/leia/index.html"], "leia's header page alone")
    }

    @Test func configExcludeListAndFile() throws {
        let folder = try TestSupport.temporaryFolder()
        try Data("ben   # asked on 2026-11-02\n\n# comments and blank lines are skipped\nu6\n".utf8).write(to: URL(fileURLWithPath: folder + "/exclude.txt"))
        #expect(try SiteConfig.parse("exclude = \"exclude.txt\"\n", file: folder + "/sitegen.toml").exclude == ["ben", "u6"])
        #expect(try SiteConfig.parse("exclude = [\"ben\", \"u6\"]\n", file: "sitegen.toml").exclude == ["ben", "u6"])
        for (text, message) in [
            ("exclude = [1]\n", "sitegen.toml:1: exclude must list uids or usernames as strings, not an integer"),
            ("exclude = 3\n", "sitegen.toml:1: exclude must be a list of uids or usernames, or the path of a file of them, not an integer"),
            ("exclude = \"none.txt\"\n", "sitegen.toml:1: exclude names a file that cannot be read: none.txt"),
        ] {
            do {
                _ = try SiteConfig.parse(text, file: "sitegen.toml")
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.description == message)
            }
        }
    }
}
