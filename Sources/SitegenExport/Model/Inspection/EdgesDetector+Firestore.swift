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
    static func firestoreLists(_ collections: FirestoreCollections, users: String?, uids: Set<String>, _ found: inout FirestoreRoles.Found) {
        guard !uids.isEmpty else { return }
        let doc = collections.doc
        var taken = Set(found.mapping.nodes.values.map { $0.split(separator: "/").first.map(String.init) ?? $0 })
        var inUsers = Set<Schema.Node>()
        if let users {
            taken.insert(users)
            collections.documents(users) { record, _ in
                guard doc.isObject(record) else { return }
                doc.forEachChild(record) { member in
                    if doc.isContainer(doc.value(member)), let node = RoleWords.direction(doc.key(member)) { inUsers.insert(node) }
                }
            }
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
