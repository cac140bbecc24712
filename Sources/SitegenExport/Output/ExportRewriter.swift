/// Applies repair edits to an export's bytes: every byte outside the edited paths is
/// copied as it is (whitespace, key order, number spellings, unknown nodes). Removed
/// members take their separating comma with them; an object left empty disappears
/// from its parent as Firebase does; added members copy their siblings' layout.
public struct ExportRewriter {
    private let doc: JSONDocument
    private let parents: [Int32]
    /// The users node (`users`, or its name in the app), whose records are never pruned.
    private let usersNode: Int32
    private var removed = Set<Int32>()
    private var replaced: [Int32: String] = [:]
    private var added: [Int32: AddedMembers] = [:]
    /// Containers with an edit somewhere below them.
    private var dirty = Set<Int32>()
    /// The object whose edits are handed over member by member as it is written (the timeline's).
    private let streamed: StreamedEdits?
    /// For the rewriter of one member of `streamed`: that object, where pruning stops.
    private let prunedBelow: Int32

    /// New members to insert into one existing container, nested where parents are new.
    final class AddedMembers {
        var value: String?
        var children: [String: AddedMembers] = [:]

        /// Adds `text` at `keys` below this level (the first keys may be new levels).
        func insert(_ text: String, at keys: some Sequence<String>) {
            var level = self
            for key in keys {
                let next = level.children[key] ?? AddedMembers()
                level.children[key] = next
                level = next
            }
            level.value = text
        }

        /// Compact JSON for a new member's value.
        func text() -> String {
            if let value { return value }
            let keys = children.keys.sorted(by: KeyOrder.less)
            return "{" + keys.map { JSONString.quoted($0) + ":" + children[$0]!.text() }.joined(separator: ",") + "}"
        }
    }

    public init(export: Export, edits: [RepairEdit]) {
        self.init(export: export, edits: edits, streamed: nil)
    }

    /// `streamed`: the edits of one object (the timeline), handed over as it is written
    /// instead of in `edits`; it must be an object.
    init(export: Export, edits: [RepairEdit], streamed: StreamedEdits?) {
        let document = export.document
        self.init(document, parents: edits.isEmpty && streamed == nil ? [] : document.parents,
                  usersNode: export.users ?? -1, edits: edits, streamed: streamed, prunedBelow: -1)
        if let streamed {
            dirty.insert(streamed.node)
            markDirty(above: streamed.node)
            if emptied(streamed) { removed.insert(streamed.node) }
        }
    }

    private init(_ doc: JSONDocument, parents: [Int32], usersNode: Int32, edits: [RepairEdit],
                 streamed: StreamedEdits?, prunedBelow: Int32) {
        self.doc = doc
        self.parents = parents
        self.usersNode = usersNode
        self.streamed = streamed
        self.prunedBelow = prunedBelow
        for edit in edits {
            switch edit {
            case let .remove(node, _):
                removed.insert(node)
                markDirty(above: node)
            case let .set(node, _, text):
                replaced[node] = text
                markDirty(above: node)
            case let .add(under, keys, _, text):
                let level = added[under] ?? AddedMembers()
                added[under] = level
                level.insert(text, at: keys)
                dirty.insert(under)
                markDirty(above: under)
            }
        }
        pruneEmptied()
    }

    /// The rewriter of the member at `position` of `streamed`, with that member's edits.
    private func member(at position: Int, of streamed: StreamedEdits) -> ExportRewriter {
        ExportRewriter(doc, parents: parents, usersNode: usersNode, edits: streamed.edits(ofMember: position),
                       streamed: nil, prunedBelow: streamed.node)
    }

    /// Whether the repair removes every member of `streamed` and adds none: then, as
    /// `pruneEmptied` does, the object is removed too (asked before it is written; the
    /// first member kept answers it).
    private func emptied(_ streamed: StreamedEdits) -> Bool {
        var anyRemoved = false
        for (position, c) in doc.children(streamed.node).enumerated() {
            guard member(at: position, of: streamed).removed.contains(c) else { return false }
            anyRemoved = true
        }
        return anyRemoved && !streamed.hasAddedMember()
    }

    private mutating func markDirty(above node: Int32) {
        var p = parents[Int(node)]
        while p >= 0, dirty.insert(p).inserted {
            p = parents[Int(p)]
        }
    }

    /// A container whose members are all removed, and that gains none, is removed too;
    /// but not a user record (`users/<uid>`, which in the timeline dialect can hold only `follows`):
    /// removing it would delete the user, and make the edges to it dangle.
    private mutating func pruneEmptied() {
        let users = usersNode
        var candidates = Set(removed.map { parents[Int($0)] })
        while !candidates.isEmpty {
            var next = Set<Int32>()
            for p in candidates where p > doc.root && p != prunedBelow && parents[Int(p)] != users && !removed.contains(p) && added[p] == nil {
                var live = false
                doc.forEachChild(p) { c in
                    if !removed.contains(c) && !(doc.isArray(p) && doc.isNull(c)) { live = true }
                }
                if !live {
                    removed.insert(p)
                    next.insert(parents[Int(p)])
                }
            }
            candidates = next
        }
    }

    /// The repaired export, handed out in chunks of a few megabytes.
    public func write(_ sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var out = OutputBuffer(sink: sink)
        // Bytes before and after the root value (a byte order mark, whitespace).
        let root = doc.nodes[0]
        try out.append(doc.bytes, root.start > 0 ? 0..<root.start : 0..<0)
        try emit(0, &out)
        try out.append(doc.bytes, root.end..<doc.bytes.count)
        try out.flush()
    }

    /// The repaired export in memory.
    public func bytes() -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(doc.bytes.count)
        try? write { result.append(contentsOf: $0) }
        return result
    }

    // MARK: - Emitting

    private func emit(_ i: Int32, _ out: inout OutputBuffer) throws {
        if let text = replaced[i] {
            try out.append(text)
            return
        }
        let node = doc.nodes[Int(i)]
        guard dirty.contains(i) else {
            try out.append(doc.bytes, node.start..<node.end)
            return
        }
        let kids = doc.children(i)
        if doc.isArray(i), let additions = added[i], Self.needsObject(additions, elements: kids.count) {
            try emitArrayAsObject(kids, additions, &out)
            return
        }
        let isObject = doc.isObject(i)
        try out.append(isObject ? "{" : "[")
        var keptAny = false
        var lastGap: Range<Int> = (node.start + 1)..<(node.start + 1)
        var separator: Range<Int>?
        // An array gains an index it already has only where that element is `null` (a
        // hole in Firebase's array export): the new value takes the hole's place.
        var holes: [Int: AddedMembers] = [:]
        if !isObject, let additions = added[i] {
            for (key, value) in additions.children where Self.arrayIndex(key)! < kids.count { holes[Self.arrayIndex(key)!] = value }
        }
        let streamed = self.streamed.flatMap { $0.node == i ? $0 : nil }
        for (j, c) in kids.enumerated() {
            let member = doc.memberStart(c)
            let gapStart = j == 0 ? node.start + 1 : doc.nodes[Int(kids[j - 1])].end
            // A member of the streamed object is written by a rewriter that holds its edits.
            let memberRewriter = streamed.map { self.member(at: j, of: $0) }
            if isObject && (memberRewriter?.removed ?? removed).contains(c) { continue }
            if keptAny {
                try out.append(doc.bytes, gapStart..<member)
                lastGap = afterComma(gapStart..<member)
            } else {
                // The first member kept: the whitespace that followed the opening bracket.
                let first = (node.start + 1)..<doc.memberStart(kids[0])
                try out.append(doc.bytes, first)
                lastGap = first
            }
            keptAny = true
            if isObject {
                let keyEnd = member + doc.rawKey(c).count + 2
                separator = keyEnd..<doc.nodes[Int(c)].start
                try out.append(doc.bytes, member..<doc.nodes[Int(c)].start)
            }
            if let value = holes[j] {
                try out.append(value.text())
            } else if removed.contains(c) {
                try out.append("null")  // an array element: indexes are keys
            } else if let memberRewriter {
                try memberRewriter.emit(c, &out)
            } else {
                try emit(c, &out)
            }
        }
        // A new member of the object, after the members it had, in their layout.
        func appendMember(_ key: String, _ value: AddedMembers) throws {
            if keptAny { try out.append(",") }
            try out.append(doc.bytes, lastGap)
            try out.append(JSONString.quoted(key))
            if let separator { try out.append(doc.bytes, separator) } else { try out.append(":") }
            try out.append(value.text())
            keptAny = true
        }
        if let streamed {
            // In key order, one at a time.
            try streamed.forEachAddedMember { key, edits in
                let value = AddedMembers()
                for case let .add(_, keys, _, text) in edits { value.insert(text, at: keys.dropFirst()) }
                try appendMember(key, value)
            }
        } else if let additions = added[i] {
            var keys = additions.children.keys.sorted(by: KeyOrder.less)
            if !isObject {
                keys = keys.filter { Self.arrayIndex($0)! >= kids.count }.sorted { Self.arrayIndex($0)! < Self.arrayIndex($1)! }
            }
            var count = kids.count
            for key in keys {
                let value = additions.children[key]!
                if isObject {
                    try appendMember(key, value)
                    continue
                }
                // Array: pad with nulls up to the index.
                let target = Self.arrayIndex(key)!
                while count < target {
                    try out.append(keptAny || count > 0 ? ",null" : "null")
                    count += 1
                }
                if keptAny || count > 0 { try out.append(",") }
                count += 1
                try out.append(value.text())
                keptAny = true
            }
        }
        if let last = kids.last {
            try out.append(doc.bytes, doc.nodes[Int(last)].end..<(node.end - 1))
        } else {
            try out.append(doc.bytes, (node.start + 1)..<(node.end - 1))
        }
        try out.append(isObject ? "}" : "]")
    }

    /// An exported array that gains a key no array holds (`ghost`, `-1`), or an index so far
    /// out that it would be mostly nulls (Firebase exports such a node as an object, and
    /// `1000000000` would be a gigabyte of padding), is written as the object it stands for.
    static func needsObject(_ additions: AddedMembers, elements: Int) -> Bool {
        let limit = 2 * (elements + additions.children.count)
        return additions.children.keys.contains { key in Self.arrayIndex(key).map { $0 >= limit } ?? true }
    }

    /// The index a key names in an exported array: `0`, `7`, `42`, but not `-1`, `+1` or
    /// `07` (those are keys only an object can hold).
    static func arrayIndex(_ key: String) -> Int? {
        guard let first = key.utf8.first, first != UInt8(ascii: "0") || key.utf8.count == 1,
              key.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(key)
    }

    /// The whitespace of a gap `,<ws>` between members.
    private func afterComma(_ gap: Range<Int>) -> Range<Int> {
        var s = gap.lowerBound
        while s < gap.upperBound && doc.bytes[s] != UInt8(ascii: ",") { s += 1 }
        return min(s + 1, gap.upperBound)..<gap.upperBound
    }

    /// An exported array written as the object it stands for (`needsObject`).
    private func emitArrayAsObject(_ elements: [Int32], _ additions: AddedMembers, _ out: inout OutputBuffer) throws {
        try out.append("{")
        var first = true
        var position = 0
        for c in elements {
            defer { position += 1 }
            if removed.contains(c) || doc.isNull(c) { continue }
            try out.append((first ? "" : ",") + JSONString.quoted(String(position)) + ":")
            try emit(c, &out)
            first = false
        }
        for key in additions.children.keys.sorted(by: KeyOrder.less) {
            try out.append((first ? "" : ",") + JSONString.quoted(key) + ":" + additions.children[key]!.text())
            first = false
        }
        try out.append("}")
    }
}

/// The edits of one object's members, handed over one member at a time as the object is
/// written, for an object whose edits are too many to hold (the timeline's: `TimelineStream`).
protocol StreamedEdits: AnyObject {
    /// The object.
    var node: Int32 { get }
    /// The edits at and below the member at `position` (document order), asked for in order.
    func edits(ofMember position: Int) -> [RepairEdit]
    /// Each new member's key and its edits (`.add` below `node`, the key first), in key
    /// order, after the members it has.
    func forEachAddedMember(_ body: (_ key: String, _ edits: [RepairEdit]) throws -> Void) throws
    /// Whether any member is added.
    func hasAddedMember() -> Bool
}

/// Collects output and hands it to a sink in chunks.
struct OutputBuffer {
    let sink: (UnsafeBufferPointer<UInt8>) throws -> Void
    var buffer: [UInt8] = []
    static let chunk = 4 << 20

    init(sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) {
        self.sink = sink
        buffer.reserveCapacity(OutputBuffer.chunk + 4096)
    }

    mutating func append(_ s: String) throws {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= OutputBuffer.chunk { try flush() }
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws {
        guard !range.isEmpty else { return }
        if range.count >= OutputBuffer.chunk {
            try flush()
            try sink(UnsafeBufferPointer(rebasing: bytes[range]))
            return
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        if buffer.count >= OutputBuffer.chunk { try flush() }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBufferPointer { try sink($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
