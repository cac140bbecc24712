import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

@Suite struct ExportLoaderTests {
    func loadError(_ path: String) -> String? {
        do {
            _ = try ExportLoader.load(path: path)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func missingFileAndDirectory() throws {
        let folder = try TestSupport.temporaryFolder()
        #expect(loadError(folder + "/nope.json") == "\(folder)/nope.json: cannot open: No such file or directory")
        #expect(loadError(folder) == "\(folder): is a directory, not an export file (and holds no Firestore export: no *.overall_export_metadata)")
    }

    @Test func syntaxErrorNamesFileLineAndColumn() throws {
        let path = try TestSupport.temporaryFile("{\n  \"users\": {\n    \"u1\": {\"username\": \"a\"\n  }\n")
        #expect(loadError(path) == "\(path):5:1: invalid JSON: unexpected end of file: '}' is missing")
    }

    @Test(arguments: [("[]", "an array"), ("\"x\"", "a string"), ("42", "a number"), ("true", "a boolean")])
    func wrongRootType(text: String, kind: String) throws {
        let path = try TestSupport.temporaryFile(text)
        #expect(loadError(path) == "\(path): the root is \(kind), not an object: not a Firebase export")
    }

    @Test func emptyDatabaseExportsAsNull() throws {
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile("null"))
        #expect(report.findings.isEmpty)
        #expect(report.index.users.isEmpty)
    }

    /// Files from 8 MB up are read by one thread per core into their own slices; the
    /// bytes and the zero padding after them must come out as on disk, at sizes that
    /// split on and off page boundaries.
    @Test(arguments: [FileBytes.parallelThreshold, FileBytes.parallelThreshold + 4096 * 3 + 17])
    func largeFilesReadWhole(size: Int) throws {
        var bytes = [UInt8](repeating: 0, count: size)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for i in 0..<size {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            bytes[i] = UInt8(truncatingIfNeeded: state)
        }
        let path = try TestSupport.temporaryFile(bytes, name: "large.bin")
        let file = try ExportLoader.readFile(path)
        #expect(file.count == size)
        #expect(file.buffer.elementsEqual(bytes))
        let padding = UnsafeBufferPointer(start: file.base.assumingMemoryBound(to: UInt8.self) + size, count: JSONParser.padding)
        #expect(padding.allSatisfy { $0 == 0 })
    }

    @Test func truncatedFile() throws {
        let path = try TestSupport.temporaryFile(#"{"users": {"u1": {"username": "ab"#)
        #expect(loadError(path) == "\(path):1:31: invalid JSON: unexpected end of file inside a string")
    }

    @Test(arguments: [
        (#"{"users": {"a": {"follows": {"b": true}}, "b": {"username": "b"}}}"#, Dialect.timeline),
        (#"{"images": {}}"#, Dialect.timeline),
        (#"{"posts": {"-K1": {"username": "a", "imageEndpoint": "-K2"}}}"#, Dialect.timeline),
        (#"{"users": {"a": {"username": "a", "post_count": 1}}}"#, Dialect.makestagram),
        (#"{"followers": {}}"#, Dialect.makestagram),
        (#"{"posts": {"u1": {"-K1": {"image_url": "x", "created_at": 1}}}}"#, Dialect.makestagram),
        ("{}", Dialect.makestagram),
    ])
    func detectsTheDialect(text: String, dialect: Dialect) throws {
        #expect(try ExportLoader.load(path: try TestSupport.temporaryFile(text)).dialect == dialect)
    }

    @Test func pushIDTimes() {
        // -K25Fj8q: the capstone's post, created on 2015-11-02.
        let date = PushID.milliseconds("-K25Fj8qrMAtxXG3QCSn")
        #expect(date == 1_446_435_287_670)
        #expect(PushID.milliseconds("short") == nil)
        #expect(PushID.milliseconds("-K25Fj8!rMAtxXG3QCSn") == nil)
    }
}
