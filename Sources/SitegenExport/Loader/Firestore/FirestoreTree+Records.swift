/// The fast path of the managed export reader: a record whose fields are single values
/// of the common types (integers, timestamps, booleans, null, strings, bytes, doubles,
/// and maps of these) or arrays of ids is written straight from its wire bytes into the
/// tree's text, with no value tree in between. Any other record (another array, a
/// GeoPoint, a reference, a name that is not a plain key) is decoded whole
/// (EntityProto.swift), and so is one that holds anything the whole decoding refuses or
/// warns of (a name twice, text that is not UTF-8 or too long, maps nested too deep, an
/// unknown meaning): that decoding says why, once.
extension FirestoreTree {
    /// One property of an entity as found on the wire: its name's bytes, its meaning and
    /// its value's bytes; for an array, its elements instead.
    struct WireProperty {
        var name: UnsafeBufferPointer<UInt8>
        var meaning: UInt64
        var value: ProtoWire?
        /// An element of an array (a property of its own on the wire, `multiple` set).
        var multiple = false
        /// An array's elements (meaning and value each), gathered under its name.
        var elements: [(meaning: UInt64, value: ProtoWire?)]?
    }

    /// Adds the document in `record`, which starts at `source` of `file` (its project goes
    /// to the layout). Throws one line naming the file, the offset and, once its key is
    /// read, the document.
    mutating func addRecord(_ record: UnsafeBufferPointer<UInt8>, source: Int) throws(SitegenError) {
        var path: [String]?
        let decoded: FirestoreDocument?
        do throws(ProtoWire.Fault) {
            decoded = try writeRecord(record, source: source, path: &path)
        } catch {
            throw fault("\(error.message) (byte \(error.offset) of the record): a corrupt Firestore export", source: source, path: path)
        }
        if let decoded { try add(decoded, source: source) }
    }

    /// Writes the record's document straight from the wire where it can; else the document
    /// decoded whole, for `add`.
    private mutating func writeRecord(_ record: UnsafeBufferPointer<UInt8>, source: Int,
                                      path: inout [String]?) throws(ProtoWire.Fault) -> FirestoreDocument? {
        var wire = ProtoWire(record)
        var app: String?
        var properties: [WireProperty] = []
        var simple = true
        while let (field, type) = try wire.tag() {
            switch (field, type) {
            case (13, .bytes):
                var key = try wire.message()
                (path, app) = try EntityProto.reference(&key)
            case (14, .bytes), (15, .bytes):
                var property = try wire.message()
                guard simple, let p = try Self.wireProperty(&property, arrays: true) else {
                    simple = false
                    continue
                }
                guard p.multiple else {
                    properties.append(p)
                    continue
                }
                // An array's elements, most often one after the other, gathered under its name.
                if let at = properties.lastIndex(where: { $0.elements != nil && $0.name.elementsEqual(p.name) }) {
                    properties[at].elements!.append((p.meaning, p.value))
                } else {
                    properties.append(WireProperty(name: p.name, meaning: 0, value: nil, elements: [(p.meaning, p.value)]))
                }
            default:
                try wire.skip(type, field: field)
            }
        }
        noteProject(app: app)
        let textCount = text.count, fieldCount = fieldRanges.count
        var plainPath = true
        if simple, let path, !path.isEmpty, path.count % 2 == 0, Self.pathFault(path, plain: &plainPath) == nil {
            let first = fieldRanges.count
            var idArrays: [String] = []
            text.append(UInt8(ascii: "{"))
            if try writeMembers(&properties, record: path, idArrays: &idArrays) {
                text.append(UInt8(ascii: "}"))
                noteCollections(path)
                // As `write` notes them: an array of ids (or an empty one) at its field's pattern.
                for pattern in idArrays where layout.idArrays[pattern] == nil {
                    layout.idArrays[pattern] = FirestoreLayout.IDArray(referenceParent: nil)
                }
                documents.append(Pending(path: path, fields: first..<fieldRanges.count, part: parts.count, source: source,
                                         textStart: textCount, plainPath: plainPath))
                layout.documentCount += 1
                return nil
            }
            text.removeSubrange(textCount...)
            fieldRanges.removeSubrange(fieldCount...)
            fieldKeys.removeSubrange(fieldCount...)
        }
        var warnings: [String] = []
        let document = try EntityProto.decode(record, warnings: &warnings).document
        for warning in warnings { warn(warning, source: source, path: document.path) }
        return document
    }

    /// A property, or nil where the fast path does not take it (an array inside a map,
    /// or anywhere unless `arrays`).
    private static func wireProperty(_ wire: inout ProtoWire, arrays: Bool = false) throws(ProtoWire.Fault) -> WireProperty? {
        var p = WireProperty(name: UnsafeBufferPointer(start: nil, count: 0), meaning: 0, value: nil)
        var named = false
        while let (field, type) = try wire.tag() {
            switch (field, type) {
            case (1, .varint): p.meaning = try wire.varint()
            case (3, .bytes): p.name = try wire.bytes(); named = true
            case (4, .varint): p.multiple = try wire.varint() != 0
            case (5, .bytes): p.value = try wire.message()
            default: try wire.skip(type, field: field)
            }
        }
        guard named, arrays || !p.multiple, FirestoreLimits.knows(meaning: p.meaning) else { return nil }
        if p.meaning == 24 {
            // An empty array.
            guard arrays, !p.multiple else { return nil }
            p.elements = []
            p.value = nil
        }
        return p
    }

    /// Writes the properties as members, sorted by name: the fields of the document at
    /// `record` (each noted; the patterns of its arrays of ids added to `idArrays`) or the
    /// members of a map. False where one needs the whole decoding.
    private mutating func writeMembers(_ properties: inout [WireProperty], record: [String]? = nil, depth: Int = 0,
                                       idArrays: inout [String]) throws(ProtoWire.Fault) -> Bool {
        if zip(properties, properties.dropFirst()).contains(where: { $1.name.lexicographicallyPrecedes($0.name) }) {
            properties.sort { $0.name.lexicographicallyPrecedes($1.name) }
        }
        for (n, p) in properties.enumerated() {
            guard Self.isPlainKey(p.name), Self.isText(p.name) else { return false }
            if n > 0 && properties[n - 1].name.elementsEqual(p.name) { return false }
            if n > 0 { text.append(UInt8(ascii: ",")) }
            let start = text.count
            text.append(UInt8(ascii: "\""))
            text.append(contentsOf: p.name)
            text.append(UInt8(ascii: "\""))
            let keyEnd = text.count - 1
            text.append(UInt8(ascii: ":"))
            if let elements = p.elements {
                guard let record, try writeIDArray(elements) else { return false }
                // The field's pattern, as `write` makes it: the collections, a `*` for the document.
                idArrays.append(collectionPattern(record) + "/*/" + String(decoding: p.name, as: UTF8.self))
            } else {
                if let record, p.meaning == 7 || p.meaning == 14 || p.meaning == 16 { noteWireType(p, record: record) }
                guard try writeValue(p, depth: depth, idArrays: &idArrays) else { return false }
            }
            if record != nil {
                fieldKeys.append((start + 1)..<keyEnd)
                fieldRanges.append(start..<text.count)
            }
        }
        return true
    }

    /// An array of ids as `write` makes it, `{"id":true,…}` (a repeated id once), or `[]`
    /// when empty; false for any other array (left to the whole decoding).
    private mutating func writeIDArray(_ elements: [(meaning: UInt64, value: ProtoWire?)]) throws(ProtoWire.Fault) -> Bool {
        if elements.isEmpty {
            text.append(contentsOf: "[]".utf8)
            return true
        }
        var seen = Set<WireBytes>()
        text.append(UInt8(ascii: "{"))
        for element in elements {
            guard var wire = element.value, element.meaning == 0 || element.meaning == 15 else { return false }
            var id: UnsafeBufferPointer<UInt8>?
            while let (field, type) = try wire.tag() {
                guard id == nil, field == 3, type == .bytes else { return false }
                id = try wire.bytes()
            }
            guard let id, Self.isKey(id, refusing: Self.keyRefused), Self.isText(id) else { return false }
            guard seen.insert(WireBytes(bytes: id)).inserted else { continue }
            if seen.count > 1 { text.append(UInt8(ascii: ",")) }
            Self.appendString(id, to: &text)
            text.append(contentsOf: ":true".utf8)
        }
        text.append(UInt8(ascii: "}"))
        return true
    }

    /// Notes the type of a document's own field that the tree writes as plain JSON (a
    /// timestamp, bytes), as `noteType` does on the whole decoding's path; each name once
    /// per collection pattern.
    private mutating func noteWireType(_ p: WireProperty, record: [String]) {
        let pattern = collectionPattern(record) + "/*/" + String(decoding: p.name, as: UTF8.self)
        if layout.valueTypes[pattern] == nil { layout.valueTypes[pattern] = p.meaning == 7 ? .timestamp : .bytes }
    }

    /// Bytes of the record being read, hashed and compared by value.
    private struct WireBytes: Hashable {
        let bytes: UnsafeBufferPointer<UInt8>
        static func == (a: WireBytes, b: WireBytes) -> Bool { a.bytes.elementsEqual(b.bytes) }
        func hash(into hasher: inout Hasher) { hasher.combine(bytes: UnsafeRawBufferPointer(bytes)) }
    }

    private mutating func writeValue(_ p: WireProperty, depth: Int, idArrays: inout [String]) throws(ProtoWire.Fault) -> Bool {
        guard var wire = p.value else {
            text.append(contentsOf: "null".utf8)
            return true
        }
        var wrote = false
        while let (field, type) = try wire.tag() {
            guard !wrote else { return false }
            switch (field, type) {
            case (1, .varint):
                let v = Int64(bitPattern: try wire.varint())
                switch p.meaning {
                // A timestamp's type is noted at its field's pattern (`writeMembers`), which
                // only a document's own fields know here: one in a map is decoded whole.
                case 7: guard depth == 0 else { return false }; write(.timestamp(microseconds: v))
                case 0: appendInteger(v)
                default: return false
                }
            case (2, .varint):
                text.append(contentsOf: (try wire.varint() != 0 ? "true" : "false").utf8)
            case (3, .bytes):
                let bytes = try wire.bytes()
                switch p.meaning {
                case 0, 15:
                    guard Self.isText(bytes) else { return false }
                    Self.appendString(bytes, to: &text)
                case 14, 16:
                    guard depth == 0 else { return false }
                    write(.bytes(Array(bytes)))
                case 19:
                    guard depth < FirestoreLimits.valueDepth else { return false }
                    var nested = ProtoWire(bytes, origin: wire.offset - bytes.count)
                    var members: [WireProperty] = []
                    while let (f, t) = try nested.tag() {
                        if (f == 14 || f == 15) && t == .bytes {
                            var property = try nested.message()
                            guard let m = try Self.wireProperty(&property) else { return false }
                            members.append(m)
                        } else {
                            try nested.skip(t, field: f)
                        }
                    }
                    text.append(UInt8(ascii: "{"))
                    guard try writeMembers(&members, depth: depth + 1, idArrays: &idArrays) else { return false }
                    text.append(UInt8(ascii: "}"))
                default:
                    return false
                }
            case (4, .fixed64):
                write(.double(Double(bitPattern: try wire.fixed64())))
            default:
                return false
            }
            wrote = true
        }
        if !wrote { text.append(contentsOf: "null".utf8) }
        return true
    }

    private mutating func appendInteger(_ v: Int64) {
        if v < 0 { text.append(UInt8(ascii: "-")) }
        var magnitude = v.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var at = 20
            repeat {
                at -= 1
                digits[at] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            text.append(contentsOf: UnsafeBufferPointer(rebasing: digits[at...]))
        }
    }

    /// Whether `bytes` can be a key of the tree and be copied into its text as they are.
    static func isPlainKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { isKey(bytes, refusing: textKeyRefused) }

    /// Whether `bytes` are text the whole decoding takes: valid UTF-8 (ASCII checked eight
    /// bytes at a time), at most `FirestoreLimits.stringBytes`.
    static func isText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= FirestoreLimits.stringBytes, let base = bytes.baseAddress else { return bytes.count == 0 }
        var at = 0
        let raw = UnsafeRawPointer(base)
        while at + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: at, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
            at += 8
        }
        while at < bytes.count && base[at] < 0x80 { at += 1 }
        if at == bytes.count { return true }
        // The rest decoded in place: no String is made of it.
        var rest = UnsafeBufferPointer(rebasing: bytes[at...]).makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&rest) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
