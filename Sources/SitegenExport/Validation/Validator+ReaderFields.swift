// MARK: - A reader's own fields in a timeline of copies (docs/export-format.md, "Timelines and feeds")

/// Some apps keep a reader's own state in their copy of a post: the PDP course's Flutter
/// clone sets `liked: true` on the reader's copy in `users/<u>/feeds/<post>` (and on
/// `users/<u>/posts/<post>` when the reader owns it). Such a member is the reader's, not
/// the post's: a boolean whose value differs between two copies of one post (no edit of
/// the post the fan-out missed does that: it leaves every copy alike). It is left out of
/// the comparison of copies, an added copy holds it `false` (a new copy's state, as the
/// app writes its fan-out), and, where it is named for likes and the app keeps no other
/// likes, each `true` is its reader's like of the post (the owner's, on the post itself).
extension Validator {
    /// The reader's own members of a timeline of copies at `place`, from up to `limit`
    /// entries: booleans whose value differs between copies of one post.
    func readerFields(at place: Schema.Place, limit: Int = 100_000) -> Set<String> {
        var seen: [String: [Int32: UInt8]] = [:]
        var read = 0
        forEachList(at: place) { _, list, _ in
            guard read < limit, doc.isObject(list) else { return }
            doc.forEachEntry(list) { entry in
                read += 1
                let value = doc.value(entry)
                guard doc.isObject(value), let p = postIndex(key: entry) else { return }
                doc.forEachChild(value) { member in
                    let v = doc.value(member)
                    guard doc.kind(v) == .bool else { return }
                    seen[doc.key(member), default: [:]][p, default: 0] |= doc.rawText(v) == "true" ? 2 : 1
                }
            }
        }
        return Set(seen.filter { $0.value.values.contains(3) }.keys)
    }

    /// Where a reader's field of the timeline is named for likes and no likes node is
    /// mapped: each copy holding it `true` is its reader's like, the post holding it `true`
    /// its owner's; counted once per (post, user).
    func countReaderLikes(_ shape: TimelineShape) {
        guard shape.entry == .copy, !hasLists(at: schema.place(.postLikes)), !hasLists(at: schema.place(.userLikes)),
              let field = shape.readerFields.sorted().first(where: { RoleWords.says(.likes, $0) }) else { return }
        let name = Schema.Name(field)
        var pairs = Set<LikePair>()
        func liked(_ record: Int32) -> Bool {
            guard doc.isObject(record), let m = doc.member(record, name) else { return false }
            let v = doc.value(m)
            return doc.kind(v) == .bool && doc.rawText(v) == "true"
        }
        forEachList(at: shape.place) { key, list, _ in
            guard let reader = user(key), doc.isObject(list) else { return }
            doc.forEachEntry(list) { entry in
                if liked(doc.value(entry)), let p = postIndex(key: entry) { pairs.insert(LikePair(post: p, user: reader)) }
            }
        }
        for (p, post) in index.posts.enumerated() where post.owner >= 0 && liked(post.node) {
            pairs.insert(LikePair(post: Int32(p), user: post.owner))
        }
        for pair in pairs { likeCount[Int(pair.post)] += 1 }
    }

    /// The copy a repair sets `entry` to: the post's fields, with the reader's own ones as
    /// `entry` holds them (setting a copy right never unlikes its reader).
    func keepingReaderFields(_ expected: String, of entry: Int32) -> String {
        guard let readers = timeline?.readerFields, !readers.isEmpty, doc.isObject(entry),
              let parsed = try? JSONDocument.parse(Array(expected.utf8)) else { return expected }
        var edits = EditsByNode([])
        parsed.forEachChild(parsed.root) { m in
            let key = parsed.key(m)
            guard readers.contains(key), let own = doc.member(entry, Schema.Name(key)) else { return }
            edits.replaced[parsed.value(m)] = doc.rawText(doc.value(own))
        }
        return canonicalText(parsed.root, in: parsed, edits: edits)
    }
}
