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

    /// The follow lists kept in each user's record.
    static func inUsers(_ c: InspectionContext) -> [NodeGuess] {
        [c.listInUsers(.followers, ["followers"]), c.listInUsers(.following, ["following", "follows", "followings"])].compactMap { $0 }
    }
}
