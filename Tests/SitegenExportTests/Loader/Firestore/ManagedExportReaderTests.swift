import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// The managed export reader on exports the Firestore emulator wrote
/// (scripts/make-firestore-fixtures; `value-types` holds one document of every type).
@Suite struct ManagedExportReaderTests {
    static func fixture(_ name: String) -> String {
        TestSupport.fixtures.appendingPathComponent("firestore/\(name)").path
    }

    static func tree(_ path: String) throws -> String {
        let export = try ExportLoader.load(path: path)
        return String(decoding: export.document.bytes, as: UTF8.self)
    }

    @Test func everyValueTypeIsRead() throws {
        let export = try ExportLoader.load(path: Self.fixture("value-types"))
        let d = export.document
        let users = try #require(d.member(d.root, "users"))
        let posts = try #require(d.member(d.root, "posts"))
        let u1 = try #require(d.member(users, "u1"))
        #expect(d.rawText(u1) == #"{"a":{"p":true,"q":true},"am":[{"c":"hi"},3],"b":true,"by":"AAEC","d":2.5,"e":[],"em":{},"g":{"latitude":1.5,"longitude":-2.25},"m":{"inner":{"x":"y"},"k":1},"n":42,"r":"u2","refs":{"u2":true,"u1":true},"t":1722542452.464999,"username":"ana","z":null}"#)
        // posts/p1 is not a document: only the parent of its comments.
        #expect(d.rawText(posts) == #"{"p1":{"comments":{"c1":{"text":"hello"}}}}"#)
        let layout = try #require(export.firestore)
        #expect(layout.project == "demo-sitegen")
        #expect(layout.documentCount == 3)
        #expect(layout.collections == ["posts", "users", "posts/*/comments"])
        #expect(layout.idArrays == ["users/*/a": FirestoreLayout.IDArray(referenceParent: nil),
                                    "users/*/e": FirestoreLayout.IDArray(referenceParent: nil),
                                    "users/*/refs": FirestoreLayout.IDArray(referenceParent: "users")])
    }
}

extension ManagedExportReaderTests {
    /// A copy of a fixture's export in a temporary folder, its output file changed by `edit`.
    static func spoiled(_ name: String, _ edit: (inout [UInt8]) -> Void) throws -> (folder: String, output: String) {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.copyItem(atPath: fixture(name), toPath: folder + "/export")
        let output = folder + "/export/all_namespaces/all_kinds/output-0"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        edit(&bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: output))
        return (folder + "/export", output)
    }

    static func loadError(_ path: String) -> String? {
        do {
            _ = try ExportLoader.load(path: path)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func badCRC() throws {
        let (folder, output) = try Self.spoiled("flutter/firestore_export") { $0[40] ^= 0x20 }
        #expect(Self.loadError(folder) == "\(output): offset 0: CRC mismatch: a corrupt Firestore export")
    }

    @Test func truncatedRecord() throws {
        let (folder, output) = try Self.spoiled("flutter/firestore_export") { $0.removeLast(5) }
        let error = try #require(Self.loadError(folder))
        #expect(error.hasPrefix("\(output): offset "))
        #expect(error.hasSuffix("bytes announced): a corrupt Firestore export"))
    }

    /// A record whose framing is right but whose document is not: a field of wire type 7.
    @Test func unknownWireType() throws {
        let (folder, output) = try Self.spoiled("flutter/firestore_export") { bytes in
            var writer = LevelDBLogWriter()
            writer.append([0x6A, 0x00, 0x7F, 0x01])
            bytes += writer.bytes
        }
        let size = try FileManager.default.attributesOfItem(atPath: output)[.size] as! Int
        #expect(Self.loadError(folder) == "\(output): offset \(size - 11): unknown wire type 7 (byte 2 of the record): a corrupt Firestore export")
    }

    @Test func folderWithoutAnExport() throws {
        let folder = try TestSupport.temporaryFolder()
        #expect(Self.loadError(folder) == "\(folder): is a directory, not an export file (and holds no Firestore export: no *.overall_export_metadata)")
    }

    /// The emulator's `firebase emulators:export DIR` layout, the export folder itself, and
    /// a folder holding the export's folder (`gcloud storage cp -r gs://B/PREFIX content/`).
    @Test func folderForms() throws {
        let inner = Self.fixture("flutter/firestore_export")
        let a = try Self.tree(Self.fixture("flutter"))
        #expect(try Self.tree(inner) == a)
        let parent = try TestSupport.temporaryFolder()
        try FileManager.default.copyItem(atPath: inner, toPath: parent + "/2024-08-01T20:00:52_12345")
        #expect(try Self.tree(parent) == a)
    }

    @Test func largeDocumentAcrossBlocks() throws {
        let export = try ExportLoader.load(path: Self.fixture("value-types"))
        let d = export.document
        let users = try #require(d.member(d.root, "users"))
        let u2 = try #require(d.member(users, "u2"))
        let caption = try #require(d.member(u2, "caption"))
        #expect(d.string(caption) == String(repeating: "x", count: 70000))
    }
}

extension ManagedExportReaderTests {
    /// The benchmark's writer: a tree written as a managed export reads back as itself.
    @Test func writerRoundTrips() throws {
        let text = #"{"posts":{"u1":{"-K1":{"caption":"a\"b","created_at":1490119356.786182,"like_count":2,"poster":{"uid":"u1"}}}},"users":{"u1":{"follower_count":-3,"n":null,"ok":true,"tags":["x",1.5,{"k":[]}],"username":"ana"},"u2":{"e":[],"m":{}}}}"#
        let source = try JSONDocument.parse(Array(text.utf8))
        let folder = try TestSupport.temporaryFolder() + "/bench"
        try ManagedExportWriter.write(source, project: "p", to: folder)
        let export = try ExportLoader.load(path: folder)
        #expect(String(decoding: export.document.bytes, as: UTF8.self) == text)
        #expect(export.firestore?.project == "p")
    }

    /// An export in many output files (read in parallel, a tree each, appended in order)
    /// reads as the same tree and layout as in one; a fault in a later file is reported
    /// as that file's, and of two faults the first file's.
    @Test func manyOutputFilesReadAsOne() throws {
        let graph = try ExportLoader.load(path: TestSupport.fixtures.appendingPathComponent("firestore/uikit/firestore_export").path)
        let one = try TestSupport.temporaryFolder() + "/one", many = try TestSupport.temporaryFolder() + "/many"
        try ManagedExportWriter.write(graph.document, project: "p", to: one)
        try ManagedExportWriter.write(graph.document, project: "p", to: many, outputSize: 200)
        let outputs = many + "/all_namespaces/all_kinds/output-"
        #expect(FileManager.default.fileExists(atPath: outputs + "5"))
        let a = try ExportLoader.load(path: one), b = try ExportLoader.load(path: many)
        #expect(Array(b.document.bytes) == Array(a.document.bytes))
        #expect(b.firestore?.summary() == a.firestore?.summary())
        #expect(b.firestore?.documentsPerCollection == a.firestore?.documentsPerCollection)
        for n in [4, 2] {
            var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: outputs + "\(n)")))
            bytes[40] ^= 0x20
            try Data(bytes).write(to: URL(fileURLWithPath: outputs + "\(n)"))
            #expect(Self.loadError(many) == "\(outputs)\(n): offset 0: CRC mismatch: a corrupt Firestore export")
        }
    }
}

extension ManagedExportReaderTests {
    /// What inspect says first of a Firestore export: its collections and subcollections
    /// (a document that is only the parent of a subcollection counts for none), and the
    /// arrays read as sets of ids.
    @Test func inspectNamesCollectionsAndArrays() throws {
        let export = try ExportLoader.load(path: Self.fixture("value-types"))
        #expect(export.firestore?.summary() == """
            Firestore managed export, project demo-sitegen: 3 documents
            collections (documents):
              posts             0 (only as the parent of subcollections)
              posts/*/comments  1
              users             2
            arrays read as sets of ids (an edge or like per element):
              users/*/a
              users/*/e
              users/*/refs (references into users)


            """)
    }
}
