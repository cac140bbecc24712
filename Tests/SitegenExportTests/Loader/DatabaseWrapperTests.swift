import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// A Realtime Database kept under one child of the root (docs/export-format.md, "A
/// database under one child"; Jamilton Damasceno's course writes below `instagram/`): read
/// from that child, the audit's paths given from the root, the wrapper kept by the repair.
@Suite struct DatabaseWrapperTests {
    /// ben's follow of ana never reached ana's followers; a like by a deleted account.
    static let export = """
        {"myapp": {
          "usuarios": {"ana": {"username": "ana"}, "ben": {"username": "ben"}},
          "posts": {"p1": {"uid": "ana", "image_url": "https://example.com/1.jpg", "created_at": 1614589200000}},
          "followers": {"ana": {}},
          "following": {"ben": {"ana": true}},
          "postLikes": {"p1": {"ben": true, "ghost": true}}
        }}
        """

    @Test func theChildIsReadAndPathsGivenFromTheRoot() throws {
        let path = try TestSupport.temporaryFile(Self.export)
        let export = try ExportLoader.load(path: path)
        #expect(export.document.rootPrefix == "myapp/")
        let inspection = ExportInspection(export)
        #expect(inspection.text().contains("the database is kept under myapp/ (the root's one member)"))
        #expect(inspection.schemaBlock().contains(#"users = "usuarios""#))
        let mapping = Schema.Mapping(nodes: [.users: "usuarios"])
        let report = try Audit.run(exportAt: path, mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == [
            "follow_mirror_missing myapp/followers/ana/ben",
            "like_dangling myapp/postLikes/p1/ghost",
        ])
        #expect(String(decoding: try Audit.repairedBytes(exportAt: path, mapping: mapping), as: UTF8.self) == """
            {"myapp": {
              "usuarios": {"ana": {"username": "ana"}, "ben": {"username": "ben"}},
              "posts": {"p1": {"uid": "ana", "image_url": "https://example.com/1.jpg", "created_at": 1614589200000}},
              "followers": {"ana": {"ben":true}},
              "following": {"ben": {"ana": true}},
              "postLikes": {"p1": {"ben": true}}
            }}
            """)
    }

    /// One root named for a role, or holding no node named for one, or only one member, is
    /// the database itself.
    @Test func aRootNamedForARoleIsNoWrapper() throws {
        for tree in [
            #"{"users": {"ana": {"username": "ana", "followers": {"ben": true}}, "ben": {"username": "ben"}}}"#,
            #"{"Publicaciones": {"p1": {"a": {}}, "p2": {"b": {}}}}"#,
            #"{"Follow": {"ana": {"followers": {"ben": true}}, "ben": {"following": {"ana": true}}}}"#,
            #"{"myapp": {"users": {"ana": {"username": "ana"}}}}"#,
        ] {
            let export = try ExportLoader.load(path: try TestSupport.temporaryFile(tree))
            #expect(export.document.rootPrefix == "", "\(tree)")
        }
    }
}
