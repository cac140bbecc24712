import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// `inspect`'s Realtime Database detectors (Sources/SitegenExport/Model/Inspection/) on the
/// zoo's apps, written as each app writes (`Fixtures/zoo/<app>/export.json`): the `[schema]`
/// block they propose parses, and maps each role where the app keeps it, as read from the
/// app's code (scripts/zoo/<app>.py). Roots that are no role (copies of posts, saved posts,
/// activity feeds, private data) are never proposed.
@Suite struct RealtimeDetectorTests {
    static let cases: [(app: String, nodes: [Schema.Node: String], fields: [Schema.Field: String], never: [String])] = [
        ("koddev_instagram",
         [.users: "Users", .posts: "Posts", .followers: "Follow/*/followers", .following: "Follow/*/following",
          .postLikes: "Likes", .comments: "Comments"],
         [.postOwner: "publisher", .commentAuthor: "publisher", .imageURL: "postimage"],
         ["Saves", "Notifications", "Story"]),
        ("mitch_instagram",
         [.posts: "photos", .userDetails: "user_account_settings", .postLikes: "photos/*/likes", .comments: "photos/*/comments"],
         [.postOwner: "user_id", .createdAt: "date_created", .postCount: "posts", .followerCount: "followers",
          .followingCount: "following"],
         ["user_photos", "stories"]),
        ("alecsmirnov_instagram",
         [.postLikes: "posts_likes/*/*", .comments: "posts_comments/*/*", .timeline: "users_feed"],
         [.commentAuthor: "sender_identifier", .commentText: "caption"],
         ["users_private_info", "posts_bookmarks"]),
        ("zoogram",
         [.users: "Users", .posts: "Posts", .followers: "Followers", .following: "Following", .postLikes: "PostsLikes",
          .comments: "PostComments", .timeline: "Timelines"],
         [.commentAuthor: "authorID", .commentText: "commentText", .postCount: "posts"],
         ["DiscoverPosts", "BookmarksReverseIndex", "Activity"]),
        ("rn_glasspinna",
         [.comments: "post-comments-by-user"],
         [.commentAuthor: "commentUserId", .commentText: "comment"],
         ["user-posts"]),
    ]

    @Test(arguments: cases.map(\.app))
    func theBlockMapsEachRole(_ app: String) throws {
        let c = Self.cases.first { $0.app == app }!
        let path = TestSupport.fixtures.appendingPathComponent("zoo/\(app)/export.json")
        let export = try ExportLoader.load(bytes: Array(try Data(contentsOf: path)), name: "export.json", mapping: Schema.Mapping())
        let block = ExportInspection(export).schemaBlock()
        let mapping = try SiteConfig.parse(block, file: "sitegen.toml").schema
        for (node, place) in c.nodes {
            #expect(mapping.nodes[node] ?? node.variants(.makestagram).first == place, "\(app): \(node.rawValue)")
        }
        for (field, name) in c.fields {
            #expect(mapping.fields[field] ?? field.rawValue == name, "\(app): \(field.rawValue)")
        }
        for root in c.never {
            #expect(!mapping.nodes.values.contains { $0 == root || $0.hasPrefix(root + "/") }, "\(app): \(root) proposed")
        }
    }
}
