import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Shapes of apps first met in the zoo's ninth round (docs/apps.md, "Rows made right"),
/// each on names of its own: a root named `images` that is no timeline's; follow lists
/// wrapped in one member of each user's record; an index of each user's own posts under
/// any name; the words of other languages in the fields' names; a post of text whose image
/// is `null`.
@Suite struct ShapesUnseenTests {
    /// `images/<kind>/<id>` records (an app's catalogue of uploads) beside flat posts: the
    /// export is no timeline one, whose `images` holds photos as text.
    @Test func aRootOfImageRecordsIsNoTimeline() throws {
        let tree = """
            {"users": {"a": {"username": "ann"}},
             "images": {"uploads": {"-Mi1": {"downloadUrl": "https://example.com/1.jpg", "owner": "a"}}},
             "posts": {"-Mp1": {"uid": "a", "image_url": "https://example.com/1.jpg", "created_at": 1614589200}}}
            """
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(tree))
        #expect(export.dialect == .makestagram)
        let photos = #"{"users": {"a": {"username": "ann", "follows": {}}}, "images": {"i1": "aGVsbG8="}, "posts": {}}"#
        #expect(try ExportLoader.load(path: try TestSupport.temporaryFile(photos)).dialect == .timeline)
    }

    /// `abonnes/<followed>/liste/<follower>` and `suivis/<follower>/liste/<followed>`: each
    /// user's list wrapped in one member whose name says no direction, read in the root's.
    static let wrapped = """
        {"users": {"a": {"username": "ann"}, "b": {"username": "bo"}, "c": {"username": "cy"}},
         "posts": {"a": {"-Ma1": {"image_url": "https://example.com/a1.jpg", "created_at": 1614589200}}},
         "abonnes": {"a": {"liste": {"b": "b", "c": "c"}}, "b": {"liste": {"c": "c"}}},
         "suivis": {"b": {"liste": {"a": "a"}}, "c": {"liste": {"a": "a"}}}}
        """

    @Test func followListsWrappedInOneMember() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.wrapped))
        let block = ExportInspection(export).schemaBlock()
        #expect(block.contains(#"followers = "abonnes/*/liste"  # guessed: 2 lists keyed by users' ids, 3 of their 3 entries users"#))
        #expect(block.contains(#"following = "suivis/*/liste"  # guessed: 2 lists keyed by users' ids, 2 of their 2 entries users"#))
        // c's follow of b is kept on one side only.
        let mapping = Schema.Mapping(dialect: .makestagram, nodes: [.followers: "abonnes/*/liste", .following: "suivis/*/liste"])
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.wrapped), mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["follow_mirror_missing suivis/c/liste/b"])
    }

    /// `mesPhotos/<uid>/<postKey>: true` beside flat posts: the index of each user's own
    /// posts, one entry missing; `aime/<uid>/<postKey>` (what a user liked) is not one.
    static let index = """
        {"users": {"a": {"username": "ann"}, "b": {"username": "bo"}},
         "posts": {"-Mp1": {"uid": "a", "image_url": "https://example.com/1.jpg", "created_at": 1614589200},
                   "-Mp2": {"uid": "a", "image_url": "https://example.com/2.jpg", "created_at": 1614675600},
                   "-Mp3": {"uid": "b", "image_url": "https://example.com/3.jpg", "created_at": 1614762000},
                   "-Mp4": {"uid": "b", "image_url": "https://example.com/4.jpg", "created_at": 1614848400}},
         "mesPhotos": {"a": {"-Mp1": true, "-Mp2": true}, "b": {"-Mp3": {"at": 1614762000}}},
         "activite": {"a": {"-Mn1": true}}}
        """

    @Test func anIndexOfEachUsersOwnPostsUnderAnyName() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.index))
        let block = ExportInspection(export).schemaBlock()
        #expect(block.contains(#"user_posts = "mesPhotos"  # guessed: 3 of the 3 entries in 2 users' lists are flags keyed by their own posts' keys"#))
        let mapping = Schema.Mapping(dialect: .makestagram, nodes: [.userPosts: "mesPhotos"], fields: [.postOwner: "uid"])
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.index), mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["user_post_missing mesPhotos/b/-Mp4"])
        // Entries for others' posts are a feed's, not an index's.
        let feed = Self.index.replacingOccurrences(of: #""b": {"-Mp3": {"at": 1614762000}}"#, with: #""b": {"-Mp1": true, "-Mp2": true}"#)
        #expect(!ExportInspection(try ExportLoader.load(path: try TestSupport.temporaryFile(feed))).schemaBlock().contains("user_posts"))
    }

    /// Field names in Portuguese and Turkish: a caption (`legenda`), a time (`olusturulmaZamani`),
    /// a profile photo (`fotoPerfil`), a username (`kullaniciAdi`) and comments' text (`icerik`).
    static let words = """
        {"kullanicilar": {"a": {"kullaniciAdi": "ann", "fotoPerfil": "https://example.com/a.jpg"},
                          "b": {"kullaniciAdi": "bo", "fotoPerfil": "https://example.com/b.jpg"}},
         "posts": {"-Mp1": {"sahip": "a", "foto": "https://example.com/1.jpg", "legenda": "o rio", "olusturulmaZamani": 1614589200},
                   "-Mp2": {"sahip": "b", "foto": "https://example.com/2.jpg", "legenda": "a ponte", "olusturulmaZamani": 1614675600}},
         "comments": {"-Mp1": {"-Mc1": {"yazar": "b", "icerik": "çok güzel"}}, "-Mp2": {"-Mc2": {"yazar": "a", "icerik": "harika"}}}}
        """

    @Test func fieldNamesInOtherLanguages() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.words))
        let block = ExportInspection(export).schemaBlock()
        for line in [#"caption = "legenda""#, #"created_at = "olusturulmaZamani""#, #"avatar_url = "fotoPerfil""#,
                     #"username = "kullaniciAdi""#, #"comment_text = "icerik""#] {
            #expect(block.contains(line), "\(line)")
        }
    }

    /// An app writing `image: null` for posts of text (Dart's and JavaScript's optional
    /// field): such posts are posts of text; a lone one is still a post whose image was lost.
    @Test func aNullImageIsNoImage() throws {
        func tree(_ texts: Int) -> String {
            let photos = #""p1": {"by": "a", "picture": "https://example.com/1.jpg", "text": "photo", "at": 1614589200}"#
            let posts = (0..<texts).map { #""t\#($0)": {"by": "a", "picture": null, "text": "words \#($0)", "at": 1614589200}"# }
            return #"{"users": {"a": {"username": "ana"}}, "posts": {"# + ([photos] + posts).joined(separator: ", ") + "}}"
        }
        let mapping = Schema.Mapping(dialect: .makestagram, fields: [.postOwner: "by", .imageURL: "picture", .caption: "text", .createdAt: "at"])
        #expect(try Audit.run(exportAt: try TestSupport.temporaryFile(tree(2)), mapping: mapping).findings.isEmpty)
        let one = try Audit.run(exportAt: try TestSupport.temporaryFile(tree(1)), mapping: mapping)
        #expect(one.findings.map { "\($0.code.rawValue) \($0.path)" } == ["post_invalid posts/t0/picture"])
    }

    /// Likes and comments kept by post where no post is read (the posts only in each
    /// reader's feed, under a name no role has): none is dangling, none removed; with one
    /// post read, those of the missing posts are.
    @Test func noPostReadMakesNoLikeDangling() throws {
        let unread = """
            {"users": {"a": {"username": "ann"}, "b": {"username": "bo"}},
             "feed-posts": {"a": {"-Mp1": {"uid": "a", "image": "https://example.com/1.jpg"}}},
             "postLikes": {"-Mp1": {"b": true}}, "comments": {"-Mp1": {"-Mc1": {"uid": "b", "text": "hi"}}}}
            """
        let none = try Audit.run(exportAt: try TestSupport.temporaryFile(unread), mapping: Schema.Mapping(dialect: .makestagram))
        #expect(none.findings.isEmpty)
        let read = unread.replacingOccurrences(of: #""feed-posts": {"a": {"-Mp1""#, with: #""posts": {"a": {"-Mp2""#)
        let one = try Audit.run(exportAt: try TestSupport.temporaryFile(read), mapping: Schema.Mapping(dialect: .makestagram))
        #expect(one.findings.map { "\($0.code.rawValue) \($0.path)" } == ["comment_dangling comments/-Mp1", "like_dangling postLikes/-Mp1"])
    }
}
