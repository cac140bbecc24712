/// Firebase's order of keys: keys that are 32-bit integers first, numerically, then
/// every other key by its UTF-8 bytes. "Smaller uid" and "the first like" mean this order.
public enum KeyOrder {
    public static func less(_ a: String, _ b: String) -> Bool {
        let ia = integerKey(a), ib = integerKey(b)
        switch (ia, ib) {
        case let (x?, y?): return x != y ? x < y : a.utf8.lexicographicallyPrecedes(b.utf8)
        case (_?, nil): return true
        case (nil, _?): return false
        case (nil, nil): return a.utf8.lexicographicallyPrecedes(b.utf8)
        }
    }

    /// Paths compared segment by segment; a path sorts before the paths below it.
    public static func pathLess(_ a: String, _ b: String) -> Bool {
        var sa = a.split(separator: "/", omittingEmptySubsequences: false).makeIterator()
        var sb = b.split(separator: "/", omittingEmptySubsequences: false).makeIterator()
        while true {
            switch (sa.next(), sb.next()) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case let (x?, y?):
                if x != y { return less(String(x), String(y)) }
            }
        }
    }

    /// The key's value if it is a 32-bit integer written the canonical way ("0", "-7", not "07").
    static func integerKey(_ s: String) -> Int64? { integerKey(utf8: s.utf8) }

    static func integerKey<Bytes: Collection>(utf8 u: Bytes) -> Int64? where Bytes.Element == UInt8 {
        let n = u.count
        guard n > 0, n <= 11 else { return nil }
        var i = u.startIndex
        let negative = u[i] == UInt8(ascii: "-")
        if negative {
            i = u.index(after: i)
            guard i != u.endIndex else { return nil }
        }
        if u[i] == UInt8(ascii: "0") && (negative || u.index(after: i) != u.endIndex) { return nil }
        var v: Int64 = 0
        while i != u.endIndex {
            let c = u[i]
            guard c >= 48 && c <= 57 else { return nil }
            v = v * 10 + Int64(c - 48)
            i = u.index(after: i)
        }
        v = negative ? -v : v
        guard v >= Int64(Int32.min) && v <= Int64(Int32.max) else { return nil }
        return v
    }
}

extension KeyOrder {
    /// The indices of `keys` in Firebase key order (each key's integer form computed once).
    package static func sortedIndices(_ keys: [String]) -> [Int] {
        let integers = keys.map(integerKey)
        return keys.indices.sorted { a, b in
            switch (integers[a], integers[b]) {
            case let (x?, y?): return x != y ? x < y : keys[a].utf8.lexicographicallyPrecedes(keys[b].utf8)
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return keys[a].utf8.lexicographicallyPrecedes(keys[b].utf8)
            }
        }
    }
}

/// A path split once into segments, for sorting many paths in Firebase key order.
struct PathSortKey {
    let segments: [Substring]
    let integers: [Int64?]

    init(_ path: String) {
        segments = path.split(separator: "/", omittingEmptySubsequences: false)
        integers = segments.map { KeyOrder.integerKey(utf8: $0.utf8) }
    }

    static func < (a: PathSortKey, b: PathSortKey) -> Bool { compare(a, b) < 0 }

    /// -1, 0 or 1 as `a` sorts before, with or after `b`.
    static func compare(_ a: PathSortKey, _ b: PathSortKey) -> Int {
        for i in 0..<min(a.segments.count, b.segments.count) where !a.segments[i].utf8.elementsEqual(b.segments[i].utf8) {
            switch (a.integers[i], b.integers[i]) {
            case let (x?, y?) where x != y: return x < y ? -1 : 1
            case (_?, nil): return -1
            case (nil, _?): return 1
            default: return a.segments[i].utf8.lexicographicallyPrecedes(b.segments[i].utf8) ? -1 : 1
            }
        }
        return a.segments.count == b.segments.count ? 0 : a.segments.count < b.segments.count ? -1 : 1
    }
}

extension PathSortKey {
    /// `compare` of two paths without splitting them (no allocation): for checking many
    /// paths against a few, as the audit's summary does.
    static func compare(path a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in compare(x, y) } }
    }

    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0, j = 0
        while true {
            let aEnded = i > a.count, bEnded = j > b.count
            if aEnded || bEnded { return aEnded == bEnded ? 0 : aEnded ? -1 : 1 }
            var ie = i, je = j
            while ie < a.count && a[ie] != 0x2F { ie += 1 }
            while je < b.count && b[je] != 0x2F { je += 1 }
            let x = UnsafeBufferPointer(rebasing: a[i..<ie]), y = UnsafeBufferPointer(rebasing: b[j..<je])
            if !x.elementsEqual(y) {
                switch (KeyOrder.integerKey(utf8: x), KeyOrder.integerKey(utf8: y)) {
                case let (p?, q?) where p != q: return p < q ? -1 : 1
                case (_?, nil): return -1
                case (nil, _?): return 1
                default: return x.lexicographicallyPrecedes(y) ? -1 : 1
                }
            }
            i = ie + 1
            j = je + 1
        }
    }
}
