/// The app's BlurHash of a photo (`blurHash`, https://blurha.sh), as the placeholder its box
/// shows while it loads: the hash's average colour (its DC component, characters 2-5 in
/// base 83, an sRGB colour), the same `--photo` colour a published photo's box shows.
enum BlurHash {
    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = Int8(i) }
        return table
    }()

    /// `#rrggbb`, or nil when `hash` is no well-formed BlurHash (its length must match the
    /// components its first character announces).
    static func averageColour(_ hash: String) -> String? {
        let bytes = Array(hash.utf8)
        guard bytes.count >= 6, bytes.allSatisfy({ $0 < 128 && values[Int($0)] >= 0 }) else { return nil }
        func decode(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 83 + Int(values[Int(bytes[$1])]) } }
        let size = decode(0..<1)
        let (x, y) = (size % 9 + 1, size / 9 + 1)
        guard bytes.count == 4 + 2 * x * y else { return nil }
        let dc = decode(2..<6)
        guard dc < 1 << 24 else { return nil }
        let hex = String(dc, radix: 16)
        return "#" + String(repeating: "0", count: 6 - hex.count) + hex
    }
}
