import CCRC32C

/// CRC-32C (Castagnoli), as LevelDB's log format checks each fragment with: with the
/// processor's own instruction where it has one (Sources/CCRC32C), else from tables,
/// eight bytes a step ("slicing by 8"). The instruction is about ten times as fast, and
/// the tables cost a managed export's reader a tenth of its time (docs/performance.md).
enum CRC32C {
    /// Whether the processor's instruction is used.
    static let hardware = sitegen_crc32c_hardware() != 0

    private static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for i in 0..<256 {
            var c = UInt32(i)
            for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0x82F6_3B78 : c >> 1 }
            t[i] = c
        }
        for i in 0..<256 {
            for k in 1..<8 { t[k * 256 + i] = (t[(k - 1) * 256 + i] >> 8) ^ t[Int(t[(k - 1) * 256 + i] & 0xFF)] }
        }
        return t
    }()

    /// The CRC of `count` bytes at `p`, continuing `crc` (0 to start).
    static func checksum(_ p: UnsafePointer<UInt8>, count: Int, continuing crc: UInt32 = 0) -> UInt32 {
        if hardware { return sitegen_crc32c_extend(crc, p, count) }
        return tableChecksum(p, count: count, continuing: crc)
    }

    /// The CRC from the tables, whatever the processor.
    static func tableChecksum(_ p: UnsafePointer<UInt8>, count: Int, continuing crc: UInt32 = 0) -> UInt32 {
        var c = ~crc
        var i = 0
        tables.withUnsafeBufferPointer { t in
            while i + 8 <= count {
                let lo = UInt32(p[i]) | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2]) << 16 | UInt32(p[i + 3]) << 24
                let x = c ^ lo
                c = t[7 * 256 + Int(x & 0xFF)] ^ t[6 * 256 + Int((x >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((x >> 16) & 0xFF)] ^ t[4 * 256 + Int(x >> 24)]
                    ^ t[3 * 256 + Int(p[i + 4])] ^ t[2 * 256 + Int(p[i + 5])]
                    ^ t[1 * 256 + Int(p[i + 6])] ^ t[Int(p[i + 7])]
                i += 8
            }
            while i < count {
                c = t[Int((c ^ UInt32(p[i])) & 0xFF)] ^ (c >> 8)
                i += 1
            }
        }
        return ~c
    }

    /// LevelDB stores a CRC masked, so that a CRC of data holding CRCs is not degenerate.
    static func mask(_ crc: UInt32) -> UInt32 {
        ((crc >> 15) | (crc << 17)) &+ 0xA282_EAD8
    }
}
