/// A post's time under a name no variant spells: a value read as a time (a number of
/// seconds or milliseconds, an ISO 8601 text, a Firestore timestamp) under a name for
/// creation or publication (`datePublished`, `dateCreated`, `creation`, `postedAt`,
/// `time`), held by at least half the posts; of several, the one that is the post's
/// earliest time in the most posts.
enum TimesDetector {
    static func created(_ c: InspectionContext) -> FieldGuess? {
        let doc = c.doc
        func isTime(_ member: Int32) -> Bool {
            return RoleWords.holds(RoleWords.FieldWords.time, doc.key(member)) && CreationTime.isUsable(doc, doc.value(member))
        }
        // Of a post's several times (its creation's and its last comment's, `post_time` and
        // `last_comment_time`), the creation's is the earliest: only a post's earliest times
        // count (all of them on a tie).
        var earliest = Set<Int32>()
        InspectionContext.forEachRecord(.posts, c.schema, doc) { record in
            var times: [(member: Int32, ms: Double)] = []
            doc.forEachChild(record) { member in
                if isTime(member), let ms = CreationTime.milliseconds(doc, doc.value(member)) { times.append((member, ms)) }
            }
            guard let least = times.map(\.ms).min() else { return }
            for time in times where time.ms == least { earliest.insert(time.member) }
        }
        return c.fieldGuess(.createdAt, in: .posts, what: "a time") { member in
            earliest.contains(member) && isTime(member)
        }
    }
}
