import Foundation
@testable import SitegenExport
@testable import SitegenSample
import Testing

/// `[schema]`: an export whose nodes and fields an app renamed, read with a mapping back
/// to the tutorial's names, audits exactly as the tutorial-named export does, with every
/// path in the app's names.
@Suite struct SchemaMappingTests {
    static let makestagram = Schema.Mapping(
        dialect: .makestagram,
        nodes: [.posts: "user_posts", .followers: "follower", .following: "follows_list", .postLikes: "likes_by_post", .timeline: "feed"],
        fields: [.createdAt: "timestamp", .imageURL: "imageURL", .username: "handle", .likeCount: "n_likes",
                 .postCount: "n_posts", .poster: "author", .posterUID: "by", .caption: "text_md"])
    static let timeline = Schema.Mapping(
        dialect: .timeline,
        nodes: [.users: "members", .posts: "entries", .images: "photos"],
        fields: [.username: "handle", .imageEndpoint: "photo", .post: "ref", .likes: "hearts", .comments: "notes",
                 .commentText: "body", .follows: "friends"])

    /// The export's text with every key `"name":` that the mapping renames spelled the app's way.
    static func renamed(_ text: String, _ mapping: Schema.Mapping) -> String {
        var text = text
        for (from, to) in renames(mapping) {
            text = text.replacingOccurrences(of: #""\#(from)"\s*:"#, with: "\"\(to)\":", options: .regularExpression)
        }
        return text
    }

    static func renames(_ mapping: Schema.Mapping) -> [String: String] {
        var names: [String: String] = [:]
        for (node, name) in mapping.nodes { names[node.rawValue] = name }
        // A field as the tutorial spells it (`comment_text` is `text` in the timeline dialect).
        for (field, name) in mapping.fields { names[field.variants(mapping.dialect ?? .makestagram)[0]] = name }
        return names
    }

    struct Row: Hashable { let code: String, path: String, repair: String }

    @Test(arguments: [(Dialect.makestagram, UInt64(3)), (.makestagram, 11), (.timeline, 5), (.timeline, 12)])
    func renamedExportsAuditAlike(_ dialect: Dialect, _ seed: UInt64) throws {
        let mapping = dialect == .makestagram ? Self.makestagram : Self.timeline
        let original = String(decoding: SampleGenerator.generate(SampleOptions(users: 60, seed: seed, dialect: dialect, faultRate: 0.05)), as: UTF8.self)
        let renamedText = Self.renamed(original, mapping)
        #expect(renamedText != original)
        let plain = Validator.audit(try ExportLoader.load(bytes: Array(original.utf8), name: "a.json"))
        let mapped = Validator.audit(try ExportLoader.load(bytes: Array(renamedText.utf8), name: "b.json", mapping: mapping))
        #expect(plain.dialect == dialect && mapped.dialect == dialect)
        #expect(plain.findings.count >= 5, "the sample drifts: \(plain.findings.count) findings")

        let renames = Self.renames(mapping)
        let expected = plain.findings.map { f in
            Row(code: f.code.rawValue, path: f.path.split(separator: "/", omittingEmptySubsequences: false)
                .map { renames[String($0)] ?? String($0) }.joined(separator: "/"), repair: f.repair.rawValue)
        }
        let actual = mapped.findings.map { Row(code: $0.code.rawValue, path: $0.path, repair: $0.repair.rawValue) }
        #expect(Set(actual) == Set(expected))
        #expect(actual.count == expected.count)
        #expect(mapped.counts.posts == plain.counts.posts && mapped.counts.followers == plain.counts.followers)
        #expect(mapped.counts.likes == plain.counts.likes)
        #expect(mapped.export.schema.unusedMappings(in: mapped.export.document).isEmpty,
                "every mapped name is in the renamed export: \(mapped.export.schema.unusedMappings(in: mapped.export.document))")

        // The repair, in the app's names, leaves an export that audits clean of repairable findings.
        let repaired = ExportRewriter(export: mapped.export, edits: mapped.edits).bytes()
        let again = Validator.audit(try ExportLoader.load(bytes: repaired, name: "c.json", mapping: mapping))
        #expect(again.findings.allSatisfy { $0.repair == .none }, "\(again.findings.filter { $0.repair != .none }.prefix(5))")
    }

    @Test func ordinalsArePositions() {
        #expect(Schema.Field.allCases.map(\.ordinal) == Array(Schema.Field.allCases.indices))
        #expect(Schema.Node.allCases.map(\.ordinal) == Array(Schema.Node.allCases.indices))
    }

    @Test func unusedMappingsAreNamed() throws {
        let export = try ExportLoader.load(bytes: Array(#"{"users": {"u1": {"username": "a"}}}"#.utf8), name: "x.json",
                                           mapping: Schema.Mapping(nodes: [.posts: "user_posts"], fields: [.createdAt: "timestamp"]))
        #expect(export.schema.unusedMappings(in: export.document) == [
            "[schema.nodes] posts = \"user_posts\": the export has no root node \"user_posts\"",
            "[schema.fields] created_at = \"timestamp\": no record of the export has a field \"timestamp\"",
        ])
    }

    @Test func spellingsFollowTheExport() throws {
        let export = try ExportLoader.load(bytes: Array("""
        {"users": {"a": {"username": "x", "posts_count": 1}, "b": {"username": "y", "posts_count": 0}, "c": {"username": "z", "post_count": 0}},
         "posts": {"a": {"-K1": {"createdAt": 1, "img_url": "https://e.x/1.jpg"}}}}
        """.utf8), name: "x.json")
        let schema = export.schema
        #expect(schema.name(.postCount).text == "posts_count", "two records to one")
        #expect(schema.name(.createdAt).text == "createdAt")
        #expect(schema.name(.imageURL).text == "img_url")
        #expect(schema.name(.likeCount).text == "like_count", "none carried: the tutorial's")
        #expect(schema.isCarried(.postCount) && !schema.isCarried(.likeCount) && !schema.isCarried(.followerCount))
        #expect(schema.names(.postCount).map(\.text) == ["post_count", "posts_count", "postsCount"])
    }
}
