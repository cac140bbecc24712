import Foundation

/// A hash table from byte strings (JSON keys, uids, push ids) to small integers,
/// with its own copy of the keys: lookups take raw bytes, so the hot paths of the
/// loader and validator make no `String`s.
struct KeyTable {
    private var store: [UInt8] = []
    private var offsets: [Int] = []
    private var lengths: [Int32] = []
    private var hashes: [UInt32] = []
    private(set) var values: [Int32] = []
    private var slots: [Int32]
    private var mask: Int

    init(capacity: Int = 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
        mask = size - 1
    }

    var count: Int { values.count }

    @inline(__always) static func hash(_ p: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(p.count)
        var i = 0
        let n = p.count
        while i + 8 <= n {
            let w = p.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            h = (h ^ w) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < n {
            tail |= UInt64(p[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 29
        return h
    }

    /// The value stored for `key`, or nil.
    @inline(__always) func lookup(_ key: UnsafeRawBufferPointer) -> Int32? {
        let h = KeyTable.hash(key)
        let h32 = UInt32(truncatingIfNeeded: h >> 32)
        var s = Int(truncatingIfNeeded: h) & mask
        return store.withUnsafeBytes { storeBytes -> Int32? in
            while true {
                let e = slots[s]
                if e < 0 { return nil }
                let ei = Int(e)
                if hashes[ei] == h32 && Int(lengths[ei]) == key.count
                    && (key.count == 0 || memcmp(storeBytes.baseAddress! + offsets[ei], key.baseAddress!, key.count) == 0) {
                    return values[ei]
                }
                s = (s + 1) & mask
            }
        }
    }

    func lookup(_ key: UnsafeBufferPointer<UInt8>) -> Int32? { lookup(UnsafeRawBufferPointer(key)) }

    func lookup(_ key: String) -> Int32? {
        var k = key
        return k.withUTF8 { lookup(UnsafeRawBufferPointer($0)) }
    }

    /// Stores `value` for `key` and returns nil, or returns the value already stored
    /// (and leaves it) when the key is present.
    @discardableResult
    mutating func insert(_ key: UnsafeRawBufferPointer, value: Int32) -> Int32? {
        if let existing = lookup(key) { return existing }
        if (values.count + 1) * 2 > slots.count { grow() }
        let h = KeyTable.hash(key)
        let index = Int32(values.count)
        offsets.append(store.count)
        store.append(contentsOf: key)
        lengths.append(Int32(key.count))
        hashes.append(UInt32(truncatingIfNeeded: h >> 32))
        values.append(value)
        place(index, hash: h)
        return nil
    }

    @discardableResult
    mutating func insert(_ key: String, value: Int32) -> Int32? {
        var k = key
        return k.withUTF8 { insert(UnsafeRawBufferPointer($0), value: value) }
    }

    /// Replaces the value of a key that is present.
    mutating func update(_ key: String, value: Int32) {
        var k = key
        k.withUTF8 { buf in
            let raw = UnsafeRawBufferPointer(buf)
            let h = KeyTable.hash(raw)
            var s = Int(truncatingIfNeeded: h) & mask
            while slots[s] >= 0 {
                let ei = Int(slots[s])
                if Int(lengths[ei]) == raw.count && store[offsets[ei]..<(offsets[ei] + raw.count)].elementsEqual(raw) {
                    values[ei] = value
                    return
                }
                s = (s + 1) & mask
            }
        }
    }

    private mutating func place(_ index: Int32, hash h: UInt64) {
        var s = Int(truncatingIfNeeded: h) & mask
        while slots[s] >= 0 { s = (s + 1) & mask }
        slots[s] = index
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = Array(repeating: -1, count: size)
        mask = size - 1
        for i in 0..<values.count {
            let h = store.withUnsafeBytes { KeyTable.hash(UnsafeRawBufferPointer(rebasing: $0[offsets[i]..<(offsets[i] + Int(lengths[i]))])) }
            place(Int32(i), hash: h)
        }
    }
}
