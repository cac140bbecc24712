/// What a Firebase Realtime Database export can hold, beyond JSON's grammar. An input
/// outside these limits did not come from Firebase (or was edited since), and sitegen
/// would have to guess what it means, so the parser refuses it with the place:
/// - keys: 1 to 768 bytes, none of `.` `$` `#` `[` `]` `/` or a control character;
/// - no key twice in one object (JSON readers disagree on which copy wins);
/// - strings of at most 16 MiB as written (Firebase's limit is 10 MB decoded);
/// - numbers a 64-bit float can hold (`1e400` is not one).
/// See https://firebase.google.com/docs/database/usage/limits.
extension JSONParser {
    static let maxKeyBytes = 768
    static let maxStringBytes = 16 << 20
    /// Objects with more keys than this are checked for duplicates with a hash table.
    static let smallObject = 12

    /// Characters a Firebase key cannot hold: ASCII controls, DEL, `.` `$` `#` `[` `]` `/`.
    private static let forbiddenInKeys: [Bool] = (0..<256).map { c in
        c < 0x20 || c == 0x7F || "$#./[]".utf8.contains(UInt8(c))
    }

    /// Checks the key just scanned (its quote at `start`, `pos` after its closing quote)
    /// and records it for the duplicate check of its object.
    mutating func recordKey(from start: Int) throws(JSONSyntaxError) {
        let raw = UnsafeBufferPointer(start: base + start + 1, count: pos - start - 2)
        let escaped = sawEscape
        let decoded = escaped ? JSONString.decodeBytes(raw) : []
        let length = escaped ? decoded.count : raw.count
        if length == 0 { throw limit("an empty key: Firebase keys are 1 to \(JSONParser.maxKeyBytes) bytes", at: start) }
        if length > JSONParser.maxKeyBytes {
            throw limit("a key of \(length) bytes: Firebase keys are at most \(JSONParser.maxKeyBytes)", at: start)
        }
        let bad: UInt8? = escaped
            ? decoded.first { JSONParser.forbiddenInKeys[Int($0)] }
            : raw.first { JSONParser.forbiddenInKeys[Int($0)] }
        if let bad {
            let what = bad < 0x20 || bad == 0x7F ? "the control character U+\(hex4(UInt16(bad)))" : "'\(UnicodeScalar(bad))'"
            throw limit("the key \(quoted(escaped ? decoded[...] : Array(raw)[...])) holds \(what), which Firebase keys cannot (. $ # [ ] / and control characters)", at: start)
        }
        let signature = escaped ? decoded.withUnsafeBufferPointer { ParsedKey.signature($0) } : ParsedKey.signature(raw)
        keys.append(ParsedKey(start: start, rawLength: raw.count, escaped: escaped, signature: signature))
    }

    /// At the end of an object: no key may appear twice among `keys[mark...]`.
    mutating func checkDuplicateKeys(since mark: Int) throws(JSONSyntaxError) {
        defer { keys.removeSubrange(mark...) }
        let n = keys.count - mark
        guard n > 1 else { return }
        if n <= JSONParser.smallObject {
            for j in (mark + 1)..<keys.count {
                for k in mark..<j where keys[k].signature == keys[j].signature && sameKey(keys[k], keys[j]) {
                    throw duplicate(keys[j], first: keys[k])
                }
            }
            return
        }
        var table = KeyTable(capacity: n)
        for j in mark..<keys.count {
            let previous = withKeyBytes(keys[j]) { table.insert($0, value: Int32(j)) }
            if let previous { throw duplicate(keys[j], first: keys[Int(previous)]) }
        }
    }

    /// A number with an exponent or very many digits: its magnitude must be finite.
    func checkRange(from start: Int, to end: Int) throws(JSONSyntaxError) {
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        if let value = Double(text), value.isFinite { return }
        let shown = text.count > 40 ? text.prefix(40) + "…" : text[...]
        throw limit("the number \(shown) is out of range (beyond a 64-bit float's ±1.8e308)", at: start)
    }

    /// An error for input that is valid JSON but outside Firebase's limits.
    func limit(_ message: String, at offset: Int) -> JSONSyntaxError {
        var e = error(message, at: offset)
        e.isSyntax = false
        return e
    }

    func stringTooLong(from open: Int) -> JSONSyntaxError {
        limit("a string longer than \(JSONParser.maxStringBytes >> 20) MiB, which no Firebase value is (strings are at most 10 MB)", at: open)
    }

    /// Calls `body` with the key's bytes, decoded when it holds escapes.
    @inline(__always)
    private func withKeyBytes<R>(_ key: ParsedKey, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let raw = UnsafeBufferPointer(start: base + key.start + 1, count: key.rawLength)
        guard key.escaped else { return body(UnsafeRawBufferPointer(raw)) }
        return JSONString.decodeBytes(raw).withUnsafeBytes(body)
    }

    private func sameKey(_ a: ParsedKey, _ b: ParsedKey) -> Bool {
        withKeyBytes(a) { x in withKeyBytes(b) { y in x.elementsEqual(y) } }
    }

    private func keyBytes(_ key: ParsedKey) -> [UInt8] { withKeyBytes(key) { Array($0) } }

    private func duplicate(_ key: ParsedKey, first: ParsedKey) -> JSONSyntaxError {
        let (line, column) = JSONParser.lineAndColumn(base: base, offset: first.start)
        return limit("the key \(quoted(keyBytes(key)[...])) appears twice in one object (first at line \(line), column \(column)); JSON readers disagree on which copy wins, so sitegen takes neither: remove one", at: key.start)
    }

    private func quoted(_ bytes: ArraySlice<UInt8>) -> String {
        var out = "\""
        for scalar in String(decoding: bytes.prefix(60), as: UTF8.self).unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\"" || scalar == "\\" {
                out += scalar == "\"" || scalar == "\\" ? "\\\(scalar)" : "\\u" + hex4(UInt16(scalar.value))
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + (bytes.count > 60 ? "…\"" : "\"")
    }
}

/// A key of an object being parsed: where its quote is, and a cheap signature (its
/// length and first eight bytes) that tells most different keys apart without a compare.
struct ParsedKey {
    var start: Int
    var rawLength: Int
    var escaped: Bool
    var signature: UInt64

    @inline(__always) static func signature(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var s = UInt64(truncatingIfNeeded: bytes.count) << 56
        var shift: UInt64 = 0
        for i in 0..<min(7, bytes.count) {
            s |= UInt64(bytes[i]) << shift
            shift += 8
        }
        return s
    }
}
