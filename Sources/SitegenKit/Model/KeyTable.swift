/// A hash table from byte strings (JSON keys, uids, push ids) to small integers,
/// with its own copy of the keys: lookups take raw bytes, so the hot paths of the
/// loader and validator make no `String`s. Laid out for few cache misses: a slot
/// holds the hash's high half and the entry index; an entry holds where its key is
/// and its value.
struct KeyTable {
    private struct Entry {
        var offset: Int
        var length: Int32
        var value: Int32
    }

    private var store: [UInt8] = []
    private var entries: [Entry] = []
    /// 0: empty; else `hash32 << 32 | (entry index + 1)`.
    private var slots: [UInt64]
    private var mask: Int

    init(capacity: Int = 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    var count: Int { entries.count }

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
        // MurmurHash3's finaliser: every input bit reaches the low bits the slots use.
        h ^= tail
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }

    @inline(__always) static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer?, _ n: Int) -> Bool {
        guard let b else { return n == 0 }
        var i = 0
        while i + 8 <= n {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i += 8
        }
        while i < n {
            if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
            i += 1
        }
        return true
    }

    /// The entry index of `key` (or nil) and the slot where it is or would go.
    @inline(__always) private func find(_ key: UnsafeRawBufferPointer, hash h: UInt64) -> (entry: Int?, slot: Int) {
        let tag = h >> 32
        var s = Int(truncatingIfNeeded: h) & mask
        return store.withUnsafeBytes { storeBytes in
            entries.withUnsafeBufferPointer { entries in
                slots.withUnsafeBufferPointer { slots in
                    while true {
                        let slot = slots[s]
                        if slot == 0 { return (nil, s) }
                        if slot >> 32 == tag {
                            let e = Int(slot & 0xFFFF_FFFF) - 1
                            let entry = entries[e]
                            if Int(entry.length) == key.count
                                && KeyTable.equal(storeBytes.baseAddress! + entry.offset, key.baseAddress, key.count) {
                                return (e, s)
                            }
                        }
                        s = (s + 1) & mask
                    }
                }
            }
        }
    }

    /// The value stored for `key`, or nil.
    @inline(__always) func lookup(_ key: UnsafeRawBufferPointer) -> Int32? {
        guard let e = find(key, hash: KeyTable.hash(key)).entry else { return nil }
        return entries[e].value
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
        let h = KeyTable.hash(key)
        var (existing, slot) = find(key, hash: h)
        if let existing { return entries[existing].value }
        if (entries.count + 1) * 2 > slots.count {
            grow()
            slot = find(key, hash: h).slot
        }
        entries.append(Entry(offset: store.count, length: Int32(key.count), value: value))
        store.append(contentsOf: key)
        slots[slot] = (h >> 32) << 32 | UInt64(entries.count)
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
        let e = k.withUTF8 { buf in
            let raw = UnsafeRawBufferPointer(buf)
            return find(raw, hash: KeyTable.hash(raw)).entry
        }
        if let e { entries[e].value = value }
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        for e in entries.indices {
            let entry = entries[e]
            let h = store.withUnsafeBytes { KeyTable.hash(UnsafeRawBufferPointer(rebasing: $0[entry.offset..<(entry.offset + Int(entry.length))])) }
            var s = Int(truncatingIfNeeded: h) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = (h >> 32) << 32 | UInt64(e + 1)
        }
    }
}
