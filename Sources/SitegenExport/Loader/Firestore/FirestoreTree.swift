import Dispatch

/// Builds the one tree (docs/firestore.md) from a Firestore export's documents, as a
/// parsed JSON document: `<collection>/<docId>` a node whose children are the
/// document's fields; a map a node; a subcollection a child node of its document (there
/// even when the document is not); an array of ids a set keyed by its values
/// (`{"a": true}`); any other array a JSON array (keyed by index); a timestamp its
/// seconds since 1970 (microseconds as decimals); a reference its document's id; bytes
/// their base64 text; a GeoPoint `{"latitude", "longitude"}`; a double always written
/// with a `.` or an exponent, so that a repair can type a counter as stored.
///
/// Documents are added as they are read, each written at once as the JSON text of an
/// object of its fields; `index` parses those texts (for a managed export, each output
/// file's on the thread that decoded it), and `finish` sorts the documents by path and
/// nests them, copying each field's text and nodes into the tree's: the tree's text is
/// never parsed whole.
///
/// Every fault names the file a document came from, the offset of its record (or of its
/// object, in a JSON tree) and its path (`fault`): `output-3: offset 1056 (users/alice):
/// …`. The same document twice is refused, as the JSON reader refuses a key twice.
struct FirestoreTree {
    var layout: FirestoreLayout
    /// The file the documents being added come from, for messages (each part keeps its own).
    var file = ""
    /// What `Pending.source` counts in `file`: a record's byte offset (`offset`), or its
    /// number among records held in memory (`record`).
    var sourceUnit = "offset"
    /// The text being written: each document's fields as an object, `{"key":value,…}`,
    /// one document after the other.
    var text: [UInt8] = []
    /// Each field's member in `text`, `"key":value`, and its key's (between the quotes).
    var fieldRanges: [Range<Int>] = []
    var fieldKeys: [Range<Int>] = []
    /// The texts indexed, each with its fields: this tree's own once `index` has run,
    /// then those of the later output files appended (read in parallel). Nothing is
    /// written to `text` after.
    var parts: [Part] = []
    /// The documents, each with its fields in its part (`text` the one after `parts`).
    var documents: [Pending] = []
    /// Whether a parsed text held Firebase's own keys (it cannot: names are encoded).
    var sawFirebaseKeys = false
    /// Patterns of arrays that are not of ids (maps, numbers, …).
    private var otherArrays = Set<String>()
    /// The collection ids of the last document added, whose patterns are noted.
    var lastCollectionIDs: [String] = []
    var lastCollectionPattern = ""
    /// The pattern of the value being written, in parts (`users`, `*`, `followers`).
    private var patternParts: [String] = []

    struct Pending {
        var path: [String]
        var fields: Range<Int>
        var part: Int
        /// Where its record starts in its file (`sourceUnit`), for messages.
        var source: Int
        /// Where its object starts in its part's text, to name it in a fault the parse finds.
        var textStart: Int
        /// Whether every element of the path is a key as it is (`isPlainKey`).
        var plainPath: Bool

        init(path: [String], fields: Range<Int>, part: Int, source: Int, textStart: Int, plainPath: Bool) {
            self.path = path
            self.fields = fields
            self.part = part
            self.source = source
            self.textStart = textStart
            self.plainPath = plainPath
        }
    }

    /// A fault of the document at `path` (nil: not known yet) whose record starts at
    /// `source` of `file`, as one line: `file: offset N (users/alice): message`.
    func fault(_ message: String, file: String? = nil, source: Int, path: [String]?) -> SitegenError {
        let document = path.flatMap { $0.isEmpty ? nil : " (\($0.joined(separator: "/")))" } ?? ""
        return SitegenError(file: file ?? self.file, message: "\(sourceUnit) \(source)\(document): \(message)")
    }

    /// The same for a document already added.
    func fault(_ message: String, _ d: Pending) -> SitegenError {
        fault(message, file: d.part < parts.count ? parts[d.part].file : file, source: d.source, path: d.path)
    }

    /// A warning about the document at `path`, kept in the layout for the command to print.
    mutating func warn(_ message: String, source: Int, path: [String]?) {
        layout.warnings.append(fault(message, source: source, path: path).description)
    }

    /// A parsed text: its bytes (padded for the parser), its nodes (one object per
    /// document, one after the other), and each field's member, key and value node in them.
    /// `@unchecked Sendable`: made on the thread that read an output file, handed over
    /// once, and never written after but by `release`, on the thread that finishes.
    final class Part: @unchecked Sendable {
        /// The file its documents came from.
        let file: String
        private(set) var bytes: [UInt8]
        let count: Int
        private(set) var nodes: NodeStorage
        let fieldRanges: [Range<Int>]
        let fieldKeys: [Range<Int>]
        let fieldNodes: [Int32]

        init(file: String, bytes: [UInt8], count: Int, nodes: NodeStorage, fieldRanges: [Range<Int>], fieldKeys: [Range<Int>],
             fieldNodes: [Int32]) {
            self.file = file
            self.bytes = bytes
            self.count = count
            self.nodes = nodes
            self.fieldRanges = fieldRanges
            self.fieldKeys = fieldKeys
            self.fieldNodes = fieldNodes
        }

        /// The text in `range` (a field's or a key's).
        func slice(_ range: Range<Int>) -> ArraySlice<UInt8> { bytes[range] }

        /// Lets the text and nodes go, once copied into the tree.
        func release() {
            bytes = []
            nodes = NodeStorage(capacity: 0)
        }
    }

    init(format: String) { layout = FirestoreLayout(format: format) }

    mutating func noteProject(app: String?) {
        guard layout.project == nil, let app, !app.isEmpty else { return }
        if let tilde = app.firstIndex(of: "~") {
            layout.project = String(app[app.index(after: tilde)...])
        } else {
            layout.project = app
        }
    }

    /// Adds a document whose record starts at `source` of `file`. Throws where it cannot be
    /// a node of the tree: a path or a name too long for a key once encoded, a name twice.
    mutating func add(_ document: FirestoreDocument, source: Int) throws(SitegenError) {
        var plainPath = true
        if let message = Self.pathFault(document.path, plain: &plainPath) { throw fault(message, source: source, path: document.path) }
        let first = fieldRanges.count
        let textStart = text.count
        var fields = document.fields
        if zip(fields, fields.dropFirst()).contains(where: { Self.less($1.name, $0.name) }) { fields.sort { Self.less($0.name, $1.name) } }
        if let message = Self.namesFault(fields) { throw fault(message, source: source, path: document.path) }
        noteCollections(document.path)
        patternParts.removeAll(keepingCapacity: true)
        for (n, id) in lastCollectionIDs.enumerated() {
            if n > 0 { patternParts.append("*") }
            patternParts.append(id)
        }
        patternParts.append("*")
        text.append(UInt8(ascii: "{"))
        for (n, field) in fields.enumerated() {
            if n > 0 { text.append(UInt8(ascii: ",")) }
            let start = text.count
            let k = key(field.name)
            Self.appendString(k, to: &text)
            fieldKeys.append((start + 1)..<(text.count - 1))
            text.append(UInt8(ascii: ":"))
            patternParts.append(k)
            write(field.value)
            patternParts.removeLast()
            fieldRanges.append(start..<text.count)
        }
        text.append(UInt8(ascii: "}"))
        documents.append(Pending(path: document.path, fields: first..<fieldRanges.count, part: parts.count, source: source,
                                 textStart: textStart, plainPath: plainPath))
        layout.documentCount += 1
    }

    /// Why a document's path cannot be keys of the tree, if it cannot: too many elements,
    /// or an element Firestore would not take as an id (`FirestoreNames.idFault`). `plain`
    /// is set to whether every element is a key as it is (`Pending.plainPath`).
    static func pathFault(_ path: [String], plain: inout Bool) -> String? {
        if path.count > FirestoreLimits.pathElements {
            return "a key path of \(path.count) elements (Firestore nests at most 100 subcollections)"
        }
        plain = true
        for element in path {
            if isPlainKey(element) {
                // A plain key is no `.`, `..`, `/`, empty or too long id: only `__x__` is left to ask.
                guard FirestoreNames.isReserved(element) else { continue }
            } else {
                plain = false
            }
            if let message = FirestoreNames.idFault(element) { return message + ": a corrupt Firestore export" }
        }
        return nil
    }

    /// Why fields cannot be members of one object, if they cannot: a name longer than
    /// Firestore allows, there or in any map in them. A name twice is refused by the
    /// readers (`EntityProto`, the JSON parser), and by `index`'s parse if one gets here.
    static func namesFault(_ fields: [FirestoreField]) -> String? {
        var pending: [[FirestoreField]] = [fields]
        while let next = pending.popLast() {
            for field in next {
                if let message = FirestoreNames.lengthFault(field.name, "a field name") { return message }
                switch field.value {
                case let .map(members): pending.append(members)
                case let .array(elements):
                    for case let .map(members) in elements { pending.append(members) }
                default: break
                }
            }
        }
        return nil
    }

    /// Parses the text written (the documents' objects, one after the other) into a
    /// part, with each field's value node. Throws where the text is not a tree, naming the
    /// document the fault is in (the checks as documents are added leave none known).
    mutating func index() throws(SitegenError) {
        guard !text.isEmpty else { return }
        let count = text.count
        var bytes = text
        text = []
        bytes.append(contentsOf: repeatElement(0, count: JSONParser.padding))
        let parsed = bytes.withUnsafeBufferPointer { buffer -> Result<(NodeStorage, Bool), JSONSyntaxError> in
            var parser = JSONParser(base: buffer.baseAddress!, count: count)
            parser.sequence = true
            // Keys are names encoded (`FirestoreNames`): up to 4,500 bytes, none refused.
            parser.firestoreKeys = true
            do throws(JSONSyntaxError) {
                return .success((try parser.parse(), parser.sawFirebaseKeys))
            } catch {
                return .failure(error)
            }
        }
        let nodes: NodeStorage
        switch parsed {
        case let .success((storage, firebaseKeys)):
            nodes = storage
            sawFirebaseKeys = sawFirebaseKeys || firebaseKeys
        case let .failure(error):
            let pending = documents.lastIndex { $0.part == parts.count && $0.textStart <= error.offset }
            guard let pending else { throw SitegenError(file: file, message: "a tree that is not valid: \(error.message)") }
            throw fault(error.message, documents[pending])
        }
        // The documents written are the objects, in order; their members the fields.
        var fieldNodes: [Int32] = []
        fieldNodes.reserveCapacity(fieldRanges.count)
        var object: Int32 = 0
        let index = parts.count
        for document in documents where document.part == index {
            var member = object + 1
            for _ in document.fields {
                fieldNodes.append(member)
                member = nodes[Int(member)].next
            }
            object = nodes[Int(object)].next
        }
        parts.append(Part(file: file, bytes: bytes, count: count, nodes: nodes, fieldRanges: fieldRanges, fieldKeys: fieldKeys,
                          fieldNodes: fieldNodes))
        fieldRanges = []
        fieldKeys = []
    }

    /// Appends what `other` read from a later output file (the files are read in
    /// parallel, one tree each, indexed there): its parts after this one's (not copied),
    /// its layout merged (what came first stays first: the project, a reference's
    /// parent). Nothing is written to this tree after.
    mutating func append(_ other: consuming FirestoreTree) throws(SitegenError) {
        try index()
        try other.index()
        let shift = parts.count
        parts += other.parts
        documents.reserveCapacity(documents.count + other.documents.count)
        for var d in other.documents {
            d.part += shift
            documents.append(d)
        }
        sawFirebaseKeys = sawFirebaseKeys || other.sawFirebaseKeys
        otherArrays.formUnion(other.otherArrays)
        let more = other.layout
        if layout.project == nil { layout.project = more.project }
        layout.collections.formUnion(more.collections)
        layout.idArrays.merge(more.idArrays) { first, _ in first }
        layout.valueTypes.merge(more.valueTypes) { first, _ in first }
        layout.shadowedFields.formUnion(more.shadowedFields)
        layout.documentCount += more.documentCount
        layout.documentsPerCollection.merge(more.documentsPerCollection, uniquingKeysWith: +)
        layout.warnings += more.warnings
    }

    /// Counts a document at `path` in its collections' pattern.
    mutating func noteCollections(_ path: [String]) {
        layout.documentsPerCollection[collectionPattern(path), default: 0] += 1
    }

    /// The collection ids of a document's path (`posts`, `p1`, `likes`, `u1`: `posts`, `likes`).
    static func collectionIDs(_ path: [String]) -> [String] {
        stride(from: 0, to: path.count, by: 2).map { path[$0] }
    }

    /// Whether a document at `path` is in the collections `ids` (`collectionIDs` of another's).
    static func sameCollections(_ ids: [String], _ path: [String]) -> Bool {
        guard ids.count * 2 == path.count else { return false }
        for i in stride(from: 0, to: path.count, by: 2) where ids[i / 2] != path[i] { return false }
        return true
    }

    /// The pattern of the collections of a document at `path` (`users`, `posts/*/likes`).
    /// It and its prefixes are noted in the layout's collections, once per run of
    /// documents in the same collections.
    mutating func collectionPattern(_ path: [String]) -> String {
        if !Self.sameCollections(lastCollectionIDs, path) {
            lastCollectionIDs = Self.collectionIDs(path)
            var pattern = ""
            for (n, id) in lastCollectionIDs.enumerated() {
                pattern += (n == 0 ? "" : "/*/") + id
                layout.collections.insert(pattern)
            }
            lastCollectionPattern = pattern
        }
        return lastCollectionPattern
    }

    /// The tree finished, as the export's.
    mutating func exportTree() throws(SitegenError) -> ExportTree {
        let (document, layout) = try finish()
        return ExportTree(document: document, firestore: layout)
    }

    /// The tree, parsed, and the layout. Throws where a document's text is not a tree, or
    /// the same document was added twice.
    mutating func finish() throws(SitegenError) -> (JSONDocument, FirestoreLayout) {
        try index()
        let order = sortedOrder()
        for pattern in otherArrays { layout.idArrays[pattern] = nil }
        var shadows = Shadows(layout.collections)
        // At most: every field's text (a shadowed one's key a byte longer), and each
        // document's path as keys (a byte percent-encoded at worst as three) with their
        // quotes, colons, braces and commas.
        var capacity = 16, pathNodes = 1, fieldNodes = 0
        for part in parts {
            capacity += part.count
            fieldNodes += part.nodes.count
        }
        for d in documents {
            if !shadows.keys.isEmpty { capacity += d.fields.count }
            pathNodes += d.path.count
            for element in d.path { capacity += 3 * element.utf8.count + 6 }
        }
        let file = FileBytes(count: capacity)
        let nodes = NodeStorage(capacity: fieldNodes + pathNodes)
        var out = Output(base: file.base.assumingMemoryBound(to: UInt8.self))
        // Each part is let go after the last of its documents in path order.
        var lastUse = [Int](repeating: -1, count: parts.count)
        for (position, index) in order.enumerated() { lastUse[documents[index].part] = position }
        var openNodes: [Int] = []
        var hasChild: [Bool] = []
        func openObject(keyAt: Int?) {
            nodes.append(JSONNode(start: out.count, end: 0, keyDelta: keyAt.map { UInt32(out.count - $0) } ?? 0, next: 0))
            openNodes.append(nodes.count - 1)
            hasChild.append(false)
            out.append(UInt8(ascii: "{"))
        }
        func closeObject() {
            out.append(UInt8(ascii: "}"))
            let n = openNodes.removeLast()
            nodes[n].end = out.count
            nodes[n].next = Int32(nodes.count)
            hasChild.removeLast()
        }
        /// Copies the members in `range` of `part`'s text (one field's, or a run of fields
        /// with their commas) and their nodes, `first..<end`, moved by as much.
        /// `member`: false for a value alone, its key and comma written before.
        func copy(_ part: Part, _ range: Range<Int>, nodes first: Int, _ end: Int, member: Bool = true) {
            if member {
                if hasChild[hasChild.count - 1] { out.append(UInt8(ascii: ",")) }
                hasChild[hasChild.count - 1] = true
            }
            let shift = out.count - range.lowerBound
            part.bytes.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[range])) }
            let nodeShift = Int32(nodes.count - first)
            for n in first..<end {
                var node = part.nodes[n]
                node.start += shift
                node.end += shift
                node.next += nodeShift
                nodes.append(node)
            }
        }
        openObject(keyAt: nil)
        // The containers open are the path of the previous document.
        var previous = -1
        for (position, index) in order.enumerated() {
            let d = documents[index]
            defer { if lastUse[d.part] == position { parts[d.part].release() } }
            var common = 0
            if previous >= 0 {
                let open = documents[previous].path
                if open == d.path {
                    // Firestore holds one document a path; which copy is right cannot be told.
                    let first = documents[previous], firstFile = parts[first.part].file
                    throw fault("the same document twice (first at \(sourceUnit) \(first.source)"
                                + (firstFile == parts[d.part].file ? "" : " of \(firstFile)") + "): a corrupt Firestore export", d)
                }
                while common < open.count && common < d.path.count && open[common] == d.path[common] { common += 1 }
                for _ in common..<open.count { closeObject() }
            }
            previous = index
            for i in common..<d.path.count {
                if hasChild[hasChild.count - 1] { out.append(UInt8(ascii: ",")) }
                hasChild[hasChild.count - 1] = true
                let keyAt = out.count
                if d.plainPath {
                    out.appendString(d.path[i])
                } else {
                    out.appendString(key(d.path[i]))
                }
                out.append(UInt8(ascii: ":"))
                openObject(keyAt: keyAt)
            }
            guard !d.fields.isEmpty else { continue }
            let part = parts[d.part]
            guard let (collection, shadowing) = shadows.of(d.path),
                  d.fields.contains(where: { Shadows.isKey(part.slice(part.fieldKeys[$0]), of: shadowing) }) else {
                // No field shadowed: the members as they are, commas and all.
                let last = d.fields.upperBound - 1
                copy(part, part.fieldRanges[d.fields.lowerBound].lowerBound..<part.fieldRanges[last].upperBound,
                     nodes: Int(part.fieldNodes[d.fields.lowerBound]), Int(part.nodes[Int(part.fieldNodes[last])].next))
                continue
            }
            for f in d.fields {
                let range = part.fieldRanges[f]
                let keyRange = part.fieldKeys[f]
                let first = Int(part.fieldNodes[f])
                let name = part.slice(keyRange).withUnsafeBufferPointer { JSONString.decode($0) }
                guard shadowing.contains(name) else {
                    copy(part, range, nodes: first, Int(part.nodes[first].next))
                    continue
                }
                // The field under its shadowed key (`comments%`), its value and nodes as they are.
                if hasChild[hasChild.count - 1] { out.append(UInt8(ascii: ",")) }
                hasChild[hasChild.count - 1] = true
                let keyAt = out.count
                out.appendString(name + "%")
                out.append(UInt8(ascii: ":"))
                let valueAt = nodes.count
                let valueRange = (keyRange.upperBound + 2)..<range.upperBound
                copy(part, valueRange, nodes: first, Int(part.nodes[first].next), member: false)
                nodes[valueAt].keyDelta = UInt32(nodes[valueAt].start - keyAt)
                layout.shadowedFields.insert(collection + "/*/" + name + "%")
            }
        }
        while !openNodes.isEmpty { closeObject() }
        layout.renameShadowed(layout.shadowedFields.map { String($0.dropLast()) })
        // The parts and documents are let go on another thread: freeing millions of
        // strings and the parts' pages is work the caller need not wait for.
        let done = (parts, documents)
        text = []
        parts = []
        documents = []
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(done) {} }
        file.shrink(to: out.count)
        return (JSONDocument(file: file, nodes: nodes, hasFirebaseKeys: sawFirebaseKeys), layout)
    }

    /// The fields keyed as shadowed (`FirestoreNames.shadowedFieldKey`, docs/firestore.md
    /// "One tree"): in every document of a collection, each field named as a subcollection
    /// that any document of it holds (a post's counter `comments` beside
    /// `posts/<id>/comments`, in every post, with comments or not), so that a field has
    /// one key over all its documents.
    struct Shadows {
        /// Per collection pattern (`posts`), its subcollections' ids as keys.
        let keys: [String: Set<String>]
        private var lastIDs: [String] = []
        private var last: (collection: String, keys: Set<String>)?

        init(_ collections: Set<String>) {
            var keys: [String: Set<String>] = [:]
            for c in collections {
                guard let r = c.range(of: "/*/", options: .backwards) else { continue }
                keys[String(c[..<r.lowerBound]), default: []].insert(FirestoreNames.key(String(c[r.upperBound...])))
            }
            self.keys = keys
        }

        /// Whether a field's key, as its record's text holds it (JSON-escaped), may be
        /// one of `keys`: compared as bytes, decoded only where it holds an escape.
        static func isKey(_ raw: ArraySlice<UInt8>, of keys: Set<String>) -> Bool {
            if raw.contains(UInt8(ascii: "\\")) { return keys.contains(raw.withUnsafeBufferPointer { JSONString.decode($0) }) }
            return keys.contains { $0.utf8.elementsEqual(raw) }
        }

        /// The collection of the document at `path` and the keys of its fields that are
        /// shadowed, if any are.
        mutating func of(_ path: [String]) -> (collection: String, keys: Set<String>)? {
            guard !keys.isEmpty else { return nil }
            if !FirestoreTree.sameCollections(lastIDs, path) {
                lastIDs = FirestoreTree.collectionIDs(path)
                let collection = lastIDs.joined(separator: "/*/")
                last = keys[collection].map { (collection, $0) }
            }
            return last
        }
    }

    /// Bytes written one after the other into memory reserved for them all.
    private struct Output {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0

        @inline(__always) mutating func append(_ byte: UInt8) {
            base[count] = byte
            count += 1
        }

        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let from = bytes.baseAddress, !bytes.isEmpty else { return }
            (base + count).update(from: from, count: bytes.count)
            count += bytes.count
        }

        mutating func appendString(_ s: String) {
            var s = s
            let plain = s.withUTF8 { bytes in
                guard FirestoreTree.holdsNone(bytes, of: FirestoreTree.jsonEscaped) else { return false }
                append(UInt8(ascii: "\""))
                append(bytes)
                append(UInt8(ascii: "\""))
                return true
            }
            guard !plain else { return }
            var bytes: [UInt8] = []
            FirestoreTree.appendString(s, to: &bytes)
            bytes.withUnsafeBufferPointer { append($0) }
        }
    }

    /// The documents' indexes in path order. Exports keep each kind's documents in key
    /// order, file after file: where the sorted runs do not overlap, they are put in
    /// order whole; else every document is sorted.
    private func sortedOrder() -> [Int] {
        var runs: [Range<Int>] = []
        var start = 0
        for i in 1..<max(1, documents.count) where Self.less(documents[i].path, documents[i - 1].path) {
            runs.append(start..<i)
            start = i
        }
        if !documents.isEmpty { runs.append(start..<documents.count) }
        if runs.count <= 1 { return Array(documents.indices) }
        runs.sort { Self.less(documents[$0.lowerBound].path, documents[$1.lowerBound].path) }
        let disjoint = zip(runs, runs.dropFirst()).allSatisfy { a, b in
            Self.less(documents[a.upperBound - 1].path, documents[b.lowerBound].path)
        }
        if disjoint { return runs.flatMap { Array($0) } }
        return documents.indices.sorted { Self.less(documents[$0].path, documents[$1].path) }
    }

    // MARK: - Values

    /// Notes the type of the value written at the current pattern, the first one seen:
    /// not of an array's elements themselves (a `*` in the pattern), but of the members of
    /// its maps (`users/*/followers/*/createdAt`: every item's, whatever its index).
    mutating func noteType(_ type: FirestoreLayout.ValueType) {
        guard patternParts.count >= 2, patternParts.last != "*", !(patternParts.last!.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }) else { return }
        let pattern = patternParts.joined(separator: "/")
        if layout.valueTypes[pattern] == nil { layout.valueTypes[pattern] = type }
    }

    mutating func write(_ value: FirestoreValue) {
        switch value {
        case .null: text.append(contentsOf: "null".utf8)
        case let .bool(b): text.append(contentsOf: (b ? "true" : "false").utf8)
        case let .integer(i): text.append(contentsOf: String(i).utf8)
        case let .double(d): writeDouble(d)
        case let .string(s): Self.appendString(s, to: &text)
        case let .timestamp(us):
            noteType(.timestamp)
            var seconds = us / 1_000_000, micros = us % 1_000_000
            if micros < 0 { seconds -= 1; micros += 1_000_000 }
            text.append(contentsOf: String(seconds).utf8)
            if micros != 0 {
                var digits = String(micros)
                digits = String(repeating: "0", count: 6 - digits.count) + digits
                while digits.hasSuffix("0") { digits.removeLast() }
                text.append(UInt8(ascii: "."))
                text.append(contentsOf: digits.utf8)
            }
        case let .bytes(b):
            noteType(.bytes)
            Self.appendString(Self.base64(b), to: &text)
        case let .geoPoint(latitude, longitude):
            noteType(.geoPoint)
            text.append(contentsOf: "{\"latitude\":".utf8)
            writeDouble(latitude)
            text.append(contentsOf: ",\"longitude\":".utf8)
            writeDouble(longitude)
            text.append(UInt8(ascii: "}"))
        case let .reference(path):
            noteType(.reference(parent: path.dropLast().joined(separator: "/")))
            Self.appendString(path.last ?? "", to: &text)
        case let .map(fields):
            text.append(UInt8(ascii: "{"))
            for (n, field) in fields.sorted(by: { Self.less($0.name, $1.name) }).enumerated() {
                if n > 0 { text.append(UInt8(ascii: ",")) }
                appendKey(field.name)
                patternParts.append(key(field.name))
                write(field.value)
                patternParts.removeLast()
            }
            text.append(UInt8(ascii: "}"))
        case let .array(elements):
            let pattern = patternParts.joined(separator: "/")
            if let ids = Self.ids(elements) {
                if layout.idArrays[pattern] == nil {
                    var reference: String?
                    if case let .reference(path)? = elements.first { reference = path.dropLast().joined(separator: "/") }
                    layout.idArrays[pattern] = FirestoreLayout.IDArray(referenceParent: reference)
                }
                text.append(UInt8(ascii: "{"))
                for (n, id) in ids.enumerated() {
                    if n > 0 { text.append(UInt8(ascii: ",")) }
                    appendKey(id)
                    text.append(contentsOf: "true".utf8)
                }
                text.append(UInt8(ascii: "}"))
            } else {
                if elements.isEmpty {
                    // An empty array is one of ids, unless the field holds other values elsewhere.
                    if layout.idArrays[pattern] == nil { layout.idArrays[pattern] = FirestoreLayout.IDArray(referenceParent: nil) }
                } else {
                    otherArrays.insert(pattern)
                }
                text.append(UInt8(ascii: "["))
                for (n, element) in elements.enumerated() {
                    if n > 0 { text.append(UInt8(ascii: ",")) }
                    patternParts.append("*")
                    write(element)
                    patternParts.removeLast()
                }
                text.append(UInt8(ascii: "]"))
            }
        }
    }

    /// The elements' ids when the array is one of ids: every element a string or a
    /// reference that can be a key, as it is or percent-encoded (an email address as a
    /// user's id: `ana@x%2Ecom`, as the document's own key is written): any text of 1 to
    /// 1,500 bytes, whatever it holds. A repeated id is one edge.
    private static func ids(_ elements: [FirestoreValue]) -> [String]? {
        guard !elements.isEmpty else { return nil }
        var seen = Set<String>()
        var out: [String] = []
        for e in elements {
            let id: String
            switch e {
            case let .string(s): id = s
            case let .reference(path): id = path.last ?? ""
            default: return nil
            }
            guard !id.isEmpty, FirestoreNames.lengthFault(id, "") == nil else { return nil }
            if seen.insert(id).inserted { out.append(id) }
        }
        return out
    }

    /// Whether `s` can be a key of the tree as it is (`FirestoreNames`): not empty, none of
    /// the characters Firebase refuses in keys nor `%`, no control characters, at most
    /// `FirestoreLimits.nameBytes` bytes.
    static func isPlainKey(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { isKey($0, refusing: keyRefused) }
    }

    /// Sets of bytes below 128, as two bit masks: bytes 0-63 and 64-127.
    typealias ByteSet = (UInt64, UInt64)
    /// The bytes a key refuses: control characters, DEL and `.$#[]/`, and `%`, which only
    /// an encoded key holds (`FirestoreNames`).
    static let keyRefused: ByteSet = (0xC038_FFFF_FFFF, 0x8000_0000_2800_0000)
    /// The bytes a JSON string escapes: control characters, DEL, `"` and `\\`.
    static let jsonEscaped: ByteSet = (0x4_FFFF_FFFF, 0x8000_0000_1000_0000)
    /// Both: a key copied into JSON text as it is.
    static let textKeyRefused: ByteSet = (keyRefused.0 | jsonEscaped.0, keyRefused.1 | jsonEscaped.1)

    /// Whether none of `bytes` is in `set`.
    @inline(__always) static func holdsNone(_ bytes: UnsafeBufferPointer<UInt8>, of set: ByteSet) -> Bool {
        for b in bytes where b < 128 && holds(b, of: set) { return false }
        return true
    }

    /// Whether the byte (below 128) is in `set`.
    @inline(__always) static func holds(_ b: UInt8, of set: ByteSet) -> Bool {
        (b < 64 ? set.0 >> b : set.1 >> (b - 64)) & 1 != 0
    }

    @inline(__always) static func isKey(_ bytes: UnsafeBufferPointer<UInt8>, refusing set: ByteSet) -> Bool {
        !bytes.isEmpty && bytes.count <= FirestoreLimits.nameBytes && holdsNone(bytes, of: set)
    }

    /// A Firestore name as a key of the tree (`FirestoreNames.key`).
    @inline(__always) func key(_ name: String) -> String { FirestoreNames.key(name) }

    private mutating func appendKey(_ name: String) {
        let k = key(name)
        Self.appendString(k, to: &text)
        text.append(UInt8(ascii: ":"))
    }

    private static func writeDoubleText(_ d: Double) -> String {
        guard d.isFinite else { return d.isNaN ? "\"NaN\"" : (d > 0 ? "\"Infinity\"" : "\"-Infinity\"") }
        return "\(d)"
    }

    private mutating func writeDouble(_ d: Double) {
        text.append(contentsOf: Self.writeDoubleText(d).utf8)
    }

    static func appendString(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { appendString($0, to: &out) }
    }

    /// A string's UTF-8 bytes as a JSON string: copied as they are where nothing needs
    /// escaping, else with `"`, `\\`, and control characters escaped.
    static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if holdsNone(bytes, of: jsonEscaped) {
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return
        }
        let hex = Array("0123456789abcdef".utf8)
        for b in bytes {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20, 0x7F:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 15)])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let b0 = UInt32(bytes[i]), b1 = n > 1 ? UInt32(bytes[i + 1]) : 0, b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
            let v = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(v >> 18 & 63)])
            out.append(alphabet[Int(v >> 12 & 63)])
            out.append(n > 1 ? alphabet[Int(v >> 6 & 63)] : UInt8(ascii: "="))
            out.append(n > 2 ? alphabet[Int(v & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Order

    /// Firestore's order of names: by their UTF-8 bytes.
    static func less(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    static func less(_ a: [String], _ b: [String]) -> Bool {
        for i in 0..<min(a.count, b.count) where a[i] != b[i] { return less(a[i], b[i]) }
        return a.count < b.count
    }
}
