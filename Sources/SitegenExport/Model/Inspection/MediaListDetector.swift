/// A post's media list under a name no spelling has (`source: [{uri, width, height}]`:
/// `InspectionValues.isMediaListByShape`), held by at least half the posts, as `media`;
/// and, where its items hold no `media_url` spelling, the member most of them hold an
/// image's link in (`uri`), as `media_url` (docs/export-format.md, "Albums and videos").
enum MediaListDetector {
    static func guesses(_ c: InspectionContext) -> [FieldGuess] {
        let doc = c.doc
        guard c.schema.dialect == .makestagram, c.isUncounted(.media), c.isUncounted(.videos),
              let list = c.fieldGuess(.media, in: .posts, what: "a list of maps holding an image's link", {
                  InspectionValues.isMediaListByShape($0, in: doc)
              }) else { return [] }
        var guesses = [list]
        let urlNames = c.schema.names(.mediaURL)
        var items = 0, known = 0
        var hits: [String: Int] = [:]
        InspectionContext.forEachRecord(.posts, c.schema, doc) { post in
            guard let member = doc.member(post, Schema.Name(list.name)), doc.isContainer(doc.value(member)) else { return }
            doc.forEachEntry(doc.value(member)) { entry in
                let item = doc.value(entry)
                guard doc.isObject(item) else { return }
                items += 1
                if doc.member(item, urlNames) != nil { known += 1; return }
                var found: String?
                doc.forEachChild(item) { m in if found == nil, InspectionValues.isPostImage(m, in: doc) { found = doc.key(m) } }
                if let found { hits[found, default: 0] += 1 }
            }
        }
        if known == 0, let best = hits.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), best.value * 2 >= items {
            guesses.append((.mediaURL, best.key, "\(ExportInspection.number(best.value)) of \(ExportInspection.number(items)) items of \(list.name) hold an image's link there"))
        }
        return guesses
    }
}
