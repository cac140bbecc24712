// MARK: - Arrays of ids: a JSON array whose texts are users' ids (docs/export-format.md, "Arrays of ids")

/// A list an app writes as an array of ids (`Users/<uid>/following: ["u2", "u7"]`, a
/// post's `userLikes: ["u1"]`: a Kotlin `MutableList<String>` or a JavaScript array set
/// whole): each text element stands for the user whose id it holds, never for the user
/// keyed by its index. A node's arrays are read so when most of the texts in all its
/// arrays are users' ids (one array alone may hold a dangling id only). An element is
/// named in findings by the id it holds (`Users/<a>/following/<id>`), as the Firestore
/// reader's sets of ids are; the repair rewrites the array as the app writes it, whole
/// and without holes: an element removed is left out, an element added appended.
extension Validator {
    /// Whether the arrays of the lists at `place` hold users' ids (`ofPosts`: posts' keys):
    /// more than half of the texts of all of them are. No array at all, or no text in them: no.
    func arraysHoldIDs(at place: Schema.Place?, ofPosts: Bool = false) -> Bool {
        guard let place else { return false }
        var texts = 0, ids = 0
        Schema.forEachMatch(place.lists, in: doc) { list, _ in
            guard doc.isArray(list) else { return }
            doc.forEachEntry(list) { element in
                guard let text = doc.string(doc.value(element)) else { return }
                texts += 1
                if (ofPosts ? index.post(key: text) : index.user(uid: text)) != nil { ids += 1 }
            }
        }
        return texts > 0 && ids * 2 > texts
    }

    /// The path of an element of an array of ids: the list's, then the id it holds.
    func idElementPath(_ listPath: String, _ element: Int32) -> String {
        "\(listPath)/\(doc.string(doc.value(element)) ?? doc.rawText(element))"
    }

    /// Reports `code` for an element of an array of ids, removed: the array is rewritten
    /// without it (`report()` writes each rewritten array once).
    func removeIDElement(_ code: FindingCode, _ path: String, element: Int32, list: Int32, listPath: String) {
        report(code, path, found: found(element), repair: .remove)
        rewriteArray(list, listPath, for: code) { $0.removed.insert(element) }
    }

    /// Appends `text` to the array of ids `list` (it exists) for the finding `code`
    /// reported at its own path.
    func appendIDElement(_ text: String, list: Int32, listPath: String, for code: FindingCode) {
        rewriteArray(list, listPath, for: code) { $0.appended.append(text) }
    }

    private func rewriteArray(_ list: Int32, _ path: String, for code: FindingCode, _ change: (inout ArrayRewrite) -> Void) {
        if !detail.keeps(code) {
            record(.remove(node: list, path: path), for: code)  // counted, not kept
            return
        }
        arrayRewrites.withLock { all in
            var rewrite = all[list] ?? ArrayRewrite(path: path)
            change(&rewrite)
            all[list] = rewrite
        }
    }

    /// The edits of the arrays rewritten: each a `set` of the whole array, its elements
    /// kept in order but those removed, then those appended (a `remove` of the array when
    /// nothing is left).
    func arrayRewriteEdits() -> [RepairEdit] {
        let all = arrayRewrites.withLock { $0 }
        return all.sorted { $0.value.path < $1.value.path }.map { list, rewrite in
            var elements: [String] = []
            doc.forEachEntry(list) { if !rewrite.removed.contains($0) { elements.append(doc.rawText($0)) } }
            elements += rewrite.appended
            // Every element removed: the list goes, as Firebase keeps no empty array.
            if elements.isEmpty { return .remove(node: list, path: rewrite.path) }
            return .set(node: list, path: rewrite.path, text: "[" + elements.joined(separator: ",") + "]")
        }
    }
}

/// What the repair does to one array of ids: the elements it leaves out, those it appends.
struct ArrayRewrite {
    var path: String
    var removed = Set<Int32>()
    var appended: [String] = []
}
