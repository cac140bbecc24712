import SitegenExport

/// A makestagram sample's tree reshaped as the Flutter clone keeps it on Firestore
/// (docs/firestore.md): each user with `followers` and `following` arrays of uids, posts
/// flat (`posts/<key>`) with their owner in `uid` and a `likes` array of uids, no
/// timeline. Read with `followers = "users/*/followers"`, `following =
/// "users/*/following"`, `postLikes = "posts/*/likes"` and `post_owner = "uid"`
/// (`sitegen sample --firestore --arrays`; scripts/bench-firestore).
public enum FirestoreArraysSample {
    /// The mapping that reads the reshaped tree.
    public static let schema = """
        [schema.nodes]
        followers = "users/*/followers"
        following = "users/*/following"
        postLikes = "posts/*/likes"

        [schema.fields]
        post_owner = "uid"

        """

    /// The JSON text of `doc` (a makestagram sample) reshaped.
    public static func tree(_ doc: JSONDocument) -> [UInt8] {
        var out: [UInt8] = []
        func key(_ s: String) { out += Array(JSONString.quoted(s).utf8); out.append(UInt8(ascii: ":")) }
        func ids(_ list: Int32?) {
            out.append(UInt8(ascii: "["))
            if let list, doc.isObject(list) {
                var first = true
                doc.forEachChild(list) { edge in
                    if !first { out.append(UInt8(ascii: ",")) }
                    first = false
                    out += Array(JSONString.quoted(doc.key(edge)).utf8)
                }
            }
            out.append(UInt8(ascii: "]"))
        }
        func root(_ name: StaticString) -> Int32? { doc.member(doc.root, name) }
        /// A root's entries by key.
        func entries(_ name: StaticString) -> [String: Int32] {
            var out: [String: Int32] = [:]
            if let node = root(name), doc.isObject(node) { doc.forEachChild(node) { out[doc.key($0)] = $0 } }
            return out
        }
        let (followers, following, likes) = (entries("followers"), entries("following"), entries("postLikes"))
        // Each record as `"key":{` and its members, each followed by a comma (the arrays
        // come after), under the root being written.
        var first = true
        func open(_ name: String, copying record: Int32) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            key(name)
            out.append(UInt8(ascii: "{"))
            doc.forEachChild(record) { field in
                key(doc.key(field))
                out += Array(doc.rawBytes(field))
                out.append(UInt8(ascii: ","))
            }
        }
        out += Array(#"{"users":{"#.utf8)
        if let users = root("users") {
            doc.forEachChild(users) { user in
                guard doc.isObject(user) else { return }
                let uid = doc.key(user)
                open(uid, copying: user)
                key("followers")
                ids(followers[uid])
                out.append(UInt8(ascii: ","))
                key("following")
                ids(following[uid])
                out.append(UInt8(ascii: "}"))
            }
        }
        out += Array(#"},"posts":{"#.utf8)
        first = true
        if let posts = root("posts") {
            doc.forEachChild(posts) { group in
                guard doc.isObject(group) else { return }
                let owner = doc.key(group)
                doc.forEachChild(group) { post in
                    guard doc.isObject(post) else { return }
                    let postKey = doc.key(post)
                    open(postKey, copying: post)
                    key("uid")
                    out += Array(JSONString.quoted(owner).utf8)
                    out.append(UInt8(ascii: ","))
                    key("likes")
                    ids(likes[postKey])
                    out.append(UInt8(ascii: "}"))
                }
            }
        }
        out += Array("}}".utf8)
        return out
    }
}
