import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// `inspect`'s detectors (Sources/SitegenExport/Model/Inspection/), one a role, on the zoo's
/// apps as each writes (`Fixtures/zoo/<app>`): the `# guessed` lines of the `[schema]` block
/// each detector gives, with their evidence, exactly.
@Suite struct InspectionDetectorTests {
    /// The block's lines that say `key = …` with a `# guessed` comment, for the keys given.
    static func guessed(_ app: String, _ keys: [String]) throws -> [String] {
        let folder = TestSupport.fixtures.appendingPathComponent("zoo/\(app)").path
        let path = FileManager.default.fileExists(atPath: folder + "/export.json") ? folder + "/export.json" : folder + "/firestore_export"
        let block = ExportInspection(try ExportLoader.load(path: path)).schemaBlock()
        return block.split(separator: "\n").map(String.init).filter { line in
            line.contains("  # guessed: ") && keys.contains { line.hasPrefix($0 + " = ") }
        }
    }

    /// The block's `key = value` lines, without their comments, sorted.
    static func lines(_ block: String) -> [String] {
        block.split(separator: "\n").map { line in
            String(line.split(separator: "  # ", maxSplits: 1).first ?? line)
        }.filter { $0.contains(" = ") && !$0.hasPrefix("#") && !$0.hasPrefix("dialect") }.sorted()
    }

    /// The mapping a `[schema]` block says (its nodes and fields), as sitegen.toml reads it.
    static func mapping(_ block: String) -> Schema.Mapping {
        var mapping = Schema.Mapping(dialect: .makestagram)
        var section = ""
        for line in block.split(separator: "\n").map(String.init) {
            if line.hasPrefix("[") { section = line; continue }
            guard !line.hasPrefix("#"), let eq = line.range(of: " = ") else { continue }
            let key = String(line[..<eq.lowerBound])
            let rest = line[eq.upperBound...].split(separator: "  # ", maxSplits: 1).first.map(String.init) ?? ""
            let value = String(rest.dropFirst().dropLast())
            if section == "[schema.nodes]", let node = Schema.Node(rawValue: key) { mapping.nodes[node] = value }
            if section == "[schema.fields]", let field = Schema.Field(rawValue: key) { mapping.fields[field] = value }
        }
        return mapping
    }

    /// rozdoum keeps its users as `profiles/<uid>` and its follows as
    /// `follow/<uid>/followers|followings`: the users are guessed by what their records
    /// hold before the detectors that need their ids (the follows, the likes, the comments,
    /// flat posts), so the follows are in the block, and the block is a fixed point:
    /// `inspect` with it pasted maps the same nodes and fields.
    @Test func usersBeforeTheDetectorsThatNeedTheirIDs() throws {
        #expect(try Self.guessed("rozdoum_social", ["users", "followers", "following", "timeline"]) == [
            #"users = "profiles"  # guessed: 11 of its 11 records hold a user's name or photo"#,
            #"followers = "follow/*/followers"  # guessed: 10 lists keyed by users' ids, 31 of their 31 entries users"#,
            #"following = "follow/*/followings"  # guessed: 11 lists keyed by users' ids, 32 of their 32 entries users"#,
            #"timeline = "followingPostsIds"  # guessed: 75 entries in 11 users' lists are keyed by posts' ids; entries {postId}; "#
                + "a reader's own posts are not in it (0 of the 26 own posts of readers with a list are)",
        ])
        let path = TestSupport.fixtures.appendingPathComponent("zoo/rozdoum_social/export.json").path
        let first = ExportInspection(try ExportLoader.load(path: path)).schemaBlock()
        let second = ExportInspection(try ExportLoader.load(path: path, mapping: Self.mapping(first))).schemaBlock()
        #expect(Self.lines(second) == Self.lines(first))
        #expect(Self.lines(first).count == 14)
    }

    /// musehabit keeps its follows one-sided, `followers/<follower>/<followed>`: nothing in
    /// the data tells which way, so `inspect` reads the root by its name and says so, with
    /// the one line that reads it the other way; that line alone is accepted (the mapped
    /// node takes the name from `followers`, then absent), and with it the audit is exact.
    @Test func oneSidedEdgeRoot() throws {
        let path = TestSupport.fixtures.appendingPathComponent("zoo/musehabit/export.json").path
        let inspection = ExportInspection(try ExportLoader.load(path: path))
        #expect(inspection.text().contains("""

            follows (followers):
              kept one-sided (no following): nothing in the data tells which way, so it is read by its name, \
            as followers: followers/<a>/<b> means <b> follows <a>

            """))
        let block = inspection.schemaBlock()
        #expect(block.hasSuffix("""
            # Not guessed (map them by hand if they are what the comment says):
            # following = "followers": if followers/<a>/<b> means <a> follows <b> (the follows are kept one-sided and read by its name)

            """))
        var mapping = Self.mapping(block)
        mapping.nodes[.following] = "followers"
        #expect(mapping.conflict() == nil)
        let export = try ExportLoader.load(path: path, mapping: mapping)
        #expect(export.schema.place(.following)?.text == "followers")
        #expect(!InspectionContext.isPresent(.followers, export.schema, export.document))
        let report = Validator.audit(export)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == [
            "comment_dangling comments/-NgjYoD-2lvBbwC8AclV",
            "user_post_stale users/LFuyWyp1i1QeWyguyiJlVUtVysY6/posts/-NgjYoD-2lvBbwC8AclV",
        ])
        // Read so, inspect says how, and proposes no other line.
        let mapped = ExportInspection(export)
        #expect(mapped.text().contains("it is read as the block maps it, as following: followers/<a>/<b> means <a> follows <b>\n"))
        #expect(!mapped.schemaBlock().contains("# Not guessed"))
    }

    @Test func usersDetector() throws {
        #expect(try Self.guessed("fluttergram", ["users"]) == [
            #"users = "insta_users"  # guessed: 10 of its 10 documents hold a user's name or photo"#,
        ])
        #expect(try Self.guessed("senpaix_insta2", ["users"]) == [
            #"users = "profile"  # guessed: 10 of its 10 records hold a user's name or photo"#,
        ])
        #expect(try Self.guessed("mitch_instagram", ["user_details"]) == [
            #"user_details = "user_account_settings"  # guessed: 11 of its 11 keys are users' uids"#,
        ])
        // users/<autoId>: {uid}, and the posts, likes and comments name their user in `uid` too.
        #expect(try Self.guessed("instantgram_riverpod", ["user_id"]) == [
            #"user_id = "uid"  # guessed: its values, one per user, are what 115 edges, likes and owners elsewhere hold (the documents' own ids: 0)"#,
        ])
    }

    @Test func postsDetector() throws {
        #expect(try Self.guessed("fluttershare", ["posts", "image_url", "caption"]) == [
            #"posts = "posts/*/userPosts"  # guessed: 30 of its 30 documents hold an image's URL in "mediaURL""#,
            #"image_url = "mediaURL"  # guessed: 30 of 30 posts hold an image's URL there"#,
            #"caption = "description"  # guessed: 30 of 30 posts hold text there"#,
        ])
        #expect(try Self.guessed("pupigram", ["user_posts", "post_owner"]) == [
            #"user_posts = "users/*/posts"  # guessed: 10 users hold a "posts" list"#,
            #"post_owner = "user"  # guessed: 24 of 24 posts hold a user's uid there"#,
        ])
        // Posts in each user's document (an array of maps), not the chat beside them.
        #expect(try Self.guessed("ismail_instgram", ["posts", "post_owner", "caption"]) == [
            #"posts = "Users/*/posts"  # guessed: 24 of the 24 maps in 7 users' "posts" lists hold an image's URL in "photo""#,
            #"caption = "photoDescription"  # guessed: 24 of 24 posts hold text there"#,
        ])
        #expect(try Self.guessed("koddev_instagram", ["post_owner", "image_url"]) == [
            #"post_owner = "publisher"  # guessed: 30 of 30 posts hold a user's uid there"#,
            #"image_url = "postimage"  # guessed: 30 of 30 posts hold an http(s) URL there"#,
        ])
    }

    @Test func timelineDetector() throws {
        #expect(try Self.guessed("dowless_instagram", ["timeline"]) == [
            #"timeline = "user-feed"  # guessed: 148 entries in 11 users' lists are keyed by posts' ids; entries 1; "#
                + "a reader's own posts are in it (27 of the 27 own posts of readers with a list are)",
        ])
        // Entries that are records (`feed/<u>/<post>: {timestamp}`) are said by their
        // members' names, on the comment's one line (son's Swift course app).
        #expect(try Self.guessed("son_instagram", ["timeline"]) == [
            #"timeline = "feed"  # guessed: 98 entries in 11 users' lists are keyed by posts' ids; entries {timestamp}; "#
                + "a reader's own posts are in it (26 of the 26 own posts of readers with a list are)",
        ])
        let copies = try Self.guessed("fluttershare", ["timeline"])
        #expect(copies.count == 1)
        #expect(copies.first?.hasPrefix(#"timeline = "timeline/*/timelinePosts"  # guessed: 117 entries in 12 users' lists are copies of posts "#
            + "(their owner is not the list's reader); entries full copies of the posts; a reader's own posts are not in it") == true)
    }

    /// Whatever a comment quotes (a value over several lines, a key holding a line break),
    /// it stays on its line: the block pasted into sitegen.toml stays TOML.
    @Test func commentsStayOnOneLine() {
        #expect(ExportInspection.oneLine("entries {\n    \"timestamp\": 1614934800\n   }; own") == #"entries { "timestamp": 1614934800 }; own"#)
        #expect(ExportInspection.oneLine("a\r\nb\u{0}c") == "a b c")
        #expect(ExportInspection.oneLine("one line, kept") == "one line, kept")
    }

    @Test func edgesDetector() throws {
        #expect(try Self.guessed("fluttershare", ["followers", "following"]) == [
            #"followers = "followers/*/userFollowers"  # guessed: 47 empty documents keyed by users' ids, kept by user"#,
            #"following = "following/*/userFollowing"  # guessed: 47 empty documents keyed by users' ids, kept by user"#,
        ])
        #expect(try Self.guessed("pupigram", ["followers", "following"]) == [
            #"followers = "users/*/followers"  # guessed: 10 users hold a "followers" list"#,
            #"following = "users/*/follows"  # guessed: 10 users hold a "follows" list"#,
        ])
    }

    @Test func likesDetector() throws {
        #expect(try Self.guessed("instagram_firestore_uikit", ["postLikes", "user_likes"]) == [
            #"postLikes = "posts/*/post-likes"  # guessed: 91 empty documents in posts"#,
            #"user_likes = "users/*/user-likes"  # guessed: 90 empty documents keyed by posts' ids, kept by user"#,
        ])
        // Each document a copy of the post liked, not an empty one: a like all the same.
        #expect(try Self.guessed("vladimirkoff_instagram", ["postLikes", "user_likes"]) == [
            #"user_likes = "users/*/user-likes"  # guessed: 83 documents keyed by posts' ids, kept by user"#,
            #"postLikes = "posts/*/post-likes"  # guessed: 30 posts hold a "post-likes" list"#,
        ])
        #expect(try Self.guessed("reactagram", ["user_likes", "postLikes"]) == [
            #"user_likes = "users/*/likes"  # guessed: 11 users hold a "likes" list"#,
            #"postLikes = "posts/*/likers"  # guessed: 26 posts hold a "likers" list"#,
        ])
    }

    @Test func commentsDetector() throws {
        #expect(try Self.guessed("fluttergram", ["comments"]) == [
            #"comments = "insta_comments/*/comments"  # guessed: 22 of its 22 documents hold text and a user's id, kept by post"#,
        ])
        #expect(try Self.guessed("saswat10_instagram", ["comments", "comment_text"]) == [
            #"comments = "posts/*/comments"  # guessed: 43 of its 43 documents hold text and a user's id"#,
            #"comment_text = "content"  # guessed: 43 of 43 comments hold text there"#,
        ])
        #expect(try Self.guessed("instafam", ["comments", "comment_author"]) == [
            #"comments = "posts/*/comments"  # guessed: 24 posts hold a "comments" list"#,
            #"comment_author = "commentByUid"  # guessed: 25 of 25 comments hold a user's uid there"#,
        ])
    }

    @Test func countersDetector() throws {
        #expect(try Self.guessed("mitch_instagram", ["post_count", "follower_count", "following_count"]) == [
            #"post_count = "posts"  # guessed: 11 of 11 records of user_account_settings hold a number there"#,
            #"follower_count = "followers"  # guessed: 11 of 11 records of user_account_settings hold a number there"#,
            #"following_count = "following"  # guessed: 11 of 11 records of user_account_settings hold a number there"#,
        ])
        #expect(try Self.guessed("sosyashare", ["like_count"]) == [
            #"like_count = "likeCount"  # guessed: 30 of 31 posts hold a number there"#,
        ])
    }

    @Test func timesDetector() throws {
        #expect(try Self.guessed("pupigram", ["created_at"]) == [#"created_at = "time"  # guessed: 24 of 24 posts hold a time there"#])
        #expect(try Self.guessed("mitch_instagram", ["created_at"]) == [
            #"created_at = "date_created"  # guessed: 28 of 28 posts hold a time there"#,
        ])
    }

    @Test func userFieldsDetector() throws {
        #expect(try Self.guessed("koddev_instagram", ["avatar_url"]) == [
            #"avatar_url = "imageurl"  # guessed: 12 of 12 users hold a photo's URL there"#,
        ])
        #expect(try Self.guessed("reactagram", ["avatar_url"]) == [
            #"avatar_url = "displayPicture"  # guessed: 11 of 11 users hold a photo's URL there"#,
        ])
        // A photo kept in a map (`avatar: {url, fileName}`), said by its guess alone.
        #expect(try Self.guessed("mojotron_instagram", ["avatar_url"]) == [
            #"avatar_url = "avatar/url"  # guessed: 11 of 11 users hold a photo's URL there"#,
        ])
        // A handle under a name no spelling has.
        #expect(try Self.guessed("silas_instagram", ["username"]) == [
            #"username = "nameUser"  # guessed: 10 of 10 users hold a handle there, each their own"#,
        ])
    }

    @Test func privateData() throws {
        let folder = TestSupport.fixtures.appendingPathComponent("zoo/alecsmirnov_instagram").path
        let block = ExportInspection(try ExportLoader.load(path: folder + "/export.json")).schemaBlock()
        #expect(block.contains("\n# Private data, kept and never published: users_private_info (email, gender, phone)\n"))
        #expect(!block.contains("user_details = \"users_private_info\""))
    }
}
