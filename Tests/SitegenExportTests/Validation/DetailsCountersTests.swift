import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Counters named `followers` and `following` in a second root of user records
/// (CodingWithMitch's `user_account_settings`) beside follow lists of the same names in
/// each user's own record (FriendlyPix's `users/<uid>/followers`): the counters are read
/// and repaired where they are, the lists are the follows (docs/export-format.md,
/// "Counters").
@Suite struct DetailsCountersTests {
    static let export = """
        {"users": {"a": {"username": "ann", "following": {"b": true}, "followers": {"b": true}},
                   "b": {"username": "bo", "following": {"a": true}, "followers": {"a": true}}},
         "user_account_settings": {"a": {"display_name": "Ann", "posts": 1, "followers": 1, "following": 1},
                                   "b": {"display_name": "Bo", "posts": 0, "followers": 3, "following": 1}},
         "posts": {"a": {"-Ma1": {"image_url": "https://example.com/a1.jpg", "created_at": 1614589200.25}}}}
        """

    @Test func inspectNamesBoth() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.export))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            user_details = "user_account_settings"  # guessed: 2 of its 2 keys are users' uids
            followers = "users/*/followers"  # guessed: 2 users hold a "followers" list
            following = "users/*/following"  # guessed: 2 users hold a "following" list

            [schema.fields]
            post_count = "posts"  # guessed: 2 of 2 records of user_account_settings hold a number there
            follower_count = "followers"  # guessed: 2 of 2 records of user_account_settings hold a number there
            following_count = "following"  # guessed: 2 of 2 records of user_account_settings hold a number there

            """)
    }

    @Test func theCountersAreCheckedWhereTheyAre() throws {
        let mapping = Schema.Mapping(
            dialect: .makestagram,
            nodes: [.userDetails: "user_account_settings", .followers: "users/*/followers", .following: "users/*/following"],
            fields: [.postCount: "posts", .followerCount: "followers", .followingCount: "following"])
        #expect(mapping.conflict() == nil)
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.export), mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["follower_count_mismatch user_account_settings/b/followers"])
    }
}
