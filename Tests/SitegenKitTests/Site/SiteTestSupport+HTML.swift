import Foundation

/// A small, forgiving HTML/XML tag reader for the safety and link checks: it finds every
/// start tag the way a browser's tokenizer would (quoted and unquoted attribute values,
/// comments and doctypes skipped, script/style content skipped), so text such as
/// `&lt;img onerror=…&gt;` or an escaped quote inside an attribute is never mistaken for markup.
enum HTMLScan {
    struct Attribute {
        var name: String  // lower-cased
        var value: String?  // entity-decoded
        var raw: String?  // as written
    }

    struct Tag {
        var name: String  // lower-cased
        var attributes: [Attribute]
        var raw: String  // from `<` to `>`

        func values(_ name: String) -> [String] { attributes.filter { $0.name == name }.compactMap(\.value) }
    }

    static func tags(in text: String) -> [Tag] {
        let s = Array(text.utf8)
        var tags: [Tag] = []
        var i = 0
        func starts(_ prefix: String, at k: Int) -> Bool {
            let p = Array(prefix.utf8)
            guard k + p.count <= s.count else { return false }
            for j in 0..<p.count where lower(s[k + j]) != p[j] { return false }
            return true
        }
        func skip(past terminator: String, from k: Int) -> Int {
            var k = k
            while k < s.count && !starts(terminator, at: k) { k += 1 }
            return min(s.count, k + terminator.utf8.count)
        }
        while i < s.count {
            guard s[i] == UInt8(ascii: "<"), i + 1 < s.count else { i += 1; continue }
            let start = i
            let next = s[i + 1]
            if starts("<!--", at: i) { i = skip(past: "-->", from: i + 4); continue }
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") || next == UInt8(ascii: "/") {
                i = skip(past: ">", from: i + 1); continue
            }
            guard isLetter(next) else { i += 1; continue }
            var k = i + 1
            while k < s.count && !isSpace(s[k]) && s[k] != UInt8(ascii: ">") && s[k] != UInt8(ascii: "/") { k += 1 }
            let name = string(s[(i + 1)..<k]).lowercased()
            var attributes: [Attribute] = []
            while k < s.count {
                while k < s.count && (isSpace(s[k]) || s[k] == UInt8(ascii: "/")) { k += 1 }
                if k >= s.count || s[k] == UInt8(ascii: ">") { break }
                let nameStart = k
                k += 1  // a leading '=' belongs to the name, as in the HTML tokenizer
                while k < s.count && !isSpace(s[k]) && s[k] != UInt8(ascii: "=") && s[k] != UInt8(ascii: ">")
                    && s[k] != UInt8(ascii: "/") { k += 1 }
                let attrName = string(s[nameStart..<k]).lowercased()
                var j = k
                while j < s.count && isSpace(s[j]) { j += 1 }
                guard j < s.count, s[j] == UInt8(ascii: "=") else {
                    attributes.append(Attribute(name: attrName, value: nil, raw: nil))
                    continue
                }
                j += 1
                while j < s.count && isSpace(s[j]) { j += 1 }
                var raw = ""
                if j < s.count, s[j] == UInt8(ascii: "\"") || s[j] == UInt8(ascii: "'") {
                    let quote = s[j]
                    var e = j + 1
                    while e < s.count && s[e] != quote { e += 1 }
                    raw = string(s[(j + 1)..<min(e, s.count)])
                    k = min(s.count, e + 1)
                } else {
                    var e = j
                    while e < s.count && !isSpace(s[e]) && s[e] != UInt8(ascii: ">") { e += 1 }
                    raw = string(s[j..<e])
                    k = e
                }
                attributes.append(Attribute(name: attrName, value: decodeEntities(raw), raw: raw))
            }
            let end = min(s.count, k + 1)
            tags.append(Tag(name: name, attributes: attributes, raw: string(s[start..<end])))
            i = end
            if name == "script" || name == "style" || name == "textarea" || name == "title" || name == "xmp" {
                i = skip(past: "</" + name, from: i)  // raw text: no tags inside
            }
        }
        return tags
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#39;` `&#106;` `&#x6A;` and the named
    /// entities used to smuggle schemes (`&colon;` `&Tab;` `&NewLine;`).
    static func decodeEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
                                       "colon": ":", "tab": "\t", "newline": "\n", "sol": "/", "lpar": "(", "rpar": ")"]
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[rest.index(after: amp)...]
            let body = rest.prefix { $0.isLetter || $0.isNumber || $0 == "#" }
            var replacement: String?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                replacement = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if body.hasPrefix("#") {
                replacement = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else {
                replacement = named[body.lowercased()]
            }
            if let replacement {
                out += replacement
                rest = rest.dropFirst(body.count)
                if rest.first == ";" { rest = rest.dropFirst() }
            } else {
                out += "&"
            }
        }
        return out + rest
    }

    /// The scheme a browser would see in a URL attribute: leading controls and spaces
    /// dropped, tabs and newlines removed anywhere, lower-cased; nil for a relative URL.
    static func scheme(_ url: String) -> String? {
        let cleaned = String(String.UnicodeScalarView(url.unicodeScalars
            .drop { $0.value <= 0x20 }
            .filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })).lowercased()
        guard let colon = cleaned.firstIndex(of: ":") else { return nil }
        let name = cleaned[..<colon]
        guard let first = name.first, first.isASCII, first.isLetter,
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return String(name)
    }

    /// Attributes that hold a URL a browser may load or navigate to.
    static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "poster", "background", "cite",
                                             "data", "srcset", "xlink:href", "ping", "manifest", "icon", "longdesc"]

    /// Every `href="…"` and `src="…"` value, as a simple regex sees them (the link check
    /// reads the values exactly as written, then entity-decodes them).
    static func linkValues(in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"\b(?:href|src)="([^"]*)""#)
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map {
            decodeEntities(ns.substring(with: $0.range(at: 1)))
        }
    }

    private static func lower(_ b: UInt8) -> UInt8 { b >= 65 && b <= 90 ? b | 0x20 : b }
    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 97 && (b | 0x20) <= 122 }
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }
    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}

extension SiteTest {
    /// Resolves a link found in the page at `page` (relative to the site root) the way a
    /// browser and a static file server would: fragment and query dropped, percent-decoded,
    /// `..` applied, a folder URL served as its `index.html`, a `/…` URL from the site root.
    /// `decode: false` resolves the path exactly as written (to tell a file that exists under
    /// its encoded name from one that does not exist at all).
    enum Resolved: Equatable {
        case external
        case samePage
        case file(String)
        case invalid(String)
    }

    static func resolve(_ link: String, from page: String, decode: Bool = true) -> Resolved {
        if let scheme = HTMLScan.scheme(link) {
            return ["http", "https", "mailto"].contains(scheme) ? .external : .invalid("scheme \(scheme):")
        }
        if link.hasPrefix("//") { return .invalid("protocol-relative URL") }
        var url = Substring(link)
        if let hash = url.firstIndex(of: "#") { url = url[..<hash] }
        if let query = url.firstIndex(of: "?") { url = url[..<query] }
        if url.isEmpty { return .samePage }
        guard let decoded = decode ? String(url).removingPercentEncoding : String(url) else {
            return .invalid("bad percent-encoding")
        }
        var parts: [Substring] = []
        let fromRoot = decoded.hasPrefix("/")
        if !fromRoot {
            parts = Array(page.split(separator: "/", omittingEmptySubsequences: false).dropLast())
        }
        var isFolder = false
        for segment in decoded.split(separator: "/", omittingEmptySubsequences: false) {
            isFolder = segment.isEmpty || segment == "." || segment == ".."
            if segment == ".." {
                guard !parts.isEmpty else { return .invalid("climbs above the site root") }
                parts.removeLast()
            } else if !isFolder {
                parts.append(segment)
            }
        }
        if isFolder || parts.isEmpty { parts.append("index.html") }
        return .file(parts.joined(separator: "/"))
    }
}
