/// The roots no role holds, read by what their records hold, for both databases: comments
/// kept flat under any name (`CommentsDetector.flatRoot`), then follows kept as edge
/// records (`EdgeDocumentsDetector`; a root a follow node is read at by its name,
/// `followers`, may be one). The callers list the candidate roots (a Firestore export's
/// root collections, a Realtime Database's root objects) and apply what is found.
enum RootRecordsDetector {
    struct Found {
        var comments: (name: String, why: String)?
        var edges: EdgeDocumentsDetector.Found?
        var doubts: [String] = []
    }

    /// `mapping`: the roles placed so far; `roots(others)`: the candidate roots, those in
    /// `others` (read by another role) left out; `word`: what a record is called.
    static func detect(_ doc: JSONDocument, _ schema: Schema, mapping: Schema.Mapping, uids: Set<String>, postKeys: Set<String>,
                       word: String, roots candidates: (_ others: Set<String>) -> [(name: String, node: Int32)]) -> Found {
        /// The root a node is read at: as mapped, else where the schema located it, when the export has it.
        func root(_ node: Schema.Node) -> String? {
            let place = mapping.nodes[node].flatMap(Schema.Place.init(mapped:)) ?? schema.place(node)
            guard let place, doc.member(doc.root, place.root) != nil else { return nil }
            return place.root.text
        }
        let follows: [Schema.Node] = [.followers, .following]
        let others = Set(Schema.Node.allCases.filter { !follows.contains($0) }.compactMap(root))
        let atFollows = Set(follows.compactMap(root))
        var roots = candidates(others)
        var found = Found()
        if root(.comments) == nil,
           let flat = CommentsDetector.flatRoot(doc, roots: roots.filter { !atFollows.contains($0.name) }, uids: uids, postKeys: postKeys, word: word) {
            found.comments = flat
            roots.removeAll { $0.name == flat.name }
        }
        guard mapping.fields[.followerID] == nil, mapping.fields[.followedID] == nil else { return found }
        let edges = EdgeDocumentsDetector.detect(doc, roots: roots, uids: uids, word: word, placed: root)
        found.doubts = edges.doubts
        found.edges = edges.found
        return found
    }
}
