/// A post's time under a name no variant spells: a value read as a time (a number of
/// seconds or milliseconds, an ISO 8601 text, a Firestore timestamp) under a name for
/// creation or publication (`datePublished`, `dateCreated`, `creation`, `postedAt`,
/// `time`), held by at least half the posts.
enum TimesDetector {
    /// Words in the name of a post's field that holds its time.
    static let words = ["creat", "publish", "posted", "date", "time"]

    static func created(_ c: InspectionContext) -> FieldGuess? {
        let doc = c.doc
        return c.fieldGuess(.createdAt, in: .posts, what: "a time") { member in
            let key = doc.key(member).lowercased()
            guard words.contains(where: key.contains) else { return false }
            return CreationTime.isUsable(doc, doc.value(member))
        }
    }
}
