import SitegenExport
/// Folder names for users: derived from the username, the same on every build,
/// unique after case folding, and safe: only letters, digits, `-` and `_`, so no
/// username (`../../etc`, `a/b`, `.hidden`, `index.html`, `<b>x</b>`) can leave its
/// folder under `u/` or shadow another page.
enum Slugs {
    /// The slug a username asks for, before making it unique.
    static func base(_ username: String) -> String {
        username.utf8.allSatisfy({ $0 < 0x80 }) ? asciiBase(username) : scalarBase(username)
    }

    /// `base`, scalar by scalar: any username.
    static func scalarBase(_ username: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in ExportIndex.fold(username).precomposedStringWithCanonicalMapping.unicodeScalars {
            let p = scalar.properties
            if scalar == "_" || (scalar.isASCII && (p.isAlphabetic || p.numericType != nil)) || (!scalar.isASCII && (p.isAlphabetic || p.generalCategory == .decimalNumber)) {
                if pendingDash && !out.isEmpty { out += "-" }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
            if out.utf8.count >= 80 { break }
        }
        return out.isEmpty ? "user" : out
    }

    /// `base` of an ASCII username, byte by byte: folded, it is lowercased, and normalising
    /// changes nothing; letters, digits and `_` are kept (most usernames: a tenth of the
    /// model's time at 100,000 users went to Unicode's tables).
    static func asciiBase(_ username: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(min(username.utf8.count, 80))
        var pendingDash = false
        for byte in username.utf8 {
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            if lower == UInt8(ascii: "_") || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
                || (lower >= UInt8(ascii: "0") && lower <= UInt8(ascii: "9")) {
                if pendingDash && !out.isEmpty { out.append(UInt8(ascii: "-")) }
                pendingDash = false
                out.append(lower)
            } else {
                pendingDash = true
            }
            if out.count >= 80 { break }
        }
        return out.isEmpty ? "user" : String(decoding: out, as: UTF8.self)
    }

    /// Slugs for `usernames` (in uid key order, so the first user keeps the plain slug),
    /// unique after case folding: later twins get `-2`, `-3`, ….
    static func assign(_ usernames: [String]) -> [String] {
        var taken = Set<String>()
        var result: [String] = []
        result.reserveCapacity(usernames.count)
        // Each username's base on every core (Unicode folding and normalisation are the cost).
        let bases = [String].parallelMap(count: usernames.count) { base(usernames[$0]) }
        for base in bases {
            var slug = base
            var n = 2
            while !taken.insert(slug).inserted {
                slug = "\(base)-\(n)"
                n += 1
            }
            result.append(slug)
        }
        return result
    }

    /// A byte a URL path segment holds as it is (RFC 3986's unreserved characters).
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// A path segment for a URL: UTF-8 percent-encoded except unreserved ASCII.
    static func urlSegment(_ s: String) -> String {
        let unreserved = isUnreserved
        if s.utf8.allSatisfy(unreserved) { return s }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count * 3)
        for byte in s.utf8 {
            if unreserved(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
