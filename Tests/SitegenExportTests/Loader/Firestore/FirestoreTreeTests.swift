import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// The tree a Firestore reader builds is never parsed whole: `finish` copies each field's
/// nodes (parsed per output file) into it. Its nodes must be those a parse of its text gives.
@Suite struct FirestoreTreeTests {
    static func expectNodesOfAParse(_ d: JSONDocument, _ name: String) throws {
        let parsed = try withExtendedLifetime(d) { try JSONDocument.parse(Array(d.bytes), firestoreKeys: true) }
        #expect(d.nodes.count == parsed.nodes.count, "\(name)")
        #expect(d.hasFirebaseKeys == parsed.hasFirebaseKeys, "\(name)")
        for i in 0..<min(d.nodes.count, parsed.nodes.count) {
            let a = d.nodes[i], b = parsed.nodes[i]
            guard a.start == b.start, a.end == b.end, a.keyDelta == b.keyDelta, a.next == b.next else {
                Issue.record("\(name): node \(i) is \(a), a parse gives \(b)")
                return
            }
        }
    }

    @Test func everyFixtureHasTheNodesOfAParse() throws {
        let root = TestSupport.fixtures.appendingPathComponent("firestore")
        let layouts = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        #expect(layouts.count >= 9)
        for layout in layouts {
            for input in ["firestore_export", "firefoo.json", "node-firestore-import-export.json"] {
                let path = root.appendingPathComponent("\(layout)/\(input)").path
                guard FileManager.default.fileExists(atPath: path) else { continue }
                try Self.expectNodesOfAParse(try ExportLoader.load(path: path).document, "\(layout)/\(input)")
            }
        }
    }

    /// Many output files: each parsed on its own, their nodes moved into the one tree.
    @Test func manyOutputFilesHaveTheNodesOfAParse() throws {
        let graph = try ExportLoader.load(path: TestSupport.fixtures.appendingPathComponent("firestore/value-types/firestore_export").path)
        let one = try TestSupport.temporaryFolder() + "/one", many = try TestSupport.temporaryFolder() + "/many"
        try ManagedExportWriter.write(graph.document, project: "p", to: one)
        try ManagedExportWriter.write(graph.document, project: "p", to: many, outputSize: 100)
        #expect(FileManager.default.fileExists(atPath: many + "/all_namespaces/all_kinds/output-2"))
        let export = try ExportLoader.load(path: many), single = try ExportLoader.load(path: one)
        let same = withExtendedLifetime((export, single)) { Array(export.document.bytes) == Array(single.document.bytes) }
        #expect(same)
        try Self.expectNodesOfAParse(export.document, "many")
    }

    /// Documents in no order, a subcollection shadowing a field, empty documents: the tree
    /// and its nodes as a parse gives them.
    @Test func unorderedDocuments() throws {
        var tree = FirestoreTree(format: "test")
        try tree.add(FirestoreDocument(path: ["users", "b"], fields: [FirestoreField(name: "n", value: .integer(2))]), source: 0)
        try tree.add(FirestoreDocument(path: ["posts", "p", "likes", "u"], fields: []), source: 1)
        try tree.add(FirestoreDocument(path: ["users", "a"], fields: [
            FirestoreField(name: "x.y", value: .map([FirestoreField(name: "k", value: .array([.double(1.5), .string("s")]))])),
            FirestoreField(name: "likes", value: .integer(1)),
        ]), source: 2)
        try tree.add(FirestoreDocument(path: ["users", "a", "likes", "z"], fields: [FirestoreField(name: "t", value: .bool(true))]), source: 3)
        try tree.add(FirestoreDocument(path: ["posts", "q"], fields: []), source: 4)
        let (d, layout) = try tree.finish()
        #expect(String(decoding: d.bytes, as: UTF8.self)
            == #"{"posts":{"p":{"likes":{"u":{}}},"q":{}},"users":{"a":{"likes%":1,"x%2Ey":{"k":[1.5,"s"]},"likes":{"z":{"t":true}}},"b":{"n":2}}}"#)
        #expect(layout.shadowedFields == ["users/*/likes%"])
        try Self.expectNodesOfAParse(d, "unordered")
    }

    /// A field twice in one document, or in a map in it, is not a tree. The readers refuse
    /// it (`EntityProto`, the JSON parser); a tree given one all the same refuses it as it
    /// parses its text, naming the file, the record's offset and the document.
    @Test func aFieldTwiceIsRefused() throws {
        var tree = FirestoreTree(format: "test")
        tree.file = "output-3"
        try tree.add(FirestoreDocument(path: ["users", "a"], fields: [FirestoreField(name: "x", value: .integer(1)),
                                                                      FirestoreField(name: "x", value: .integer(2))]), source: 1056)
        let twice = #expect(throws: SitegenError.self) { _ = try tree.finish() }
        #expect(twice?.description.hasPrefix(#"output-3: offset 1056 (users/a): the key "x" appears twice"#) == true, "\(String(describing: twice))")
        var inMapTree = FirestoreTree(format: "test")
        inMapTree.file = "output-3"
        try inMapTree.add(FirestoreDocument(path: ["users", "b"], fields: [FirestoreField(name: "m", value: .array([.map([
            FirestoreField(name: "k", value: .null), FirestoreField(name: "k", value: .bool(true)),
        ])]))]), source: 7)
        let inMap = #expect(throws: SitegenError.self) { _ = try inMapTree.finish() }
        #expect(inMap?.description.hasPrefix(#"output-3: offset 7 (users/b): the key "k" appears twice"#) == true, "\(String(describing: inMap))")
    }

    /// The same document twice (Firestore keeps one a path) is refused, naming both places,
    /// rather than publishing one copy with no word.
    @Test func aDocumentTwiceIsRefused() throws {
        var tree = FirestoreTree(format: "test")
        tree.file = "output-0"
        try tree.add(FirestoreDocument(path: ["users", "b"], fields: [FirestoreField(name: "n", value: .integer(2))]), source: 0)
        try tree.add(FirestoreDocument(path: ["users", "a"], fields: []), source: 40)
        try tree.add(FirestoreDocument(path: ["users", "b"], fields: [FirestoreField(name: "n", value: .integer(3))]), source: 80)
        let error = #expect(throws: SitegenError.self) { _ = try tree.finish() }
        #expect(error?.description == "output-0: offset 80 (users/b): the same document twice (first at offset 0): a corrupt Firestore export")
    }

    /// Strings holding every character JSON escapes, and others, read from a managed
    /// export: the tree's text is the JSON they were written from, escaped as it escapes.
    @Test func stringsThatNeedEscapingAreWrittenAsJSONEscapesThem() throws {
        let raw: [UInt8] = Array(1..<0x80) + Array("é🇬🇷".utf8)
        var escaped: [UInt8] = []
        for b in raw {
            switch b {
            case 0x0A: escaped += Array("\\n".utf8)
            case 0x0D: escaped += Array("\\r".utf8)
            case 0x09: escaped += Array("\\t".utf8)
            case UInt8(ascii: "\""): escaped += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): escaped += Array("\\\\".utf8)
            case 0..<0x20, 0x7F: escaped += Array(String(format: "\\u%04x", b).utf8)
            default: escaped.append(b)
            }
        }
        let caption = String(decoding: escaped, as: UTF8.self)
        let json = #"{"users":{"a":{"bio":"line one\nline \"two\"","caption":"\#(caption)","name":"plain"}}}"#
        let folder = try TestSupport.temporaryFolder() + "/export"
        try ManagedExportWriter.write(try JSONDocument.parse(Array(json.utf8)), project: "p", to: folder)
        let read = try ExportLoader.load(path: folder).document
        #expect(withExtendedLifetime(read) { String(decoding: read.bytes, as: UTF8.self) } == json)
        try Self.expectNodesOfAParse(read, "escapes")
    }

    /// The bytes a key refuses, as the masks hold them, are the characters listed: those
    /// Firebase keys cannot hold, and `%`, which only an encoded key holds.
    @Test func keyMasksRefuseTheCharactersListed() {
        let firebase = Set(".$#[]/%".utf8)
        for b in 0...255 {
            let byte = UInt8(b)
            let refused = byte < 0x20 || byte == 0x7F || firebase.contains(byte)
            let textRefused = refused || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            [byte, UInt8(ascii: "a")].withUnsafeBufferPointer { key in
                #expect(FirestoreTree.isKey(key, refusing: FirestoreTree.keyRefused) == !refused, "byte \(b)")
                #expect(FirestoreTree.isPlainKey(key) == !textRefused, "byte \(b)")
            }
        }
    }

    /// Records held in memory (the fuzz target's way in) read as the export they came from;
    /// one cut short is refused with its number, not a crash.
    @Test func recordsHeldInMemoryReadAsTheirExport() throws {
        let folder = TestSupport.fixtures.appendingPathComponent("firestore/handles/firestore_export").path
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/all_namespaces/all_kinds/output-0")))
        var records: [[UInt8]] = []
        try bytes.withUnsafeBufferPointer { (buffer) throws(LevelDBLog.Fault) in
            var log = LevelDBLog(buffer)
            try log.forEachRecord { record, _ in records.append(Array(record)) }
        }
        #expect(records.count == 11)
        let memory = try ExportLoader.load(firestoreRecords: records, name: "memory")
        let folderExport = try ExportLoader.load(path: folder)
        let same = withExtendedLifetime((memory, folderExport)) { Array(memory.document.bytes) == Array(folderExport.document.bytes) }
        #expect(same)
        #expect(memory.firestore?.documentCount == 11)
        #expect(throws: SitegenError.self) { _ = try ExportLoader.load(firestoreRecords: [Array(records[0].prefix(9))], name: "memory") }
    }

    /// Arrays written from their wire bytes (the fast path) as the whole decoding writes
    /// them: ids as a set (a repeated id once, a quote escaped), an empty array as `[]`,
    /// numbers as an array; each pattern noted as the layout's array of ids or not.
    @Test func arraysOfIdsAreWrittenAsTheWholeDecodingWritesThem() throws {
        let json = #"{"users":{"a":{"e":[],"f":["x","y","x"],"q":["say \"hi\""]},"b":{"m":{"inner":["p"]}},"c":{"n":[1,2]}}}"#
        let folder = try TestSupport.temporaryFolder() + "/export"
        try ManagedExportWriter.write(try JSONDocument.parse(Array(json.utf8)), project: "p", to: folder)
        let read = try ExportLoader.load(path: folder)
        let text = withExtendedLifetime(read) { String(decoding: read.document.bytes, as: UTF8.self) }
        #expect(text == #"{"users":{"a":{"e":[],"f":{"x":true,"y":true},"q":{"say \"hi\"":true}},"b":{"m":{"inner":{"p":true}}},"c":{"n":[1,2]}}}"#)
        #expect(read.firestore?.idArrays.keys.sorted() == ["users/*/e", "users/*/f", "users/*/m/inner", "users/*/q"])
        try Self.expectNodesOfAParse(read.document, "arrays")
    }
}
