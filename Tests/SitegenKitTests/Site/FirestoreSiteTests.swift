import Foundation
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// `sitegen build` on the Firestore fixtures (docs/firestore.md) with their
/// `sitegen.toml`: every user with a profile, every post with an owner a page.
@Suite struct FirestoreSiteTests {
    /// Who and what each fixture publishes (shared with the inspect suite).
    static let sites = TestSupport.firestoreSites

    @Test(arguments: 0..<sites.count) func everyProfileAndPost(site index: Int) throws {
        let (layout, users, posts) = Self.sites[index]
        let folder = try TestSupport.temporaryFolder()
        let source = TestSupport.fixtures.appendingPathComponent("firestore/\(layout)").path
        for name in ["firestore_export", "sitegen.toml"] {
            try FileManager.default.copyItem(atPath: source + "/" + name, toPath: folder + "/" + name)
        }
        let run = try TestSupport.sitegen(["build", "--output", "public"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let listed = { (dir: String) in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/public/" + dir)) ?? []).sorted()
        }
        #expect(listed("u") == users)
        #expect(listed("p") == posts)
        if layout == "android" {
            // statistics/followersCount says 5; nobody follows alice.
            let page = try String(contentsOfFile: folder + "/public/u/alice/index.html", encoding: .utf8)
            #expect(page.contains(#"data-count="followers">0<"#))
        }
        if layout == "react-native" {
            // The stored followersCount (0) drifted; the page shows the true count.
            let page = try String(contentsOfFile: folder + "/public/u/carol/index.html", encoding: .utf8)
            #expect(page.contains(#"data-count="followers">1<"#))
            let post = try String(contentsOfFile: folder + "/public/p/p1/index.html", encoding: .utf8)
            #expect(post.contains("Nice"))
        }
        if layout == "odd-ids" {
            // `c%2Ed` (cleo) and `c.d` (dora) are two users: each post and comment meets its
            // own; Ben's followers are three once c.d's edge is added.
            let page = { (post: String) in try String(contentsOfFile: folder + "/public/p/\(post)/index.html", encoding: .utf8) }
            let aSpace = try page(PageContexts.postSlug("a b")), notASpace = try page(PageContexts.postSlug("a%2520b"))
            #expect(aSpace.contains("A space · @cleo") && notASpace.contains("Not a space · @dora"))
            let dots = try page(PageContexts.postSlug("p%2E1"))
            #expect(dots.contains(#"comment-user" href="../../u/cleo/""#) && dots.contains(#"comment-user" href="../../u/eiji/""#))
            #expect(dots.contains(#"<span data-count="likes">3</span>"#))
            let ben = try String(contentsOfFile: folder + "/public/u/ben/index.html", encoding: .utf8)
            #expect(ben.contains(#"data-count="followers">3<"#))
        }
        if layout == "handles" {
            // Profiles keyed by username; the comments embedded in the post, by their authors;
            // likeCount 2 drifted (one like is by a deleted profile).
            let post = try String(contentsOfFile: folder + "/public/p/s1/index.html", encoding: .utf8)
            #expect(post.contains(#"<span data-count="comments">2</span>"#))
            #expect(post.contains(#"data-comment="1"><a class="comment-user" href="../../u/cleo/">"#))
            #expect(post.contains(#"<span data-count="likes">1</span>"#))
            let profile = try String(contentsOfFile: folder + "/public/u/ana/index.html", encoding: .utf8)
            #expect(profile.contains("Street <em>photos</em> from Lisbon"))
        }
        if layout == "posts-only" {
            // Users implied by posts: the count of posts and no follower counts (the app keeps
            // no follows), the avatar of the owner's newest post.
            let profile = try String(contentsOfFile: folder + "/public/u/analima/index.html", encoding: .utf8)
            #expect(profile.contains(#"data-count="posts">2<"#))
            #expect(!profile.contains(#"data-count="followers""#) && !profile.contains(#"data-count="following""#))
            #expect(profile.contains("https://lh3.googleusercontent.com/a/ana2"))
            let ben = try String(contentsOfFile: folder + "/public/u/benokafor/index.html", encoding: .utf8)
            #expect(ben.contains(#"data-count="posts">2<"#))
            // Two likes (one by cleo, who never posted: counted), two comments: ben's links
            // to his profile, cleo's is shown without a link.
            let post = try String(contentsOfFile: folder + "/public/p/7dQ2mX/index.html", encoding: .utf8)
            #expect(post.contains(#"<span data-count="likes">2</span>"#))
            #expect(post.contains(#"<span data-count="comments">2</span>"#))
            #expect(post.contains(#"href="../../u/benokafor/">"#))
            #expect(post.contains("Love the light") && post.contains("<strong>Wow</strong>"))
            let bridge = try String(contentsOfFile: folder + "/public/p/Hn3Lw1/index.html", encoding: .utf8)
            #expect(bridge.contains(#"<span data-count="likes">1</span>"#))
        }
    }
}
