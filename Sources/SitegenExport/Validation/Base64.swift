/// Checks base64 text as the apps write it (`Data.base64EncodedString()`).
enum Base64 {
    /// Whether `raw` (a JSON string literal, quotes included) holds valid base64:
    /// the standard alphabet, `=` padding only at the end, line breaks allowed.
    static func isValid(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        guard raw.count >= 2 else { return false }
        let inner = UnsafeBufferPointer(rebasing: raw[1..<(raw.count - 1)])
        if inner.contains(UInt8(ascii: "\\")) {
            return JSONString.decodeBytes(inner).withUnsafeBufferPointer { isValidText($0) }
        }
        return isValidText(inner)
    }

    static func isValidText(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var symbols = 0
        var padding = 0
        for c in text {
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                if padding > 0 { return false }
                symbols += 1
            case UInt8(ascii: "="):
                padding += 1
                if padding > 2 { return false }
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                continue
            default:
                return false
            }
        }
        return symbols > 0 && (symbols + padding) % 4 == 0 && (padding == 0 || (symbols + padding) % 4 == 0)
    }
}
