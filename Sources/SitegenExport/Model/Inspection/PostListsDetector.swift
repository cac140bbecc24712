/// Comments and likes kept in a root of their own, by post (`<root>/<postKey>/<entry>`)
/// or, mirroring posts kept by owner, by owner then post (`<root>/<uid>/<postKey>/<entry>`,
/// mapped as `<root>/*/*`):
/// - comments: whatever the root's name, most of its records hold a text (under a name
///   that says so) and a user's id (`post-comments-by-user`, `PostComments`,
///   `posts_comments/<owner>/<post>`);
/// - likes: a root whose name says likes in any of `RoleWords`' languages (`Likes`,
///   `PostsLikes`, `posts_likes`, `postagens-curtidas`) whose
///   entries stand for users (keyed by their ids, or records holding one). A root of that
///   shape named otherwise (`BookmarksReverseIndex/<post>/<uid>`) is not likes.
/// Most of the lists' keys must be posts' keys (and, by owner, most of the root's keys
/// users' ids): an activity feed or saved posts kept by user are neither. A root read by
/// its name (`likes`, `comments`) is kept by owner, then by post, where its own keys are
/// no posts' but such lists are under them (`likes/<owner>/<post>/<uid>`).
enum PostListsDetector {
    static func guesses(_ e: RealtimeEvidence) -> [RoleGuess] {
        guard !e.postKeys.isEmpty else { return [] }
        let doc = e.doc
        var comments: (place: String, lists: Int, hits: Int, of: Int)?
        var likes: (place: String, lists: Int, hits: Int, of: Int)?
        // A root read by its name for likes or comments (not mapped) whose keys are no posts'
        // but users' ids, each over lists keyed by posts (`likes/<owner>/<post>/<uid>: 1`):
        // kept by owner, then by post, as a root of another name would be.
        var byName: [(name: String, root: Int32)] = []
        var present = Set<Schema.Node>()
        for node in [Schema.Node.postLikes, .comments] where e.isPresent(node) {
            guard e.schema.mapping.nodes[node] == nil, let place = e.schema.place(node), place.isRoot,
                  let root = doc.member(doc.root, place.root), doc.isObject(root),
                  self.lists(in: root, byOwner: false, e).isEmpty, !self.lists(in: root, byOwner: true, e).isEmpty else {
                present.insert(node)
                continue
            }
            byName.append((place.root.text, root))
        }
        func each(_ body: (_ name: String, _ root: Int32) -> Void) {
            e.freeRoots(body)
            for (name, root) in byName { body(name, root) }
        }
        each { name, root in
            for byOwner in [false, true] {
                if !byOwner && byName.contains(where: { $0.name == name }) { continue }
                let lists = self.lists(in: root, byOwner: byOwner, e)
                guard !lists.isEmpty else { continue }
                let place = byOwner ? "\(name)/*/*" : name
                var records = 0, written = 0, entries = 0, liked = 0
                for list in lists {
                    doc.forEachEntry(list) { entry in
                        entries += 1
                        if e.isUserEntry(entry) { liked += 1 }
                        guard doc.isObject(entry) else { return }
                        records += 1
                        if commentText(entry, e) != nil && e.heldUser(entry) != nil { written += 1 }
                    }
                }
                if written > 0, written * 2 > records, records * 2 > entries {
                    if comments == nil || written > comments!.hits { comments = (place, lists.count, written, records) }
                } else if RoleWords.says(.likes, name), liked > 0, liked * 2 > entries {
                    if likes == nil || liked > likes!.hits { likes = (place, lists.count, liked, entries) }
                }
            }
        }
        var guesses: [RoleGuess] = []
        let by = { (place: String) in place.hasSuffix("/*/*") ? "kept by owner, then by post" : "kept by post" }
        if !present.contains(.comments), let c = comments {
            guesses.append(RoleGuess(node: .comments, place: c.place,
                                     why: "\(RealtimeEvidence.number(c.hits)) of its \(RealtimeEvidence.number(c.of)) records hold text and a user's id, \(by(c.place))"))
        }
        if !present.contains(.postLikes), let l = likes {
            guesses.append(RoleGuess(node: .postLikes, place: l.place,
                                     why: "\(RealtimeEvidence.number(l.hits)) of its \(RealtimeEvidence.number(l.of)) entries are users, \(by(l.place))"))
        }
        return guesses
    }

    /// The lists of `root` kept by post (`byOwner`: by user, then by post), when most of
    /// their keys are posts' keys; empty otherwise.
    private static func lists(in root: Int32, byOwner: Bool, _ e: RealtimeEvidence) -> [Int32] {
        let doc = e.doc
        var candidates: [Int32] = []
        if byOwner {
            var keys = 0, owners = 0
            doc.forEachEntry(root) { group in
                keys += 1
                guard e.uids.contains(doc.key(group)), doc.isObject(group) else { return }
                owners += 1
                doc.forEachEntry(group) { candidates.append($0) }
            }
            guard owners * 2 > keys else { return [] }
        } else {
            doc.forEachEntry(root) { candidates.append($0) }
        }
        let posts = candidates.filter { doc.isObject($0) && e.postKeys.contains(doc.key($0)) }
        return posts.count * 2 > candidates.count ? posts : []
    }

    /// Words in the name of a comment's field that holds its text (a comment's text is
    /// its `caption` in alecsmirnov's clone), and the words for comments in `RoleWords`'
    /// languages (`comentario`, `yorum`).
    static let textWords = RoleWords.FieldWords.text + ["caption"] + RoleWords.words(.comments)

    /// Whether a field's name says it holds a comment's text: a word of `textWords`, and
    /// not an id's name (`commentID`, `comment_id`, `idComentario`).
    static func isTextName(_ name: String) -> Bool {
        let name = RoleWords.fold(name)
        return textWords.contains(where: name.contains) && !name.hasSuffix("id") && !name.hasSuffix("ids") && !name.hasPrefix("id")
    }

    /// The name of `record`'s member that holds a comment's text: a string under a name
    /// that says so, not a URL, a user's id nor a number or time kept as text.
    static func commentText(_ record: Int32, _ e: RealtimeEvidence) -> String? {
        let doc = e.doc
        var found: String?
        doc.forEachChild(record) { member in
            guard found == nil, let text = doc.string(doc.value(member)), !e.uids.contains(text), !SafeURL.isHTTP(text),
                  !CommentsDetector.isNumberOrTime(text) else { return }
            let key = doc.key(member)
            if isTextName(key) { found = key }
        }
        return found
    }
}
