import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// Users keyed by email address (`users/{email}`, as several clones key them): ids that
/// hold a `.`, in document ids and in arrays of ids. Firestore allows them; the tree keeps
/// them percent-encoded (`ana@x%2Ecom`) and the repair writes the ids as the app has them.
@Suite struct DottedIDTests {
    static let toml = """
        [schema.nodes]
        followers = "users/*/followers"
        following = "users/*/following"
        postLikes = "posts/*/likes"

        [schema.fields]
        post_owner = "owner"
        image_url = "imageUrl"
        created_at = "createdAt"
        """

    /// Ana follows Ben and likes his post; Cleo follows Ben, but Ben's followers miss her.
    static func export() throws -> (folder: String, export: String) {
        let ana = Wire.record(["users", "ana@x.com"], [Wire.property("username", Wire.string("ana"))]
            + Wire.strings("following", ["ben@y.org"]))
        let ben = Wire.record(["users", "ben@y.org"], [Wire.property("username", Wire.string("ben"))]
            + Wire.strings("followers", ["ana@x.com"]))
        let cleo = Wire.record(["users", "cleo@z.net"], [Wire.property("username", Wire.string("cleo"))]
            + Wire.strings("following", ["ben@y.org"]))
        let post = Wire.record(["posts", "p1"], [Wire.property("owner", Wire.string("ben@y.org")),
                                                 Wire.property("imageUrl", Wire.string("https://example.test/p1.jpg")),
                                                 Wire.property("createdAt", Wire.int(1_700_000_000_000_000), meaning: 7)]
            + Wire.strings("likes", ["ana@x.com"]))
        let export = try Wire.export([[post, ana, ben, cleo]])
        let folder = (export.folder as NSString).deletingLastPathComponent
        try toml.write(toFile: folder + "/sitegen.toml", atomically: false, encoding: .utf8)
        return (folder, export.folder)
    }

    /// The same documents as node-firestore-import-export writes them: a JSON tree whose
    /// keys hold `.`, which a Realtime Database export's cannot (that one is still refused).
    static func jsonTree() throws -> (folder: String, export: String) {
        let folder = try TestSupport.temporaryFolder()
        let time = #"{"__datatype__": "timestamp", "value": {"_seconds": 1700000000, "_nanoseconds": 0}}"#
        let text = #"""
            {"__collections__": {
              "posts": {"p1": {"owner": "ben@y.org", "imageUrl": "https://example.test/p1.jpg", "createdAt": \#(time), "likes": ["ana@x.com"]}},
              "users": {
                "ana@x.com": {"username": "ana", "following": ["ben@y.org"]},
                "ben@y.org": {"username": "ben", "followers": ["ana@x.com"]},
                "cleo@z.net": {"username": "cleo", "following": ["ben@y.org"]}
              }
            }}
            """#
        try text.write(toFile: folder + "/export.json", atomically: false, encoding: .utf8)
        try toml.write(toFile: folder + "/sitegen.toml", atomically: false, encoding: .utf8)
        return (folder, folder + "/export.json")
    }

    @Test(arguments: ["managed", "json"]) func arraysOfDottedIDsAreEdgesAndLikes(_ form: String) throws {
        let (folder, export) = form == "managed" ? try Self.export() : try Self.jsonTree()
        let audit = try TestSupport.sitegen(["audit", "--format", "json", export], in: folder)
        #expect(audit.status == 1, "\(audit.stderr)")
        // One finding: Cleo's edge is missing from Ben's followers. No like or follow dangles.
        #expect(audit.stdout.contains(#""findings": [\#n    {"code": "follow_mirror_missing", "path": "users/ben@y%2Eorg/followers/cleo@z%2Enet", "found": null, "expected": true, "repair": "add"}\#n  ]"#),
                "\(audit.stdout)")
        // The repair adds Cleo's id as the app writes it, to the array, not a field `cleo@z`.
        // A JSON tree names no project: the command asks for one.
        let project = form == "json" ? ["--project", "demo"] : []
        let writes = try TestSupport.sitegen(["audit", "--format", "firestore", export] + project, in: folder)
        #expect(writes.stdout.contains(#"{"fieldPath":"followers","appendMissingElements":{"values":[{"stringValue":"cleo@z.net"}]}}"#),
                "\(writes.stdout)")
        #expect(writes.stdout.contains(#"/documents/users/ben@y.org""#), "\(writes.stdout)")
        // The site counts them: Ben has 2 followers and his post 1 like.
        let output = try TestSupport.temporaryFolder() + "/public"
        let build = try TestSupport.sitegen(["build", export, "--output", output], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        let users = try String(contentsOfFile: output + "/users.json", encoding: .utf8)
        #expect(users.contains(#""username":"ben""#) && users.contains(#""followers":2"#), "\(users)")
    }
}
