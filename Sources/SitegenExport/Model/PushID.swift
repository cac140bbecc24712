/// Firebase push ids (`-K25Fj8qrMAtxXG3QCSn`): the first 8 characters are the creation
/// time in milliseconds, base 64 over an ordered alphabet, most significant first.
public enum PushID {
    static let alphabet = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)

    /// The creation time in milliseconds since 1970, or nil when `key` is not a push id.
    public static func milliseconds(_ key: String) -> Int64? {
        let bytes = Array(key.utf8)
        guard bytes.count == 20 else { return nil }
        var value: Int64 = 0
        for c in bytes.prefix(8) {
            guard let digit = alphabet.firstIndex(of: c) else { return nil }
            value = value * 64 + Int64(digit)
        }
        for c in bytes.dropFirst(8) where !alphabet.contains(c) { return nil }
        return value
    }

    /// A push id for an entry a repair adds to a pushed list (`<pushId>: <id>`), made as
    /// the app's `push()` makes them: its time `milliseconds` (one after the list's newest,
    /// so it sorts last), its 12 random characters taken from `seed` (the entry's path), so
    /// the same repair names the same key on every run.
    public static func make(milliseconds: Int64, seed: String) -> String {
        var out = [UInt8](repeating: 0, count: 20)
        var time = max(0, milliseconds)
        for i in stride(from: 7, through: 0, by: -1) {
            out[i] = alphabet[Int(time % 64)]
            time /= 64
        }
        let hash = ContentHash(seed)
        var bits = hash.high, more = hash.low
        for i in 8..<20 {
            out[i] = alphabet[Int(bits & 63)]
            bits = (bits >> 6) | (more << 58)
            more >>= 6
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The newest time among the push ids keying `list`'s entries, if any is one.
    static func newest(in list: Int32, _ doc: JSONDocument) -> Int64? {
        var newest: Int64?
        guard doc.isObject(list) else { return nil }
        doc.forEachEntry(list) { entry in
            if let t = milliseconds(doc.key(entry)), t > newest ?? -1 { newest = t }
        }
        return newest
    }
}
