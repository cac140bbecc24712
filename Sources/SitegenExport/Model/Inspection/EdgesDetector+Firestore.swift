/// Follows kept where `EdgesDetector` (the roots of a Realtime Database export) does not
/// look: a Firestore `<root>/*/<sub>` of empty documents keyed by users' ids and kept by
/// user, named as followers or following (`followers/*/userFollowers`,
/// `following/*/user-following`; named as neither: said as a doubt, not mapped), and a
/// list in each user's record (`users/*/following`, `users/*/follows`).
extension EdgesDetector {
    static func firestore(_ shapes: FirestoreShapes, _ found: inout FirestoreRoles.Found) {
        for (c, s) in shapes.byParent where !(s.comments * 2 >= s.records && s.postParents * 2 >= s.records)
            && s.empty == s.records && s.userParents * 2 >= s.records && s.userKeys * 2 >= s.records {
            let direction = RoleWords.direction(c)
            if direction == .followers {
                found.take(.followers, c, "\(RealtimeEvidence.number(s.records)) empty documents keyed by users' ids, kept by user")
            } else if direction == .following {
                found.take(.following, c, "\(RealtimeEvidence.number(s.records)) empty documents keyed by users' ids, kept by user")
            } else {
                found.unsure.append("\(JSONString.quoted(c)): \(RealtimeEvidence.number(s.records)) empty documents keyed by users' ids, named as neither followers nor following")
            }
        }
    }

    /// The follow lists kept in each user's record: under an English name any user holds
    /// (`followers`; `following`, `follows`), else the name, in any of `RoleWords`'
    /// languages, whose lists' entries are mostly users (`seguidores`, `siguiendo`: keyed
    /// by users' ids, or pushed lists holding them, `<pushId>: "<uid>"`), held by the most users.
    static func inUsers(_ c: InspectionContext) -> [NodeGuess] {
        let english: [Schema.Node: [String]] = [.followers: ["followers"], .following: ["following", "follows", "followings"]]
        return [Schema.Node.followers, .following].compactMap { node in
            c.listInUsers(node, english[node]!) ?? c.listInUsers(node, namedInUsers(node, c))
        }
    }

    /// The names of users' lists whose name says `node`'s direction and whose entries are
    /// mostly users, the one held by the most users first.
    private static func namedInUsers(_ node: Schema.Node, _ c: InspectionContext) -> [String] {
        guard let root = c.usersRoot(), !c.isPresent(node) else { return [] }
        let doc = c.doc
        var tally: [String: (lists: Int, entries: Int, users: Int)] = [:]
        Schema.forEachMatch([root, nil], in: doc) { record, _ in
            guard doc.isObject(record) else { return }
            doc.forEachChild(record) { member in
                let name = doc.key(member), list = doc.value(member)
                guard doc.isContainer(list), RoleWords.direction(name) == node else { return }
                var t = tally[name] ?? (0, 0, 0)
                t.lists += 1
                doc.forEachEntry(list) { entry in
                    t.entries += 1
                    if InspectionValues.isUserEntry(entry, uids: c.uids, in: doc) { t.users += 1 }
                }
                tally[name] = t
            }
        }
        return tally.filter { $0.value.users * 2 > $0.value.entries }
            .sorted { ($0.value.lists, $1.key) > ($1.value.lists, $0.key) }.map(\.key)
    }
}

extension EdgesDetector {
    /// Follows kept one-sided in a collection of their own, one document per user holding
    /// the ids in a field (Samgram's `Follow/<follower>: {following_id: [ids]}`): a
    /// root collection most of whose documents are keyed by users' ids, whose field named
    /// for a direction (`RoleWords`, any language) holds, over all its documents, mostly
    /// users' ids. The direction is read from the field's name; the place is
    /// `<collection>/*/<field>`, read as a `Follow/<uid>/following` root is.
    /// A direction the users' own documents keep a list for (`users/*/following`) is left
    /// to those lists (`inUsers`): a list elsewhere named so is something else (SosyaShare's
    /// `user_privacy/<uid>: {allowedFollowers}`).
    static func firestoreLists(_ collections: FirestoreCollections, _ schema: Schema, users: String?, uids: Set<String>, _ found: inout FirestoreRoles.Found) {
        guard !uids.isEmpty else { return }
        let doc = collections.doc
        var taken = takenRoots(schema, doc, found)
        var inUsers = Set<Schema.Node>()
        if let users {
            taken.insert(users)
            inUsers = directionsKept(doc) { visit in collections.documents(users) { record, _ in visit(record) } }
        }
        for c in collections.held where !c.contains("/") && !taken.contains(c) {
            var records = 0, keyed = 0
            var lists: [String: (lists: Int, entries: Int, users: Int)] = [:]
            collections.documents(c) { record, _ in
                records += 1
                guard doc.isObject(record), uids.contains(doc.key(record)) else { return }
                keyed += 1
                doc.forEachChild(record) { member in
                    let name = doc.key(member), list = doc.value(member)
                    guard doc.isContainer(list), RoleWords.direction(name) != nil else { return }
                    var t = lists[name] ?? (0, 0, 0)
                    t.lists += 1
                    doc.forEachEntry(list) { entry in
                        t.entries += 1
                        if InspectionValues.isUserEntry(entry, uids: uids, in: doc) { t.users += 1 }
                    }
                    lists[name] = t
                }
            }
            guard records > 0, keyed * 2 > records else { continue }
            for (name, t) in lists.sorted(by: { $0.key < $1.key }) where t.entries > 0 && t.users * 2 > t.entries {
                guard let node = RoleWords.direction(name), found.mapping.nodes[node] == nil, !inUsers.contains(node) else { continue }
                found.take(node, "\(c)/*/\(name)", "\(RealtimeEvidence.number(t.lists)) documents keyed by users' ids hold a \"\(name)\" list of users' ids (\(RealtimeEvidence.number(t.users)) of \(RealtimeEvidence.number(t.entries)))")
            }
        }
    }
}

extension EdgesDetector {
    /// Follows and likes kept as maps of flags, one document per user or post, in root
    /// collections of their own (OnePiece49's UIKit app: `follow-users/<u>: {<follower>:
    /// "1"}`, `following-users/<u>: {<followed>: "1"}`, `user-likeStatuses/<u>: {<post>:
    /// "1"}`, `tus-usersLiked/<post>: {<uid>: "1"}`): a root most of whose documents are
    /// keyed by users' ids (or posts' keys) and whose fields are mostly named by users' ids
    /// (or posts' keys), each a flag (`true`, `"1"`, `1`), read as a Realtime Database edge
    /// tree `<root>/<x>/<y>` is. Users to users: a follow tree, its direction read from
    /// its name, or, of two such trees, one named for a direction and one for none, the
    /// other direction; users to posts, named for likes: `user_likes`; posts to users,
    /// named for likes: the posts' likes.
    static func firestoreFlagMaps(_ collections: FirestoreCollections, _ schema: Schema, uids: Set<String>, postIDs: Set<String>,
                                  _ found: inout FirestoreRoles.Found) {
        guard !uids.isEmpty else { return }
        let doc = collections.doc
        let taken = takenRoots(schema, doc, found)
        enum Kind { case users, posts }
        var trees: [(name: String, from: Kind, to: Kind, records: Int)] = []
        for c in collections.held where !c.contains("/") && !taken.contains(c) {
            var records = 0, byUser = 0, byPost = 0, fields = 0, toUser = 0, toPost = 0, flags = 0
            collections.documents(c) { record, _ in
                records += 1
                guard doc.isObject(record) else { return }
                let key = doc.key(record)
                if uids.contains(key) { byUser += 1 } else if postIDs.contains(key) { byPost += 1 }
                doc.forEachChild(record) { member in
                    fields += 1
                    let name = doc.key(member), value = doc.value(member)
                    if uids.contains(name) { toUser += 1 } else if postIDs.contains(name) { toPost += 1 }
                    let text = doc.rawText(value)
                    if text == "true" || text == "1" || text == "\"1\"" || text == "\"true\"" { flags += 1 }
                }
            }
            guard records > 0, fields > 0, flags * 2 > fields else { continue }
            let from: Kind? = byUser * 2 > records ? .users : byPost * 2 > records ? .posts : nil
            let to: Kind? = toUser * 2 > fields ? .users : toPost * 2 > fields ? .posts : nil
            guard let from, let to else { continue }
            trees.append((c, from, to, records))
        }
        let follows = trees.filter { $0.from == .users && $0.to == .users }
        let why = { (t: (name: String, from: Kind, to: Kind, records: Int)) in
            "\(RealtimeEvidence.number(t.records)) documents keyed by \(t.from == .users ? "users' ids" : "posts' keys"), their fields named by \(t.to == .users ? "users' ids" : "posts' keys") and holding flags"
        }
        var directed: [Schema.Node: String] = [:]
        for t in follows { if let node = RoleWords.direction(t.name), directed[node] == nil { directed[node] = t.name } }
        let undirected = follows.filter { RoleWords.direction($0.name) == nil }
        if directed.count == 1, undirected.count == 1, let (node, _) = directed.first {
            directed[node == .followers ? .following : .followers] = undirected[0].name
        }
        for (node, name) in directed.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let t = follows.first { $0.name == name }!
            let named = RoleWords.direction(name) != nil ? "" : "; named for neither direction, the other side of \(directed.first { $0.value != name }?.value ?? "")"
            found.take(node, name, why(t) + named)
        }
        for t in trees where RoleWords.says(.likes, t.name) {
            if t.from == .users && t.to == .posts { found.take(.userLikes, t.name, why(t)) }
            if t.from == .posts && t.to == .users { found.take(.postLikes, t.name, why(t)) }
        }
    }
}

extension EdgesDetector {
    /// The root collections a role already reads: mapped, or read under a name sitegen
    /// knows (`user-followers`), which no detector takes for another role.
    static func takenRoots(_ schema: Schema, _ doc: JSONDocument, _ found: FirestoreRoles.Found) -> Set<String> {
        var taken = Set(found.mapping.nodes.values.map { $0.split(separator: "/").first.map(String.init) ?? $0 })
        for node in Schema.Node.allCases {
            if let place = schema.place(node), doc.member(doc.root, place.root) != nil { taken.insert(place.root.text) }
        }
        return taken
    }
}
