import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// The audit and the repair as Firestore writes, on exports the Firestore emulator made
/// of the public clones' layouts (scripts/make-firestore-fixtures; docs/firestore.md).
/// Each layout's folder holds its `sitegen.toml`, `expected.json` (the findings: the
/// drift the script injected, checked by hand) and `expected-commit.jsonl` (the
/// documents:commit bodies).
@Suite struct FirestoreAuditTests {
    /// Every layout of docs/firestore.md's table: arrays of ids (flutter, karlhadwen's
    /// with `user_id`), subcollections of empty documents (uikit, react-native, posts per
    /// user), maps of `true`/`false` (fluttergram), counters in a nested map (android); and
    /// a layout none of them has (handles: profiles keyed by username, likes as a map,
    /// comments embedded as an array); ids as Firestore allows them (odd-ids: users keyed
    /// by email and by ids holding `%`, `.`, `#`, `?`, spaces, non-ASCII, 1,500 bytes).
    /// And timelines: FlutterShare's copies at `timeline/*/timelinePosts` (no own posts),
    /// the UIKit clones' `user-feed/<uid>/<postId>: 1` (own posts in it), a React Native
    /// clone's `feed/*/items` of `{poster}` maps. And no users collection (posts-only).
    static let layouts = ["flutter", "uikit", "react-native", "fluttergram", "karlhadwen", "android", "handles", "odd-ids",
                          "fluttershare", "swift-feed", "rn-feed", "posts-only"]

    static func folder(_ layout: String) -> String {
        TestSupport.fixtures.appendingPathComponent("firestore/\(layout)").path
    }

    static func report(_ layout: String, export: String = "firestore_export") throws -> AuditReport {
        let folder = folder(layout)
        let mapping = try SiteConfig.load(path: folder + "/sitegen.toml").schema
        return try Audit.run(exportAt: folder + "/" + export, mapping: mapping, detail: .streamTimeline)
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test(arguments: layouts) func findingsAreTheInjectedDrift(layout: String) throws {
        let report = try Self.report(layout)
        #expect(report.jsonText() == (try Self.text(Self.folder(layout) + "/expected.json")))
    }

    @Test(arguments: layouts) func repairAsCommitBodies(layout: String) throws {
        let report = try Self.report(layout)
        let text = try FirestoreCommitWriter(report: report, project: nil).text()
        let expected = try Self.text(Self.folder(layout) + "/expected-commit.jsonl")
        #expect(text == expected)
    }

    /// The community tools' JSON trees of the same documents read as the same tree, and
    /// audit the same.
    @Test(arguments: layouts) func jsonTreesReadAsTheManagedExport(layout: String) throws {
        let managed = try ExportLoader.load(path: Self.folder(layout) + "/firestore_export")
        for file in ["node-firestore-import-export.json", "firefoo.json"] {
            let tree = try ExportLoader.load(path: Self.folder(layout) + "/" + file)
            #expect(Array(tree.document.bytes) == Array(managed.document.bytes), "\(file)")
            #expect(try Self.report(layout, export: file).jsonText() == (try Self.text(Self.folder(layout) + "/expected.json")))
        }
        // Firefoo names the project; node-firestore-import-export does not.
        #expect(try ExportLoader.load(path: Self.folder(layout) + "/firefoo.json").firestore?.project == "demo-sitegen")
        #expect(try ExportLoader.load(path: Self.folder(layout) + "/node-firestore-import-export.json").firestore?.project == nil)
    }

    /// inspect says how each role is kept: documents of a subcollection, an array of ids,
    /// a map in each document.
    @Test func inspectSaysHowEachRoleIsKept() throws {
        let cases = [
            ("uikit", "  followers = followers/*/user-followers: documents of a subcollection\n"),
            ("flutter", "  postLikes = posts/*/likes: an array of ids in each document\n"),
            ("fluttergram", "  followers = insta_users/*/followers: a map in each document\n"),
            ("react-native", "  posts = posts/*/userPosts: documents of a subcollection\n"),
        ]
        for (layout, line) in cases {
            let run = try TestSupport.sitegen(["inspect"], in: Self.folder(layout))
            #expect(run.status == 0)
            #expect(run.stdout.contains("roles kept as:\n"), "\(layout)")
            #expect(run.stdout.contains(line), "\(layout)")
        }
        // With no sitegen.toml, the roles inspect found by what the documents hold.
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.copyItem(atPath: Self.folder("react-native") + "/firestore_export", toPath: folder + "/firestore_export")
        let run = try TestSupport.sitegen(["inspect", "firestore_export"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout.contains("  posts = posts/*/userPosts: documents of a subcollection\n"), "\(run.stdout)")
        #expect(run.stdout.contains("  following = following/*/userFollowing: documents of a subcollection\n"), "\(run.stdout)")
    }

    @Test func writesInFirestoreTerms() throws {
        #expect(FirestoreCommitWriter.fieldPath(["statistics", "followersCount"]) == "statistics.followersCount")
        #expect(FirestoreCommitWriter.fieldPath(["likes", "9aB-x"]) == "likes.`9aB-x`")
        #expect(FirestoreCommitWriter.fieldPath(["a`b"]) == "`a\\`b`")
        #expect(FirestoreCommitWriter.fieldPath(["likes", "gh`o\\st"]) == "likes.`gh\\`o\\\\st`")
        #expect(FirestoreCommitWriter.fieldPath(["likes", "ana@x.com", "日本"]) == "likes.`ana@x.com`.`日本`")
    }

    /// A counter is set typed as the export stores it: a double stays a double.
    @Test func countersKeepTheirType() throws {
        let report = try Self.report("flutter")
        let writer = try FirestoreCommitWriter(report: report, project: "p")
        #expect(writer.value("2", stored: "1.0") == #"{"doubleValue":2.0}"#)
        #expect(writer.value("2", stored: "3") == #"{"integerValue":"2"}"#)
        #expect(writer.value("2", stored: nil) == #"{"integerValue":"2"}"#)
        #expect(writer.nested(["statistics", "followersCount"], #"{"integerValue":"0"}"#)
            == #"{"statistics":{"mapValue":{"fields":{"followersCount":{"integerValue":"0"}}}}}"#)
    }

    @Test func fixOnAFirestoreExportPointsToTheWrites() throws {
        let export = Self.folder("flutter") + "/firestore_export"
        let run = try TestSupport.sitegen(["audit", "--fix", "--output", try TestSupport.temporaryFolder() + "/x.json", export])
        #expect(run.status == 2)
        #expect(run.stderr == "sitegen: \(export): a Firestore export is repaired by writes to the database, not by --fix: print them with --format firestore (documents:commit bodies)\n")
        let patch = try TestSupport.sitegen(["audit", "--format", "patch", export])
        #expect(patch.status == 2)
    }

    @Test func firestoreFormatOnARealtimeDatabaseExport() throws {
        let path = try TestSupport.temporaryFile(#"{"users": {"u1": {"username": "a"}}}"#)
        let run = try TestSupport.sitegen(["audit", "--format", "firestore", path])
        #expect(run.status == 2)
        #expect(run.stderr == "sitegen: \(path): not a Firestore export: --format firestore is a Firestore database's repair; a Realtime Database export's is --format patch (or --fix)\n")
        let noProject = try TestSupport.sitegen(["audit", "--format", "firestore", Self.folder("flutter") + "/node-firestore-import-export.json"])
        #expect(noProject.status == 2)
        #expect(noProject.stderr.hasSuffix("the export names no project: give it with --project\n"))
    }

    static var repository: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }

    static let emulatorInstalled = FileManager.default.isExecutableFile(
        atPath: "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator")

    /// The repair applied to the Firestore emulator (scripts/firestore-roundtrip): the
    /// next export audits clean of every repairable finding, and every other document
    /// and field is as it was. One emulator for every layout, cleared between them: its
    /// start (a Java process) was 7 s of processor time a layout.
    @Test(.enabled(if: emulatorInstalled, "the Firestore emulator (google-cloud-cli-firestore-emulator) is not installed: the round trip is not run"))
    func repairRoundTripsThroughTheEmulator() throws {
        let run = try TestSupport.run("/usr/bin/env", ["python3", Self.repository + "/scripts/firestore-roundtrip",
                                                        TestSupport.binary] + Self.layouts.map(Self.folder))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        for layout in Self.layouts {
            #expect(run.stdout.contains("\(layout): ok: the new export audits clean"), "\(layout): \(run.stdout)")
        }
    }
}

extension FirestoreAuditTests {
    /// The JSON trees' typed values out of range or malformed: one line, never a crash.
    @Test func badTypedValuesInAJSONTree() throws {
        let cases: [(String, String)] = [
            (#"{"__collections__": {"users": {"u1": {"t": {"__datatype__": "timestamp", "value": {"_seconds": 1e300}}}}}}"#,
             "1:44: in users/u1: a timestamp out of Firestore's range"),
            (#"{"__collections__": {"users": {"u1": {"t": {"__datatype__": "timestamp", "value": {}}}}}}"#,
             "1:44: in users/u1: a timestamp without _seconds"),
            (#"{"meta": {}, "data": {"users": {"u1": {"t": {"__time__": "yesterday"}}}}}"#,
             "1:58: in users/u1: __time__ is not an ISO 8601 time"),
            (#"{"__collections__": {"users": ["not a collection of documents"]}}"#,
             "1:31: a collection that is not an object"),
            (#"{"__collections__": {"users": {"u1": "a document"}}}"#,
             "1:38: in users/u1: a document that is not an object"),
            (#"{"__collections__": {"users": {"u1": {"__collections__": []}}}}"#,
             "1:58: in users/u1: __collections__ is not an object"),
        ]
        for (text, message) in cases {
            let path = try TestSupport.temporaryFile(text)
            do {
                _ = try ExportLoader.load(path: path)
                Issue.record("no error for \(text)")
            } catch {
                #expect(error.description == "\(path):\(message)")
            }
        }
    }
}
