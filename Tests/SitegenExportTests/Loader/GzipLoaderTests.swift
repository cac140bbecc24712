import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Gzip-compressed exports (`export.json.gz`, Firebase's backups): read whole, inflated
/// in memory, with the parser's padding after them; bad ones refused with one line.
@Suite struct GzipLoaderTests {
    static let export = #"{"users": {"u1": {"username": "ana", "post_count": 0, "follower_count": 0, "following_count": 0}}}"# + "\n"

    func readError(_ path: String) -> String? {
        do {
            _ = try ExportLoader.readFile(path)
            return nil
        } catch {
            return error.description
        }
    }

    /// The bytes come out as gzip put them in, followed by the zero padding the parser reads.
    func expectInflated(_ path: String, _ bytes: [UInt8]) throws {
        let file = try ExportLoader.readFile(path)
        #expect(file.count == bytes.count)
        #expect(file.buffer.elementsEqual(bytes))
        #expect(Int(bitPattern: file.base) % 16 == 0)
        let padding = UnsafeBufferPointer(start: file.base.assumingMemoryBound(to: UInt8.self) + bytes.count, count: JSONParser.padding)
        #expect(padding.allSatisfy { $0 == 0 })
    }

    static func noise(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for i in 0..<count {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            bytes[i] = UInt8(truncatingIfNeeded: state)
        }
        return bytes
    }

    @Test func gzipExportLoadsAsThePlainOne() throws {
        let bytes = Array(Self.export.utf8)
        let path = try TestSupport.temporaryFile(try TestSupport.gzip(bytes), name: "export.json.gz")
        try expectInflated(path, bytes)
        let export = try ExportLoader.load(path: path)
        #expect(export.dialect == .makestagram)
        #expect(export.path == path)
        #expect(Array(export.document.bytes) == bytes)
        // Read raw (the backup of an in-place repair), the file is as on disk.
        let raw = try ExportLoader.readFile(path, inflating: false)
        #expect(Array(raw.buffer) == (try TestSupport.gzip(bytes)))
    }

    /// A compressed file over several 1 MiB reads (noise does not compress), and one that
    /// inflates to many times the first guess (the buffer grows, past glibc's mmap threshold).
    @Test(arguments: [("noise", 3 * FileBytes.gzipChunk + 17), ("repetitive", 40 << 20)])
    func largeFilesInflateWhole(kind: String, size: Int) throws {
        let bytes = kind == "noise" ? Self.noise(size) : (0..<size).map { UInt8(ascii: "a") + UInt8($0 % 7) }
        let path = try TestSupport.temporaryFile(try TestSupport.gzip(bytes), name: "large.json.gz")
        try expectInflated(path, bytes)
    }

    /// Several members one after another (`cat a.gz b.gz`) are one file, as for `gunzip`;
    /// zero bytes after the last member (tape padding) are ignored.
    @Test func concatenatedMembersReadWhole() throws {
        let bytes = Array(Self.export.utf8)
        let parts = [bytes[..<10], bytes[10..<11], bytes[11...]]
        var joined: [UInt8] = []
        for part in parts { joined += try TestSupport.gzip(Array(part)) }
        try expectInflated(try TestSupport.temporaryFile(joined, name: "export.json.gz"), bytes)
        try expectInflated(try TestSupport.temporaryFile(joined + [UInt8](repeating: 0, count: 1000), name: "export.json.gz"), bytes)
        // An empty member is a member too.
        let empty = try TestSupport.gzip([])
        try expectInflated(try TestSupport.temporaryFile(empty + joined + empty, name: "export.json.gz"), bytes)
        try expectInflated(try TestSupport.temporaryFile(empty, name: "export.json.gz"), [])
    }

    /// Each bad file: the one line `file: what`, where the damage is found.
    @Test func badGzipFiles() throws {
        let gz = try TestSupport.gzip(Array(Self.export.utf8))
        let n = gz.count
        func error(_ bytes: [UInt8]) throws -> String? {
            let path = try TestSupport.temporaryFile(bytes, name: "export.json.gz")
            return readError(path).map { $0.replacingOccurrences(of: path, with: "FILE") }
        }
        func changed(_ offset: Int, _ change: (inout UInt8) -> Void) -> [UInt8] {
            var bytes = gz
            change(&bytes[offset])
            return bytes
        }
        // Not gzip at all: JSON, nothing, a zlib stream.
        #expect(try error(Array(Self.export.utf8)) == "FILE: not a gzip file")
        #expect(try error([]) == "FILE: not a gzip file")
        #expect(try error([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) == "FILE: not a gzip file")
        // Cut short: in the header, in the data, in the trailer; the magic number alone.
        for length in [1, 2, 5, n / 2, n - 1, n - 5] {
            #expect(try error(Array(gz[..<length])) == "FILE: truncated gzip file", "cut at \(length)")
        }
        // Damaged: the method byte, the first block's type (11: reserved), the CRC-32, the length.
        #expect(try error(changed(2) { $0 = 7 }) == "FILE: corrupt gzip data at byte 4 (unknown compression method)")
        #expect(try error(changed(10) { $0 |= 0b110 }) == "FILE: corrupt gzip data at byte 11 (invalid block type)")
        #expect(try error(changed(n - 6) { $0 ^= 0xff }) == "FILE: corrupt gzip data at byte \(n - 4) (incorrect data check)")
        #expect(try error(changed(n - 2) { $0 ^= 0xff }) == "FILE: corrupt gzip data at byte \(n) (incorrect length check)")
        // Something after the last member that is not a member.
        #expect(try error(gz + Array("hello\n".utf8)) == "FILE: corrupt gzip data at byte \(n + 2) (incorrect header check)")
        #expect(try error(gz + [0, 0, 0, 1]) == "FILE: corrupt gzip data at byte \(n) (trailing garbage after zero padding)")
    }

    /// A gzip export that fails to parse names the file and the line and column in the
    /// decompressed text.
    @Test func syntaxErrorsCountInTheInflatedText() throws {
        let path = try TestSupport.temporaryFile(try TestSupport.gzip(Array("{\n  \"users\": ".utf8)), name: "export.json.gz")
        do {
            _ = try ExportLoader.load(path: path)
            Issue.record("loaded")
        } catch {
            #expect(error.description == "\(path):2:12: invalid JSON: unexpected end of file: a value is missing")
        }
    }
}
