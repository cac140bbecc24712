/// A hash table from byte strings (JSON keys, uids, push ids) to small integers,
/// with its own copy of the keys: lookups take raw bytes, so the hot paths of the
/// loader and validator make no `String`s. Open addressing over 48-byte slots that
/// hold keys of up to 32 bytes inline (uids are 28, push ids 20), so a lookup costs
/// one cache miss, not three; longer keys live in a side store.
package struct KeyTable {
    private struct Slot {
        /// The hash's high half with the low bit set; 0 marks an empty slot.
        var tag: UInt32 = 0
        var length: Int32 = 0
        var value: Int32 = 0
        var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0
    }
    static let inlineLimit = 32

    private var slots: [Slot]
    private var mask: Int
    private(set) var count = 0
    /// Keys longer than `inlineLimit` (their slot's `w0` is the offset here).
    private var longKeys: [UInt8] = []

    init(capacity: Int = 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: Slot(), count: size)
        mask = size - 1
    }

    @inline(__always) package static func hash(_ p: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(p.count)
        var i = 0
        let n = p.count
        while i + 8 <= n {
            let w = p.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            h = (h ^ w) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        }
        // Every input bit reaches the low bits the slots use.
        return WordHashing.finalize(h ^ WordHashing.tail(p, from: i))
    }

    @inline(__always) package static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer?, _ n: Int) -> Bool {
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

    /// The slot holding `key`, or the empty slot where it would go, and whether it is there.
    @inline(__always) private func find(_ key: UnsafeRawBufferPointer, hash h: UInt64) -> (slot: Int, found: Bool) {
        let tag = UInt32(truncatingIfNeeded: h >> 32) | 1
        var s = Int(truncatingIfNeeded: h) & mask
        let n = key.count
        return slots.withUnsafeBufferPointer { slots in
            while true {
                let slot = slots[s]
                if slot.tag == 0 { return (s, false) }
                if slot.tag == tag && Int(slot.length) == n && matches(slot, key) { return (s, true) }
                s = (s + 1) & mask
            }
        }
    }

    @inline(__always) private func matches(_ slot: Slot, _ key: UnsafeRawBufferPointer) -> Bool {
        let n = key.count
        if n > KeyTable.inlineLimit {
            return longKeys.withUnsafeBytes { KeyTable.equal($0.baseAddress! + Int(slot.w0), key.baseAddress, n) }
        }
        var words = (slot.w0, slot.w1, slot.w2, slot.w3)
        return withUnsafeBytes(of: &words) { KeyTable.equal($0.baseAddress!, key.baseAddress, n) }
    }

    /// The value stored for `key`, or nil.
    @inline(__always) func lookup(_ key: UnsafeRawBufferPointer) -> Int32? {
        let (s, found) = find(key, hash: KeyTable.hash(key))
        return found ? slots[s].value : nil
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
        var (s, found) = find(key, hash: h)
        if found { return slots[s].value }
        if (count + 1) * 2 > slots.count {
            grow()
            s = find(key, hash: h).slot
        }
        var slot = Slot(tag: UInt32(truncatingIfNeeded: h >> 32) | 1, length: Int32(key.count), value: value)
        if key.count > KeyTable.inlineLimit {
            slot.w0 = UInt64(longKeys.count)
            longKeys.append(contentsOf: key)
        } else {
            var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: key) }
            (slot.w0, slot.w1, slot.w2, slot.w3) = words
        }
        slots[s] = slot
        count += 1
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
        let (s, found) = k.withUTF8 { buf in
            let raw = UnsafeRawBufferPointer(buf)
            return find(raw, hash: KeyTable.hash(raw))
        }
        if found { slots[s].value = value }
    }

    /// Doubles the slots; tags keep the hash's high half, so only the low half is
    /// recomputed from the key.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        mask = slots.count - 1
        for slot in old where slot.tag != 0 {
            var words = (slot.w0, slot.w1, slot.w2, slot.w3)
            let h: UInt64 = slot.length > Int32(KeyTable.inlineLimit)
                ? longKeys.withUnsafeBytes { KeyTable.hash(UnsafeRawBufferPointer(rebasing: $0[Int(slot.w0)..<(Int(slot.w0) + Int(slot.length))])) }
                : withUnsafeBytes(of: &words) { KeyTable.hash(UnsafeRawBufferPointer(rebasing: $0[0..<Int(slot.length)])) }
            var s = Int(truncatingIfNeeded: h) & mask
            while slots[s].tag != 0 { s = (s + 1) & mask }
            slots[s] = slot
        }
    }
}
