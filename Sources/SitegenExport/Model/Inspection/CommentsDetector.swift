/// Comments kept where no recognised name says, and their fields:
/// - Firestore: under each post, a subcollection whose documents mostly hold text and a
///   user's id (`posts/*/comments`); kept by post, `<root>/*/<sub>` of such documents whose
///   parents are posts (fluttershare's `comments/<post>/comments`);
/// - in each post, at any depth, the list named `comments`, else the one whose name says
///   comments (`comment`, `postComments`) and whose entries are mostly objects; a list
///   whose entries mostly name no user by id (`{displayName, comment}`) cannot be counted
///   or shown by author: said as a doubt, not mapped (with no node of users, an author
///   under a name sitegen reads as one is a person, whether or not they posted; with users
///   holding usernames, an entry one of whose fields holds a user's username, case-folded,
///   names that user: karlhadwen's `displayName`);
/// - a comment's author (a field holding users' ids or usernames) and its text (a string
///   under a name that says so, not a URL nor a user's id).
/// Comments kept in a root of their own by post are `PostListsDetector`'s.
enum CommentsDetector {
    static func firestore(_ shapes: FirestoreShapes, _ found: inout FirestoreRoles.Found) {
        for (c, _, s) in shapes.inPosts where s.empty != s.records && s.comments * 2 >= s.records {
            found.take(.comments, c, "\(number(s.comments)) of its \(number(s.records)) documents hold text and a user's id")
        }
        for (c, s) in shapes.byParent where s.comments * 2 >= s.records && s.postParents * 2 >= s.records {
            found.take(.comments, c, "\(number(s.comments)) of its \(number(s.records)) documents hold text and a user's id, kept by post")
        }
    }

    /// Comments kept flat in a root of their own under any name, each naming its post
    /// (`comentarios/<id>: {id_publicacion, id_usuario, texto, fecha}`, `comments/<id>:
    /// {postId, userId, content}`), in either database: of `roots` (name and node, none
    /// holding a role), the one more than half of whose records are comments: text under a
    /// name that says so (`PostListsDetector.isTextName`), a user's id, and a post's key
    /// that is not the record's own (a copy of a post holds its own id); never a record
    /// naming two users (a notification names whom it is from and to, a message its sender
    /// and receiver). Of several, the one whose name says comments, else the most comments.
    /// `postKeys` and `uids` as any field may hold them; `word`: what the records are called.
    static func flatRoot(_ doc: JSONDocument, roots: [(name: String, node: Int32)], uids: Set<String>,
                         postKeys: Set<String>, word: String = "documents") -> (name: String, why: String)? {
        guard !uids.isEmpty, !postKeys.isEmpty else { return nil }
        var best: (name: String, hits: Int, records: Int, named: Bool)?
        for (name, root) in roots where doc.isContainer(root) {
            var records = 0, hits = 0
            doc.forEachEntry(root) { record in
                records += 1
                guard doc.isObject(record), !InspectionValues.namesTwoUsers(record, uids: uids, in: doc),
                      InspectionValues.authorField(record, uids: uids, in: doc) != nil else { return }
                let key = doc.hasKey(record) ? doc.key(record) : nil
                var text = false, post = false
                doc.forEachChild(record) { member in
                    guard let value = doc.string(doc.value(member)) else { return }
                    if postKeys.contains(value) && value != key && FirestoreNames.key(value) != key { post = true }
                    if !uids.contains(value), !SafeURL.isHTTP(value), PostListsDetector.isTextName(doc.key(member)) { text = true }
                }
                if text && post { hits += 1 }
            }
            guard hits > 0, hits * 2 > records else { continue }
            let named = RoleWords.says(.comments, name)
            if let b = best, b.named && !named || (b.named == named && b.hits >= hits) { continue }
            best = (name, hits, records, named)
        }
        return best.map { ($0.name, "\(number($0.hits)) of its \(number($0.records)) \(word) hold text, a user's id and a post's key: comments kept flat") }
    }

    /// The comments list in each post, or the doubt that says why it is not mapped.
    static func inPosts(_ c: InspectionContext) -> (guess: NodeGuess?, doubt: String?) {
        let doc = c.doc
        guard c.isPresent(.posts), !c.isPresent(.comments), let records = c.schema.postRecords else { return (nil, nil) }
        let name = listName(in: records, doc: doc)
        var lists = 0, entries = 0, authored = 0, texts = 0
        var keys = Set<String>()
        // With no node of users, a person is whoever a record names: a comment whose author
        // is under a name sitegen reads as one (`uid`, `userId`, `username`) names its
        // person, who need not have posted (docs/export-format.md, "Users implied by posts").
        let authors = c.usersRoot() == nil ? c.schema.names(.commentAuthor) + c.schema.names(.username) : []
        Schema.forEachMatch(records + [Schema.Name(name)], in: doc) { list, _ in
            guard doc.isContainer(list) else { return }
            lists += 1
            doc.forEachEntry(list) { entry in
                guard doc.isObject(entry) else { return }
                entries += 1
                if InspectionValues.authorField(entry, uids: c.uids, in: doc) != nil || authorMap(entry, c) != nil
                    || doc.member(entry, authors).flatMap({ doc.string(doc.value($0)) }).map({ !$0.isEmpty }) == true
                    || usernameAuthor(entry, c) != nil { authored += 1 }
                if commentText(entry, uids: c.uids, in: doc) != nil || wordsField(entry, uids: c.uids, in: doc) != nil { texts += 1 }
                doc.forEachChild(entry) { keys.insert(doc.key($0)) }
            }
        }
        guard lists > 0 else { return (nil, nil) }
        let path = (records + [Schema.Name(name)]).map { $0?.text ?? "*" }.joined(separator: "/")
        // Comments whose entries name no user by id (`{displayName, comment}`) cannot
        // be counted or shown by author: said, not mapped. With no users at all (people
        // only as posts' owners), no comment is shown by a profile anyway: entries most of
        // which hold a comment's text are the post's comments, read with no author
        // (glazkov's `posts/*/comments: {comment, login, date}`, `login` a display name).
        if entries > 0 && authored * 2 < entries && c.usersRoot() == nil && texts * 2 > entries {
            return ((.comments, path, "\(number(lists)) posts hold a \"\(name)\" list, \(number(texts)) of its \(number(entries)) entries a comment's text, by no user's id (no users: read with no author)"), nil)
        }
        if entries > 0 && authored * 2 < entries {
            let by = c.usernames.isEmpty ? "by id" : "by id or username"
            return (nil, "comments = \(JSONString.quoted(path)): \(number(lists)) posts hold a \"\(name)\" list, but \(number(entries - authored)) of its \(number(entries)) entries name no user \(by) (\(keys.sorted().joined(separator: ", ")))")
        }
        return ((.comments, path, "\(number(lists)) posts hold a \"\(name)\" list"), nil)
    }

    /// The name of the comments kept in each post: `comments`, else the list whose name
    /// says comments (`comment`, `postComments`) and whose entries are mostly objects, held
    /// by the most posts.
    static func listName(in records: [Schema.Name?], doc: JSONDocument) -> String {
        InspectionValues.listName(.comments, standard: "comments", in: records, doc: doc,
                                  counts: { entry in doc.isObject(entry) }, enough: { $0 * 2 > $1 })
    }

    /// A comment's author: the field most comments hold a user's id in (with no users,
    /// the username or id of a post's owner); else a copy of the author's record holding
    /// their id; else, where users are a node whose records hold a username, the field most
    /// comments hold a user's username in, compared case-folded (karlhadwen's
    /// `displayName`, the username as typed at sign-up: `Hana` for `hana`). A display name
    /// that is a full name (`Karl Hadwen`) is no username: such comments stay unmapped.
    static func author(_ c: InspectionContext) -> FieldGuess? {
        if let guess = c.fieldGuess(.commentAuthor, in: .comments, what: c.usersRoot() == nil ? "the username or id of a post's owner" : "a user's uid", { c.isUserID($0) }) {
            return guess
        }
        // No member holds the id: a copy of the author's record in the comment names them.
        guard c.usersRoot() != nil else { return nil }
        if let guess = c.idInMapGuess(.commentAuthor, in: .comments, what: "a copy of a user's record holding their id") { return guess }
        return c.fieldGuess(.commentAuthor, in: .comments, what: "a user's username (case-folded)") { isUsernameAuthor($0, c) }
    }

    /// Whether a comment's `member` names its author by username: it holds a user's
    /// username, compared case-folded (`InspectionContext.isUsername`), under a name that
    /// is not a comment's text's (a comment reading "hana" is no author).
    static func isUsernameAuthor(_ member: Int32, _ c: InspectionContext) -> Bool {
        !RoleWords.holds(words, c.doc.key(member)) && c.isUsername(member)
    }

    /// The name of the member of `entry` that names its author by username (`isUsernameAuthor`); nil for none.
    static func usernameAuthor(_ entry: Int32, _ c: InspectionContext) -> String? {
        var found: String?
        c.doc.forEachChild(entry) { member in if found == nil, isUsernameAuthor(member, c) { found = c.doc.key(member) } }
        return found
    }

    /// The member of a comment that is a copy of its author's record holding their id
    /// (`user: {id, displayName, …}`), where users are a node; nil for none.
    static func authorMap(_ entry: Int32, _ c: InspectionContext) -> String? {
        guard c.usersRoot() != nil else { return nil }
        var found: String?
        c.doc.forEachChild(entry) { member in
            if found == nil, InspectionContext.idKeyInMap(member, uids: c.uids, in: c.doc) != nil { found = c.doc.key(member) }
        }
        return found
    }

    /// A comment's text: a string under a name that says so, not a URL, a user's id nor a
    /// number or time kept as text (`whenCommented: "1614589200000"`). Where no comment
    /// holds a field so named (`words`), the field most comments hold words in (a text with
    /// a space that is none of those).
    static func text(_ c: InspectionContext) -> FieldGuess? {
        let doc = c.doc
        var named = false
        let byName = c.fieldGuess(.commentText, in: .comments, what: "text") { member in
            guard PostListsDetector.isTextName(doc.key(member).lowercased()), let text = doc.string(doc.value(member)) else { return false }
            let isText = !SafeURL.isHTTP(text) && !c.uids.contains(text) && !isNumberOrTime(text)
            named = named || isText
            return isText
        }
        if byName != nil || named { return byName }
        return c.fieldGuess(.commentText, in: .comments, what: "words (no field's name says text)") { member in
            doc.string(doc.value(member)).map { isWords($0, uids: c.uids) } ?? false
        }
    }

    /// Whether `text` is words: it holds a space and is no URL, user's id, number or time.
    static func isWords(_ text: String, uids: Set<String>) -> Bool {
        text.contains(" ") && !SafeURL.isHTTP(text) && !uids.contains(text) && !isNumberOrTime(text)
    }

    /// The name of `record`'s member that holds words (`isWords`: a comment's text known by
    /// its value where no name says so, Turkish `icerik`), where the record holds no post's
    /// image (a copy of a post holds its caption beside its image, and is no comment).
    static func wordsField(_ record: Int32, uids: Set<String>, in doc: JSONDocument) -> String? {
        var found: String?, image = false
        doc.forEachChild(record) { member in
            if InspectionValues.isPostImage(member, in: doc) { image = true }
            if found == nil, let text = doc.string(doc.value(member)), isWords(text, uids: uids) { found = doc.key(member) }
        }
        return image ? nil : found
    }

    /// A text that is a number or a time (`"1614589200000"`, `"2021-03-01T09:00:00Z"`,
    /// JavaScript's `${new Date()}`: `"Mon Mar 01 2021 16:00:00 GMT+0700 (…)"`), as apps
    /// keep `${Date.now()}`: never a comment's text.
    static func isNumberOrTime(_ text: String) -> Bool {
        (!text.isEmpty && Double(text) != nil) || CreationTime.iso8601(text) != nil || isDateString(text)
    }

    /// JavaScript's `Date.prototype.toString()`: weekday, month, day, year, time, `GMT±hhmm`.
    static func isDateString(_ text: String) -> Bool {
        let parts = text.split(separator: " ", maxSplits: 6)
        guard parts.count >= 6 else { return false }
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let clock = parts[4].split(separator: ":")
        return days.contains(String(parts[0])) && months.contains(String(parts[1])) && Int(parts[2]) != nil && Int(parts[3]) != nil
            && clock.count == 3 && clock.allSatisfy { Int($0) != nil } && parts[5].hasPrefix("GMT")
    }

    /// Words in the name of a comment's field that holds its text (not a caption's: a
    /// copy of a post holds one).
    static let words = RoleWords.FieldWords.text + ["comment"]

    /// The name of `record`'s member that holds a comment's text: a string under a name
    /// that says so, not a URL, a user's id nor a number or time kept as text.
    static func commentText(_ record: Int32, uids: Set<String>, in doc: JSONDocument) -> String? {
        var found: String?
        doc.forEachChild(record) { member in
            guard found == nil, let text = doc.string(doc.value(member)), !uids.contains(text), !SafeURL.isHTTP(text),
                  !isNumberOrTime(text) else { return }
            let key = doc.key(member)
            if RoleWords.holds(words, key) { found = key }
        }
        return found
    }

    private static func number(_ n: Int) -> String { ExportInspection.number(n) }
}
