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

    @Test func arraysOfDottedIDsAreEdgesAndLikes() throws {
        let (folder, export) = try Self.export()
        let audit = try TestSupport.sitegen(["audit", "--format", "json", export], in: folder)
        #expect(audit.status == 1, "\(audit.stderr)")
        // One finding: Cleo's edge is missing from Ben's followers. No like or follow dangles.
        #expect(audit.stdout.contains(#""findings": [\#n    {"code": "follow_mirror_missing", "path": "users/ben@y%2Eorg/followers/cleo@z%2Enet", "found": null, "expected": true, "repair": "add"}\#n  ]"#),
                "\(audit.stdout)")
        // The repair adds Cleo's id as the app writes it, to the array, not a field `cleo@z`.
        let writes = try TestSupport.sitegen(["audit", "--format", "firestore", export], in: folder)
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
