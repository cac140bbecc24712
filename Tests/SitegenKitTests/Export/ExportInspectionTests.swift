import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// `sitegen inspect`: golden output for each shape of app (`Fixtures/inspect/<case>.txt`,
/// the audit fixture's export read as `<case>.json`, with its `sitegen.toml` where the case
/// name says `mapped`), and the `[schema]` it suggests reads the export as the app means it.
/// Set SITEGEN_RECORD=1 to write the golden files again (then look at the diff).
@Suite struct ExportInspectionTests {
    static let cases: [(name: String, fixture: String, mapped: Bool)] = [
        ("makestagram-clean", "makestagram-clean", false),
        ("course-app", "makestagram-course-app", false),
        ("flat-posts", "makestagram-flat-posts", false),
        ("friendlypix", "makestagram-friendlypix", false),
        ("friendlypix-mapped", "makestagram-friendlypix", true),
        ("renamed-mapped", "makestagram-renamed-roles", true),
        ("friendlypix-web", "makestagram-friendlypix-web", false),
        ("friendlypix-web-mapped", "makestagram-friendlypix-web", true),
        ("timeline-clean", "timeline-clean", false),
        ("posts-in-users", "makestagram-posts-in-users", false),
        ("post-keys-repeat", "makestagram-post-keys-repeat", false),
        ("counters-in-object", "makestagram-counters-in-object", false),
        ("counters-in-object-mapped", "makestagram-counters-in-object", true),
        ("posts-only", "makestagram-posts-only", false),
    ]

    static func fixture(_ name: String) -> AuditFixtureCase {
        AuditFixtureCase.all.first { $0.name == name }!
    }

    static func inspect(_ fixture: AuditFixtureCase, mapping: Schema.Mapping) throws -> ExportInspection {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.exportPath)))
        return ExportInspection(try ExportLoader.load(bytes: bytes, name: "\(fixture.name).json", mapping: mapping))
    }

    @Test(arguments: cases.map(\.name))
    func golden(_ name: String) throws {
        let c = Self.cases.first { $0.name == name }!
        let fixture = Self.fixture(c.fixture)
        let text = try Self.inspect(fixture, mapping: c.mapped ? fixture.mapping : Schema.Mapping()).text()
        let golden = TestSupport.fixtures.appendingPathComponent("inspect/\(name).txt")
        if ProcessInfo.processInfo.environment["SITEGEN_RECORD"] == "1" {
            let source = URL(fileURLWithPath: TestSupport.sourceFixtures + "/inspect/\(name).txt")
            try text.write(to: source, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(text == expected)
    }

    /// The block `inspect` prints for FriendlyPix (its guesses included), pasted into
    /// sitegen.toml, reads the export as the mapping `docs/export-format.md` gives: no finding,
    /// but the one entry its feed lacks, every post owned, every comment counted. Its `user_details` is `people` (names and
    /// photos), not the `feed` root before it, which is keyed by the same uids but holds
    /// lists of post keys only (the real 2016 export has both). Its caption is the posts'
    /// `text` (comments' `text` is read as theirs already).
    @Test func theSuggestedSchemaReadsFriendlyPix() throws {
        let fixture = Self.fixture("makestagram-friendlypix")
        let block = try Self.inspect(fixture, mapping: Schema.Mapping()).schemaBlock()
        let config = try SiteConfig.parse(block, file: "sitegen.toml")
        #expect(config.schema.nodes[.userDetails] == "people")
        #expect(config.schema.fields[.caption] == "text")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.exportPath)))
        let report = Validator.audit(try ExportLoader.load(bytes: bytes, name: "x.json", mapping: config.schema))
        // Its `feed/<uid>/<postKey>: true` is its timeline (the posts of those one follows,
        // not one's own: none of the 3 is in its owner's feed), and pB's lacks one of pA's.
        #expect(config.schema.nodes[.timeline] == "feed")
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["timeline_missing feed/pB/1462000000000000001"])
        #expect(report.index.users.count == 4 && report.index.posts.allSatisfy { $0.owner >= 0 })
        #expect(report.counts.comments.reduce(0, +) == 2)
        #expect(report.counts.likes.reduce(0, +) == 2)
        #expect(report.counts.followers.reduce(0, +) == 2)
    }

    /// An app with no users node (docs/export-format.md, "Users implied by posts"): the
    /// block `inspect` prints never maps users to the posts, reads as it is (the fixture's
    /// sitegen.toml), and gives a user per distinct owner and every post owned; the
    /// owner's username may be the owner field itself (`post_owner = "username"`).
    @Test func theSuggestedSchemaReadsPostsWithNoUsers() throws {
        let fixture = Self.fixture("makestagram-posts-only")
        let block = try Self.inspect(fixture, mapping: Schema.Mapping()).schemaBlock()
        let mapping = try SiteConfig.parse(block, file: "sitegen.toml").schema
        #expect(mapping.nodes[.users] == nil && mapping == fixture.mapping, "\(block)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.exportPath)))
        let report = Validator.audit(try ExportLoader.load(bytes: bytes, name: "x.json", mapping: mapping))
        #expect(report.index.users.map(\.uid) == ["Qm3uLx8e", "Rb7wQp2z"])
        #expect(report.index.users.map(\.username) == ["ana.lima", "ben"])
        #expect(report.index.posts.count == 4 && report.index.posts.allSatisfy { $0.owner >= 0 })
        #expect(report.counts.likes == [2, 1, 0, 0] && report.counts.comments == [2, 0, 0, 0])
        #expect(!report.export.keepsFollows)

        let firestore = try ExportLoader.load(path: Self.firestoreFolder("posts-only") + "/firestore_export")
        let firestoreBlock = ExportInspection(firestore).schemaBlock()
        #expect(firestoreBlock.contains("post_owner = \"username\"") && !firestoreBlock.contains("users = "), "\(firestoreBlock)")
        #expect(Schema.Mapping(fields: [.postOwner: "username", .commentAuthor: "username"]).conflict() == nil)
        #expect(Schema.Mapping(fields: [.postOwner: "username", .caption: "username"]).conflict() != nil)
    }

    /// friendlypix-web keeps no users root: `inspect` takes `people` for the users (its
    /// records hold `full_name`), finds the lists in them and the owner inside `author`
    /// objects, and the block it prints, as it is, reads the
    /// export with no finding, every post owned, every comment and like counted.
    @Test func theSuggestedSchemaReadsFriendlyPixWeb() throws {
        let fixture = Self.fixture("makestagram-friendlypix-web")
        let block = try Self.inspect(fixture, mapping: Schema.Mapping()).schemaBlock()
        let config = try SiteConfig.parse(block, file: "sitegen.toml")
        #expect(config.schema.nodes[.users] == "people" && config.schema.nodes[.userDetails] == nil)
        #expect(config.schema.fields[.avatarURL] == "profile_picture")
        let mapping = config.schema
        #expect(mapping.nodes == fixture.mapping.nodes && mapping.fields == fixture.mapping.fields)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.exportPath)))
        let report = Validator.audit(try ExportLoader.load(bytes: bytes, name: "x.json", mapping: mapping))
        #expect(report.findings.isEmpty, "\(report.findings)")
        #expect(report.index.users.count == 3 && report.index.posts.allSatisfy { $0.owner >= 0 })
        #expect(report.counts.comments.reduce(0, +) == 2)
        #expect(report.counts.likes.reduce(0, +) == 3)
        #expect(report.counts.followers.reduce(0, +) == 2)
    }

    /// Cloud Firestore exports (`Fixtures/firestore/<layout>/firestore_export`): golden
    /// output at `Fixtures/inspect/firestore-<layout>.txt`.
    static let firestoreLayouts = ["flutter", "react-native", "karlhadwen", "fluttergram", "uikit", "android", "odd-ids",
                                   "fluttershare", "swift-feed", "rn-feed", "posts-only"]

    static func firestoreFolder(_ layout: String) -> String {
        TestSupport.fixtures.appendingPathComponent("firestore/\(layout)").path
    }

    @Test(arguments: firestoreLayouts)
    func firestoreGolden(_ layout: String) throws {
        let folder = Self.firestoreFolder(layout)
        let text = ExportInspection(try ExportLoader.load(path: folder + "/firestore_export")).text()
            .replacingOccurrences(of: folder + "/", with: "")
        let name = "firestore-\(layout)"
        if ProcessInfo.processInfo.environment["SITEGEN_RECORD"] == "1" {
            let source = URL(fileURLWithPath: TestSupport.sourceFixtures + "/inspect/\(name).txt")
            try text.write(to: source, atomically: true, encoding: .utf8)
        }
        let golden = TestSupport.fixtures.appendingPathComponent("inspect/\(name).txt")
        #expect(text == (try String(contentsOf: golden, encoding: .utf8)))
    }

    /// For each layout, the block `inspect` prints is the fixture's hand-written mapping
    /// (give or take a field spelled as one of its variants, which is read so unmapped
    /// too), the same for the JSON tools' trees of the documents, auditing with it, as it is, gives exactly the fixture's `expected.json`, and
    /// `sitegen build` with it publishes every profile and every owned post.
    @Test(arguments: firestoreLayouts)
    func theSuggestedSchemaReadsEachFirestoreLayout(_ layout: String) throws {
        let folder = Self.firestoreFolder(layout)
        let block = ExportInspection(try ExportLoader.load(path: folder + "/firestore_export")).schemaBlock()
        let mapping = try SiteConfig.parse(block, file: "sitegen.toml").schema
        let right = try SiteConfig.load(path: folder + "/sitegen.toml").schema
        // The JSON tools' trees of the same documents get the same block.
        for tree in ["node-firestore-import-export.json", "firefoo.json"] {
            #expect(ExportInspection(try ExportLoader.load(path: folder + "/" + tree)).schemaBlock() == block, "\(tree)")
        }
        #expect(mapping.nodes == right.nodes, "\(block)")
        // Mapping a field to its own name reads the same as leaving it unmapped.
        let handWritten = right.fields.filter { $0.key.rawValue != $0.value }
        for (field, name) in handWritten { #expect(mapping.fields[field] == name, "\(field.rawValue) in \(block)") }
        for (field, name) in mapping.fields where handWritten[field] == nil {
            #expect(field.variants(.makestagram).contains(name), "\(field.rawValue) = \(name) is not in \(layout)'s sitegen.toml")
        }
        let report = try Audit.run(exportAt: folder + "/firestore_export", mapping: mapping, detail: .streamTimeline)
        let expected = try String(contentsOf: URL(fileURLWithPath: folder + "/expected.json"), encoding: .utf8)
        #expect(report.jsonText() == expected)

        let site = try TestSupport.temporaryFolder()
        try FileManager.default.copyItem(atPath: folder + "/firestore_export", toPath: site + "/firestore_export")
        try ("export = \"firestore_export\"\n\n" + block).write(toFile: site + "/sitegen.toml", atomically: true, encoding: .utf8)
        let run = try TestSupport.sitegen(["build", "--output", "public"], in: site)
        #expect(run.status == 0, "\(run.stderr)")
        let listed = { (dir: String) in ((try? FileManager.default.contentsOfDirectory(atPath: site + "/public/" + dir)) ?? []).sorted() }
        let published = TestSupport.firestoreSites.first { $0.layout == layout }!
        #expect(listed("u") == published.users && listed("p") == published.posts)
        // Every profile's grid is its own posts (a timeline's copies are no one's posts).
        for (user, posts) in TestSupport.firestoreGrids[layout] ?? [:] {
            let page = try String(contentsOfFile: site + "/public/u/\(user)/index.html", encoding: .utf8)
            let linked = Set(page.components(separatedBy: "href=\"../../p/").dropFirst().map { String($0.prefix { $0 != "/" }) })
            #expect(linked.sorted() == posts, "\(layout): \(user)'s grid")
        }
    }

    /// A layout no public clone has (Fixtures/firestore/handles, made by the emulator):
    /// flat posts whose fields have no name sitegen knows, likes as a map named `likedBy`,
    /// comments embedded in each post. The first `inspect` maps the posts as flat (a
    /// group of posts would hold only objects) with their owner, image, caption, time and
    /// counter, the likes and the comments; the second, run with that block, the comments'
    /// fields. The block then reads the export as the hand-written one does, less what no
    /// document can tell: that profiles are keyed by username (a comment says it may be).
    @Test func aWebCloneIsMappedInTwoPasses() throws {
        let folder = Self.firestoreFolder("handles")
        let export = folder + "/firestore_export"
        let first = ExportInspection(try ExportLoader.load(path: export)).schemaBlock()
        let firstMapping = try SiteConfig.parse(first, file: "sitegen.toml").schema
        let second = ExportInspection(try ExportLoader.load(path: export, mapping: firstMapping)).schemaBlock()
        let mapping = try SiteConfig.parse(second, file: "sitegen.toml").schema
        let right = try SiteConfig.load(path: folder + "/sitegen.toml").schema
        #expect(mapping.nodes == right.nodes, "\(second)")
        var expected = right.fields
        expected[.username] = nil
        #expect(mapping.fields == expected, "\(second)")
        // That profiles are keyed by username is said, not mapped.
        #expect(second.contains(#"# username = "*": if the users' keys (ana, ben, cleo, …) are their usernames (no record holds one)"#), "\(second)")
        #expect(first.contains(#"post_owner = "owner"  # guessed: 3 of 3 posts hold a user's uid there"#), "\(first)")
        #expect(first.contains(#"postLikes = "shots/*/likedBy"  # guessed: 3 posts hold a "likedBy" list"#), "\(first)")
        // Audited with the block as printed, the export gives the injected drift, at the
        // same paths as with the hand-written mapping.
        let report = try Audit.run(exportAt: export, mapping: mapping, detail: .streamTimeline)
        let expectedFindings = try String(contentsOf: URL(fileURLWithPath: folder + "/expected.json"), encoding: .utf8)
        #expect(report.jsonText() == expectedFindings)
    }

    @Test func numbersHaveThousandsSeparators() {
        #expect(ExportInspection.number(3412) == "3,412")
        #expect(ExportInspection.number(999) == "999")
        #expect(ExportInspection.number(1_000_000) == "1,000,000")
        #expect(ExportInspection.number(0) == "0")
    }
}
