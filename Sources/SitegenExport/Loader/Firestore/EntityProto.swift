/// Decodes one record of a managed export: an App Engine `EntityProto` (proto2, with
/// groups), the form Firestore's export keeps each document in. The fields read
/// (docs/firestore.md):
///
/// - `EntityProto`: 13 key (`Reference`), 14 property, 15 raw_property (`Property`),
///   16 entity_group; others skipped.
/// - `Reference`: 13 app (`dev~project`, `s~project`), 14 path (`Path`: group 1
///   `Element` {2 type, 3 id, 4 name}).
/// - `Property`: 1 meaning, 3 name, 4 multiple, 5 value (`PropertyValue`).
/// - `PropertyValue`: 1 int64, 2 boolean, 3 string, 4 double; group 5 point {6 x, 7 y};
///   group 12 reference {13 app, group 14 element {15 type, 16 id, 17 name}}.
/// - meanings: 7 a timestamp in microseconds; 9 a GeoPoint; 14 and 16 bytes; 19 a map
///   (a nested `EntityProto` in the string); 24 an empty array; any other is read by its
///   value's type and noted in `warnings`.
///
/// Refused as corrupt (`FirestoreLimits`): maps nested deeper than `valueDepth` (checked
/// before descending), a name twice in one document or map, a string or name that is
/// not UTF-8 or longer than `stringBytes`, a key path of more than `pathElements`.
enum EntityProto {
    /// The document and its key's app (the project, behind `dev~` or `s~`); a value with a
    /// meaning this reader does not know is added to `warnings` (`field: …`).
    static func decode(_ record: UnsafeBufferPointer<UInt8>, warnings: inout [String]) throws(ProtoWire.Fault) -> (document: FirestoreDocument, app: String?) {
        var wire = ProtoWire(record)
        var path: [String]?
        var app: String?
        var properties = PropertyList(depth: 0)
        while let (field, type) = try wire.tag() {
            switch (field, type) {
            case (13, .bytes):
                var key = try wire.message()
                (path, app) = try reference(&key)
            case (14, .bytes), (15, .bytes):
                var property = try wire.message()
                try properties.add(&property, warnings: &warnings)
            default:
                try wire.skip(type, field: field)
            }
        }
        guard let path, !path.isEmpty, path.count % 2 == 0 else { throw wire.fault("a document without a key path") }
        return (FirestoreDocument(path: path, fields: properties.fields()), app)
    }

    /// A `Reference` message: its path elements and app.
    static func reference(_ wire: inout ProtoWire) throws(ProtoWire.Fault) -> ([String], String?) {
        var path: [String] = []
        var app: String?
        while let (field, type) = try wire.tag() {
            switch (field, type) {
            case (13, .bytes): app = try text(try wire.bytes(), at: wire, what: "a project id")
            case (14, .bytes):
                var p = try wire.message()
                while let (f, t) = try p.tag() {
                    if f == 1 && t == .startGroup {
                        guard path.count < FirestoreLimits.pathElements else {
                            throw p.fault("a key path of more than \(FirestoreLimits.pathElements) elements (Firestore nests at most 100 subcollections)")
                        }
                        var element = try p.group(1)
                        let (kind, name) = try pathElement(&element, type: 2, id: 3, name: 4)
                        path.append(kind)
                        path.append(name)
                    } else {
                        try p.skip(t, field: f)
                    }
                }
            default: try wire.skip(type, field: field)
            }
        }
        return (path, app)
    }

    /// One path element group: its type (the collection id) and its name or numeric id.
    /// A numeric id is written as Firestore names it, `__id<n>__`.
    private static func pathElement(_ wire: inout ProtoWire, type typeField: UInt64, id idField: UInt64,
                                    name nameField: UInt64) throws(ProtoWire.Fault) -> (String, String) {
        var kind: String?
        var name: String?
        while let (field, t) = try wire.tag() {
            if field == typeField && t == .bytes {
                kind = try text(try wire.bytes(), at: wire, what: "a collection id")
            } else if field == nameField && t == .bytes {
                name = try text(try wire.bytes(), at: wire, what: "a document id")
            } else if field == idField && t == .varint {
                name = "__id\(Int64(bitPattern: try wire.varint()))__"
            } else {
                try wire.skip(t, field: field)
            }
        }
        guard let kind, let name else { throw wire.fault("a key path element without a kind or a name") }
        return (kind, name)
    }

    /// Bytes of the record as text: UTF-8 (Firestore keeps nothing else; a string that is not
    /// is a damaged record, not text to guess), at most `FirestoreLimits.stringBytes`.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, at wire: ProtoWire, what: String) throws(ProtoWire.Fault) -> String {
        guard bytes.count <= FirestoreLimits.stringBytes else {
            throw wire.fault("\(what) of \(bytes.count) bytes, longer than \(FirestoreLimits.stringBytes >> 20) MiB (a Firestore document is at most 1 MiB)")
        }
        guard let s = String(validating: bytes, as: UTF8.self) else { throw wire.fault("\(what) that is not valid UTF-8") }
        return s
    }

    /// The properties of an entity, in order, with the elements of each array gathered.
    private struct PropertyList {
        /// Maps this entity is nested in (0: the document's own fields).
        let depth: Int
        var list: [FirestoreField] = []
        /// Each name's index in `list`, and whether it is an array being gathered.
        var named: [String: (at: Int, isArray: Bool)] = [:]

        init(depth: Int) { self.depth = depth }

        mutating func add(_ wire: inout ProtoWire, warnings: inout [String]) throws(ProtoWire.Fault) {
            var meaning: UInt64 = 0
            var name: String?
            var multiple = false
            var value: ProtoWire?
            while let (field, type) = try wire.tag() {
                switch (field, type) {
                case (1, .varint): meaning = try wire.varint()
                case (3, .bytes): name = try EntityProto.text(try wire.bytes(), at: wire, what: "a field name")
                case (4, .varint): multiple = try wire.varint() != 0
                case (5, .bytes): value = try wire.message()
                default: try wire.skip(type, field: field)
                }
            }
            guard let name else { throw wire.fault("a property without a name") }
            var decoded: FirestoreValue
            if !FirestoreLimits.knows(meaning: meaning) {
                warnings.append("\(name): a value of meaning \(meaning), which sitegen does not know; read by its type")
            }
            if meaning == 24 {
                decoded = .array([])
            } else if var value {
                decoded = try EntityProto.value(&value, meaning: meaning, depth: depth, warnings: &warnings)
            } else {
                decoded = .null
            }
            let seen = named[name]
            guard multiple else {
                guard seen == nil else { throw wire.fault("the field name \(JSONString.quoted(name)) appears twice") }
                named[name] = (list.count, false)
                list.append(FirestoreField(name: name, value: decoded))
                return
            }
            // An array's elements are one property each, most often one after the other.
            if let seen {
                guard seen.isArray, case var .array(elements) = list[seen.at].value else {
                    throw wire.fault("the field name \(JSONString.quoted(name)) appears twice")
                }
                list[seen.at].value = .null
                elements.append(decoded)
                list[seen.at].value = .array(elements)
            } else {
                named[name] = (list.count, true)
                list.append(FirestoreField(name: name, value: .array([decoded])))
            }
        }

        func fields() -> [FirestoreField] { list }
    }

    /// A `PropertyValue` read with its property's meaning, in an entity nested `depth` maps deep.
    private static func value(_ wire: inout ProtoWire, meaning: UInt64, depth: Int,
                              warnings: inout [String]) throws(ProtoWire.Fault) -> FirestoreValue {
        var result: FirestoreValue = .null
        while let (field, type) = try wire.tag() {
            switch (field, type) {
            case (1, .varint):
                let v = Int64(bitPattern: try wire.varint())
                result = meaning == 7 ? .timestamp(microseconds: v) : .integer(v)
            case (2, .varint):
                result = .bool(try wire.varint() != 0)
            case (3, .bytes):
                let bytes = try wire.bytes()
                switch meaning {
                case 14, 16: result = .bytes(Array(bytes))
                case 19:
                    guard depth < FirestoreLimits.valueDepth else {
                        throw wire.fault("maps nested deeper than \(FirestoreLimits.valueDepth) levels (Firestore allows 20)")
                    }
                    var nested = ProtoWire(bytes, origin: wire.offset - bytes.count)
                    result = .map(try mapFields(&nested, depth: depth + 1, warnings: &warnings))
                default: result = .string(try text(bytes, at: wire, what: "a string"))
                }
            case (4, .fixed64):
                result = .double(Double(bitPattern: try wire.fixed64()))
            case (5, .startGroup):
                var point = try wire.group(5)
                var x = 0.0, y = 0.0
                while let (f, t) = try point.tag() {
                    if f == 6 && t == .fixed64 { x = Double(bitPattern: try point.fixed64()) }
                    else if f == 7 && t == .fixed64 { y = Double(bitPattern: try point.fixed64()) }
                    else { try point.skip(t, field: f) }
                }
                result = .geoPoint(latitude: x, longitude: y)
            case (12, .startGroup):
                var reference = try wire.group(12)
                var path: [String] = []
                while let (f, t) = try reference.tag() {
                    if f == 14 && t == .startGroup {
                        var element = try reference.group(14)
                        let (kind, name) = try pathElement(&element, type: 15, id: 16, name: 17)
                        path.append(kind)
                        path.append(name)
                    } else {
                        try reference.skip(t, field: f)
                    }
                }
                result = .reference(path)
            default:
                try wire.skip(type, field: field)
            }
        }
        return result
    }

    /// The fields of a map: the properties of a nested entity, `depth` maps deep.
    private static func mapFields(_ wire: inout ProtoWire, depth: Int, warnings: inout [String]) throws(ProtoWire.Fault) -> [FirestoreField] {
        var properties = PropertyList(depth: depth)
        while let (field, type) = try wire.tag() {
            if (field == 14 || field == 15) && type == .bytes {
                var property = try wire.message()
                try properties.add(&property, warnings: &warnings)
            } else {
                try wire.skip(type, field: field)
            }
        }
        return properties.fields()
    }
}
