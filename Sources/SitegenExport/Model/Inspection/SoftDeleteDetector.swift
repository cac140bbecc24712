/// A soft delete: a boolean of the posts (else of the comments) named for a record being
/// live or gone (`isActive`, `visible`, `published`; `isDeleted`, `removed`, in
/// `RoleWords`' languages: `RoleWords.deletedWhen`), held by at least half of the records,
/// most of them holding the live value and some the other. Guessed as `deleted = "<name>"`:
/// a post or comment holding the gone value is deleted (`Schema.isDeleted`).
enum SoftDeleteDetector {
    static func guess(_ c: InspectionContext) -> FieldGuess? {
        guard c.dialect == .makestagram, c.schema.mapping.fields[.deleted] == nil else { return nil }
        if let posts = best(c, kind: "posts", { body in InspectionContext.forEachRecord(.posts, c.schema, c.doc, body) }) { return posts }
        guard let place = c.isPresent(.comments) ? c.schema.place(.comments) : c.guessedPlace(.comments) else { return nil }
        let records = c.isPresent(.comments) && c.schema.flatComments ? place.lists : place.lists + [nil]
        return best(c, kind: "comments") { body in Schema.forEachMatch(records, in: c.doc) { node, _ in if c.doc.isObject(node) { body(node) } } }
    }

    /// The name most records hold as such a flag, where the flag says some are gone.
    private static func best(_ c: InspectionContext, kind: String, _ forEach: ((Int32) -> Void) -> Void) -> FieldGuess? {
        let doc = c.doc
        var tally: [String: (held: Int, gone: Int)] = [:]
        var total = 0
        forEach { record in
            total += 1
            doc.forEachChild(record) { member in
                let value = doc.value(member)
                guard doc.kind(value) == .bool else { return }
                let name = doc.key(member)
                guard let goneWhen = RoleWords.deletedWhen(name) else { return }
                var t = tally[name] ?? (0, 0)
                t.held += 1
                if (doc.rawText(value) == "true") == goneWhen { t.gone += 1 }
                tally[name] = t
            }
        }
        let fits = tally.filter { $0.value.held * 2 >= total && $0.value.gone > 0 && $0.value.gone * 2 < $0.value.held }
        guard let (name, t) = fits.max(by: { $0.value.held != $1.value.held ? $0.value.held < $1.value.held : $0.key > $1.key }) else { return nil }
        let goneValue = RoleWords.deletedWhen(name)! ? "true" : "false"
        return (.deleted, name, "\(ExportInspection.number(t.held)) of \(ExportInspection.number(total)) \(kind) hold it as a boolean, "
                + "\(ExportInspection.number(t.gone)) \(goneValue): a post or comment \(goneValue) there is deleted (kept, not counted, not published)")
    }
}
