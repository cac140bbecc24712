/// Detector of the posts of a Firestore app that keeps no image's URL in them (the photo
/// only in Cloud Storage, found by the post's id): where no collection's documents hold an
/// image, the collection whose documents each hold an owner (a text that is a user's id,
/// under a name other than their own key's), a time (a number under a name for one) and a
/// text of their own (not a user's id, not a URL), and no second user (a message names
/// its sender and its receiver: `InspectionValues.namesTwoUsers`). A collection whose documents name
/// another such collection's documents (comments or notifications about posts) is not
/// the posts. Such posts are published with the placeholder in place of the photo.
enum TextPostsDetector {
    /// The words of a time's field name (`time`, `createdAt`, `date`, `timestamp`).
    static let timeWords = ["creat", "publish", "posted", "date", "time"]

    static func detect(_ collections: FirestoreCollections, users: String, uids: Set<String>) -> (name: String, why: String)? {
        let doc = collections.doc
        struct Candidate { var name: String, hits: Int, records: Int, owner: String, keys: Set<String>, depth: Int }
        var candidates: [Candidate] = []
        for c in collections.held where c != users {
            var records = 0, hits = 0
            var owners: [String: Int] = [:]
            var keys = Set<String>()
            collections.documents(c) { record, _ in
                guard doc.isObject(record) else { return }
                records += 1
                let own = doc.key(record)
                keys.insert(own)
                var owner: String?, time = false, text = false
                doc.forEachChild(record) { member in
                    let name = doc.key(member), value = doc.value(member)
                    if let string = doc.string(value) {
                        if owner == nil, string != own, uids.contains(string) {
                            owner = name
                        } else if !uids.contains(string), !SafeURL.isHTTP(string), string.contains(" ") {
                            text = true
                        }
                    } else if doc.isNumber(value), timeWords.contains(where: name.lowercased().contains) {
                        time = true
                    }
                }
                if let owner, time, text, !InspectionValues.namesTwoUsers(record, uids: uids, in: doc) {
                    hits += 1
                    owners[owner, default: 0] += 1
                }
            }
            guard records > 0, hits * 2 >= records,
                  let owner = owners.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }) else { continue }
            candidates.append(Candidate(name: c, hits: hits, records: records, owner: owner.key, keys: keys, depth: c.split(separator: "/").count))
        }
        // Documents that name another candidate's (a comment's `postId`) are about those.
        let originals = candidates.filter { a in
            !candidates.contains { b in
                guard b.name != a.name else { return false }
                var naming = 0
                collections.documents(a.name) { record, _ in
                    var found = false
                    doc.forEachChild(record) { member in
                        if !found, let text = doc.string(doc.value(member)), text != doc.key(record), b.keys.contains(text) { found = true }
                    }
                    if found { naming += 1 }
                }
                return naming * 2 >= a.records
            }
        }
        guard let best = originals.max(by: { ($0.hits, -$0.depth, $1.name) < ($1.hits, -$1.depth, $0.name) }) else { return nil }
        return (best.name, "\(ExportInspection.number(best.hits)) of its \(ExportInspection.number(best.records)) documents hold an owner in \"\(best.owner)\", a time and a text, and no collection holds images")
    }
}
