/// Finds the line a key is written on in a TOML text, for error messages: TOMLKit's
/// tables do not keep source positions. It reads only what a config file uses: table
/// headers (`[schema.nodes]`), `key = value` lines (keys bare, quoted or dotted) and
/// comments; a multi-line string's inner lines could mislead it, which costs only the
/// line number in a message.
struct TOMLKeyLocator {
    /// Each line's table path and, for a `key = …` line, the key's full path.
    private var entries: [(line: Int, path: [String], isHeader: Bool)] = []

    init(text: String) {
        var table: [String] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                let inner = line.drop { $0 == "[" }.prefix { $0 != "]" }
                table = TOMLKeyLocator.keyPath(inner)
                entries.append((index + 1, table, true))
            } else if let equals = line.firstIndex(of: "=") {
                entries.append((index + 1, table + TOMLKeyLocator.keyPath(line[..<equals]), false))
            }
        }
    }

    /// The line of `path` (a key or a table), or of the first key inside it; nil if absent.
    func line(of path: [String]) -> Int? {
        entries.first { $0.path == path }?.line
            ?? entries.first { $0.path.starts(with: path) }?.line
    }

    /// `a."b c".d` → `["a", "b c", "d"]`.
    static func keyPath(_ text: Substring) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for c in text {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "." {
                parts.append(current.trimmingSpaces())
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current.trimmingSpaces())
        return parts
    }
}

private extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
