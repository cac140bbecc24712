import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// Broken and hostile Firestore exports (managed exports and JSON trees), each built over
/// a previous site: the exit status and the one line expected, and the previous site byte
/// for byte as it was after every refusal (docs/robustness.md). The records are written
/// here, field by field (`Wire`), as no tool would write them.
@Suite struct HostileExportTests {
    /// A managed export refused: exit 2, `line` (less `sitegen: ` and the folder), the
    /// previous site unchanged; the same line from `audit`.
    static func expectRefused(_ export: String, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let site = try PreviousSite()
        let run = try TestSupport.sitegen(["build", export, "--output", site.output])
        #expect(run.status == 2, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr == "sitegen: \(line)\n", sourceLocation: sourceLocation)
        try site.expectUnchanged(sourceLocation: sourceLocation)
        let audit = try TestSupport.sitegen(["audit", export])
        #expect(audit.status == 2, sourceLocation: sourceLocation)
        #expect(audit.stderr == "sitegen: \(line)\n", sourceLocation: sourceLocation)
    }

    /// A build into a new output: its status and stderr.
    static func build(_ export: String) throws -> TestSupport.Run {
        try TestSupport.sitegen(["build", export, "--output", try TestSupport.temporaryFolder() + "/public"])
    }

    static let alice = Wire.record(["users", "alice"], [Wire.property("username", Wire.string("alice"))])
    static let bob = Wire.record(["users", "bob"], [Wire.property("username", Wire.string("bob"))])

    /// `value` nested in `depth` maps, each its one field `m`.
    static func nested(_ depth: Int) -> (meaning: UInt64, value: [UInt8]) {
        var value = Wire.string("x"), meaning: UInt64 = 0
        for _ in 0..<depth {
            value = Wire.map([Wire.property("m", value, meaning: meaning)])
            meaning = 19
        }
        return (meaning, value)
    }

    // MARK: - No recursion that input can deepen

    @Test func mapsNestedDeepAreRefusedBeforeTheyAreDescended() throws {
        for depth in [FirestoreLimits.valueDepth + 1, 9_000] {
            let (meaning, value) = Self.nested(depth)
            let record = Wire.record(["users", "deep"], [Wire.property("m", value, meaning: meaning)])
            let export = try Wire.export([[Self.alice, record]])
            let error = try #require(try Self.loadError(export.folder))
            #expect(error.hasPrefix("\(export.outputs[0]): offset \(Wire.offset(of: 1, in: [Self.alice, record])) (users/deep): maps nested deeper than 64 levels (Firestore allows 20) (byte "),
                    "\(error)")
            #expect(error.hasSuffix(" of the record): a corrupt Firestore export"))
        }
        // 9,000 deep, as the issue's 250 KB record: a line and exit 2, no crash, the site kept.
        let (meaning, value) = Self.nested(9_000)
        let export = try Wire.export([[Self.alice, Wire.record(["users", "deep"], [Wire.property("m", value, meaning: meaning)])]])
        let line = try #require(try Self.loadError(export.folder))
        try Self.expectRefused(export.folder, line)
    }

    @Test func mapsNestedToTheLimitAreRead() throws {
        let (meaning, value) = Self.nested(FirestoreLimits.valueDepth)
        let export = try Wire.export([[Self.alice, Wire.record(["users", "deep"], [Wire.property("m", value, meaning: meaning)])]])
        let tree = try ExportLoader.load(path: export.folder).document
        let text = withExtendedLifetime(tree) { String(decoding: tree.bytes, as: UTF8.self) }
        #expect(text.contains(String(repeating: #"{"m":"#, count: FirestoreLimits.valueDepth) + #""x""#))
    }

    /// Unknown fields holding proto groups nested 100,000 deep (400 KB): skipped with a
    /// stack, not the call stack; the document is read.
    @Test func unknownGroupsNestedDeepAreSkipped() throws {
        let start = Wire.varint(99 << 3 | 3), end = Wire.varint(99 << 3 | 4)
        var groups: [UInt8] = []
        for _ in 0..<100_000 { groups += start }
        for _ in 0..<100_000 { groups += end }
        let export = try Wire.export([[Self.alice, Self.bob + groups]])
        let run = try Self.build(export.folder)
        #expect(run.status == 0, "\(run.stderr)")
        let cut = try Wire.export([[Self.alice, Self.bob + groups.dropLast(2)]])
        #expect(try Self.loadError(cut.folder)?.contains("unterminated group 99") == true)
    }

    @Test func jsonTreesNestedDeepAreRefused() throws {
        let folder = try TestSupport.temporaryFolder()
        let head = #"{"__collections__":{"users":{"alice":{"username":"alice","m":"#
        func tree(_ depth: Int) -> String {
            head + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth) + "}}}}"
        }
        try tree(FirestoreLimits.valueDepth).write(toFile: folder + "/ok.json", atomically: false, encoding: .utf8)
        try tree(FirestoreLimits.valueDepth + 1).write(toFile: folder + "/deep.json", atomically: false, encoding: .utf8)
        #expect(try Self.build(folder + "/ok.json").status == 0)
        // Far over: the JSON parser's own limit, before any tree is made.
        try tree(100_000).write(toFile: folder + "/far.json", atomically: false, encoding: .utf8)
        try Self.expectRefused(folder + "/far.json",
                               "\(folder)/far.json:1:\(head.utf8.count + JSONParser.maxDepth - 4 + 1): invalid JSON: nesting deeper than 512 levels")
        try Self.expectRefused(folder + "/deep.json",
                               "\(folder)/deep.json:1:\(head.utf8.count + FirestoreLimits.valueDepth + 1): in users/alice: maps and arrays nested deeper than 64 levels in one field (Firestore allows 20)")
    }

    // MARK: - Never an emptied site

    @Test func anEmptyOutputFileIsCorrupt() throws {
        let export = try Wire.export([[]])
        try Self.expectRefused(export.folder, "\(export.outputs[0]): is empty (0 bytes): a corrupt Firestore export; export the database again")
    }

    @Test func metadataNamingNoFileIsCorrupt() throws {
        let export = try Wire.export([[Self.alice]], names: [])
        try Self.expectRefused(export.folder, "\(export.metadata): names no output file: a corrupt Firestore export")
    }

    @Test func collectionsThatAreNotAnObjectAreCorrupt() throws {
        let folder = try TestSupport.temporaryFolder()
        // The column of the value: 19 bytes of `{"__collections__":` before it.
        for (name, value, column) in [("array", "[]", 20), ("string", #""users""#, 20), ("null", "null", 20)] {
            try #"{"__collections__":\#(value)}"#.write(toFile: "\(folder)/\(name).json", atomically: false, encoding: .utf8)
            try Self.expectRefused("\(folder)/\(name).json", "\(folder)/\(name).json:1:\(column): __collections__ is not an object")
        }
    }

    /// A whole export read right, but with far fewer profiles than the site it replaces:
    /// stopped before anything is written, unless `--allow-shrink`.
    @Test func aSiteNeverShrinksBySurprise() throws {
        let folder = try TestSupport.temporaryFolder()
        let output = folder + "/public"
        // A site of 30 profiles.
        let users = (1...30).map { #""u\#($0)": {"username": "user\#($0)"}"# }.joined(separator: ", ")
        try #"{"users": {\#(users)}}"#.write(toFile: folder + "/thirty.json", atomically: false, encoding: .utf8)
        #expect(try TestSupport.sitegen(["build", folder + "/thirty.json", "--output", output]).status == 0)
        #expect(ShrinkGuard.profiles(in: output) == 30)
        let before = try PreviousSite.read(output)
        // One profile left (29 dropped), then none: each refused, the site as it was.
        let one = try Wire.export([[Self.alice]])
        let none = try Wire.export([[Wire.record(["posts", "p1"], [Wire.property("caption", Wire.string("hi"))])]])
        for (export, left) in [(one, 1), (none, 0)] {
            let run = try TestSupport.sitegen(["build", export.folder, "--output", output])
            #expect(run.status == 2)
            let share = Int((Double(30 - left) * 100 / 30).rounded())
            #expect(run.stderr == "sitegen: \(output): the new site would drop \(30 - left) of its 30 profiles (\(share)%, \(left) left): not published; check the export, or build again with --allow-shrink if that is meant (nothing was published; \(output)/ is as it was)\n")
            #expect(try PreviousSite.read(output) == before)
        }
        // Ten fewer (a third of a small site) or a tenth fewer need no flag; --allow-shrink publishes the rest.
        let twenty = (1...20).map { #""u\#($0)": {"username": "user\#($0)"}"# }.joined(separator: ", ")
        try #"{"users": {\#(twenty)}}"#.write(toFile: folder + "/twenty.json", atomically: false, encoding: .utf8)
        let fewer = try TestSupport.sitegen(["build", folder + "/twenty.json", "--output", output])
        #expect(fewer.status == 0, "\(fewer.stderr)")
        let allowed = try TestSupport.sitegen(["build", one.folder, "--output", output, "--allow-shrink"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(ShrinkGuard.profiles(in: output) == 1)
    }

    // MARK: - Only the export is read

    @Test func metadataNamesOnlyRegularFilesInsideTheExport() throws {
        let fifo = try Wire.export([[Self.alice]], names: ["output-0", "pipe"])
        #expect(mkfifo(fifo.kinds + "/pipe", 0o600) == 0)
        let outside = try TestSupport.temporaryFolder() + "/elsewhere"
        try Data(Wire.log([Self.bob])).write(to: URL(fileURLWithPath: outside))
        let link = try Wire.export([[Self.alice]], names: ["output-0", "link"])
        #expect(symlink(outside, link.kinds + "/link") == 0)
        let cases: [(Wire.Export, String)] = [
            (try Wire.export([[Self.alice]], names: ["../../../../../../../../etc/passwd"]), #"names "../../../../../../../../etc/passwd", a path out of its folder (only files inside the export are read)"#),
            (try Wire.export([[Self.alice]], names: ["/dev/zero"]), #"names "/dev/zero", an absolute path (only files inside the export are read)"#),
            (try Wire.export([[Self.alice]], names: ["/etc/passwd"]), #"names "/etc/passwd", an absolute path (only files inside the export are read)"#),
            (fifo, #"names "pipe", which is not a regular file"#),
            (link, #"names "link", a link to \#(outside), outside the export (only files inside it are read)"#),
            (try Wire.export([[Self.alice]], names: ["output-9"]), #"names "output-9", which cannot be opened (No such file or directory)"#),
        ]
        for (export, why) in cases {
            let entry = Wire.metadataEntryOffset(export.names, try #require(export.names.firstIndex { !$0.hasPrefix("output-0") }))
            try Self.expectRefused(export.folder, "\(export.metadata): offset \(entry): \(why): a corrupt Firestore export")
        }
    }

    // MARK: - Nothing accepted silently

    @Test func theSameDocumentTwiceIsRefused() throws {
        let once = try Wire.export([[Self.alice, Self.bob, Self.alice]])
        try Self.expectRefused(once.folder, "\(once.outputs[0]): offset \(Wire.offset(of: 2, in: [Self.alice, Self.bob, Self.alice])) (users/alice): the same document twice (first at offset 0): a corrupt Firestore export")
        let two = try Wire.export([[Self.alice, Self.bob], [Self.alice]])
        try Self.expectRefused(two.folder, "\(two.outputs[1]): offset 0 (users/alice): the same document twice (first at offset 0 of \(two.outputs[0])): a corrupt Firestore export")
    }

    @Test func unknownMeaningsAndDatatypesAreWarnings() throws {
        let odd = Wire.record(["users", "bob"], [Wire.property("username", Wire.string("bob")), Wire.property("mood", Wire.int(3), meaning: 42)])
        let export = try Wire.export([[Self.alice, odd]])
        let run = try Self.build(export.folder)
        #expect(run.status == 0)
        let offset = Wire.offset(of: 1, in: [Self.alice, odd])
        #expect(run.stderr.contains("sitegen: warning: \(export.outputs[0]): offset \(offset) (users/bob): mood: a value of meaning 42, which sitegen does not know; read by its type\n"))
        let folder = try TestSupport.temporaryFolder()
        try #"{"__collections__":{"users":{"alice":{"username":"alice","at":{"__datatype__":"duration","value":5}}}}}"#
            .write(toFile: folder + "/tree.json", atomically: false, encoding: .utf8)
        let tree = try Self.build(folder + "/tree.json")
        #expect(tree.status == 0)
        #expect(tree.stderr.contains(#"sitegen: warning: \#(folder)/tree.json: offset 37 (users/alice): at: a __datatype__ "duration", which sitegen does not know; read as a map"# + "\n"))
    }

    /// Each fault a document can hold is named at its file, record and document.
    @Test func faultsNameTheFileTheOffsetAndTheDocument() throws {
        let twice = Wire.record(["users", "bob"], [Wire.property("username", Wire.string("bob")), Wire.property("username", Wire.string("b"))])
        let longID = Wire.record(["users", String(repeating: "i", count: 1501)], [])
        let dots = Wire.record(["users", ".."], [])
        let reserved = Wire.record(["users", "__x__"], [])
        let badText = Wire.record(["users", "bob"], [Wire.property("username", Wire.string([0x62, 0xFF, 0x62]))])
        let badName = Wire.record(["users", "bob"], [Wire.property("user\u{FF}", Wire.string("bob")).map { $0 == 0xC3 ? 0xFF : $0 }])
        let cases: [([UInt8], String)] = [
            (twice, #"(users/bob): the field name "username" appears twice (byte "#),
            (longID, "(users/\(String(repeating: "i", count: 1501))): an id of 1501 bytes (Firestore allows at most 1500): a corrupt Firestore export"),
            (dots, #"(users/..): the id ".." (Firestore ids cannot be . or ..): a corrupt Firestore export"#),
            (reserved, #"(users/__x__): the id "__x__" is reserved (Firestore refuses ids that start and end with __): a corrupt Firestore export"#),
            (badText, "(users/bob): a string that is not valid UTF-8 (byte "),
            (badName, "(users/bob): a field name that is not valid UTF-8 (byte "),
        ]
        for (record, message) in cases {
            let export = try Wire.export([[Self.alice, record]])
            let line = try #require(try Self.loadError(export.folder))
            let place = "\(export.outputs[0]): offset \(Wire.offset(of: 1, in: [Self.alice, record])) "
            #expect(line.hasPrefix(place + message), "\(line)")
            try Self.expectRefused(export.folder, line)
        }
    }

    /// A key path longer than Firestore nests (100 subcollections) is refused as its key is read.
    @Test func keyPathsPastTheLimitAreRefused() throws {
        let path = (0..<(FirestoreLimits.pathElements / 2 + 1)).flatMap { ["c\($0)", "d\($0)"] }
        let long = Wire.record(path, [])
        let export = try Wire.export([[Self.alice, long]])
        let line = try #require(try Self.loadError(export.folder))
        #expect(line.hasPrefix("\(export.outputs[0]): offset \(Wire.offset(of: 1, in: [Self.alice, long])): a key path of more than 200 elements (Firestore nests at most 100 subcollections) (byte "), "\(line)")
        try Self.expectRefused(export.folder, line)
        // At the limit: read.
        let deepest = Wire.record(Array(path.dropLast(2)), [Wire.property("username", Wire.string("deep"))])
        #expect(try Self.loadError(try Wire.export([[Self.alice, deepest]]).folder) == nil)
    }

    /// The line `sitegen inspect` refuses the export at `path` with (less `sitegen: `), or
    /// nil when it reads it.
    static func loadError(_ path: String) throws -> String? {
        let run = try TestSupport.sitegen(["inspect", path])
        guard run.status == 2, run.stderr.hasPrefix("sitegen: "), run.stderr.hasSuffix("\n") else { return nil }
        return String(run.stderr.dropFirst("sitegen: ".count).dropLast())
    }
}

/// Managed export records, files and folders written field by field (docs/firestore.md's
/// `EntityProto`), to say exactly what a hostile export holds.
enum Wire {
    static func varint(_ value: UInt64) -> [UInt8] {
        var out: [UInt8] = []
        EntityEncoder.varint(value, into: &out)
        return out
    }

    static func field(_ number: UInt64, _ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        EntityEncoder.bytesField(number, bytes, into: &out)
        return out
    }

    /// A `PropertyValue` holding a string (its bytes as they are), an integer, a map.
    static func string(_ s: String) -> [UInt8] { string(Array(s.utf8)) }
    static func string(_ bytes: [UInt8]) -> [UInt8] { field(3, bytes) }
    static func int(_ i: Int64) -> [UInt8] { [0x08] + varint(UInt64(bitPattern: i)) }
    static func map(_ properties: [[UInt8]]) -> [UInt8] { field(3, properties.flatMap { field(15, $0) }) }

    /// A `Property`: meaning, name, value; `multiple` for an element of an array.
    static func property(_ name: String, _ value: [UInt8], meaning: UInt64 = 0, multiple: Bool = false) -> [UInt8] {
        (meaning == 0 ? [] : [0x08] + varint(meaning)) + field(3, Array(name.utf8)) + (multiple ? [0x20, 0x01] : []) + field(5, value)
    }

    /// An array of strings: a property each, `multiple` set.
    static func strings(_ name: String, _ values: [String]) -> [[UInt8]] {
        values.map { property(name, string($0), multiple: true) }
    }

    /// An `EntityProto` record: the key at `path`, then the properties.
    static func record(_ path: [String], _ properties: [[UInt8]]) -> [UInt8] {
        var elements: [UInt8] = []
        for i in stride(from: 0, to: path.count, by: 2) {
            elements += [0x0B] + field(2, Array(path[i].utf8)) + field(4, Array(path[i + 1].utf8)) + [0x0C]
        }
        return field(13, field(13, Array("dev~hostile".utf8)) + field(14, elements)) + properties.flatMap { field(15, $0) }
    }

    /// The bytes of a log file of `records`.
    static func log(_ records: [[UInt8]]) -> [UInt8] {
        var log = LevelDBLogWriter()
        for r in records { log.append(r) }
        return log.bytes
    }

    /// Where record `n` of `records` starts in their log file (all fit one 32 KiB block but the last).
    static func offset(of n: Int, in records: [[UInt8]]) -> Int { log(Array(records.prefix(n))).count }

    struct Export {
        var folder: String
        var kinds: String
        var metadata: String
        var outputs: [String]
        var names: [String]
    }

    /// An export folder whose output files hold `files`' records, named by its metadata as
    /// `names` (default: `output-0`, `output-1`, …).
    static func export(_ files: [[[UInt8]]], names: [String]? = nil) throws -> Export {
        let folder = try TestSupport.temporaryFolder() + "/hostile"
        let kinds = folder + "/all_namespaces/all_kinds"
        try FileManager.default.createDirectory(atPath: kinds, withIntermediateDirectories: true)
        var outputs: [String] = []
        for (n, records) in files.enumerated() {
            outputs.append(kinds + "/output-\(n)")
            try Data(log(records)).write(to: URL(fileURLWithPath: outputs[n]))
        }
        let names = names ?? files.indices.map { "output-\($0)" }
        var metadata: [UInt8] = []
        for name in names { metadata += field(2, [0x0A, 0x00] + field(2, Array(name.utf8))) }
        let metadataPath = kinds + "/all_namespaces_all_kinds.export_metadata"
        try Data(metadata).write(to: URL(fileURLWithPath: metadataPath))
        let pointer = field(2, Array("all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata".utf8))
        try Data(log([[0x33], field(1, pointer)])).write(to: URL(fileURLWithPath: folder + "/hostile.overall_export_metadata"))
        return Export(folder: folder, kinds: kinds, metadata: metadataPath, outputs: outputs, names: names)
    }

    /// Where entry `n` of an export's metadata starts (the offset the reader names).
    static func metadataEntryOffset(_ names: [String], _ n: Int) -> Int {
        names.prefix(n).reduce(0) { $0 + field(2, [0x0A, 0x00] + field(2, Array($1.utf8))).count }
    }
}
