import Foundation
@testable import SitegenExport
@testable import SitegenKit
import Testing

/// A post is known by its path, not its key (docs/apps.md, "Posts whose keys repeat"):
/// posts kept in JSON arrays under integer keys, or whose ids are unique only under their
/// owner, each get a page of their own, named from the path where the key repeats; a key
/// that no other post has keeps its page `p/<key>/`.
@Suite struct PostIdentityTests {
    /// `posts/<uid>` as arrays with `null` holes: `0` under two owners, `2` under one.
    nonisolated(unsafe) static let arrays: [String: Any] = [
        "users": ["uA": ["username": "ana"], "uB": ["username": "ben"]],
        "posts": [
            "uA": [["image_url": "https://img.example/a0.jpg", "created_at": 1_490_000_000, "caption": "ana zero"], NSNull(),
                   ["image_url": "https://img.example/a2.jpg", "created_at": 1_490_000_100, "caption": "ana two"]],
            "uB": [["image_url": "https://img.example/b0.jpg", "created_at": 1_490_000_200, "caption": "ben zero"]],
        ],
        "postLikes": ["2": ["uB": true]],
    ]

    @Test func twoPostsWithTheSameKeyUnderTwoOwnersGetTwoPages() throws {
        let (out, result) = try SiteTest.build(try SiteTest.writeExport(Self.arrays))
        #expect(result.skipped.isEmpty)
        let pages = SiteTest.files(out).filter { $0.hasPrefix("p/") }.sorted()
        #expect(pages == ["p/2/index.html", "p/uA-0/index.html", "p/uB-0/index.html"])
        let ana = SiteTest.text(out, "p/uA-0/index.html"), ben = SiteTest.text(out, "p/uB-0/index.html")
        #expect(ana.contains("a0.jpg") && ana.contains("data-photo=\"uA-0\"") && !ana.contains("b0.jpg"))
        #expect(ben.contains("b0.jpg") && ben.contains("data-photo=\"uB-0\"") && !ben.contains("a0.jpg"))
        let profile = SiteTest.text(out, "u/ana/index.html")
        #expect(profile.contains("data-post=\"uA-0\"") && profile.contains("data-post=\"2\"") && !profile.contains("data-post=\"0\""))
        #expect(SiteTest.text(out, "u/ben/index.html").contains("data-post=\"uB-0\""))
        #expect(SiteTest.text(out, "p/2/index.html").contains("<span data-count=\"likes\">1</span>"))
    }

    /// The names are made from the export alone: the same on every build, whatever the
    /// order of the owners, and never another post's name (`uA-0` is taken by a key).
    @Test func namesAreStableAndUnique() throws {
        func names(_ object: [String: Any]) throws -> [String] {
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            let report = Validator.audit(try ExportLoader.load(bytes: Array(data), name: "x.json"))
            return report.index.posts.indices.map { report.index.name(ofPost: $0) }
        }
        var object = Self.arrays
        #expect(try names(object) == ["uA-0", "2", "uB-0"])
        #expect(try names(object) == names(object))
        object["posts"] = ["uA": ["0": ["created_at": 1], "uA-0": ["created_at": 2]], "uB": ["0": ["created_at": 3]]]
        #expect(try names(object) == ["uA-0-2", "uA-0", "uB-0"])
    }

    /// Where keys are unique (every push id), pages keep their names: no URL changes.
    @Test func uniqueKeysKeepTheirNames() throws {
        let graph = AppShapeTests.Graph(seed: 7)
        let (model, _) = try AppShapeTests.model(graph.tutorial)
        #expect(Set(model.posts.map(\.key)) == Set(graph.posts.map(\.key)))
    }
}
