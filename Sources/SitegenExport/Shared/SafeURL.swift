/// Which URLs the site links to: http, https and mailto only.
package enum SafeURL {
    static func scheme(_ url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return scheme.lowercased()
    }

    /// An `http:` or `https:` URL (scheme in any case) with `//` after the colon and no
    /// space, control character, quote or angle bracket. Read byte by byte: it runs
    /// for every image on every page.
    package static func isHTTP(_ url: String) -> Bool {
        url.utf8.withContiguousStorageIfAvailable(isHTTP) ?? isHTTP(Array(url.utf8))
    }

    private static func isHTTP<Bytes: RandomAccessCollection>(_ b: Bytes) -> Bool where Bytes.Element == UInt8, Bytes.Index == Int {
        if b.contains(where: { $0 < 0x21 || $0 == 0x22 || $0 == 0x3C || $0 == 0x3E }) { return false }
        let s = b.startIndex
        func lower(_ i: Int) -> UInt8 { b[s + i] | 0x20 }
        guard b.count >= 7, lower(0) == 0x68, lower(1) == 0x74, lower(2) == 0x74, lower(3) == 0x70 else { return false }
        var colon = 4
        if lower(4) == 0x73 { colon = 5 }
        return b.count >= colon + 3 && b[s + colon] == 0x3A && b[s + colon + 1] == 0x2F && b[s + colon + 2] == 0x2F
    }

    package static func isLinkable(_ url: String) -> Bool {
        isHTTP(url) || (scheme(url) == "mailto" && !url.unicodeScalars.contains(where: { $0.value < 0x21 }))
    }
}
