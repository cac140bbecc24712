/// A user's fields under a name no variant spells, in the users' records (those of the
/// root guessed where the export has none):
/// - a profile photo: an http(s) URL under a name that says so (`profile_picture`), not a
///   website (`url`, `website`);
/// - a bio: text under a name that says so (`about`, `aboutMe`, `biography`), not a URL;
/// - Firestore only, a name, username, bio or photo kept in a map of the record (the
///   Android clone's `userDetail: {userName, fullName, bio}`), as field paths
///   (`userDetail/userName`), matched in any case, held by at least half the users (a
///   photo only as an http(s) URL). A Realtime Database app's maps in its users are
///   indexes (`_search_index/full_name`) more often than its profile.
enum UserFieldsDetector {
    static func avatar(_ c: InspectionContext) -> FieldGuess? {
        let doc = c.doc
        return c.fieldGuess(.avatarURL, in: .users, what: "a photo's URL") { member in
            let key = doc.key(member).lowercased()
            guard ["picture", "photo", "avatar", "image"].contains(where: key.contains) else { return false }
            return doc.string(doc.value(member)).map { SafeURL.isHTTP($0) } ?? false
        }
    }

    static func bio(_ c: InspectionContext) -> FieldGuess? {
        let doc = c.doc
        return c.fieldGuess(.bio, in: .users, what: "text") { member in
            let key = doc.key(member).lowercased()
            guard key.hasPrefix("about") || key.hasPrefix("bio") else { return false }
            return doc.string(doc.value(member)).map { !SafeURL.isHTTP($0) } ?? false
        }
    }

    static func inMaps(_ c: InspectionContext) -> [FieldGuess] {
        guard c.export.firestore != nil else { return [] }
        let doc = c.doc
        let fields: [Schema.Field] = [.username, .name, .bio, .avatarURL]
        var spellings: [String: Schema.Field] = [:]
        for field in fields.reversed() {
            for name in field.variants(c.dialect) + [field.rawValue, "userName", "user_name"] {
                spellings[name.lowercased()] = field
            }
        }
        var hits: [Schema.Field: [String: Int]] = [:]
        var total = 0
        c.forEachUser(in: c.isPresent(.users) ? nil : c.usersRoot()) { record in
            guard doc.isObject(record) else { return }
            total += 1
            doc.forEachChild(record) { map in
                guard doc.isObject(map) else { return }
                let name = doc.key(map)
                doc.forEachChild(map) { member in
                    let key = doc.key(member)
                    guard let field = spellings[key.lowercased()], let text = doc.string(doc.value(member)),
                          field != .avatarURL || SafeURL.isHTTP(text) else { return }
                    hits[field, default: [:]]["\(name)/\(key)", default: 0] += 1
                }
            }
        }
        var guesses: [FieldGuess] = []
        for field in fields where c.isUncounted(field) {
            guard let best = hits[field]?.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), best.value * 2 >= total else { continue }
            guesses.append((field, best.key, "\(ExportInspection.number(best.value)) of \(ExportInspection.number(total)) users hold it in a map"))
        }
        return guesses
    }
}
