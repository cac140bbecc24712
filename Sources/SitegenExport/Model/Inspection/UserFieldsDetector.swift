/// A user's fields under a name no variant spells, in the users' records (those of the
/// root guessed where the export has none):
/// - a profile photo: an http(s) URL under a name that says so (`profile_picture`), not a
///   website (`url`, `website`);
/// - a profile photo kept in a map under such a name (`avatar: {url, fileName}`), as the
///   path to the member holding the URL (`avatar/url`);
/// - a username: a handle (text with no space, no `@` after its first character, not a
///   URL nor a user's id), one per user, under a name that says user, handle or nick
///   (`nameUser`, `userHandle`, `nickname`);
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
            guard RoleWords.holds(RoleWords.FieldWords.photo, doc.key(member)) else { return false }
            return doc.string(doc.value(member)).map { SafeURL.isHTTP($0) } ?? false
        }
    }

    /// A photo kept in a map (`avatar: {url}`): the member most users' maps hold an http(s)
    /// URL in, where no user's photo is read as it is.
    static func avatarInMap(_ c: InspectionContext) -> FieldGuess? {
        let doc = c.doc
        let names = Set(c.schema.names(.avatarURL).map(\.text))
        var hits: [String: Int] = [:]
        var total = 0, readable = 0
        c.forEachUser(in: c.isPresent(.users) ? nil : c.usersRoot()) { record in
            guard doc.isObject(record) else { return }
            total += 1
            doc.forEachChild(record) { member in
                let key = doc.key(member), value = doc.value(member)
                if names.contains(key), doc.string(value) != nil { readable += 1 }
                guard doc.isObject(value), RoleWords.holds(RoleWords.FieldWords.photo, key) else { return }
                var found: String?
                doc.forEachChild(value) { inner in
                    if found == nil, let text = doc.string(doc.value(inner)), SafeURL.isHTTP(text) { found = doc.key(inner) }
                }
                if let found { hits["\(key)/\(found)", default: 0] += 1 }
            }
        }
        guard readable == 0, let best = hits.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
              best.value * 2 >= total else { return nil }
        return (.avatarURL, best.key, "\(ExportInspection.number(best.value)) of \(ExportInspection.number(total)) users hold a photo's URL there")
    }

    /// A username under a name no variant has: a handle, distinct per user.
    static func username(_ c: InspectionContext) -> FieldGuess? {
        guard c.isUncounted(.username) else { return nil }
        let doc = c.doc
        var values: [String: [String]] = [:]
        var total = 0
        // Not a field another role is read from (`user_alias`: a handle too).
        let taken = Set(c.schema.mapping.fields.values)
        c.forEachUser(in: c.isPresent(.users) ? nil : c.usersRoot()) { record in
            guard doc.isObject(record) else { return }
            total += 1
            doc.forEachChild(record) { member in
                let key = doc.key(member), lower = key.lowercased()
                guard RoleWords.holds(RoleWords.FieldWords.handle, key), !lower.hasSuffix("id"), !taken.contains(key),
                      let text = doc.string(doc.value(member)), isHandle(text), !c.uids.contains(text) else { return }
                values[key, default: []].append(text)
            }
        }
        guard let best = values.max(by: { $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.key > $1.key }),
              best.value.count * 2 >= total, Set(best.value).count == best.value.count else { return nil }
        return (.username, best.key, "\(ExportInspection.number(best.value.count)) of \(ExportInspection.number(total)) users hold a handle there, each their own")
    }

    /// Text a handle may be: not empty, no white space, no `@` but a leading one, not a URL.
    private static func isHandle(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= 64, !SafeURL.isHTTP(text), !text.dropFirst().contains("@") else { return false }
        return !text.unicodeScalars.contains { $0.properties.isWhitespace }
    }

    static func bio(_ c: InspectionContext) -> FieldGuess? {
        let doc = c.doc
        return c.fieldGuess(.bio, in: .users, what: "text") { member in
            let key = doc.key(member).lowercased()
            guard key.hasPrefix("about") || key.hasPrefix("bio") else { return false }
            return doc.string(doc.value(member)).map { !SafeURL.isHTTP($0) } ?? false
        }
    }

    /// The private-account flag under a name no variant spells: a member of the users'
    /// records holding one of a few texts (at most four, two at least: a choice the user
    /// makes), held by at least half the users, where some hold one that says followers
    /// or friends only (`Schema.Field.isPrivateText`: SNap's `publication_area`
    /// `"public"` | `"followPublic"` | `"anonymous"`, a `visibility: "followers"`). Such a
    /// user's posts and lists are not published (docs/site.md, "Private accounts").
    static func privateFlag(_ c: InspectionContext) -> FieldGuess? {
        guard c.isUncounted(.isPrivate) else { return nil }
        let doc = c.doc
        var values: [String: (records: Int, texts: Set<String>, only: Bool)] = [:]
        var total = 0
        c.forEachUser(in: c.isPresent(.users) ? nil : c.usersRoot()) { record in
            guard doc.isObject(record) else { return }
            total += 1
            doc.forEachChild(record) { member in
                let key = doc.key(member)
                var entry = values[key] ?? (0, [], true)
                if let text = doc.string(doc.value(member)), text.count <= 32 {
                    entry.records += 1
                    if entry.texts.count <= 4 { entry.texts.insert(text) }
                } else {
                    entry.only = false
                }
                values[key] = entry
            }
        }
        // Not a field read as another (a name, a username).
        let known = Set([Schema.Field.username, .name, .bio, .url, .avatarURL, .userID, .userAlias].flatMap { c.schema.names($0).map(\.text) })
        let flags = values.filter { key, v in
            !known.contains(key) && v.only && v.records * 2 >= total && (2...4).contains(v.texts.count) && v.texts.contains(where: saysFollowersOnly)
                && !v.texts.allSatisfy(Schema.Field.isPrivateText)
        }
        guard let best = flags.max(by: { $0.value.records != $1.value.records ? $0.value.records < $1.value.records : $0.key > $1.key }) else { return nil }
        var privateUsers = 0
        c.forEachUser(in: c.isPresent(.users) ? nil : c.usersRoot()) { record in
            if doc.isObject(record), let m = doc.member(record, Schema.Name(best.key)), let text = doc.string(doc.value(m)),
               Schema.Field.isPrivateText(text) { privateUsers += 1 }
        }
        let texts = best.value.texts.sorted().map { JSONString.quoted($0) }.joined(separator: ", ")
        return (.isPrivate, best.key,
                "\(ExportInspection.number(best.value.records)) of \(ExportInspection.number(total)) users hold one of \(texts) there, "
                    + "\(ExportInspection.number(privateUsers)) one for followers only: a private account")
    }

    /// The private-account flag kept in maps of the users' records under one of its
    /// spellings (`privacySetting: {accountPrivacy: {private: true}}`), as the path to it
    /// (`privacySetting/accountPrivacy/private`, three maps deep at most): the path most
    /// users hold a boolean or a text there at, where at least half do and no user holds
    /// the flag in their record itself.
    static func privateFlagInMaps(_ c: InspectionContext) -> FieldGuess? {
        guard c.isUncounted(.isPrivate) else { return nil }
        let doc = c.doc
        let spellings = Set(Schema.Field.isPrivate.variants(.makestagram).map(RoleWords.fold))
        var hits: [String: Int] = [:]
        var total = 0
        func visit(_ map: Int32, _ path: String, depth: Int) {
            doc.forEachChild(map) { member in
                let key = doc.key(member), value = doc.value(member)
                if doc.isObject(value) {
                    if depth < 3 { visit(value, path + key + "/", depth: depth + 1) }
                } else if depth > 0, spellings.contains(RoleWords.fold(key)), doc.kind(value) == .bool || doc.string(value) != nil {
                    hits[path + key, default: 0] += 1
                }
            }
        }
        c.forEachUser(in: c.isPresent(.users) ? nil : c.usersRoot()) { record in
            guard doc.isObject(record) else { return }
            total += 1
            visit(record, "", depth: 0)
        }
        guard let best = hits.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), best.value * 2 >= total,
              !Schema.Field.nestedPrivateFlags.contains(where: { $0.text == best.key }) else { return nil }
        return (.isPrivate, best.key, "\(ExportInspection.number(best.value)) of \(ExportInspection.number(total)) users hold the private flag there")
    }

    /// A text that says private, not the text `"true"` (which says nothing of what is true).
    private static func saysFollowersOnly(_ text: String) -> Bool {
        Schema.Field.isPrivateText(text) && RoleWords.fold(text) != "true"
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
