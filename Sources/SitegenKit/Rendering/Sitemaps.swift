/// How the sitemap is split to follow the protocol (sitemaps.org): at most 50,000 URLs and
/// 50 MB a file. A site within one file has `sitemap.xml` as a `<urlset>`, as always; a
/// larger one has `sitemap-1.xml`, `sitemap-2.xml`, … and `sitemap.xml` is the
/// `<sitemapindex>` that lists them.
enum Sitemaps {
    /// The protocol's limits of one sitemap file.
    static let maxURLs = 50_000
    static let maxBytes = 50_000_000
    /// What a file holds besides its `<url>` lines (the XML declaration, `<urlset …>`), with room to spare.
    static let frame = 200
    /// What a `<url><loc></loc></url>` line adds to its location.
    static let perURL = "<url><loc></loc></url>\n".utf8.count

    /// The ranges of `locations` (unescaped) that each file holds, in order: one range when
    /// all fit one file (also when there are none), else as many files as the limits need.
    static func parts<Locations: Sequence<String>>(_ locations: Locations, maxURLs: Int = maxURLs, maxBytes: Int = maxBytes) -> [Range<Int>] {
        parts(sizes: locations.map { Int32(escapedSize($0)) }, maxURLs: maxURLs, maxBytes: maxBytes)
    }

    /// `parts` of locations whose escaped sizes are `sizes` (measured on every core: on one,
    /// making every location showed in a rebuild; docs/performance.md, "Rendering").
    static func parts(sizes: [Int32], maxURLs: Int = maxURLs, maxBytes: Int = maxBytes) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = 0
        var bytes = frame
        var count = 0
        for (i, escaped) in sizes.enumerated() {
            count += 1
            let size = Int(escaped) + perURL
            if i > start && (i - start >= maxURLs || bytes + size > maxBytes) {
                parts.append(start..<i)
                start = i
                bytes = frame
            }
            bytes += size
        }
        parts.append(start..<count)
        return parts
    }

    /// The file name of part `n` (from 1) of a sitemap in several files.
    static func fileName(_ n: Int) -> String { "sitemap-\(n).xml" }

    /// The size of `text` as the template writes it (`{{loc}}`: `& < > " '` escaped).
    static func escapedSize(_ text: String) -> Int {
        var size = 0
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "&"): size += 5
            case UInt8(ascii: "<"), UInt8(ascii: ">"): size += 4
            case UInt8(ascii: "\""), UInt8(ascii: "'"): size += 6
            default: size += 1
            }
        }
        return size
    }
}
