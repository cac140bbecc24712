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

    // MARK: - Titles and meta tags

    /// The most characters of a page's title (`pageTitle`: `<title>`, `og:title`).
    static let titleLimit = 100
    /// The most characters of a page's description (`description`, `og:description`), as
    /// search results and link previews show them (Google cuts near 160, Mastodon at 200).
    static let descriptionLimit = 200

    /// Text for a plain-text context where HTML cannot isolate it with `<bdi>`: a page's
    /// `<title>` and the `content` of its meta tags. The one function every title and
    /// description goes through (`common`).
    ///
    /// - Bidi embeddings and overrides (U+202A–U+202E: LRE, RLE, PDF, LRO, RLO) are dropped:
    ///   a name's RLO would otherwise turn the rest of the title ("· Site") around.
    /// - Isolates (U+2066–U+2068: LRI, RLI, FSI) are kept only with their U+2069 (PDI) after
    ///   them: a balanced pair changes nothing outside it (sitegen's own, around a handle in a
    ///   right-to-left site, stay); an unclosed one or a stray PDI is dropped.
    /// - Marks (U+200E LRM, U+200F RLM, U+061C ALM) are kept: each is one strong letter
    ///   with no extent, reordering no more than a letter of its script would, and Arabic
    ///   and Hebrew names use them.
    /// - At most `limit` characters: a longer text is cut at the last space that leaves at
    ///   least half of it (at `limit` - 1 characters when there is none: a name or a CJK text
    ///   without spaces), its trailing spaces dropped, and ends with "…". Characters are
    ///   grapheme clusters: an emoji sequence or a letter with its marks is never split. Only
    ///   the start of a long text is read.
    static func metaText(_ text: String, limit: Int) -> String {
        var kept: [Character] = []
        var cut = false
        scan: for c in text {
            let piece = c.unicodeScalars.contains(where: isEmbedding)
                ? String(String.UnicodeScalarView(c.unicodeScalars.filter { !isEmbedding($0) })) : String(c)
            for c in piece {
                if kept.count == limit {
                    cut = true
                    break scan
                }
                kept.append(c)
            }
        }
        if cut {
            let room = limit - 1
            var end = room
            if !kept[room].isWhitespace, let space = kept[..<room].lastIndex(where: \.isWhitespace), space >= room / 2 {
                end = space
            }
            while end > 0 && kept[end - 1].isWhitespace { end -= 1 }
            kept.removeSubrange(end...)
            kept.append("…")
        }
        return balancingIsolates(String(kept))
    }

    /// `name` with no bidi embedding or override, and its isolates balanced
    /// (`metaText` without the cut): for a name filled into a sentence, which it then
    /// cannot turn around.
    static func bidiSafe(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: { isEmbedding($0) || isIsolate($0) }) else { return name }
        return balancingIsolates(String(String.UnicodeScalarView(name.unicodeScalars.filter { !isEmbedding($0) })))
    }

    /// LRE, RLE, PDF, LRO, RLO.
    static func isEmbedding(_ c: Unicode.Scalar) -> Bool { (0x202A...0x202E).contains(c.value) }
    /// LRI, RLI, FSI, PDI.
    static func isIsolate(_ c: Unicode.Scalar) -> Bool { (0x2066...0x2069).contains(c.value) }

    /// `text` without the isolate openers that no PDI closes and the PDIs that close none.
    private static func balancingIsolates(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isIsolate) else { return text }
        let scalars = Array(text.unicodeScalars)
        var drop = Set<Int>()
        var open: [Int] = []
        for (i, c) in scalars.enumerated() {
            switch c.value {
            case 0x2066...0x2068: open.append(i)
            case 0x2069: if open.popLast() == nil { drop.insert(i) }
            default: break
            }
        }
        drop.formUnion(open)
        var out = String.UnicodeScalarView()
        for (i, c) in scalars.enumerated() where !drop.contains(i) { out.append(c) }
        return String(out)
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

    /// Civil date of a time in milliseconds since 1970 (`CivilDate`).
    static func civil(_ milliseconds: Int64) -> (year: Int, month: Int, day: Int, seconds: Int) {
        CivilDate.of(seconds: Int(milliseconds.dividedFloor(1000)))
    }

    static func iso8601(_ milliseconds: Int64) -> String {
        let c = civil(milliseconds)
        let h = c.seconds / 3600, m = c.seconds / 60 % 60, s = c.seconds % 60
        return "\(String(c.year).leftPadded(4))-\(String(c.month).leftPadded(2))-\(String(c.day).leftPadded(2))T"
            + "\(String(h).leftPadded(2)):\(String(m).leftPadded(2)):\(String(s).leftPadded(2))Z"
    }

}
