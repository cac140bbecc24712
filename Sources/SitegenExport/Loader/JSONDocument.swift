import Foundation

/// One JSON value of a parsed document: where its text is, where its key is, and
/// where its subtree ends in the node list (children follow their parent, in order).
public struct JSONNode: Sendable {
    /// Offset of the value's first byte.
    public var start: Int
    /// Offset one past the value's last byte.
    public var end: Int
    /// `start` minus the offset of the member key's opening quote; 0 for array elements and the root.
    var keyDelta: UInt32
    /// Index of the first node after this subtree (the next sibling, if any).
    public var next: Int32
}

/// The kind of a JSON value, read from its first byte.
public enum JSONKind: Sendable, Equatable {
    case object, array, string, number, bool, null
}

/// A JSON document kept as its original bytes plus an index of every value's span
/// (a "tape"). Nothing is decoded until asked for, so a repair can copy every byte it
/// does not change, and memory stays a small multiple of the file's size.
///
/// `@unchecked Sendable`: `bytes` and `nodes` are raw buffers, which the compiler does
/// not treat as sendable. They point into memory this document owns (`file`, `storage`)
/// and never writes after parsing; the one lazily computed value, `parents`, is behind
/// a lock (`Locked`).
public final class JSONDocument: @unchecked Sendable {
    /// The file's bytes (followed by 8 zero bytes of padding, not counted).
    public let bytes: UnsafeBufferPointer<UInt8>
    public let nodes: UnsafeBufferPointer<JSONNode>
    private let file: FileBytes
    private let storage: NodeStorage
    private let parentsCache = Locked<[Int32]?>(nil)

    /// Whether any key is Firebase's own `.priority` or `.value` (`docs/export-format.md`): only
    /// then do readers skip priorities and look through `{".value": v, ".priority": p}`.
    public let hasFirebaseKeys: Bool

    init(file: FileBytes, nodes: NodeStorage, hasFirebaseKeys: Bool = false) {
        self.hasFirebaseKeys = hasFirebaseKeys
        self.file = file
        self.bytes = file.buffer
        self.storage = nodes
        self.nodes = nodes.buffer
    }

    /// The index of each node's containing object or array (-1 for the root), computed
    /// on first use: only repairs and array keys need it.
    public var parents: [Int32] {
        parentsCache.withLock { cache in
            if let cache { return cache }
            let result = computeParents()
            cache = result
            return result
        }
    }

    private func computeParents() -> [Int32] {
        var result = [Int32](repeating: -1, count: nodes.count)
        var open: [Int32] = []
        for i in 0..<Int32(nodes.count) {
            while let top = open.last, nodes[Int(top)].next <= i { open.removeLast() }
            result[Int(i)] = open.last ?? -1
            if nodes[Int(i)].next > i + 1 { open.append(i) }
        }
        return result
    }

    /// Parses `data` (copied) into a document; for tests and small inputs. `firestoreKeys`:
    /// keys as a Firestore tree's may be (`JSONParser.firestoreKeys`).
    public static func parse(_ data: [UInt8], firestoreKeys: Bool = false) throws(JSONSyntaxError) -> JSONDocument {
        let file = FileBytes(count: data.count)
        data.withUnsafeBytes { file.base.copyMemory(from: $0.baseAddress!, byteCount: data.count) }
        return try parse(file, firestoreKeys: firestoreKeys)
    }

    /// Parses a file's bytes (padded with `JSONParser.padding` zero bytes); the
    /// document keeps them.
    static func parse(_ file: FileBytes, firestoreKeys: Bool = false) throws(JSONSyntaxError) -> JSONDocument {
        var parser = JSONParser(base: UnsafePointer(file.base.assumingMemoryBound(to: UInt8.self)), count: file.count)
        parser.firestoreKeys = firestoreKeys
        let nodes = try parser.parse()
        return JSONDocument(file: file, nodes: nodes, hasFirebaseKeys: parser.sawFirebaseKeys)
    }

    /// The node every reader starts from: the document's root value, or, where the app
    /// keeps its whole database under one child (`{"instagram": {…}}`, docs/export-format.md,
    /// "A database under one child"), that child (`descend`). Set once, while loading.
    public private(set) var root: Int32 = 0
    /// The keys from the document's root value down to `root`, each followed by `/`
    /// (`instagram/`): what every path the audit writes starts with. Empty at the root.
    public private(set) var rootPrefix = ""

    /// Reads the document from `node`, the member `key` of the root value, on: called by
    /// the loader before the document is shared.
    func descend(to node: Int32, key: String) {
        root = node
        rootPrefix += key + "/"
    }

    // MARK: - Reading a node

    @inline(__always) public func kind(_ i: Int32) -> JSONKind {
        switch bytes[nodes[Int(i)].start] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: return .number
        }
    }

    @inline(__always) public func isContainer(_ i: Int32) -> Bool {
        let c = bytes[nodes[Int(i)].start]
        return c == UInt8(ascii: "{") || c == UInt8(ascii: "[")
    }

    @inline(__always) public func isObject(_ i: Int32) -> Bool { bytes[nodes[Int(i)].start] == UInt8(ascii: "{") }
    @inline(__always) public func isArray(_ i: Int32) -> Bool { bytes[nodes[Int(i)].start] == UInt8(ascii: "[") }
    @inline(__always) public func isString(_ i: Int32) -> Bool { bytes[nodes[Int(i)].start] == UInt8(ascii: "\"") }
    @inline(__always) public func isNull(_ i: Int32) -> Bool { bytes[nodes[Int(i)].start] == UInt8(ascii: "n") }
    @inline(__always) public func isNumber(_ i: Int32) -> Bool {
        let c = bytes[nodes[Int(i)].start]
        return c == UInt8(ascii: "-") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    /// The value's JSON text, verbatim.
    public func rawText(_ i: Int32) -> String {
        let n = nodes[Int(i)]
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[n.start..<n.end]), as: UTF8.self)
    }

    /// The raw bytes of the value's text.
    @inline(__always) public func rawBytes(_ i: Int32) -> UnsafeBufferPointer<UInt8> {
        let n = nodes[Int(i)]
        return UnsafeBufferPointer(rebasing: bytes[n.start..<n.end])
    }

    /// A string value, decoded; nil when the value is not a string.
    public func string(_ i: Int32) -> String? {
        guard isString(i) else { return nil }
        let n = nodes[Int(i)]
        return JSONString.decode(UnsafeBufferPointer(rebasing: bytes[(n.start + 1)..<(n.end - 1)]))
    }

    /// Whether the value is a string equal to `s`, compared without decoding when possible.
    @inline(__always) public func stringEquals(_ i: Int32, _ s: String) -> Bool {
        guard isString(i) else { return false }
        let n = nodes[Int(i)]
        let inner = UnsafeBufferPointer(rebasing: bytes[(n.start + 1)..<(n.end - 1)])
        if let equal = s.utf8.withContiguousStorageIfAvailable({ utf8 -> Bool in
            inner.count == utf8.count && (inner.count == 0 || memcmp(inner.baseAddress!, utf8.baseAddress!, inner.count) == 0)
        }), equal {
            return true
        }
        return inner.contains(UInt8(ascii: "\\")) && JSONString.decode(inner) == s
    }

    // MARK: - Members and elements

    /// Whether the node is a member of an object (has a key).
    @inline(__always) public func hasKey(_ i: Int32) -> Bool { nodes[Int(i)].keyDelta != 0 }

    /// The raw bytes between the quotes of the node's key (escapes not decoded);
    /// empty for array elements and the root.
    @inline(__always) public func rawKey(_ i: Int32) -> UnsafeBufferPointer<UInt8> {
        let n = nodes[Int(i)]
        guard n.keyDelta != 0 else { return UnsafeBufferPointer(start: bytes.baseAddress, count: 0) }
        let open = n.start - Int(n.keyDelta)
        var j = open + 1
        while true {
            let c = bytes[j]
            if c == UInt8(ascii: "\"") { break }
            j += c == UInt8(ascii: "\\") ? 2 : 1
        }
        return UnsafeBufferPointer(rebasing: bytes[(open + 1)..<j])
    }

    /// Offset of the member's first byte (its key's quote), or of the value for elements.
    @inline(__always) public func memberStart(_ i: Int32) -> Int {
        let n = nodes[Int(i)]
        return n.start - Int(n.keyDelta)
    }

    /// The node's key, decoded; for an array element its index, as Firebase names it.
    public func key(_ i: Int32) -> String {
        if hasKey(i) { return JSONString.decode(rawKey(i)) }
        let p = parents[Int(i)]
        guard p >= 0 else { return "" }
        var index = 0
        var c = p + 1
        while c != i { c = nodes[Int(c)].next; index += 1 }
        return String(index)
    }

    /// Whether the node's key, decoded, equals `name` (an ASCII literal).
    @inline(__always) public func keyEquals(_ i: Int32, _ name: StaticString) -> Bool {
        // The key starts with `name` and closes right after it: no need to find its end.
        let n = nodes[Int(i)]
        guard n.keyDelta != 0 else { return false }
        let first = n.start - Int(n.keyDelta) + 1
        let length = name.utf8CodeUnitCount
        guard first + length < n.start, bytes[first + length] == UInt8(ascii: "\"") else { return false }
        return memcmp(bytes.baseAddress! + first, name.utf8Start, length) == 0
    }

    /// Calls `body` with each child of an object or array, in document order.
    @inline(__always) public func forEachChild(_ i: Int32, _ body: (Int32) throws -> Void) rethrows {
        let end = nodes[Int(i)].next
        var c = i + 1
        while c < end {
            try body(c)
            c = nodes[Int(c)].next
        }
    }

    /// Calls `body` with each entry of a collection (an object or array of records, edges,
    /// likes): its children less a `.priority` member, which is Firebase's, not an entry.
    @inline(__always) public func forEachEntry(_ i: Int32, _ body: (Int32) throws -> Void) rethrows {
        if !hasFirebaseKeys { return try forEachChild(i, body) }
        try forEachChild(i) { c in if !isFirebaseKey(c) { try body(c) } }
    }

    /// Whether member `i` is `.priority` or `.value`.
    @inline(__always) public func isFirebaseKey(_ i: Int32) -> Bool {
        hasFirebaseKeys && hasKey(i) && JSONParser.isFirebaseKey(rawKey(i))
    }

    /// The node `i` stands for: the `.value` member of `{".value": v, ".priority": p}`,
    /// else `i` itself.
    @inline(__always) public func value(_ i: Int32) -> Int32 {
        guard hasFirebaseKeys, isObject(i) else { return i }
        var found = i
        forEachChild(i) { c in if hasKey(c) && rawKey(c).elementsEqual(".value".utf8) { found = c } }
        return found
    }

    /// The children of an object or array, in document order.
    public func children(_ i: Int32) -> [Int32] {
        var out: [Int32] = []
        forEachChild(i) { out.append($0) }
        return out
    }

    public func childCount(_ i: Int32) -> Int {
        var n = 0
        forEachChild(i) { _ in n += 1 }
        return n
    }

    /// The member of object `i` named `name`, if `i` is an object that has one
    /// (of duplicate keys, the last wins, as in JavaScript's `JSON.parse`).
    @inline(__always) public func member(_ i: Int32, _ name: StaticString) -> Int32? {
        guard isObject(i) else { return nil }
        let end = nodes[Int(i)].next
        var c = i + 1
        var found: Int32?
        while c < end {
            if keyEquals(c, name) { found = c }
            c = nodes[Int(c)].next
        }
        return found
    }

    /// Member `a` of object `i` if it has one, else member `b`: one pass over the members.
    @inline(__always) public func member(_ i: Int32, _ a: StaticString, or b: StaticString) -> Int32? {
        guard isObject(i) else { return nil }
        let end = nodes[Int(i)].next
        var c = i + 1
        var foundA: Int32?, foundB: Int32?
        while c < end {
            if keyEquals(c, a) { foundA = c } else if keyEquals(c, b) { foundB = c }
            c = nodes[Int(c)].next
        }
        return foundA ?? foundB
    }

    /// The first member of object `i` whose key is one of `names`, searched in the order given.
    public func member(_ i: Int32, anyOf names: [StaticString]) -> Int32? {
        for name in names {
            if let m = member(i, name) { return m }
        }
        return nil
    }

    /// The child of a container named `key` (for arrays, the element at that index).
    public func child(_ i: Int32, key: String) -> Int32? {
        if isObject(i) {
            var found: Int32?
            var bytesOfKey = Array(key.utf8)
            forEachChild(i) { c in
                let raw = rawKey(c)
                if raw.elementsEqual(bytesOfKey) || (raw.contains(UInt8(ascii: "\\")) && JSONString.decode(raw) == key) {
                    found = c
                }
            }
            bytesOfKey.removeAll()
            return found
        }
        if isArray(i), let index = Int(key), index >= 0 {
            var n = 0
            var found: Int32?
            forEachChild(i) { c in
                if n == index { found = c }
                n += 1
            }
            return found
        }
        return nil
    }

    // MARK: - Positions

    /// 1-based line and column (in characters) of a byte offset.
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        JSONParser.lineAndColumn(base: bytes.baseAddress!, offset: offset)
    }
}

/// The node list of a document, in memory reserved for the worst case but touched
/// only as it fills: it never moves, so building it never copies.
final class NodeStorage {
    private let base: UnsafeMutablePointer<JSONNode>
    private let byteCount: Int
    private let mapped: Bool
    private(set) var count = 0

    init(capacity: Int) {
        byteCount = max(1, capacity) * MemoryLayout<JSONNode>.stride
        let p = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        if let p, p != MAP_FAILED {
            base = p.assumingMemoryBound(to: JSONNode.self)
            mapped = true
        } else {
            base = UnsafeMutablePointer<JSONNode>.allocate(capacity: max(1, capacity))
            mapped = false
        }
    }

    deinit {
        if mapped { munmap(UnsafeMutableRawPointer(base), byteCount) } else { base.deallocate() }
    }

    @inline(__always) func append(_ node: JSONNode) {
        (base + count).initialize(to: node)
        count += 1
    }

    @inline(__always) subscript(i: Int) -> JSONNode {
        get { base[i] }
        set { base[i] = newValue }
    }

    var buffer: UnsafeBufferPointer<JSONNode> { UnsafeBufferPointer(start: base, count: count) }
}
