/// Replies kept among a post's comments, and a comment counter that counts the top-level
/// comments only: a member of the comments whose value is the key (or `id`) of another
/// comment of the same list (`parentCommentId`, `replyTo`, `parentId`: judged by value, a
/// name saying parent or reply only breaking a tie) names the comment a reply answers.
/// Guessed as `comment_parent = "<name>"` only where, on most posts with the counter, the
/// counter equals the live comments without a parent, and differs from all of them on some
/// (`Schema.counterCounts`); an app whose counter counts replies too needs no line.
enum RepliesDetector {
    /// `counter`: the comment counter's name guessed this run, if any; `deleted`: the soft
    /// delete's (`SoftDeleteDetector`), whose deleted comments no counter counts.
    static func guess(_ c: InspectionContext, counter: String?, deleted: String?) -> FieldGuess? {
        let doc = c.doc, schema = c.schema
        guard c.dialect == .makestagram, schema.mapping.fields[.commentParent] == nil,
              let place = c.isPresent(.comments) ? schema.place(.comments) : c.guessedPlace(.comments),
              !(c.isPresent(.comments) && schema.flatComments), let postRecords = schema.postRecords else { return nil }
        let counterNames = counter.map { [Schema.Name($0)] } ?? schema.names(.commentCount)
        let deletedName = deleted ?? schema.mapping.fields[.deleted]
        func isDeleted(_ comment: Int32) -> Bool { deletedName.map { Schema.isGone(comment, flag: $0, in: doc) } ?? false }
        // Each post's list of comments, by the post's key (its last `*`).
        var lists: [String: Int32] = [:]
        Schema.forEachMatch(place.lists, in: doc) { list, keys in
            if doc.isObject(list), let key = keys.last { lists[key.text(doc)] = list }
        }
        // The members naming a sibling comment, by name.
        var named: [String: Int] = [:]
        for list in lists.values {
            var siblings = Set<String>()
            doc.forEachChild(list) { comment in
                siblings.insert(doc.key(comment))
                if doc.isObject(comment), let id = doc.member(comment, Schema.Name("id")).flatMap({ doc.string(doc.value($0)) }) { siblings.insert(id) }
            }
            doc.forEachChild(list) { comment in
                guard doc.isObject(comment) else { return }
                let own = doc.key(comment)
                doc.forEachChild(comment) { member in
                    guard let text = doc.string(doc.value(member)), text != own, siblings.contains(text) else { return }
                    named[doc.key(member), default: 0] += 1
                }
            }
        }
        func saysParent(_ name: String) -> Bool { RoleWords.holds(RoleWords.FieldWords.parent, name) }
        guard let (parent, replies) = named.max(by: { a, b in
            a.value != b.value ? a.value < b.value : (saysParent(a.key) != saysParent(b.key) ? !saysParent(a.key) : a.key > b.key)
        }) else { return nil }
        let parentName = Schema.Name(parent)
        // The counter against the live comments, all of them and the top-level ones.
        var posts = 0, top = 0, all = 0, differs = 0
        var counterName = counter
        Schema.forEachMatch(postRecords, in: doc) { post, keys in
            guard doc.isObject(post), let key = keys.last, let field = doc.member(post, counterNames),
                  case let .exact(counted)? = CounterValue.parse(doc.rawBytes(doc.value(field))) else { return }
            var live = 0, topLevel = 0
            if let list = lists[key.text(doc)] {
                doc.forEachChild(list) { comment in
                    guard doc.isObject(comment), !isDeleted(comment) else { return }
                    live += 1
                    let reply = doc.member(comment, parentName).flatMap { doc.string(doc.value($0)) }.map { !$0.isEmpty } ?? false
                    if !reply { topLevel += 1 }
                }
            }
            posts += 1
            if counterName == nil { counterName = doc.key(field) }
            if counted == topLevel { top += 1 }
            if counted == live { all += 1 }
            if counted == topLevel && topLevel != live { differs += 1 }
        }
        guard posts > 0, top * 2 > posts, top > all, differs > 0, let counterName else { return nil }
        let n = ExportInspection.number
        return (.commentParent, parent, "\(n(replies)) comments name another comment of their post there (replies); the counter "
                + "\(counterName) counts the top-level comments only: it equals them on \(n(top)) of \(n(posts)) posts, all the comments on \(n(all))")
    }
}
