/// Pieces shared by the byte hashes (`KeyTable`'s and `ContentHash`), which read
/// input 8 bytes at a time.
package enum WordHashing {
    /// The last `count - i` (< 8) bytes as one little-endian word.
    @inline(__always) static func tail(_ p: UnsafeRawBufferPointer, from i: Int) -> UInt64 {
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        var j = i
        while j < p.count {
            tail |= UInt64(p[j]) << shift
            shift += 8
            j += 1
        }
        return tail
    }

    /// MurmurHash3's 64-bit finaliser: every input bit reaches every output bit.
    @inline(__always) package static func finalize(_ x: UInt64) -> UInt64 {
        var h = x
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }
}
