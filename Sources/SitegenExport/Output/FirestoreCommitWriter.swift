import Foundation

/// `sitegen audit --format firestore`: the repair as the bodies of Firestore
/// `documents:commit` requests (REST v1), one JSON object per line, at most 500 writes
/// each (docs/firestore.md). Each edit of the repair becomes one write, at the tree
/// path the finding names, put back into Firestore's terms with the export's layout:
///
/// - a counter or another field set: an `update` of that one field through the
///   `updateMask`, a number typed as the export stores it (integer or double);
/// - an edge or like added: `appendMissingElements` on an array of ids, an `update`
///   of the one map key, or a new empty document in a subcollection;
/// - one removed: `removeAllFromArray`, the field deleted through the mask, or the
///   document deleted;
/// - an item of an array of maps (`followers: [{followedBy: uid}]`): appended or removed
///   by value (`itemWrites`);
/// - anything inside an array's item that is not such an item (`posts[0].like[2]`: a
///   like in a list of maps kept in a list of posts), which no field path names: the
///   outermost array field written whole, every edit of the repair in it applied, its
///   values typed as stored (`arrayRewrite`).
public struct FirestoreCommitWriter {
    /// Firestore's limit of writes in one commit.
    public static let maxWrites = 500

    let report: AuditReport
    let layout: FirestoreLayout
    let project: String
    /// The items of arrays the repair removes.
    let removedItems: Set<Int32>
    /// The edits inside an array field written whole (`arrayRewrite`), by node.
    let nested: NestedEdits

    /// Why the repair cannot be written as Firestore writes.
    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// `project` overrides the one the export names; one of them is needed.
    public init(report: AuditReport, project: String?) throws(Refusal) {
        guard let layout = report.export.firestore else {
            throw Refusal(description: "not a Firestore export: --format firestore writes Firestore's repair; a Realtime Database export's is --format patch")
        }
        guard let project = project ?? layout.project, !project.isEmpty else {
            throw Refusal(description: "the export names no project: give it with --project")
        }
        self.report = report
        self.layout = layout
        self.project = project
        self.removedItems = Self.removedItems(report)
        self.nested = NestedEdits(report)
    }

    var documents: String { "projects/\(project)/databases/(default)/documents" }

    /// The items of arrays the repair removes (`itemWrites`: an equal item kept is written again).
    private static func removedItems(_ report: AuditReport) -> Set<Int32> {
        let doc = report.export.document
        var out = Set<Int32>()
        for case let .remove(node, path) in report.edits {
            guard Self.endsInIndex(path) else { continue }
            let parent = doc.parents[Int(node)]
            if parent >= 0, doc.isArray(parent) { out.insert(node) }
        }
        return out
    }

    /// Writes the bodies to `sink`; nothing when the repair changes nothing.
    public func write(to sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var out = OutputBuffer(sink: sink)
        var batch: [String] = []
        // An array field written whole is written once, with all its edits.
        var rewritten = Set<Int32>()
        func flush() throws {
            guard !batch.isEmpty else { return }
            try out.append("{\"writes\":[" + batch.joined(separator: ",") + "]}\n")
            batch.removeAll(keepingCapacity: true)
        }
        func add(_ edit: RepairEdit) throws {
            if let outer = outermostArray(edit), !rewritten.insert(outer.array).inserted { return }
            for write in self.writes(for: edit) {
                batch.append(write)
                if batch.count == Self.maxWrites { try flush() }
            }
        }
        let edits = report.edits.inPathOrder()
        var next = 0
        try report.timeline?.forEachUsersEdits { found in
            for edit in found {
                while next < edits.count && PathSortKey.compare(path: edits[next].path, edit.path) < 0 {
                    try add(edits[next])
                    next += 1
                }
                try add(edit)
            }
        }
        for edit in edits[next...] { try add(edit) }
        try flush()
        try out.flush()
    }

    /// All the bodies as text (for tests).
    public func text() throws -> String {
        var bytes: [UInt8] = []
        try write { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - One write

    /// Where a tree path is in Firestore: the document's path elements and the field
    /// path in it (empty for the document itself), each the name its key stands for
    /// (`FirestoreNames.name(key:)`: `ana@x%2Ecom` is `ana@x.com`).
    func place(_ path: String) -> (document: [String], field: [String]) {
        let elements = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var (_, depth) = layout.pattern(elements)
        if depth == 0 { depth = min(elements.count, 2) }
        // A field's name as Firestore has it: a shadowed field's key (`comments%`) is its
        // field's (`comments`), the document's own, never the subcollection of its name.
        return (elements[..<depth].map { FirestoreNames.name(key: $0) }, elements[depth...].map { FirestoreNames.fieldName(key: $0) })
    }

    /// The document's own name, as a JSON string: its ids as they are, joined by `/`. The
    /// REST API takes a name in a body unescaped (the emulator writes `a%2Eb` to the id
    /// `a%2Eb`, not `a.b`; `a b`, `a#b`, `a?b`, `日本` to themselves), and every id is one
    /// Firestore takes (the readers refuse `.`, `..`, `__x__`, a `/`, more than 1,500
    /// bytes: `FirestoreNames.idFault`), so the name is no other resource.
    func documentName(_ document: [String]) -> String {
        Self.quoted(documents + "/" + document.joined(separator: "/"))
    }

    /// The writes of one edit: one, but for the removal of a collection or of a document
    /// with subcollections, which deletes every document at and below it (a delete in
    /// Firestore removes one document, never its subcollections).
    func writes(for edit: RepairEdit) -> [String] {
        if case let .remove(node, path) = edit {
            let elements = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if isCollection(elements) || isDocument(elements) {
                var names: [String] = []
                forEachDocument(at: node, elements) { names.append("{\"delete\":\(documentName($0.map { FirestoreNames.name(key: $0) }))}") }
                return names
            }
        }
        if let (array, element) = arrayOfItems(edit) { return itemWrites(for: edit, array: array, element: element) }
        if let outer = outermostArray(edit) { return [arrayRewrite(outer.array, path: outer.path)] }
        return [write(for: edit)]
    }

    // MARK: - Anything below an array's item

    /// The edits of the repair that lie inside an array field, by the node they change.
    struct NestedEdits {
        var removed = Set<Int32>()
        var replaced: [Int32: String] = [:]
        /// Under a node: the keys and the JSON text added.
        var added: [Int32: [(keys: [String], text: String)]] = [:]

        init(_ report: AuditReport) {
            for edit in report.edits {
                switch edit {
                case let .remove(node, _): removed.insert(node)
                case let .set(node, _, text): replaced[node] = text
                case let .add(under, keys, _, text): added[under, default: []].append((keys, text))
                }
            }
        }
    }

    /// For an edit below an item of an array (what no field path names: Firestore's
    /// paths never cross an array), other than one item of an array of maps or of ids
    /// (`arrayOfItems`, `write(for:)`): the outermost array above it and its tree path.
    func outermostArray(_ edit: RepairEdit) -> (array: Int32, path: String)? {
        let doc = report.export.document
        let parents = doc.parents
        let elements = edit.path.split(separator: "/", omittingEmptySubsequences: false)
        // The node the edit changes, and how many of the path's elements lie below it.
        var node: Int32, below: Int
        switch edit {
        case let .remove(n, _), let .set(n, _, _): (node, below) = (parents[Int(n)], 1)
        case let .add(under, keys, _, _): (node, below) = (under, keys.count)
        }
        var outer: (array: Int32, depth: Int)?
        var depth = below
        while node >= 0 {
            if doc.isArray(node) { outer = (node, depth) }
            node = parents[Int(node)]
            depth += 1
        }
        guard let outer else { return nil }
        // One item removed from or added to an array with no array above it: by value.
        if outer.depth == 1, !isSet(edit) { return nil }
        return (outer.array, elements.dropLast(outer.depth).joined(separator: "/"))
    }

    private func isSet(_ edit: RepairEdit) -> Bool {
        if case .set = edit { return true }
        return false
    }

    /// The array field at `path` set whole through the mask (`posts`: a like removed from
    /// `posts[0].like`), every edit of the repair in it applied, each value typed as the
    /// export stores it there (an item's members by `<array>/*/<member>`).
    func arrayRewrite(_ array: Int32, path: String) -> String {
        let (document, field) = place(path)
        let pattern = documentPattern(document) + "/" + field.joined(separator: "/")
        let mask = "\"updateMask\":{\"fieldPaths\":[\(Self.quoted(Self.fieldPath(field)))]}"
        return "{\"update\":{\"name\":\(documentName(document)),\"fields\":\(nested(field, rewritten(array, pattern)))},\(mask)}"
    }

    /// The value at `node` with the repair's edits below it applied, typed as stored at `pattern`.
    private func rewritten(_ node: Int32, _ pattern: String) -> String {
        let doc = report.export.document
        if let text = nested.replaced[node] {
            if doc.isNumber(node) { return value(text, stored: doc.rawText(node)) }
            return (try? JSONDocument.parse(Array(text.utf8))).map { d in typedValue(d, d.root, pattern, alternate: nil) } ?? value(text, stored: nil)
        }
        let added = nested.added[node] ?? []
        /// A value added at `pattern`, as nested maps where its keys are more than one.
        /// (`pattern`: the first key's.)
        func typed(_ keys: ArraySlice<String>, _ text: String, _ pattern: String) -> String {
            guard keys.count > 1 else {
                return (try? JSONDocument.parse(Array(text.utf8))).map { d in typedValue(d, d.root, pattern, alternate: nil) } ?? value(text, stored: nil)
            }
            let next = keys[keys.startIndex + 1]
            return "{\"mapValue\":{\"fields\":{\(Self.quoted(FirestoreNames.name(key: next))):\(typed(keys.dropFirst(), text, pattern + "/" + next))}}}"
        }
        if doc.isArray(node) {
            var values = doc.children(node).filter { !nested.removed.contains($0) }.map { rewritten($0, pattern + "/*") }
            values += added.map { typed($0.keys[...], $0.text, pattern + "/*") }
            return "{\"arrayValue\":{\"values\":[\(values.joined(separator: ","))]}}"
        }
        guard doc.isObject(node) else { return typedValue(doc, node, pattern, alternate: nil) }
        let kept = doc.children(node).filter { !nested.removed.contains($0) }
        // An array of ids (the tree's `{id: true}`), an id removed or added.
        if layout.idArrays[pattern] != nil, kept.allSatisfy({ doc.kind($0) == .bool && doc.rawText($0) == "true" }),
           added.allSatisfy({ $0.keys.count == 1 }) {
            let parent = layout.idArrays[pattern]?.referenceParent
            let values = (kept.map { doc.key($0) } + added.map { $0.keys[0] }).map { key in
                let id = FirestoreNames.name(key: key)
                if let parent { return "{\"referenceValue\":" + Self.quoted(documents + "/" + parent + "/" + id) + "}" }
                return "{\"stringValue\":" + Self.quoted(id) + "}"
            }
            return "{\"arrayValue\":{\"values\":[\(values.joined(separator: ","))]}}"
        }
        var members = kept.map { m in Self.quoted(FirestoreNames.name(key: doc.key(m))) + ":" + rewritten(m, pattern + "/" + doc.key(m)) }
        members += added.map { a in
            Self.quoted(FirestoreNames.name(key: a.keys[0])) + ":" + typed(a.keys[...], a.text, pattern + "/" + a.keys[0])
        }
        return "{\"mapValue\":{\"fields\":{\(members.joined(separator: ","))}}}"
    }

    // MARK: - Items of an array that is not of ids

    /// For an edit of one item of an array kept as an array (a list of maps,
    /// `followers: [{followedBy: uid}]`): the array's node, and the item for a removal.
    /// Nil for any other edit, and for an array inside another (no field path names it).
    func arrayOfItems(_ edit: RepairEdit) -> (array: Int32, element: Int32?)? {
        let doc = report.export.document
        let array: Int32, element: Int32?
        switch edit {
        case let .add(under, keys, _, _):
            guard keys.count == 1, doc.isArray(under) else { return nil }
            (array, element) = (under, nil)
        case let .remove(node, path):
            guard Self.endsInIndex(path) else { return nil }
            let parent = doc.parents[Int(node)]
            guard parent >= 0, doc.isArray(parent) else { return nil }
            (array, element) = (parent, node)
        case .set:
            return nil
        }
        // An array of ids (a set in the tree; `[]` when empty) is written by `write(for:)`.
        let treePath = edit.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if layout.idArrays[layout.pattern(Array(treePath.dropLast())).pattern] != nil { return nil }
        var above = doc.parents[Int(array)]
        while above >= 0 {
            if doc.isArray(above) { return nil }
            above = doc.parents[Int(above)]
        }
        return (array, element)
    }

    /// Whether a path's last key is all digits (it may be an array's index).
    static func endsInIndex(_ path: String) -> Bool {
        var digits = 0
        for b in path.utf8.reversed() {
            if b == UInt8(ascii: "/") { break }
            guard b >= 0x30 && b <= 0x39 else { return false }
            digits += 1
        }
        return digits > 0
    }

    /// An item appended (`appendMissingElements`) or removed (`removeAllFromArray`, which
    /// removes every equal item: where an equal one is kept, it is appended again in the
    /// same commit), typed as the export stores the items' members.
    func itemWrites(for edit: RepairEdit, array: Int32, element: Int32?) -> [String] {
        let doc = report.export.document
        let (document, field) = place(edit.path)
        let name = documentName(document)
        let arrayPath = Self.quoted(Self.fieldPath(Array(field.dropLast())))
        let treePath = edit.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let items = layout.pattern(Array(treePath.dropLast())).pattern + "/*"
        func transform(_ kind: String, _ value: String) -> String {
            "{\"transform\":{\"document\":\(name),\"fieldTransforms\":[{\"fieldPath\":\(arrayPath),\"\(kind)\":{\"values\":[\(value)]}}]}}"
        }
        guard let element else {
            guard case let .add(_, _, _, text) = edit, let d = try? JSONDocument.parse(Array(text.utf8)) else { return [] }
            return [transform("appendMissingElements", typedValue(d, d.root, items, alternate: nil))]
        }
        let value = typedValue(doc, element, items, alternate: nil)
        let text = doc.rawText(element)
        var kept = false
        doc.forEachChild(array) { other in
            if other != element, !removedItems.contains(other), doc.rawText(other) == text { kept = true }
        }
        return [transform("removeAllFromArray", value)] + (kept ? [transform("appendMissingElements", value)] : [])
    }

    /// The collection pattern of a tree path with an odd number of elements (`comments/p1/comments`
    /// gives `comments/*/comments`), or of a document's path without its id.
    private func collectionPattern(_ elements: ArraySlice<String>) -> String {
        elements.enumerated().map { $0.offset % 2 == 1 ? "*" : $0.element }.joined(separator: "/")
    }

    /// Whether a tree path names a collection (or a subcollection) of the export.
    func isCollection(_ elements: [String]) -> Bool {
        elements.count % 2 == 1 && layout.collections.contains(collectionPattern(elements[...]))
    }

    /// Whether a tree path names a document of the export (or a place where one may be).
    func isDocument(_ elements: [String]) -> Bool {
        elements.count % 2 == 0 && !elements.isEmpty && layout.collections.contains(collectionPattern(elements.dropLast()))
    }

    /// Calls `body` with the path of each document at `node` (a collection's documents, or
    /// a document), then of those in its subcollections, depth first.
    func forEachDocument(at node: Int32, _ elements: [String], _ body: ([String]) -> Void) {
        let doc = report.export.document
        if isCollection(elements) {
            guard doc.isObject(node) else { return }
            doc.forEachEntry(node) { forEachDocument(at: $0, elements + [doc.key($0)], body) }
            return
        }
        body(elements)
        guard doc.isObject(node) else { return }
        doc.forEachEntry(node) { member in
            let sub = elements + [doc.key(member)]
            if isCollection(sub) { forEachDocument(at: member, sub, body) }
        }
    }

    func write(for edit: RepairEdit) -> String {
        let (document, field) = place(edit.path)
        let name = documentName(document)
        let treePath = edit.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // An element of an array of ids: the array is the field less its last element.
        if field.count >= 2, let array = layout.idArrays[layout.pattern(Array(treePath.dropLast())).pattern] {
            let arrayPath = Self.fieldPath(Array(field.dropLast()))
            let id = field[field.count - 1]
            let element: String
            if let parent = array.referenceParent {
                element = "{\"referenceValue\":" + Self.quoted(documents + "/" + parent + "/" + id) + "}"
            } else {
                element = "{\"stringValue\":" + Self.quoted(id) + "}"
            }
            let transform: String
            switch edit {
            case .remove: transform = "removeAllFromArray"
            case .add, .set: transform = "appendMissingElements"
            }
            return "{\"transform\":{\"document\":\(name),\"fieldTransforms\":[{\"fieldPath\":\(Self.quoted(arrayPath)),\"\(transform)\":{\"values\":[\(element)]}}]}}"
        }
        let pattern = documentPattern(document)
        if field.isEmpty {
            switch edit {
            case .remove:
                return "{\"delete\":\(name)}"
            case let .add(_, _, _, text), let .set(_, _, text):
                return "{\"update\":{\"name\":\(name),\"fields\":\(documentFields(text, pattern: pattern))}}"
            }
        }
        let mask = "\"updateMask\":{\"fieldPaths\":[\(Self.quoted(Self.fieldPath(field)))]}"
        switch edit {
        case .remove:
            return "{\"update\":{\"name\":\(name),\"fields\":{}},\(mask)}"
        case let .add(_, _, _, text):
            let typed = (try? JSONDocument.parse(Array(text.utf8))).map { d in
                typedValue(d, d.root, pattern + "/" + field.joined(separator: "/"), alternate: alternatePattern(pattern).map { $0 + "/" + field.joined(separator: "/") })
            } ?? value(text, stored: nil)
            return "{\"update\":{\"name\":\(name),\"fields\":\(nested(field, typed))},\(mask)}"
        case let .set(node, _, text):
            let stored = report.export.document.rawText(node)
            return "{\"update\":{\"name\":\(name),\"fields\":\(nested(field, value(text, stored: stored)))},\(mask)}"
        }
    }

    /// The fields of a document written whole: `true` (an edge kept as an empty
    /// document) is no fields; an object is its members, each typed as the export
    /// stores the field at `pattern` (the document's, `timeline/*/timelinePosts/*`) or,
    /// for a copy of a post, at the post's.
    func documentFields(_ text: String, pattern: String? = nil) -> String {
        guard let d = try? JSONDocument.parse(Array(text.utf8)), d.isObject(d.root) else { return "{}" }
        guard let pattern else { return fields(d, d.root) }
        let alternate = alternatePattern(pattern)
        let members = d.children(d.root).map { m in
            let key = d.key(m)
            return Self.quoted(FirestoreNames.fieldName(key: key)) + ":" + typedValue(d, m, pattern + "/" + key, alternate: alternate.map { $0 + "/" + key })
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// The pattern of a document's path (`timeline/u1/timelinePosts/p1` gives
    /// `timeline/*/timelinePosts/*`).
    func documentPattern(_ document: [String]) -> String {
        document.enumerated().map { $0.offset % 2 == 1 ? "*" : $0.element }.joined(separator: "/")
    }

    /// Where a document's fields are typed when its own pattern says nothing: a timeline
    /// entry's are a post's (a copy), the posts' pattern.
    func alternatePattern(_ pattern: String) -> String? {
        let schema = report.export.schema
        guard let timeline = schema.place(.timeline), let posts = schema.place(.posts),
              pattern == timeline.lists.map({ $0?.text ?? "*" }).joined(separator: "/") + "/*" else { return nil }
        return posts.lists.map { $0?.text ?? "*" }.joined(separator: "/")
    }

    /// A JSON value as the Firestore value the export keeps at `pattern` (else at
    /// `alternate`): a timestamp, bytes, a GeoPoint, a reference, an array of ids (the tree's
    /// `{id: true}`), a map typed member by member; else as `value` types it.
    func typedValue(_ d: JSONDocument, _ node: Int32, _ pattern: String, alternate: String?) -> String {
        let type = layout.valueTypes[pattern] ?? alternate.flatMap { layout.valueTypes[$0] }
        let ids = layout.idArrays[pattern] ?? alternate.flatMap { layout.idArrays[$0] }
        switch (type, d.kind(node)) {
        case (.timestamp?, .number):
            if let time = Self.timestamp(d.rawText(node)) { return "{\"timestampValue\":\(Self.quoted(time))}" }
        case (.bytes?, .string):
            return "{\"bytesValue\":\(d.rawText(node))}"
        case (.geoPoint?, .object):
            if let lat = d.member(node, Schema.Name("latitude")), let lon = d.member(node, Schema.Name("longitude")) {
                return "{\"geoPointValue\":{\"latitude\":\(d.rawText(lat)),\"longitude\":\(d.rawText(lon))}}"
            }
        case let (.reference(parent)?, .string):
            return "{\"referenceValue\":\(Self.quoted(documents + "/" + parent + "/" + (d.string(node) ?? "")))}"
        default:
            break
        }
        // The tree's `{id: true}` of an array of ids (not a map kept where such arrays are too).
        if let ids, d.isObject(node), d.children(node).allSatisfy({ d.kind($0) == .bool && d.rawText($0) == "true" }) {
            let values = d.children(node).map { m in
                let id = FirestoreNames.name(key: d.key(m))
                if let parent = ids.referenceParent {
                    return "{\"referenceValue\":" + Self.quoted(documents + "/" + parent + "/" + id) + "}"
                }
                return "{\"stringValue\":" + Self.quoted(id) + "}"
            }
            return "{\"arrayValue\":{\"values\":[\(values.joined(separator: ","))]}}"
        }
        if d.isObject(node) {
            let members = d.children(node).map { m in
                // A field's name as Firestore has it, not as the tree keys it (a map of
                // likes keyed by ids: `ana@x.com`, keyed `ana@x%2Ecom`).
                let key = d.key(m)
                return Self.quoted(FirestoreNames.fieldName(key: key)) + ":" + typedValue(d, m, pattern + "/" + key, alternate: alternate.map { $0 + "/" + key })
            }
            return "{\"mapValue\":{\"fields\":{" + members.joined(separator: ",") + "}}}"
        }
        return value(d, node)
    }

    /// Seconds since 1970 (`1651399200.25`) as an RFC 3339 time (`2022-05-01T10:00:00.250000Z`).
    static func timestamp(_ seconds: String) -> String? {
        let parts = seconds.split(separator: ".", maxSplits: 1)
        guard let whole = Int64(parts[0]) else { return nil }
        var micros = 0
        if parts.count == 2 {
            let digits = String((parts[1] + "000000").prefix(6))
            guard let m = Int(digits) else { return nil }
            micros = m
        }
        let (year, month, day, secondOfDay) = CivilDate.of(seconds: Int(whole))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var text = "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        if micros != 0 { text += "." + String(String(micros).leftPadded(6)) }
        return text + "Z"
    }

    /// `{"a": {"mapValue": {"fields": {"b": value}}}}` for the field path `a`, `b`.
    func nested(_ field: [String], _ value: String) -> String {
        var out = value
        for (i, name) in field.enumerated().reversed() {
            out = i == field.count - 1 ? "{\(Self.quoted(name)):\(out)}" : "{\(Self.quoted(name)):{\"mapValue\":{\"fields\":\(out)}}}"
        }
        return out
    }

    /// A JSON value as a Firestore value; a number typed as `stored` is (a double where
    /// it has a `.` or an exponent).
    func value(_ text: String, stored: String?) -> String {
        guard let d = try? JSONDocument.parse(Array(text.utf8)) else { return "{\"nullValue\":null}" }
        let storedIsDouble = stored.map { s in s.contains(".") || s.contains("e") || s.contains("E") } ?? false
        return value(d, d.root, double: storedIsDouble)
    }

    private func value(_ d: JSONDocument, _ node: Int32, double: Bool = false) -> String {
        switch d.kind(node) {
        case .null: return "{\"nullValue\":null}"
        case .bool: return "{\"booleanValue\":\(d.rawText(node))}"
        case .string: return "{\"stringValue\":\(d.rawText(node))}"
        case .number:
            let text = d.rawText(node)
            let isIntegral = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
            if isIntegral && !double { return "{\"integerValue\":\"\(text)\"}" }
            return "{\"doubleValue\":\(isIntegral ? text + ".0" : text)}"
        case .array:
            let values = d.children(node).map { value(d, $0) }
            return "{\"arrayValue\":{\"values\":[\(values.joined(separator: ","))]}}"
        case .object:
            return "{\"mapValue\":{\"fields\":\(fields(d, node))}}"
        }
    }

    private func fields(_ d: JSONDocument, _ node: Int32) -> String {
        let members = d.children(node).map { Self.quoted(FirestoreNames.fieldName(key: d.key($0))) + ":" + value(d, $0) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A field path as Firestore's masks and transforms spell it: segments joined by
    /// `.`, a segment that is not a plain name (`[a-zA-Z_][a-zA-Z_0-9]*`) in backquotes,
    /// with `\` and `` ` `` escaped by a backslash (`a.b`, `` a`b ``, `日本` as the
    /// emulator takes them).
    static func fieldPath(_ segments: [String]) -> String {
        segments.map { s in
            let plain = !s.isEmpty && s.utf8.enumerated().allSatisfy { i, b in
                (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || (i > 0 && b >= 0x30 && b <= 0x39)
            }
            if plain { return s }
            return "`" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "`", with: "\\`") + "`"
        }.joined(separator: ".")
    }

    static func quoted(_ s: String) -> String { JSONString.quoted(s) }
}
