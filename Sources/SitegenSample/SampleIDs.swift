#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fixed-width ASCII ids (auth uids, uuids, push ids) stored back to back, so that
/// the writer copies them without any String in between.
final class IDTable {
    let width: Int
    private(set) var count: Int
    private var storage: UnsafeMutablePointer<UInt8>

    init(width: Int, count: Int) {
        self.width = width
        self.count = count
        storage = .allocate(capacity: max(width * count, 1))
        storage.initialize(repeating: 0x30, count: max(width * count, 1))
    }

    deinit { storage.deallocate() }

    @inline(__always)
    subscript(i: Int) -> UnsafeMutablePointer<UInt8> { storage + i * width }

    func string(_ i: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: self[i], count: width), as: UTF8.self)
    }

    /// Byte-wise comparison: Firebase's order for keys that are not integers.
    @inline(__always)
    func less(_ a: Int, _ b: Int) -> Bool { memcmp(self[a], self[b], width) < 0 }

    /// Reorders the ids into ascending byte order.
    func sort() {
        // The first 8 bytes, big-endian, order like the bytes themselves: compare those first.
        var prefix = [UInt64](repeating: 0, count: count)
        for i in 0..<count {
            var k: UInt64 = 0
            for j in 0..<min(8, width) { k = k << 8 | UInt64(self[i][j]) }
            prefix[i] = k << (8 * UInt64(8 - min(8, width)))
        }
        var order = Array(0..<count)
        order.sort { prefix[$0] != prefix[$1] ? prefix[$0] < prefix[$1] : less($0, $1) }
        let sorted = UnsafeMutablePointer<UInt8>.allocate(capacity: max(width * count, 1))
        for (to, from) in order.enumerated() { (sorted + to * width).update(from: self[from], count: width) }
        storage.deallocate()
        storage = sorted
    }
}

enum SampleIDs {
    /// Firebase's push id alphabet, in ASCII order.
    static let pushAlphabet: [UInt8] = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)
    /// Firebase Auth uids: 28 characters of [0-9A-Za-z] (ASCII order).
    static let uidAlphabet: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    static let pushWidth = 20
    static let uidWidth = 28
    static let uuidWidth = 36

    /// A push id: 8 characters of milliseconds, most significant first, then 12 random ones.
    static func writePushID(into p: UnsafeMutablePointer<UInt8>, millis: Int64, rng: inout SampleRandom) {
        var t = millis
        for i in stride(from: 7, through: 0, by: -1) {
            p[i] = pushAlphabet[Int(t & 63)]
            t >>= 6
        }
        var r = rng.next()
        for i in 8..<20 {
            p[i] = pushAlphabet[Int(r & 63)]
            r >>= 6
        }
    }

    /// The milliseconds a push id's first 8 characters encode (nil if not a push id).
    static func pushIDMillis<S: Sequence>(_ id: S) -> Int64? where S.Element == UInt8 {
        var t: Int64 = 0
        var n = 0
        for c in id {
            if n == 8 { break }
            guard let v = pushAlphabet.firstIndex(of: c) else { return nil }
            t = t << 6 | Int64(v)
            n += 1
        }
        return n == 8 ? t : nil
    }

    static func writeAuthUID(into p: UnsafeMutablePointer<UInt8>, rng: inout SampleRandom) {
        for i in 0..<uidWidth { p[i] = uidAlphabet[rng.below(62)] }
    }

    /// A lowercase version-4 uuid (`17c014cb-5cc1-4884-977b-471482d9e484`).
    static func writeUUID(into p: UnsafeMutablePointer<UInt8>, rng: inout SampleRandom) {
        var a = rng.next(), b = rng.next()
        var j = 0
        for i in 0..<36 {
            switch i {
            case 8, 13, 18, 23: p[i] = 0x2D; continue
            case 14: p[i] = 0x34; continue // version 4
            default: break
            }
            var nibble: Int
            if j < 16 { nibble = Int(a & 15); a >>= 4 } else { nibble = Int(b & 15); b >>= 4 }
            if i == 19 { nibble = 8 | (nibble & 3) } // variant 10xx
            p[i] = hex[nibble]
            j += 1
        }
    }

    /// Creates `count` distinct sorted ids with `make`; duplicates are redrawn.
    static func makeSortedTable(width: Int, count: Int, rng: inout SampleRandom,
                                make: (UnsafeMutablePointer<UInt8>, inout SampleRandom) -> Void) -> IDTable {
        let table = IDTable(width: width, count: count)
        for i in 0..<count { make(table[i], &rng) }
        table.sort()
        // Astronomically rare, but must never produce a duplicate key.
        var i = 1
        while i < count {
            if memcmp(table[i - 1], table[i], width) == 0 {
                make(table[i], &rng)
                table.sort()
                i = 1
            } else {
                i += 1
            }
        }
        return table
    }
}

extension JSONWriter {
    /// `seconds.micros` as Firebase clients write `Date().timeIntervalSince1970`
    /// (e.g. `1490119356.786182`), trailing zeros trimmed.
    func secondsWithMicros(_ micros: Int64) {
        int(Int(micros / 1_000_000))
        var frac = Int(micros % 1_000_000)
        if frac == 0 { return }
        byte(0x2E)
        var digits = 6
        while frac % 10 == 0 { frac /= 10; digits -= 1 }
        var buf: [UInt8] = [0, 0, 0, 0, 0, 0]
        for i in stride(from: digits - 1, through: 0, by: -1) {
            buf[i] = 0x30 + UInt8(frac % 10)
            frac /= 10
        }
        buf.withUnsafeBufferPointer { raw($0.baseAddress!, digits) }
    }
}

extension SampleIDs {
    /// How many deleted accounts ("ghosts") a faulty export keeps references to.
    static func ghostCount(_ options: SampleOptions) -> Int {
        let f = options.faultRate
        return f > 0 ? max(2, Int((Double(options.users) * f).rounded(.up))) : 0
    }

    /// Picks `ghosts` of `count` ids as deleted: which are live, and the two lists.
    static func pickGhosts(_ ghosts: Int, of count: Int, rng: inout SampleRandom) -> (isLive: [Bool], live: [Int32], ghosts: [Int32]) {
        var isLive = [Bool](repeating: true, count: count)
        if ghosts > 0 {
            var order = Array(0..<count)
            for i in 0..<ghosts { order.swapAt(i, i + rng.below(order.count - i)) }
            for g in order[0..<ghosts] { isLive[g] = false }
        }
        var live: [Int32] = [], dead: [Int32] = []
        for i in 0..<count { if isLive[i] { live.append(Int32(i)) } else { dead.append(Int32(i)) } }
        return (isLive, live, dead)
    }
}
