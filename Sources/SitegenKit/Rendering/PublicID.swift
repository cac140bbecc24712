import SitegenExport

/// A user's id as the site shows it (users.json, the search index, the feed's id, the
/// "profile …" that tells two same-named people apart): the export's key, unless the key
/// is what reaches the person off the site, an email address or a phone number (apps that
/// key users by email: docs/site.md, "What never goes on a site"); then a stand-in made
/// from the key's hash, the same on every build.
enum PublicID {
    static func of(_ uid: String) -> String {
        isContact(uid) ? "u" + String(ContentHash(uid).description.prefix(16)) : uid
    }

    /// An email address (text, `@`, a domain with a dot: as the export holds it, the dot
    /// may be percent-encoded, `%2E`) or a phone number in international form (`+` and 7
    /// to 15 digits).
    static func isContact(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        if let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0, at < bytes.count - 1 {
            let domain = String(decoding: bytes[(at + 1)...], as: UTF8.self)
            return domain.contains(".") || domain.uppercased().contains("%2E")
        }
        guard bytes.first == UInt8(ascii: "+"), (8...16).contains(bytes.count) else { return false }
        return bytes.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
