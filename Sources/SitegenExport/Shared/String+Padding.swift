extension String {
    /// `self` with `pad` in front up to `width` characters (`"7".leftPadded(2)` is `"07"`).
    package func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
