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
///   document deleted.
public struct FirestoreCommitWriter {
    /// Firestore's limit of writes in one commit.
    public static let maxWrites = 500

    let report: AuditReport
    let layout: FirestoreLayout
    let project: String

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
    }

    var documents: String { "projects/\(project)/databases/(default)/documents" }

    /// Writes the bodies to `sink`; nothing when the repair changes nothing.
    public func write(to sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var out = OutputBuffer(sink: sink)
        var batch: [String] = []
        func flush() throws {
            guard !batch.isEmpty else { return }
            try out.append("{\"writes\":[" + batch.joined(separator: ",") + "]}\n")
            batch.removeAll(keepingCapacity: true)
        }
        func add(_ edit: RepairEdit) throws {
            batch.append(self.write(for: edit))
            if batch.count == Self.maxWrites { try flush() }
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
        let original = elements.map { FirestoreNames.name(key: $0) }
        return (Array(original[..<depth]), Array(original[depth...]))
    }

    /// The document's own name, as a JSON string: its ids as they are, joined by `/`. The
    /// REST API takes a name in a body unescaped (the emulator writes `a%2Eb` to the id
    /// `a%2Eb`, not `a.b`; `a b`, `a#b`, `a?b`, `日本` to themselves), and every id is one
    /// Firestore takes (the readers refuse `.`, `..`, `__x__`, a `/`, more than 1,500
    /// bytes: `FirestoreNames.idFault`), so the name is no other resource.
    func documentName(_ document: [String]) -> String {
        Self.quoted(documents + "/" + document.joined(separator: "/"))
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
        if field.isEmpty {
            switch edit {
            case .remove:
                return "{\"delete\":\(name)}"
            case let .add(_, _, _, text), let .set(_, _, text):
                return "{\"update\":{\"name\":\(name),\"fields\":\(documentFields(text))}}"
            }
        }
        let mask = "\"updateMask\":{\"fieldPaths\":[\(Self.quoted(Self.fieldPath(field)))]}"
        switch edit {
        case .remove:
            return "{\"update\":{\"name\":\(name),\"fields\":{}},\(mask)}"
        case let .add(_, _, _, text):
            return "{\"update\":{\"name\":\(name),\"fields\":\(nested(field, value(text, stored: nil)))},\(mask)}"
        case let .set(node, _, text):
            let stored = report.export.document.rawText(node)
            return "{\"update\":{\"name\":\(name),\"fields\":\(nested(field, value(text, stored: stored)))},\(mask)}"
        }
    }

    /// The fields of a document written whole: `true` (an edge kept as an empty
    /// document) is no fields; an object is its members.
    func documentFields(_ text: String) -> String {
        guard let d = try? JSONDocument.parse(Array(text.utf8)), d.isObject(d.root) else { return "{}" }
        return fields(d, d.root)
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
        let members = d.children(node).map { Self.quoted(d.key($0)) + ":" + value(d, $0) }
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
