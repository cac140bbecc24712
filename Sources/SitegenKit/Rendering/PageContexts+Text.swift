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

    /// Markdown reduced to its words, for alt text and descriptions: emphasis marks,
    /// headings and quotes dropped, `[text](url)` kept as its text, white space folded.
    static func plainText(_ markdown: String) -> String {
        var out = String.UnicodeScalarView()
        var lastSpace = true
        var skippingURL = false
        var previous: UnicodeScalar = " "
        for ch in markdown.unicodeScalars {
            defer { previous = ch }
            if skippingURL {
                if ch == ")" { skippingURL = false }
                continue
            }
            switch ch {
            case " ", "\n", "\r", "\t":
                if !lastSpace { out.append(" ") }
                lastSpace = true
            case "(" where previous == "]":
                skippingURL = true
            case "*", "`", "~", ">", "[", "]", "|":
                continue
            case "#" where lastSpace && !out.isEmpty == false:
                continue
            default:
                out.append(ch)
                lastSpace = false
            }
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

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                         "September", "October", "November", "December"]

    static func dateText(_ milliseconds: Int64) -> String {
        let c = civil(milliseconds)
        return "\(months[c.month - 1]) \(c.day), \(c.year)"
    }
}

extension BinaryInteger {
    func dividedFloor(_ d: Self) -> Self {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
