/// Firestore's names (document ids, collection ids, field names) as keys of the tree, and
/// Firestore's rules for them (docs/firestore.md, "Ids and names").
///
/// A name is its own key where it can be one: not empty, none of the bytes a key refuses
/// (`FirestoreTree.keyRefused`: `.` `$` `#` `[` `]` `/` `%`, control characters, DEL).
/// Any other is percent-encoded: each refused byte as `%XX` (`ana@x.com` is `ana@x%2Ecom`,
/// `%` itself `%25`), the empty name as `%`. The encoding is one-to-one: a key holding a
/// `%` is always an encoded one, and `name(key:)` gives the name back.
enum FirestoreNames {
    /// The key of `name` in the tree.
    static func key(_ name: String) -> String {
        FirestoreTree.isPlainKey(name) ? name : percentEncode(name)
    }

    /// `name` with every byte a key refuses as `%XX`; the empty name is `%`.
    static func percentEncode(_ name: String) -> String {
        if name.isEmpty { return "%" }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count + 8)
        for b in name.utf8 {
            if b < 128 && FirestoreTree.holds(b, of: FirestoreTree.keyRefused) {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(b >> 4)])
                bytes.append(hex[Int(b & 15)])
            } else {
                bytes.append(b)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `ids` as the app writes them and as the tree keys them: a document's id is found
    /// by either spelling, in a field (`ana@x.com`) or as a key (`ana@x%2Ecom`). `ids` may
    /// be either.
    static func bothSpellings(_ ids: some Sequence<String>) -> Set<String> {
        var all = Set<String>()
        for id in ids {
            all.insert(id)
            all.insert(key(id))
            if id.utf8.contains(UInt8(ascii: "%")) { all.insert(name(key: id)) }
        }
        return all
    }

    /// The name a key of the tree stands for: the key itself unless it holds a `%`.
    static func name(key: some StringProtocol) -> String {
        guard key.utf8.contains(UInt8(ascii: "%")) else { return String(key) }
        if key == "%" { return "" }
        var out: [UInt8] = []
        var bytes = key.utf8.makeIterator()
        func digit(_ b: UInt8?) -> UInt8? {
            switch b {
            case let b? where b >= 0x30 && b <= 0x39: return b - 0x30
            case let b? where b >= 0x41 && b <= 0x46: return b - 0x41 + 10
            case let b? where b >= 0x61 && b <= 0x66: return b - 0x61 + 10
            default: return nil
            }
        }
        while let b = bytes.next() {
            guard b == UInt8(ascii: "%") else { out.append(b); continue }
            // Not from `percentEncode` (a key written by hand): the `%` is kept.
            let hi = bytes.next(), lo = bytes.next()
            guard let h = digit(hi), let l = digit(lo) else {
                out.append(b)
                if let hi { out.append(hi) }
                if let lo { out.append(lo) }
                continue
            }
            out.append(h << 4 | l)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The key of a document's field that shares its name with a subcollection of the
    /// documents of its collection (a post's counter `comments` beside `posts/<id>/comments`):
    /// its own key and a `%`, which no name's key ends in (the subcollection keeps the
    /// name; docs/firestore.md, "One tree"). The field is read, mapped, reported and
    /// written under it: `comment_count = "comments%"`.
    static func shadowedFieldKey(_ name: String) -> String { key(name) + "%" }

    /// Whether a key is a shadowed field's (`shadowedFieldKey`): it ends in a `%` that no
    /// percent-encoding of a name leaves (the empty name's `%` alone is a name's).
    static func isShadowedFieldKey(_ key: some StringProtocol) -> Bool {
        key.utf8.count > 1 && key.hasSuffix("%")
    }

    /// The field name a key of a document's member stands for: a shadowed field's key
    /// (`comments%`) is its field's (`comments`); any other as `name(key:)` reads it.
    static func fieldName(key: some StringProtocol) -> String {
        isShadowedFieldKey(key) ? name(key: key.dropLast()) : name(key: key)
    }

    /// Why `id` cannot be a Firestore document or collection id, if it cannot: empty,
    /// `.` or `..`, a `/`, reserved (`__x__`, but for a numeric id `__id7__`), or longer
    /// than 1,500 bytes (the emulator refuses each).
    static func idFault(_ id: String) -> String? {
        let bytes = id.utf8
        if bytes.isEmpty { return "an empty id" }
        if id == "." || id == ".." { return "the id \(JSONString.quoted(id)) (Firestore ids cannot be . or ..)" }
        if let fault = lengthFault(id, "an id") { return fault }
        if bytes.contains(UInt8(ascii: "/")) { return "the id \(JSONString.quoted(id)) holds '/' (Firestore ids cannot)" }
        if isReserved(id) && !isNumericID(id) {
            return "the id \(JSONString.quoted(id)) is reserved (Firestore refuses ids that start and end with __)"
        }
        return nil
    }

    /// Why `name` cannot be a Firestore name (an id or a field name), if it cannot:
    /// longer than 1,500 bytes. `what` names it (`an id`, `a field name`).
    static func lengthFault(_ name: String, _ what: String) -> String? {
        let count = name.utf8.count
        guard count > FirestoreLimits.nameBytes else { return nil }
        return "\(what) of \(count) bytes (Firestore allows at most \(FirestoreLimits.nameBytes))"
    }

    /// `__…__`, at least four bytes: a name Firestore keeps for itself.
    static func isReserved(_ name: String) -> Bool {
        let b = name.utf8
        return b.count >= 4 && b.starts(with: "__".utf8) && b.reversed().starts(with: "__".utf8)
    }

    /// `__id<n>__`: how Firestore names a document whose key is a number (`EntityProto`).
    static func isNumericID(_ id: String) -> Bool {
        guard id.hasPrefix("__id"), id.hasSuffix("__"), id.utf8.count > 6 else { return false }
        let digits = id.utf8.dropFirst(4).dropLast(2)
        return Int64(String(decoding: digits, as: UTF8.self)) != nil
    }
}
