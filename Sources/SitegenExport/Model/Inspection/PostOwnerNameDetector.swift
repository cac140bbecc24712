/// The owner of posts where no node holds users and no post names its owner under a name
/// sitegen reads as an id or a username (docs/export-format.md, "Users implied by posts"):
/// a text field whose name says it is a person's (`userName`, `author`, `ownerName`,
/// `displayName`, `postedBy`), held by at least half the posts, not a URL nor a path to a
/// file (an avatar's), not a caption. giovanniPepi's `postDB/<id>: {userName: "Ana A.",
/// userImg, img, like: [{authorUserName}]}` keeps its people as their Google display
/// names, spaces and all. Of several such fields, the one most posts hold, then the one
/// whose values repeat most (a person posts more than once; a caption does not repeat).
enum PostOwnerNameDetector {
    /// Words of a field's name that say it holds a person.
    static let personWords = ["user", "author", "owner", "name", "poster", "by"]

    /// The field and the owners it names (each distinct value a person).
    static func detect(_ doc: JSONDocument, posts: (_ body: (Int32) -> Void) -> Void) -> (field: String, owners: Set<String>)? {
        var held: [String: [String]] = [:]
        var total = 0
        posts { post in
            total += 1
            doc.forEachChild(post) { member in
                let name = doc.key(member)
                guard personWords.contains(where: name.lowercased().contains), !name.lowercased().hasSuffix("id"),
                      let text = doc.string(doc.value(member)), !text.isEmpty, !isLink(text) else { return }
                held[name, default: []].append(text)
            }
        }
        let candidates = held.filter { $0.value.count * 2 >= total }
        let best = candidates.max { a, b in
            if a.value.count != b.value.count { return a.value.count < b.value.count }
            let (da, db) = (Set(a.value).count, Set(b.value).count)
            return da != db ? da > db : a.key > b.key
        }
        return best.map { ($0.key, Set($0.value)) }
    }

    /// An http(s) URL or a path to a file (`/static/media/blank.png`): a photo, not a person.
    private static func isLink(_ text: String) -> Bool {
        SafeURL.isHTTP(text) || (text.hasPrefix("/") && !text.contains(" "))
    }
}
