import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Follows and likes kept as arrays of maps, each item naming one user in a member
/// (docs/export-format.md, "Lists of maps"): `inspect` names the member, the audit reads
/// each item as that user, and the repair removes and adds items of the same shape.
@Suite struct ListsOfMapsTests {
    /// A Firestore JSON tree (node-firestore-import-export) shaped as Instafam writes its
    /// follows: `followers: [{followedBy, followedByName}]`, `following: [{userId}]`. Drift:
    /// ana follows a deleted account, ben's follow of cy never reached cy's `followers`, and
    /// ana is twice in ben's followers (one follow).
    static let firestoreTree = """
        {"__collections__": {
         "users": {
          "ana": {"username": "ana", "followers": [{"followedBy": "ben", "followedByName": "@ben"}],
                  "following": [{"userId": "ben"}, {"userId": "ghost"}], "__collections__": {}},
          "ben": {"username": "ben", "followers": [{"followedBy": "ana", "followedByName": "@ana"}, {"followedBy": "ana", "followedByName": "@ana2"}],
                  "following": [{"userId": "ana"}, {"userId": "cy"}], "__collections__": {}},
          "cy": {"username": "cy", "followers": [], "following": [], "__collections__": {}}
         },
         "posts": {
          "p1": {"owner": "ana", "image": "https://example.com/p1.jpg", "createdAt": 1700000000000, "likedBy": ["ben"], "__collections__": {}}
         }
        }}
        """

    static let mapping = Schema.Mapping(
        dialect: .makestagram,
        nodes: [.followers: "users/*/followers", .following: "users/*/following", .postLikes: "posts/*/likedBy"],
        fields: [.createdAt: "createdAt", .postOwner: "owner", .imageURL: "image", .followerID: "followedBy", .followedID: "userId"])

    @Test func inspectNamesTheMemberEachItemNamesItsUserIn() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.firestoreTree, name: "tree.json"))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            followers = "users/*/followers"  # guessed: 3 users hold a "followers" list
            following = "users/*/following"  # guessed: 3 users hold a "following" list
            postLikes = "posts/*/likedBy"  # guessed: 1 posts hold a "likedBy" list

            [schema.fields]
            created_at = "createdAt"
            post_owner = "owner"  # guessed: 1 of 1 posts hold a user's uid there
            image_url = "image"  # guessed: 1 of 1 posts hold an image's URL there
            follower_id = "followedBy"  # guessed: 3 of the 3 maps in the arrays at users/*/followers hold a user's id there
            followed_id = "userId"  # guessed: 3 of the 4 maps in the arrays at users/*/following hold a user's id there

            """)
    }

    @Test func auditReadsEachItemAsTheUserItNames() throws {
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.firestoreTree, name: "tree.json"), mapping: Self.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "null")" } == [
            "follow_dangling users/ana/following/1 null",
            #"follow_mirror_missing users/cy/followers/ben {"followedBy":"ben"}"#,
        ])
        // ana: followed by ben; ben: followed by ana once (twice in the array); cy: by ben.
        #expect(report.counts.followers == [1, 1, 1])
        #expect(report.counts.following == [1, 2, 0])
        // The item removed by value (every equal one: none other here), the one added as the list's items are.
        #expect(try FirestoreCommitWriter(report: report, project: "p").text() == """
            {"writes":[\
            {"transform":{"document":"projects/p/databases/(default)/documents/users/ana","fieldTransforms":[{"fieldPath":"following","removeAllFromArray":{"values":[{"mapValue":{"fields":{"userId":{"stringValue":"ghost"}}}}]}}]}},\
            {"transform":{"document":"projects/p/databases/(default)/documents/users/cy","fieldTransforms":[{"fieldPath":"followers","appendMissingElements":{"values":[{"mapValue":{"fields":{"followedBy":{"stringValue":"ben"}}}}]}}]}}\
            ]}

            """)
    }

    /// Unmapped, an item names whichever member holds a user's id; an item the repair adds
    /// takes the member most items use. A Realtime Database array: the item removed
    /// becomes `null` (indexes are keys), the one added is appended; a user without the
    /// list gets one made of the items added.
    @Test func realtimeDatabaseArraysOfMapsAreRepairedInPlace() throws {
        let export = """
            {"users": {
              "ana": {"username": "ana", "followers": [{"by": "ben"}, {"by": "zed"}], "following": [{"who": "ben"}]},
              "ben": {"username": "ben", "followers": [{"by": "ana"}], "following": [{"who": "ana"}, {"who": "cy"}]},
              "cy": {"username": "cy"}
            }}
            """
        let path = try TestSupport.temporaryFile(export)
        let mapping = Schema.Mapping(nodes: [.followers: "users/*/followers", .following: "users/*/following"])
        let report = try Audit.run(exportAt: path, mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == [
            "follow_dangling users/ana/followers/1",
            "follow_mirror_missing users/cy/followers/ben",
        ])
        #expect(String(decoding: try Audit.repairedBytes(exportAt: path, mapping: mapping), as: UTF8.self) == """
            {"users": {
              "ana": {"username": "ana", "followers": [{"by": "ben"}, null], "following": [{"who": "ben"}]},
              "ben": {"username": "ben", "followers": [{"by": "ana"}], "following": [{"who": "ana"}, {"who": "cy"}]},
              "cy": {"username": "cy","followers": [{"by":"ben"}]}
            }}
            """)
    }

    /// Hostile items: an array holding a map, an equal map and an empty array. Each item is
    /// typed as it is (the map as a map, though an empty array at the same place is read as
    /// one of ids), the second map is a duplicate whose equal first stays, the empty array
    /// names no user.
    @Test func mixedItemsAreTypedAsTheyAre() throws {
        let tree = """
            {"__collections__": {
             "users": {"a": {"username": "a"}, "b": {"username": "b"}},
             "posts": {"p": {"uid": "a", "image_url": "https://example.com/1.jpg", "created_at": 1, "likes": [{"liker": "b"}, {"liker": "b"}, []]}}
            }}
            """
        let mapping = Schema.Mapping(dialect: .makestagram, nodes: [.postLikes: "posts/*/likes"], fields: [.likerID: "liker"])
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(tree, name: "tree.json"), mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["like_duplicate posts/p/likes/1", "like_dangling posts/p/likes/2"])
        let map = #"{"mapValue":{"fields":{"liker":{"stringValue":"b"}}}}"#
        let post = #""document":"projects/p/databases/(default)/documents/posts/p""#
        #expect(try FirestoreCommitWriter(report: report, project: "p").text() == """
            {"writes":[{"transform":{\(post),"fieldTransforms":[{"fieldPath":"likes","removeAllFromArray":{"values":[\(map)]}}]}},\
            {"transform":{\(post),"fieldTransforms":[{"fieldPath":"likes","appendMissingElements":{"values":[\(map)]}}]}},\
            {"transform":{\(post),"fieldTransforms":[{"fieldPath":"likes","removeAllFromArray":{"values":[{"arrayValue":{"values":[]}}]}}]}}]}

            """)
    }
}
