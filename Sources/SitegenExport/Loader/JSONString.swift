/// Decoding and encoding of JSON string text.
public enum JSONString {
    /// Decodes the text between a string's quotes (already validated by the parser).
    public static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        return String(decoding: decodeBytes(raw), as: UTF8.self)
    }

    /// Decodes the text between a string's quotes to UTF-8 bytes.
    public static func decodeBytes(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let c = raw[i]
            guard c == UInt8(ascii: "\\"), i + 1 < raw.count else {
                out.append(c)
                i += 1
                continue
            }
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(hex(raw, i))
                i += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF && i + 6 <= raw.count {
                    let low = UInt32(hex(raw, i + 2))
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                out.append(contentsOf: Array(String(UnicodeScalar(scalar) ?? "\u{FFFD}").utf8))
            default: out.append(e)
            }
        }
        return out
    }

    private static func hex(_ raw: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt16 {
        var v: UInt16 = 0
        for k in 0..<4 where i + k < raw.count {
            let c = raw[i + k]
            let d: UInt8 = c <= UInt8(ascii: "9") ? c &- 48 : (c | 0x20) &- 87
            v = v << 4 | UInt16(d & 0xF)
        }
        return v
    }

    /// `s` as a JSON string literal, quotes included.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        // Most strings need no escape and are copied whole (a scalar at a time, quoting took
        // a third of `audit --format json` on a timeline's 5 million findings).
        var text = s
        let plain = text.withUTF8 { bytes in
            !bytes.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
        }
        if plain {
            out += s
            out += "\""
            return out
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let h = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }
}
