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
}
