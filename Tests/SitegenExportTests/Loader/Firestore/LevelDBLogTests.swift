import Foundation
@testable import SitegenExport
import Testing

@Suite struct LevelDBLogTests {
    /// The CRC-32C check value, and LevelDB's own test vectors for it and its mask.
    @Test func crc32c() {
        #expect(CRC32C.checksum(Array("123456789".utf8), count: 9) == 0xE306_9283)
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32), count: 32) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32), count: 32) == 0x62A8_AB43)
        #expect(CRC32C.checksum(Array(0..<32), count: 32) == 0x46DD_794E)
        #expect(CRC32C.tableChecksum(Array("123456789".utf8), count: 9) == 0xE306_9283)
        #expect(CRC32C.tableChecksum(Array(0..<32), count: 32) == 0x46DD_794E)
        let crc: UInt32 = 0xE306_9283
        #expect(CRC32C.mask(crc) != crc)
    }

    /// The processor's instruction and the tables agree at every length and alignment,
    /// and continuing a CRC is the CRC of the bytes joined.
    @Test func crc32cInstructionAgreesWithTheTables() {
        #if arch(x86_64)
        #expect(CRC32C.hardware)
        #endif
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes.withUnsafeBufferPointer { b in
            let p = b.baseAddress!
            for start in 0..<9 {
                for count in 0..<(b.count - start) {
                    let table = CRC32C.tableChecksum(p + start, count: count)
                    #expect(CRC32C.checksum(p + start, count: count) == table)
                    let half = count / 2
                    let joined = CRC32C.checksum(p + start + half, count: count - half,
                                                 continuing: CRC32C.checksum(p + start, count: half))
                    #expect(joined == table)
                }
            }
        }
    }

    func records(_ bytes: [UInt8]) throws(LevelDBLog.Fault) -> [[UInt8]] {
        var out: [[UInt8]] = []
        try bytes.withUnsafeBufferPointer { (buffer) throws(LevelDBLog.Fault) in
            var log = LevelDBLog(buffer)
            try log.forEachRecord { record, _ in out.append(Array(record)) }
        }
        return out
    }

    /// Records across blocks (FIRST, MIDDLE, LAST), a block's tail too short for a header
    /// padded with zeros, and empty records.
    @Test func framingRoundTrips() throws {
        var writer = LevelDBLogWriter()
        let big = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let tail = [UInt8](repeating: 9, count: LevelDBLog.blockSize - 2 * 7 - 100 - 3)
        let written = [Array(repeating: 1, count: 100), tail, [], big, [42]]
        for r in written { writer.append(r) }
        #expect(try records(writer.bytes) == written)
    }

    @Test func badCRCNamesTheOffset() throws {
        var writer = LevelDBLogWriter()
        writer.append([1, 2, 3])
        writer.append([4, 5, 6])
        var bytes = writer.bytes
        bytes[10 + 8] ^= 1
        #expect(throws: LevelDBLog.Fault.self) { try records(bytes) }
        do {
            _ = try records(bytes)
        } catch {
            #expect(error.offset == 10)
            #expect(error.message == "CRC mismatch")
        }
    }

    @Test func truncatedRecord() throws {
        var writer = LevelDBLogWriter()
        writer.append([UInt8](repeating: 5, count: 50))
        let bytes = Array(writer.bytes.prefix(30))
        do {
            _ = try records(bytes)
            Issue.record("no fault")
        } catch {
            #expect(error.offset == 0)
            #expect(error.message == "truncated record (50 bytes announced)")
        }
        // A first fragment with no last one.
        var split = LevelDBLogWriter()
        split.append([UInt8](repeating: 5, count: LevelDBLog.blockSize + 10))
        do {
            _ = try records(Array(split.bytes.prefix(LevelDBLog.blockSize)))
            Issue.record("no fault")
        } catch {
            #expect(error.message == "truncated record (no last fragment)")
        }
    }
}
