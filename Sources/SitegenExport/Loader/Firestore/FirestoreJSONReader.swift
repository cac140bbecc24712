/// Reads the JSON trees the community tools write of a Firestore database
/// (docs/firestore.md):
///
/// - node-firestore-import-export: `{"__collections__": {"users": {"<id>": {…fields…,
///   "__collections__": {…}}}}}`, typed values as `{"__datatype__": "timestamp",
///   "value": {"_seconds", "_nanoseconds"}}`, `"geopoint"` (`_latitude`, `_longitude`),
///   `"documentReference"` (a path);
/// - Firefoo: `{"meta": {…}, "data": {"<collection>": {"<id>": {…, "__collections__":
///   {…}}}}}`, `{"__time__": ISO 8601}`, `{"__ref__": path}`, `{"__lat__", "__lon__"}`.
///
/// A number is an integer where its text is one, else a double. A root `__collections__`
/// that is not an object is a corrupt export of this kind (it would otherwise read as a
/// Realtime Database export with no users); a `__datatype__` neither tool writes is read
/// as a map, with a warning naming the document and the field. Faults name the file, the
/// byte offset of the document's object and its path.
enum FirestoreJSONReader: ExportFormatReader {
    static let name = "a Firestore JSON export"

    static func recognizes(_ input: ExportInput) -> Bool {
        guard case let .json(d) = input, d.isObject(d.root) else { return false }
        if d.member(d.root, "__collections__") != nil { return true }
        if let meta = d.member(d.root, "meta"), let data = d.member(d.root, "data"), d.isObject(meta), d.isObject(data),
           d.childCount(d.root) == 2 { return true }
        return false
    }

    static func read(_ input: ExportInput, path: String) throws(SitegenError) -> ExportTree {
        guard case let .json(d) = input else { throw SitegenError(file: path, message: "not a JSON file") }
        let firefoo = d.member(d.root, "__collections__") == nil
        var tree = FirestoreTree(format: firefoo ? "Firefoo JSON" : "node-firestore-import-export JSON")
        tree.file = path
        let collections = firefoo ? d.member(d.root, "data")! : d.member(d.root, "__collections__")!
        if firefoo, let meta = d.member(d.root, "meta"), let project = d.member(meta, "projectId") {
            tree.noteProject(app: d.string(project))
        }
        var reader = Reader(d: d, path: path)
        try reader.collections(collections, parent: [], into: &tree)
        return try tree.exportTree()
    }

    private struct Reader {
        let d: JSONDocument
        let path: String
        /// The path of the document being read, named by its faults.
        var document: [String] = []

        func fault(_ node: Int32, _ message: String) -> SitegenError {
            let (line, column) = d.lineAndColumn(of: d.nodes[Int(node)].start)
            let place = document.isEmpty ? "" : "in \(document.joined(separator: "/")): "
            return SitegenError(file: path, message: place + message, line: line, column: column)
        }

        mutating func collections(_ node: Int32, parent: [String], into tree: inout FirestoreTree) throws(SitegenError) {
            guard d.isObject(node) else { throw fault(node, "__collections__ is not an object") }
            for collection in d.children(node) {
                document = parent
                guard d.isObject(collection) else { throw fault(collection, "a collection that is not an object") }
                let name = d.key(collection)
                for document in d.children(collection) {
                    let documentPath = parent + [name, d.key(document)]
                    self.document = documentPath
                    guard d.isObject(document) else { throw fault(document, "a document that is not an object") }
                    let source = d.nodes[Int(document)].start
                    var fields: [FirestoreField] = []
                    var sub: Int32?
                    for field in d.children(document) {
                        if d.keyEquals(field, "__collections__") { sub = field; continue }
                        var unknown: [String] = []
                        fields.append(FirestoreField(name: d.key(field), value: try value(field, depth: 0, unknown: &unknown)))
                        for type in unknown {
                            tree.warn("\(d.key(field)): a __datatype__ \(JSONString.quoted(type)), which sitegen does not know; read as a map",
                                      source: source, path: documentPath)
                        }
                    }
                    try tree.add(FirestoreDocument(path: documentPath, fields: fields), source: source)
                    if let sub { try collections(sub, parent: documentPath, into: &tree) }
                }
            }
        }

        /// The value at `node`, inside `depth` maps and arrays of its document's field; the
        /// `__datatype__`s it holds that no tool writes go to `unknown`.
        func value(_ node: Int32, depth: Int, unknown: inout [String]) throws(SitegenError) -> FirestoreValue {
            if (d.isObject(node) || d.isArray(node)) && depth >= FirestoreLimits.valueDepth {
                throw fault(node, "maps and arrays nested deeper than \(FirestoreLimits.valueDepth) levels in one field (Firestore allows 20)")
            }
            switch d.kind(node) {
            case .null: return .null
            case .bool: return .bool(d.bytes[d.nodes[Int(node)].start] == UInt8(ascii: "t"))
            case .string: return .string(d.string(node) ?? "")
            case .number:
                let text = d.rawText(node)
                if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let i = Int64(text) { return .integer(i) }
                return .double(Double(text) ?? 0)
            case .array:
                var out: [FirestoreValue] = []
                for e in d.children(node) { out.append(try value(e, depth: depth + 1, unknown: &unknown)) }
                return .array(out)
            case .object:
                if let typed = try special(node, unknown: &unknown) { return typed }
                var out: [FirestoreField] = []
                for m in d.children(node) { out.append(FirestoreField(name: d.key(m), value: try value(m, depth: depth + 1, unknown: &unknown))) }
                return .map(out)
            }
        }

        /// The typed values of both tools.
        func special(_ node: Int32, unknown: inout [String]) throws(SitegenError) -> FirestoreValue? {
            if let type = d.member(node, "__datatype__"), let name = d.string(type) {
                let v = d.member(node, "value")
                switch name {
                case "timestamp":
                    guard let v, let s = number(d.member(v, "_seconds") ?? d.member(v, "seconds")) else { throw fault(node, "a timestamp without _seconds") }
                    let nanos = number(d.member(v, "_nanoseconds") ?? d.member(v, "nanoseconds")) ?? 0
                    // Firestore's range: years 1 to 9999.
                    guard s.isFinite, nanos.isFinite, abs(s) < 3e11, nanos >= 0, nanos < 1e9 else {
                        throw fault(node, "a timestamp out of Firestore's range")
                    }
                    return .timestamp(microseconds: Int64(s) * 1_000_000 + Int64(nanos / 1000))
                case "geopoint":
                    guard let v, let lat = number(d.member(v, "_latitude") ?? d.member(v, "latitude")),
                          let lon = number(d.member(v, "_longitude") ?? d.member(v, "longitude")) else { throw fault(node, "a geopoint without _latitude and _longitude") }
                    return .geoPoint(latitude: lat, longitude: lon)
                case "documentReference":
                    guard let v, let p = d.string(v) else { throw fault(node, "a documentReference without a path") }
                    return .reference(referencePath(p))
                default:
                    unknown.append(name)
                    return nil
                }
            }
            if let t = d.member(node, "__time__"), d.childCount(node) == 1 {
                guard let text = d.string(t), let us = ISOTime.microseconds(text) else { throw fault(t, "__time__ is not an ISO 8601 time") }
                return .timestamp(microseconds: us)
            }
            if let r = d.member(node, "__ref__"), d.childCount(node) == 1 {
                guard let p = d.string(r) else { throw fault(r, "__ref__ is not a path") }
                return .reference(referencePath(p))
            }
            if let lat = number(d.member(node, "__lat__")), let lon = number(d.member(node, "__lon__")), d.childCount(node) == 2 {
                return .geoPoint(latitude: lat, longitude: lon)
            }
            return nil
        }

        func number(_ node: Int32?) -> Double? {
            guard let node, d.isNumber(node) else { return nil }
            return Double(d.rawText(node))
        }

        /// A reference's path elements, less any `projects/P/databases/D/documents/` prefix.
        func referencePath(_ text: String) -> [String] {
            var parts = text.split(separator: "/").map(String.init)
            if parts.count > 5, parts[0] == "projects", parts[2] == "databases", parts[4] == "documents" { parts.removeFirst(5) }
            return parts
        }
    }
}

/// ISO 8601 times as Firestore's tools write them (`2024-08-01T20:00:52.464999Z`,
/// `…+02:00`): microseconds since 1970.
enum ISOTime {
    static func microseconds(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        func digits(_ at: Int, _ n: Int) -> Int? {
            guard at + n <= b.count else { return nil }
            var v = 0
            for i in at..<(at + n) {
                guard b[i] >= 48 && b[i] <= 57 else { return nil }
                v = v * 10 + Int(b[i] - 48)
            }
            return v
        }
        guard let year = digits(0, 4), b.count >= 19, b[4] == 45, let month = digits(5, 2), b[7] == 45, let day = digits(8, 2),
              b[10] == 84 || b[10] == 116 || b[10] == 32, let hour = digits(11, 2), b[13] == 58, let minute = digits(14, 2),
              b[16] == 58, let second = digits(17, 2), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var at = 19
        var micros = 0
        if at < b.count && b[at] == 46 {
            at += 1
            var scale = 100_000
            while at < b.count && b[at] >= 48 && b[at] <= 57 {
                micros += Int(b[at] - 48) * scale
                scale /= 10
                at += 1
            }
        }
        var offset = 0
        if at < b.count {
            if b[at] == 90 || b[at] == 122 {
                at += 1
            } else if b[at] == 43 || b[at] == 45, let h = digits(at + 1, 2) {
                let sign = b[at] == 43 ? 1 : -1
                var m = 0
                if let mm = digits(at + 4, 2), b[at + 3] == 58 { m = mm; at += 6 } else if let mm = digits(at + 3, 2) { m = mm; at += 5 } else { at += 3 }
                offset = sign * (h * 60 + m) * 60
            } else {
                return nil
            }
        }
        guard at == b.count else { return nil }
        // Days from the civil date (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        return seconds * 1_000_000 + Int64(micros)
    }
}
