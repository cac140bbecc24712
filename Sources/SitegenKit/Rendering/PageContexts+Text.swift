import SitegenExport
/// Small text helpers for page contexts: no Foundation date formatters on the hot path.
extension PageContexts {
    static func initial(_ username: String) -> String {
        guard let first = username.first(where: { $0.isLetter || $0.isNumber }) else { return "?" }
        return String(first).uppercased()
    }

    /// A stable hue for a user's avatar circle.
    static func hue(_ uid: String) -> Int {
        Int(ContentHash(uid).low % 360)
    }

    /// Markdown reduced to its words, for alt text and descriptions: emphasis marks (`*`,
    /// `_` at the edges of a word, `~`, `` ` ``), headings, quotes and image marks dropped,
    /// `[text](url)` kept as its text, backslash escapes resolved, white space folded.
    /// (`_weekend_ #friends **snow**` → `weekend #friends snow`; `snake_case` keeps its `_`.)
    static func plainText(_ markdown: String) -> String {
        let scalars = Array(markdown.unicodeScalars)
        var out = String.UnicodeScalarView()
        var lastSpace = true
        var skippingURL = false
        func isSpace(_ c: UnicodeScalar?) -> Bool {
            guard let c else { return true }
            return c == " " || c == "\n" || c == "\r" || c == "\t"
        }
        func isPunctuation(_ c: UnicodeScalar) -> Bool {
            switch c.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol: return true
            default: return false
            }
        }
        func isWordEdge(_ c: UnicodeScalar?) -> Bool {
            guard let c else { return true }
            return isSpace(c) || isPunctuation(c)
        }
        var i = 0
        while i < scalars.count {
            let ch = scalars[i]
            let previous: UnicodeScalar? = i > 0 ? scalars[i - 1] : nil
            let next: UnicodeScalar? = i + 1 < scalars.count ? scalars[i + 1] : nil
            i += 1
            if skippingURL {
                if ch == ")" { skippingURL = false }
                continue
            }
            switch ch {
            case " ", "\n", "\r", "\t":
                if !lastSpace { out.append(" ") }
                lastSpace = true
                continue
            case "(" where previous == "]":
                skippingURL = true
                continue
            case "\\" where next.map { $0.isASCII && isPunctuation($0) } == true:
                out.append(next!)
                lastSpace = false
                i += 1
                continue
            case "*", "`", "~", ">", "[", "]", "|":
                continue
            case "!" where next == "[":
                continue
            // `_` opening or closing emphasis (at a word's edge), not inside a word.
            case "_" where isWordEdge(previous) || isWordEdge(next):
                continue
            // A heading's marks at the start.
            case "#" where out.isEmpty && (next == "#" || isSpace(next)):
                continue
            default:
                break
            }
            out.append(ch)
            lastSpace = false
        }
        var text = String(out)
        while text.last == " " { text.removeLast() }
        return text
    }

    /// `https://chase.example/` shown as `chase.example`.
    static func displayURL(_ url: String) -> String {
        var s = Substring(url)
        for prefix in ["https://", "http://", "mailto:"] where s.lowercased().hasPrefix(prefix) {
            s = s.dropFirst(prefix.count)
            break
        }
        if s.hasPrefix("www.") { s = s.dropFirst(4) }
        if s.hasSuffix("/") { s = s.dropLast() }
        return String(s)
    }

    /// `s` escaped for a double- or single-quoted attribute (and for text).
    static func attribute(_ s: String) -> String {
        // Most values (paths, names, dates) need nothing: hand them back uncopied.
        guard s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 16)
        for byte in s.utf8 {
            switch byte {
            case 0x26: out.append(contentsOf: "&amp;".utf8)
            case 0x3C: out.append(contentsOf: "&lt;".utf8)
            case 0x3E: out.append(contentsOf: "&gt;".utf8)
            case 0x22: out.append(contentsOf: "&quot;".utf8)
            case 0x27: out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Civil date from days since 1970 (Howard Hinnant's algorithm).
    static func civil(_ milliseconds: Int64) -> (year: Int, month: Int, day: Int, seconds: Int) {
        let totalSeconds = Int(milliseconds.dividedFloor(1000))
        let days = totalSeconds.dividedFloor(86_400)
        let secondsOfDay = totalSeconds - days * 86_400
        let z = days + 719_468
        let era = z.dividedFloor(146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, secondsOfDay)
    }

    static func iso8601(_ milliseconds: Int64) -> String {
        let c = civil(milliseconds)
        let h = c.seconds / 3600, m = c.seconds / 60 % 60, s = c.seconds % 60
        return "\(String(c.year).leftPadded(4))-\(String(c.month).leftPadded(2))-\(String(c.day).leftPadded(2))T"
            + "\(String(h).leftPadded(2)):\(String(m).leftPadded(2)):\(String(s).leftPadded(2))Z"
    }

}

extension BinaryInteger {
    func dividedFloor(_ d: Self) -> Self {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
