/// Finds markers in UTF-8 text by hand: no regex, one pass over the bytes, ASCII fast paths.
enum MarkerScanner {
    /// `@name` or `#tag`: `start` is the offset of '@'/'#', `end` the offset after the name.
    struct Marker {
        var start: Int
        var end: Int
        var isTag: Bool

        func name(in text: UnsafeBufferPointer<UInt8>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: text[(start + 1)..<end]), as: UTF8.self)
        }
    }

    static func mayContainMarkers(_ markdown: String, mentions: Bool) -> Bool {
        markdown.utf8.contains { $0 == 0x23 || (mentions && $0 == 0x40) }
    }

    @inline(__always)
    static func hasMarkerByte(_ text: UnsafeBufferPointer<UInt8>, mentions: Bool) -> Bool {
        text.contains { $0 == 0x23 || (mentions && $0 == 0x40) }
    }

    /// Appends the markers of `text` (whose preceding character is `prev`, nil at the start of a
    /// block or after whitespace) and returns its last character.
    static func scan(_ text: UnsafeBufferPointer<UInt8>, after prev: Unicode.Scalar?, mentions: Bool,
                     into markers: inout [Marker]) -> Unicode.Scalar? {
        var prev = prev
        var i = 0
        let n = text.count
        while i < n {
            let byte = text[i]
            let isTag = byte == 0x23
            guard isTag || (mentions && byte == 0x40), canStartMarker(after: prev, isTag: isTag) else {
                let (scalar, length) = decode(text, at: i)
                prev = scalar
                i += length
                continue
            }
            // The name: letters, marks, digits, '_' (and '.' in usernames, though not at the end).
            var j = i + 1
            var end = j
            var last = Unicode.Scalar(byte)
            var hasLetter = false
            while j < n {
                let (scalar, length) = decode(text, at: j)
                let letter = isLetter(scalar)
                guard letter || isDigit(scalar) || scalar == "_" || isMark(scalar) || (!isTag && scalar == ".") else { break }
                hasLetter = hasLetter || letter
                j += length
                if scalar != "." {
                    end = j
                    last = scalar
                }
            }
            if isTag ? hasLetter : end > i + 1 {
                markers.append(Marker(start: i, end: end, isTag: isTag))
                prev = last
                i = end
            } else {
                prev = Unicode.Scalar(byte)
                i += 1
            }
        }
        return prev
    }

    /// '@' needs a non-word character before it that is also not '.' or '@' (so `a@b.c` and
    /// `a.@b` are not mentions); '#' needs a non-word character. Start of text counts as one.
    @inline(__always)
    static func canStartMarker(after prev: Unicode.Scalar?, isTag: Bool) -> Bool {
        guard let prev else { return true }
        if isLetter(prev) || isDigit(prev) || prev == "_" || isMark(prev) { return false }
        return isTag || (prev != "." && prev != "@")
    }

    @inline(__always)
    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return (v | 0x20) &- 0x61 < 26 }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    @inline(__always)
    static func isDigit(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return v &- 0x30 < 10 }
        return s.properties.generalCategory == .decimalNumber
    }

    /// Combining marks continue a word (Devanagari vowel signs, decomposed accents).
    @inline(__always)
    static func isMark(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x300 { return false }
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The scalar at `i` and its length in bytes; U+FFFD (length 1) for a malformed sequence.
    @inline(__always)
    static func decode(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
        let b0 = p[i]
        if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
        let n = p.count
        @inline(__always) func cont(_ k: Int) -> UInt32? {
            k < n && p[k] & 0xC0 == 0x80 ? UInt32(p[k] & 0x3F) : nil
        }
        let lead = UInt32(b0)
        if lead & 0xE0 == 0xC0, let c1 = cont(i + 1) {
            let v = (lead & 0x1F) << 6 | c1
            if v >= 0x80, let s = Unicode.Scalar(v) { return (s, 2) }
        } else if lead & 0xF0 == 0xE0, let c1 = cont(i + 1), let c2 = cont(i + 2) {
            let v = (lead & 0x0F) << 12 | c1 << 6 | c2
            if v >= 0x800, let s = Unicode.Scalar(v) { return (s, 3) }
        } else if lead & 0xF8 == 0xF0, let c1 = cont(i + 1), let c2 = cont(i + 2), let c3 = cont(i + 3) {
            let v = (lead & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
            if v >= 0x10000, let s = Unicode.Scalar(v) { return (s, 4) }
        }
        return ("\u{FFFD}", 1)
    }

    /// The last scalar of non-empty UTF-8 text.
    static func lastScalar(_ text: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        var i = text.count - 1
        while i > 0 && text[i] & 0xC0 == 0x80 && text.count - i < 4 { i -= 1 }
        return decode(text, at: i).0
    }
}
