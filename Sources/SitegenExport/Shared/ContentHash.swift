/// A fast 128-bit content hash (two independent 64-bit lanes over 8-byte words), for
/// telling whether a page changed and naming image assets. Not for security.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    /// `seed` makes other hashes of the same bytes (0: the asset names' hash).
    public init(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) {
        var a: UInt64 = 0x6A09_E667_F3BC_C908 ^ UInt64(bytes.count) ^ (seed &* 0x9E37_79B9_7F4A_7C15)
        var b: UInt64 = 0xBB67_AE85_84CA_A73B &+ UInt64(bytes.count) &+ seed
        var i = 0
        let n = bytes.count
        while i + 8 <= n {
            let w = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            a = (a ^ w) &* 0x9E37_79B9_7F4A_7C15
            a = (a << 31) | (a >> 33)
            b = (b &+ w) &* 0xC2B2_AE3D_27D4_EB4F
            b ^= b >> 29
            i += 8
        }
        let tail = WordHashing.tail(bytes, from: i)
        a = WordHashing.finalize(a ^ tail ^ (b >> 7))
        b = WordHashing.finalize(b ^ tail ^ 0x5851_F42D_4C95_7F2D)
        high = a
        low = b
    }

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { ContentHash($0) }
    }

    public init(_ string: String) {
        self.init(Array(string.utf8))
    }

    /// Parses 32 hex digits.
    public init?(hex: Substring) {
        guard hex.count == 32, let h = UInt64(hex.prefix(16), radix: 16), let l = UInt64(hex.suffix(16), radix: 16) else { return nil }
        high = h
        low = l
    }

    public var description: String {
        String(high, radix: 16).leftPadded(16) + String(low, radix: 16).leftPadded(16)
    }
}

// MARK: - Combining

extension ContentHash {
    /// The hash of a string's UTF-8 bytes under a tag (no copy of the bytes).
    package init(tag: UInt8, _ s: String) {
        var s = s
        self = s.withUTF8 { ContentHash(UnsafeRawBufferPointer($0), seed: UInt64(tag)) }
    }

    /// Order-dependent combination.
    package func then(_ other: ContentHash) -> ContentHash {
        withUnsafeBytes(of: (high, low, other.high, other.low)) { ContentHash($0) }
    }

    /// Order-independent combination.
    package func plus(_ other: ContentHash) -> ContentHash {
        ContentHash(high: high &+ other.high, low: low &+ other.low)
    }
}
