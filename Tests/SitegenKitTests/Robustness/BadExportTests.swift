import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// The bad-export corpus (Fixtures/bad-exports, answers in its expected.txt): each file
/// gives its one-line error and exit status from `sitegen audit`, and `sitegen build`
/// fails the same way without touching the previous site in its output folder.
@Suite struct BadExportTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var status: Int32
        var line: String
        var testDescription: String { file }
    }

    static let folder = TestSupport.fixtures.appendingPathComponent("bad-exports").path

    static let corpus: [Case] = {
        let text = (try? String(contentsOfFile: folder + "/expected.txt", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { row in
            let parts = row.split(separator: " | ", maxSplits: 2).map(String.init)
            return Case(file: parts[0], status: Int32(parts[1]) ?? -1, line: parts[2])
        }
    }()

    @Test func everyFileHasAnAnswer() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(Self.corpus.map(\.file)))
        #expect(Self.corpus.count >= 20)
    }

    @Test(arguments: corpus)
    func audit(_ c: Case) throws {
        let run = try TestSupport.sitegen(["audit", c.file], in: Self.folder)
        #expect(run.status == c.status)
        if c.status == 2 {
            #expect(run.stderr == c.line + "\n")
            #expect(run.stdout.isEmpty)
        } else {
            // A finding, not an error: code and path as in the audit's JSON.
            let json = try TestSupport.sitegen(["audit", "--format", "json", c.file], in: Self.folder)
            let parts = c.line.split(separator: " ")
            #expect(json.stdout.contains(#"{"code": "\#(parts[0])", "path": "\#(parts[1])""#))
            #expect(json.stderr.isEmpty)
        }
    }

    @Test(arguments: corpus)
    func buildLeavesThePreviousSite(_ c: Case) throws {
        let site = try PreviousSite()
        let run = try TestSupport.sitegen(["build", Self.folder + "/" + c.file, "--output", site.output])
        if c.status == 2 {
            #expect(run.status == 2)
            #expect(run.stderr == c.line.replacingOccurrences(of: "sitegen: ", with: "sitegen: \(Self.folder)/") + "\n")
            try site.expectUnchanged()
        } else {
            // The export builds; the unusable record is skipped and named.
            #expect(run.status == 0)
            #expect(run.stderr.contains("sitegen: skipped \(c.line.split(separator: " ")[1]): not a"))
        }
    }

    @Test func nesting100000DeepIsAnErrorNotACrash() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in [
            ("arrays.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)),
            ("objects.json", String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)),
        ] {
            try text.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
            let column = name == "arrays.json" ? 513 : 2561
            let run = try TestSupport.sitegen(["audit", name], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr == "sitegen: \(name):1:\(column): invalid JSON: nesting deeper than 512 levels\n")
        }
    }

    /// A 2 GB file holding one string: refused after its first 16 MiB, with memory no
    /// larger than the file (it is read whole, as every export is).
    @Test func twoGigabyteStringIsRefusedInProportion() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/long.json"
        let size = 2 << 30
        try #require(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        let head = Array(#"{"users": {"u1": {"bio": ""#.utf8)
        let chunk = Data(repeating: UInt8(ascii: "a"), count: 64 << 20)
        try handle.write(contentsOf: head)
        var written = head.count
        while written + chunk.count < size - 4 {
            try handle.write(contentsOf: chunk)
            written += chunk.count
        }
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "a"), count: size - 4 - written) + Data(#""}}}"#.utf8))
        try handle.close()
        defer { unlink(path) }

        let site = try PreviousSite()
        let measured = try TestSupport.sitegenMeasured(["build", path, "--output", site.output])
        #expect(measured.run.status == 2)
        #expect(measured.run.stderr == "sitegen: \(path):1:26: not a Firebase export: a string longer than 16 MiB, which no Firebase value is (strings are at most 10 MB)\n")
        #expect(measured.peakBytes < size + size / 8, "peak \(measured.peakBytes) bytes for a file of \(size)")
        try site.expectUnchanged()
    }
}

/// An output folder holding a site built from a good export, with the bytes of every
/// file, to check that a failed build left it exactly as it was.
struct PreviousSite {
    let parent: String
    let output: String
    let files: [String: Data]

    init() throws {
        parent = try TestSupport.temporaryFolder()
        output = parent + "/public"
        let export = TestSupport.fixtures.appendingPathComponent("site").path
        let good = try FileManager.default.contentsOfDirectory(atPath: export).filter { $0.hasSuffix(".json") }.sorted()[0]
        let run = try TestSupport.sitegen(["build", export + "/" + good, "--output", output])
        guard run.status == 0 else { throw SitegenError(file: good, message: "the previous site did not build: \(run.stderr)") }
        files = try PreviousSite.read(output)
    }

    static func read(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDir), !isDir.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
            }
        }
        return files
    }

    /// Every file byte-identical, none added or removed, nothing left beside the folder.
    func expectUnchanged(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let now = try PreviousSite.read(output)
        #expect(Set(now.keys) == Set(files.keys), sourceLocation: sourceLocation)
        let changed = files.keys.filter { now[$0] != files[$0] }.sorted()
        #expect(changed.isEmpty, "changed: \(changed.prefix(5))", sourceLocation: sourceLocation)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["public"], sourceLocation: sourceLocation)
    }
}
