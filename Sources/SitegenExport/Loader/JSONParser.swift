import Foundation

/// A JSON syntax error: what is wrong and the byte offset where it was noticed.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var message: String
    public var offset: Int
    public var line: Int
    public var column: Int
    /// False for valid JSON outside what a Firebase export can hold (JSONParser+Limits).
    public var isSyntax = true
    /// A key Realtime Database keys cannot be but a Firestore JSON tree's may (a `.`, `/`,
    /// …, or longer than 768 bytes: `ExportLoader.load`).
    public var isFirestoreKey = false
}

/// A strict RFC 8259 parser that builds `JSONNode`s over the bytes without decoding
/// anything: strings are checked (escapes, UTF-8, surrogate pairs) but left as they are,
/// numbers are checked but kept as text. Iterative, so deep input cannot overflow the stack.
struct JSONParser {
    /// Zero bytes that must follow the input, so 8-byte loads never read past the buffer.
    static let padding = 8
    /// Firebase allows 32 levels of nesting; anything far deeper is not an export.
    static let maxDepth = 512

    let base: UnsafePointer<UInt8>
    let count: Int
    var pos = 0
    var nodes: NodeStorage
    /// The keys of the objects being parsed, innermost last (see JSONParser+Limits).
    var keys: [ParsedKey] = []
    /// For each open container, where its keys start in `keys`.
    var keyMarks: [Int] = []
    /// The duplicate check's hash set for large objects (JSONParser+Limits).
    var seenKeys: [Int32] = []
    /// Whether the last string scanned held an escape.
    var sawEscape = false
    /// Whether any key is Firebase's own `.priority` or `.value`.
    var sawFirebaseKeys = false
    /// Whether the input is a sequence of values one after the other (`{…}{…}`), each a
    /// root of its own in the node list, rather than one value.
    var sequence = false
    /// Whether keys are a Firestore tree's (its ids and field names: `ana@x.com`): any
    /// character, up to `FirestoreLimits.keyBytes` bytes.
    var firestoreKeys = false

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        // Worst case: a node every two bytes (`[0,0,…]`), plus one for each container still
        // open when a truncated input ends (`[[[[…`, one node a byte, at most `maxDepth`);
        // only the pages used become memory.
        nodes = NodeStorage(capacity: count / 2 + 2 + JSONParser.maxDepth)
    }

    // MARK: - Document

    mutating func parse() throws(JSONSyntaxError) -> NodeStorage {
        // RFC 8259 §8.1: JSON text must not begin with a byte order mark; parsers may
        // ignore one, but Firebase's import and JavaScript's JSON.parse refuse it, so
        // an export with one has been through an editor: say so rather than guess.
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            throw error("the file starts with a UTF-8 byte order mark (EF BB BF), which JSON does not allow: save it as UTF-8 without BOM", at: 0)
        }
        skipWhitespace()
        if pos >= count { throw error("the file is empty: no JSON value", at: pos) }

        var stack: [Int32] = []
        var keyStart = -1
        value: while true {
            // A value starts at `pos`.
            guard pos < count else { throw error("unexpected end of file: a value is missing", at: pos) }
            let c = base[pos]
            let keyDelta: UInt32 = keyStart < 0 ? 0 : UInt32(truncatingIfNeeded: pos - keyStart)
            let start = pos
            switch c {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if stack.count >= JSONParser.maxDepth {
                    throw error("nesting deeper than \(JSONParser.maxDepth) levels", at: pos)
                }
                let index = Int32(nodes.count)
                nodes.append(JSONNode(start: start, end: 0, keyDelta: keyDelta, next: 0))
                pos += 1
                skipWhitespace()
                let close: UInt8 = c == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if pos < count && base[pos] == close {
                    pos += 1
                    nodes[Int(index)].end = pos
                    nodes[Int(index)].next = Int32(nodes.count)
                } else {
                    stack.append(index)
                    keyMarks.append(keys.count)
                    if c == UInt8(ascii: "{") {
                        keyStart = try parseKey()
                    } else {
                        keyStart = -1
                    }
                    continue value
                }
            case UInt8(ascii: "\""):
                try scanString()
                nodes.append(JSONNode(start: start, end: pos, keyDelta: keyDelta, next: Int32(nodes.count + 1)))
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                nodes.append(JSONNode(start: start, end: pos, keyDelta: keyDelta, next: Int32(nodes.count + 1)))
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                nodes.append(JSONNode(start: start, end: pos, keyDelta: keyDelta, next: Int32(nodes.count + 1)))
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                nodes.append(JSONNode(start: start, end: pos, keyDelta: keyDelta, next: Int32(nodes.count + 1)))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanNumber()
                nodes.append(JSONNode(start: start, end: pos, keyDelta: keyDelta, next: Int32(nodes.count + 1)))
            default:
                throw unexpected(at: pos, expecting: "a value")
            }

            // After a value: a separator, a closing bracket, or the end.
            while true {
                skipWhitespace()
                guard let top = stack.last else {
                    if pos < count && sequence {
                        keyStart = -1
                        continue value
                    }
                    if pos < count { throw unexpected(at: pos, expecting: "the end of the file after the root value") }
                    return nodes
                }
                let isObject = base[nodes[Int(top)].start] == UInt8(ascii: "{")
                guard pos < count else {
                    throw error("unexpected end of file: \(isObject ? "'}'" : "']'") is missing", at: pos)
                }
                let c = base[pos]
                if c == UInt8(ascii: ",") {
                    pos += 1
                    skipWhitespace()
                    keyStart = isObject ? try parseKey() : -1
                    continue value
                }
                if c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    if isObject { try checkDuplicateKeys(since: keyMarks.last!) }
                    keyMarks.removeLast()
                    pos += 1
                    nodes[Int(top)].end = pos
                    nodes[Int(top)].next = Int32(nodes.count)
                    stack.removeLast()
                    continue
                }
                throw unexpected(at: pos, expecting: isObject ? "',' or '}'" : "',' or ']'")
            }
        }
    }

    /// Parses `"key"` and the `:` after it; returns the offset of the key's quote and
    /// leaves `pos` at the value.
    private mutating func parseKey() throws(JSONSyntaxError) -> Int {
        guard pos < count else { throw error("unexpected end of file: an object key is missing", at: pos) }
        guard base[pos] == UInt8(ascii: "\"") else { throw unexpected(at: pos, expecting: "an object key in double quotes") }
        let keyStart = pos
        try scanString()
        try recordKey(from: keyStart)
        skipWhitespace()
        guard pos < count, base[pos] == UInt8(ascii: ":") else {
            if pos >= count { throw error("unexpected end of file: ':' is missing", at: pos) }
            throw unexpected(at: pos, expecting: "':' after the key")
        }
        pos += 1
        skipWhitespace()
        return keyStart
    }

    // MARK: - Tokens

    @inline(__always) private mutating func skipWhitespace() {
        while pos < count {
            let c = base[pos]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { pos += 1 } else { return }
        }
    }

    private mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let n = word.utf8CodeUnitCount
        if pos + n <= count && memcmp(base + pos, word.utf8Start, n) == 0 {
            pos += n
            return
        }
        throw unexpected(at: pos, expecting: "a value")
    }

    /// Scans a string starting at its opening quote; leaves `pos` after the closing quote.
    private mutating func scanString() throws(JSONSyntaxError) {
        let open = pos
        sawEscape = false
        var i = pos + 1
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // The closing quote must come before `stop` (JSONParser+Limits: no string is that
        // long), so a huge string is refused after reading its first 16 MiB.
        let stop = count - open > JSONParser.maxStringBytes + 2 ? open + JSONParser.maxStringBytes + 2 : count
        while true {
            // Eight bytes at a time while none is a quote, a backslash, a control or non-ASCII byte.
            while i + 8 <= stop {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let q = w ^ (ones &* 0x22)
                let b = w ^ (ones &* 0x5C)
                let t = ((q &- ones) & ~q) | ((b &- ones) & ~b) | ((w &- ones &* 0x20) & ~w) | w
                if t & highs != 0 { break }
                i += 8
            }
            guard i < stop else {
                if stop < count { throw stringTooLong(from: open) }
                throw error("unexpected end of file inside a string", at: open)
            }
            let c = base[i]
            if c == UInt8(ascii: "\"") {
                pos = i + 1
                return
            } else if c == UInt8(ascii: "\\") {
                sawEscape = true
                i = try scanEscape(at: i)
            } else if c < 0x20 {
                throw error("control character U+\(hex4(UInt16(c))) in a string must be escaped", at: i)
            } else if c >= 0x80 {
                i = try scanUTF8(at: i)
            } else {
                i += 1
            }
        }
    }

    /// Checks the escape at `i` (a backslash); returns the offset after it.
    private func scanEscape(at i: Int) throws(JSONSyntaxError) -> Int {
        guard i + 1 < count else { throw error("unexpected end of file inside a string", at: i) }
        switch base[i + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return i + 2
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: i + 2)
            if unit >= 0xDC00 && unit <= 0xDFFF {
                throw error("lone low surrogate \\u\(hex4(unit)) in a string", at: i)
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard i + 11 < count, base[i + 6] == UInt8(ascii: "\\"), base[i + 7] == UInt8(ascii: "u"),
                      let low = try? hexUnit(at: i + 8), low >= 0xDC00 && low <= 0xDFFF
                else { throw error("lone high surrogate \\u\(hex4(unit)) in a string", at: i) }
                return i + 12
            }
            return i + 6
        default:
            throw error("invalid escape '\\\(printable(base[i + 1]))' in a string", at: i)
        }
    }

    private func hexUnit(at i: Int) throws(JSONSyntaxError) -> UInt16 {
        guard i + 4 <= count else { throw error("unexpected end of file in a \\u escape", at: i) }
        var v: UInt16 = 0
        for k in 0..<4 {
            let c = base[i + k]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape: '\(printable(c))' is not a hex digit", at: i + k)
            }
            v = v << 4 | UInt16(d)
        }
        return v
    }

    /// Checks one UTF-8 sequence starting at `i` (a byte >= 0x80); returns the offset after it.
    private func scanUTF8(at i: Int) throws(JSONSyntaxError) -> Int {
        let c0 = base[i]
        var length = 0
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch c0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw error("invalid UTF-8 byte 0x\(String(c0, radix: 16, uppercase: true))", at: i)
        }
        guard i + length <= count else { throw error("invalid UTF-8: truncated sequence", at: i) }
        let c1 = base[i + 1]
        guard c1 >= low && c1 <= high else { throw error("invalid UTF-8 sequence", at: i) }
        for k in 2..<max(2, length) where base[i + k] & 0xC0 != 0x80 {
            throw error("invalid UTF-8 sequence", at: i)
        }
        return i + length
    }

    /// Scans a number (RFC 8259 grammar); leaves `pos` after it.
    private mutating func scanNumber() throws(JSONSyntaxError) {
        let start = pos
        var i = pos
        @inline(__always) func isDigit(_ i: Int) -> Bool {
            i < count && base[i] >= UInt8(ascii: "0") && base[i] <= UInt8(ascii: "9")
        }
        if base[i] == UInt8(ascii: "-") { i += 1 }
        if i < count && base[i] == UInt8(ascii: "0") {
            i += 1
        } else if isDigit(i) {
            while isDigit(i) { i += 1 }
        } else if i < count && base[i] == UInt8(ascii: "I") {
            throw unexpected(at: start, expecting: "a value")
        } else {
            throw error("invalid number: a digit must follow '-'", at: start)
        }
        if i < count && base[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { throw error("invalid number: a digit must follow '.'", at: start) }
            while isDigit(i) { i += 1 }
        }
        if i < count && (base[i] == UInt8(ascii: "e") || base[i] == UInt8(ascii: "E")) {
            i += 1
            if i < count && (base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-")) { i += 1 }
            guard isDigit(i) else { throw error("invalid number: a digit must follow the exponent", at: start) }
            while isDigit(i) { i += 1 }
            try checkRange(from: start, to: i)
        } else if i - start > 300 {
            try checkRange(from: start, to: i)
        }
        pos = i
    }

    // MARK: - Errors

    private func unexpected(at offset: Int, expecting what: String) -> JSONSyntaxError {
        let c = base[offset]
        if c == UInt8(ascii: "N") || c == UInt8(ascii: "I") || (c == UInt8(ascii: "-") && offset + 1 < count && base[offset + 1] == UInt8(ascii: "I")) {
            return error("NaN and Infinity are not JSON numbers (expected \(what))", at: offset)
        }
        if c == UInt8(ascii: "'") { return error("strings must use double quotes (expected \(what))", at: offset) }
        return error("unexpected '\(printable(c))' (expected \(what))", at: offset)
    }

    func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        let (line, column) = JSONParser.lineAndColumn(base: base, offset: min(offset, count))
        return JSONSyntaxError(message: message, offset: offset, line: line, column: column)
    }

    func printable(_ c: UInt8) -> String {
        if c >= 0x20 && c < 0x7F { return String(UnicodeScalar(c)) }
        return "\\u{\(String(c, radix: 16, uppercase: true))}"
    }

    func hex4(_ v: UInt16) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - s.count) + s
    }

    static func lineAndColumn(base: UnsafePointer<UInt8>, offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var i = 0
        while i < offset {
            let c = base[i]
            if c == 0x0A {
                line += 1
                column = 1
            } else if c & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return (line, column)
    }
}
