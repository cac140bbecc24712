/// Removes the metadata chunks of a WebP file (`EXIF`, `XMP `, `ICCP`) and clears their
/// flags in its `VP8X` header. libvips 8.14's webpsave writes an EXIF chunk (orientation,
/// resolution) even when asked to strip; a published photo carries none.
enum WebPMetadata {
    static let dropped: Set<String> = ["EXIF", "XMP ", "ICCP"]

    /// The file without metadata chunks; the bytes as they are when they are not a RIFF
    /// WebP file or hold nothing to drop.
    static func strip(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 12, fourCC(bytes, 0) == "RIFF", fourCC(bytes, 8) == "WEBP" else { return bytes }
        var out = Array(bytes[0..<12])
        var i = 12
        var droppedAny = false
        while i + 8 <= bytes.count {
            let size = Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]) << 16 | Int(bytes[i + 7]) << 24
            let end = i + 8 + size + (size & 1)
            guard end <= bytes.count else { return bytes }
            if dropped.contains(fourCC(bytes, i)) {
                droppedAny = true
            } else {
                out += bytes[i..<end]
            }
            i = end
        }
        guard droppedAny, i == bytes.count else { return bytes }
        // VP8X flags: ICC 0x20, EXIF 0x08, XMP 0x04.
        if fourCC(out, 12) == "VP8X", out.count > 20 { out[20] &= ~UInt8(0x20 | 0x08 | 0x04) }
        let riff = UInt32(out.count - 8)
        for k in 0..<4 { out[4 + k] = UInt8(truncatingIfNeeded: riff >> (8 * UInt32(k))) }
        return out
    }

    static func fourCC(_ bytes: [UInt8], _ at: Int) -> String {
        String(decoding: bytes[at..<at + 4], as: UTF8.self)
    }
}
