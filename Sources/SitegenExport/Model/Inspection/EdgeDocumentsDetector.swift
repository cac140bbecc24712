/// Follows kept as a root of edge documents, each one follow naming its two users
/// (docs/export-format.md, "Follows as documents"): `seguimientos/<a>_<b>: {seguidor,
/// seguido, fecha}`, `follows/<id>: {followerId, followingId}`, `follows/<id>: {from, to}`.
/// A root (a Firestore root collection, a Realtime Database root) most of whose records
/// hold users' ids under the same two fields and nothing else but times, numbers,
/// booleans and links (a copy of the follower's photo, `followerImage`): no other text, so
/// that a message or a request (`{senderId, receiverId, text}`, `{from, to, status}`) is
/// never taken, and no list (a chat's `participants`). Which field
/// is the follower is read from the two names through `RoleWords.edgeEnd` (`seguidor` and
/// `seguido`, `followerId` and `followingId`, `from` and `to`, `source` and `target`);
/// where the names hold no follow word (`from`, `to`), the root's own name must say follows
/// (`follows`, `seguimientos`), else a root of blocks or of friend requests of the same shape
/// would be taken. Where no name tells which end is which, the root is said as a doubt in
/// a root whose name says follows, and not mapped.
///
/// The root is the `following` node (one record per follow, read follower to followed),
/// or `followers` where its name says followers; `follower_id` and `followed_id` are the
/// two fields.
enum EdgeDocumentsDetector {
    struct Found: Equatable {
        let root: String
        let node: Schema.Node
        let follower: String
        let followed: String
        let nodeWhy: String
        let followerWhy: String
        let followedWhy: String
    }

    /// The roots' edge documents, if one root holds them (the most documents of several),
    /// and the doubts: `roots`, the candidates (name and node); `uids`, the users' ids as
    /// any field may hold them; `word`, what the records are called; `placed`, the root a
    /// follow node is read at already, if any.
    static func detect(_ doc: JSONDocument, roots: [(name: String, node: Int32)], uids: Set<String>,
                       word: String = "documents", placed: (Schema.Node) -> String?) -> (found: Found?, doubts: [String]) {
        guard !uids.isEmpty else { return (nil, []) }
        var best: Found?
        var bestCount = 0
        var doubts: [String] = []
        for (name, root) in roots where doc.isContainer(root) {
            guard let held = fields(doc, root, uids: uids) else { continue }
            let (pair, count, records) = held
            let ends = pair.map(RoleWords.edgeEnd)
            let shape = { (a: String, b: String) in "\(number(count)) of its \(number(records)) \(word) each name two users, in \"\(a)\" and \"\(b)\", and hold no text" }
            let worded = pair.contains { RoleWords.direction($0) != nil }
            guard Set(ends.compactMap { $0 }) == [.followers, .following], worded || saysFollows(name) else {
                if saysFollows(name) {
                    doubts.append("following = \(JSONString.quoted(name)): \(shape(pair[0], pair[1])), but their names do not say which is the follower "
                                  + "(map follower_id and followed_id too)")
                }
                continue
            }
            let follower = ends[0] == .followers ? pair[0] : pair[1], followed = ends[0] == .followers ? pair[1] : pair[0]
            let preferred: Schema.Node = RoleWords.direction(name) == .followers ? .followers : .following
            let other: Schema.Node = preferred == .followers ? .following : .followers
            let free = [preferred, other].filter { placed($0).map { $0 == name } ?? true }
            guard let node = free.first, count > bestCount else { continue }
            bestCount = count
            best = Found(root: name, node: node, follower: follower, followed: followed, nodeWhy: shape(follower, followed) + ": one follow each",
                         followerWhy: "its name says the follower (\"\(followed)\" the one followed), a user's id in \(number(count)) \(word) of \(name)",
                         followedWhy: "its name says the one followed (\"\(follower)\" the follower), a user's id in \(number(count)) \(word) of \(name)")
        }
        return (best, doubts)
    }

    /// The two fields most of `root`'s records hold users' ids under, with nothing else but
    /// times, numbers, booleans, nulls and http(s) links: the pair (sorted), how many records hold it, and
    /// of how many; nil unless more than half do.
    private static func fields(_ doc: JSONDocument, _ root: Int32, uids: Set<String>) -> (pair: [String], count: Int, records: Int)? {
        var records = 0
        var pairs: [[String]: Int] = [:]
        doc.forEachEntry(root) { record in
            records += 1
            guard doc.isObject(record) else { return }
            var ids: [String] = []
            var other = false
            doc.forEachChild(record) { member in
                let value = doc.value(member)
                if let text = doc.string(value) {
                    if uids.contains(text) { ids.append(doc.key(member)) } else if CreationTime.iso8601(text) == nil, !SafeURL.isHTTP(text) { other = true }
                } else if doc.isContainer(value) {
                    other = true
                }
            }
            if !other && ids.count == 2 { pairs[ids.sorted(), default: 0] += 1 }
        }
        guard let top = pairs.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key.joined() > $1.key.joined() }),
              top.value * 2 > records else { return nil }
        return (top.key, top.value, records)
    }

    /// Whether a root's name says follows: a follow word (`RoleWords.direction`) or a stem
    /// of the verb in `RoleWords`' languages (`follows`, `seguimientos`, `abonnements`,
    /// `takip`, `ikuti`, `folgen`).
    static func saysFollows(_ name: String) -> Bool {
        let folded = RoleWords.fold(name)
        return RoleWords.direction(name) != nil || ["follow", "segui", "abonn", "takip", "ikut", "folg"].contains(where: folded.contains)
    }

    private static func number(_ n: Int) -> String { ExportInspection.number(n) }
}
