import Foundation
import SitegenExport

/// A user's id as the site shows it (users.json, the search index, the feed's id, the
/// "profile …" that tells two same-named people apart): the export's key, unless the key
/// is what reaches the person off the site, an email address or a phone number (apps that
/// key users by email: docs/site.md, "Keys that reach a person are not published"); then a stand-in made
/// from the key's hash, the same on every build.
enum PublicID {
    static func of(_ uid: String) -> String {
        isContact(uid) ? "u" + String(ContentHash(uid).description.prefix(16)) : uid
    }

    /// Whether a URL the site would publish for the user keyed `key` holds that key where
    /// it reaches the person (a Storage path named by the Base64 of the email:
    /// `images%2Fprofile%2F<key>.jpg`), as it is or percent-encoded: then it is not
    /// published (the profile shows the initial).
    static func holdsContact(_ url: String, key: String) -> Bool {
        guard isContact(key) else { return false }
        let encoded = key.replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "/", with: "%2F")
            .replacingOccurrences(of: "=", with: "%3D").replacingOccurrences(of: "@", with: "%40")
        return url.contains(key) || url.contains(encoded)
    }

    /// An email address (text, `@`, a domain with a dot: as the export holds it, the dot
    /// may be percent-encoded, `%2E`, or written `,` or `_` as apps that key the Realtime
    /// Database by email do, since a key may not hold `.`), a phone number in international
    /// form (`+` and 7 to 15 digits), or either of them in Base64 (the Android courses'
    /// `Base64.encodeToString(email)` keys, standard or URL-safe, padded or not).
    static func isContact(_ key: String) -> Bool {
        if isPlainContact(Array(key.utf8)) { return true }
        // Printable ASCII throughout, as an address is: a random id's bytes are not.
        guard let decoded = base64Decoded(key), decoded.allSatisfy({ (0x21...0x7E).contains($0) }) else { return false }
        return isPlainContact(decoded)
    }

    private static func isPlainContact(_ bytes: [UInt8]) -> Bool {
        if let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0, at < bytes.count - 1 {
            let domain = String(decoding: bytes[(at + 1)...], as: UTF8.self)
            return domain.contains(".") || domain.contains(",") || domain.contains("_") || domain.uppercased().contains("%2E")
        }
        guard bytes.first == UInt8(ascii: "+"), (8...16).contains(bytes.count) else { return false }
        return bytes.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The bytes `key` stands for in Base64, where all of it is Base64 (at least 8
    /// characters: an email or phone number is longer than 5 bytes).
    private static func base64Decoded(_ key: String) -> [UInt8]? {
        var text = ""
        text.reserveCapacity(key.utf8.count + 3)
        for c in key.unicodeScalars {
            switch c {
            case "A"..."Z", "a"..."z", "0"..."9", "+", "/", "=": text.unicodeScalars.append(c)
            case "-": text += "+"
            case "_": text += "/"
            default: return nil
            }
        }
        guard text.count >= 8 else { return nil }
        while text.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text).map { [UInt8]($0) }
    }
}
