/// What a Firebase Realtime Database export can hold, beyond JSON's grammar. An input
/// outside these limits did not come from Firebase (or was edited since), and sitegen
/// would have to guess what it means, so the parser refuses it with the place:
/// - keys: 1 to 768 bytes, none of `.` `$` `#` `[` `]` `/` or a control character
///   (but Firebase's own `.priority` and `.value`, `docs/export-format.md`);
/// - no key twice in one object (JSON readers disagree on which copy wins);
/// - strings of at most 16 MiB as written (Firebase's limit is 10 MB decoded);
/// - numbers a 64-bit float can hold (`1e400` is not one).
/// See https://firebase.google.com/docs/database/usage/limits.
extension JSONParser {
    static var maxKeyBytes: Int { 768 }
    static var maxStringBytes: Int { 16 << 20 }
    /// Objects with more keys than this are checked for duplicates with a hash set.
    static var smallObject: Int { 8 }

    /// `.priority` and `.value`: the keys Firebase writes for a node whose priority is set
    /// (`{".value": v, ".priority": p}` for a value, `.priority` beside an object's children).
    static func isFirebaseKey(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        key.elementsEqual(".priority".utf8) || key.elementsEqual(".value".utf8)
    }

    /// Whether a Firebase key cannot hold the byte: ASCII controls, DEL, `#` `$` `.` `/` `[` `]`.
    static func isForbiddenInKeys(_ c: UInt8) -> Bool {
        c < 0x20 || c == 0x7F || "#$./[]".utf8.contains(c)
    }

    /// Checks the key just scanned (its quote at `start`, `pos` after its closing quote)
    /// and records it for the duplicate check of its object.
    mutating func recordKey(from start: Int) throws(JSONSyntaxError) {
        let rawLength = pos - start - 2
        var digest: (hash: UInt64, forbidden: Bool)
        var length = rawLength
        if sawEscape {
            // Rare: hash and check the decoded key (padded for the word loads).
            let decoded = JSONString.decodeBytes(UnsafeBufferPointer(start: base + start + 1, count: rawLength))
            length = decoded.count
            digest = (decoded + [UInt8](repeating: 0, count: 8)).withUnsafeBytes { JSONParser.keyDigest($0.baseAddress!, count: length) }
        } else {
            digest = JSONParser.keyDigest(UnsafeRawPointer(base + start + 1), count: rawLength)
        }
        if (digest.forbidden && !firestoreKeys) || length == 0 || length > (firestoreKeys ? FirestoreLimits.keyBytes : JSONParser.maxKeyBytes) {
            // Firebase's own keys (a priority, and the value beside it) are not data errors.
            guard !sawEscape, JSONParser.isFirebaseKey(UnsafeBufferPointer(start: base + start + 1, count: rawLength)) else {
                throw keyError(at: start)
            }
            sawFirebaseKeys = true
        }
        keys.append(ParsedKey(start: start, rawLength: Int32(rawLength), escaped: sawEscape, hash: digest.hash))
    }

    /// A hash of `count` bytes at `p` and whether any is forbidden in keys, eight bytes at
    /// a time (the bytes after them may be read: the parser's buffer is padded).
    @inline(__always) static func keyDigest(_ p: UnsafeRawPointer, count: Int) -> (hash: UInt64, forbidden: Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroByte(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        var found: UInt64 = 0
        var i = 0
        while i < count {
            var w = p.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if count - i < 8 {
                // Past the key: 'A's, which are allowed and hash the same for equal keys.
                let keep: UInt64 = (1 << UInt64(8 * (count - i))) &- 1
                w = (w & keep) | (0x4141_4141_4141_4141 & ~keep)
            }
            found |= ((w &- ones &* 0x20) & ~w & highs)           // controls (< 0x20)
                | zeroByte(w ^ (ones &* 0x7F))                      // DEL
                | zeroByte((w | ones) ^ (ones &* 0x2F))             // '.' and '/'
                | zeroByte(w ^ (ones &* 0x23)) | zeroByte(w ^ (ones &* 0x24))   // '#' '$'
                | zeroByte(w ^ (ones &* 0x5B)) | zeroByte(w ^ (ones &* 0x5D))   // '[' ']'
            h = (h ^ w) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        }
        return (WordHashing.finalize(h), found != 0)
    }

    /// Why the key at `start` is refused.
    private func keyError(at start: Int) -> JSONSyntaxError {
        let raw = UnsafeBufferPointer(start: base + start + 1, count: pos - start - 2)
        let key = sawEscape ? JSONString.decodeBytes(raw) : Array(raw)
        if key.isEmpty { return limit("an empty key: Firebase keys are 1 to \(JSONParser.maxKeyBytes) bytes", at: start) }
        if firestoreKeys && key.count > FirestoreLimits.keyBytes {
            return limit("a key of \(key.count) bytes: a Firestore tree's keys are at most \(FirestoreLimits.keyBytes)", at: start)
        }
        if key.count > JSONParser.maxKeyBytes {
            var error = limit("a key of \(key.count) bytes: Firebase keys are at most \(JSONParser.maxKeyBytes)", at: start)
            error.isFirestoreKey = key.count <= FirestoreLimits.keyBytes
            return error
        }
        let c = key.first { JSONParser.isForbiddenInKeys($0) } ?? 0
        let what = c < 0x20 || c == 0x7F ? "the control character U+\(hex4(UInt16(c)))" : "'\(UnicodeScalar(c))'"
        var error = limit("the key \(quoted(key[...])) holds \(what), which Firebase keys cannot (. $ # [ ] / and control characters)", at: start)
        error.isFirestoreKey = true
        return error
    }

    /// At the end of an object: no key may appear twice among `keys[mark...]`.
    mutating func checkDuplicateKeys(since mark: Int) throws(JSONSyntaxError) {
        let n = keys.count - mark
        if n <= JSONParser.smallObject {
            if n > 1 {
                for j in (mark + 1)..<keys.count {
                    for k in mark..<j where keys[k].hash == keys[j].hash && sameKey(keys[k], keys[j]) {
                        throw duplicate(keys[j], first: keys[k])
                    }
                }
            }
        } else {
            // An open-addressing set of key indices by hash, reused from object to object.
            var size = 16
            while size < 2 * n { size <<= 1 }
            if seenKeys.count < size { seenKeys = [Int32](repeating: -1, count: size) }
            let mask = size - 1
            defer { for i in 0..<size { seenKeys[i] = -1 } }
            for j in mark..<keys.count {
                var slot = Int(truncatingIfNeeded: keys[j].hash) & mask
                while seenKeys[slot] >= 0 {
                    let k = Int(seenKeys[slot])
                    if keys[k].hash == keys[j].hash && sameKey(keys[k], keys[j]) { throw duplicate(keys[j], first: keys[k]) }
                    slot = (slot + 1) & mask
                }
                seenKeys[slot] = Int32(j)
            }
        }
        keys.removeSubrange(mark...)
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
        let raw = UnsafeBufferPointer(start: base + key.start + 1, count: Int(key.rawLength))
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

/// A key of an object being parsed: where its quote is, its length as written, and a
/// hash of its (decoded) bytes that tells different keys apart without a compare.
struct ParsedKey {
    var start: Int
    var rawLength: Int32
    var escaped: Bool
    var hash: UInt64
}
