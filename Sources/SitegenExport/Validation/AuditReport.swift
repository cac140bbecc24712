/// What the validator found in one export, the repair it plans, and the true counts.
public struct AuditReport: Sendable {
    public let export: Export
    public let index: ExportIndex
    /// Sorted by path (Firebase key order), then code: the findings kept one by one (all of
    /// them, unless the audit was asked to summarize some codes: `FindingDetail`).
    public let findings: [Finding]
    /// The repair of the findings kept one by one.
    public let edits: [RepairEdit]
    public let counts: TrueCounts
    /// The repaired follow graph.
    public let graph: FollowGraph
    /// The codes whose findings were only summarized (none with `FindingDetail.all`).
    public let summarized: [FindingCode: FindingSummary]
    /// With `FindingDetail.streamTimeline`: makes the timeline's findings and edits (not in
    /// `findings` and `edits`) again, for the formats that list them all.
    public let timeline: TimelineStream?

    init(export: Export, index: ExportIndex, findings: [Finding], edits: [RepairEdit], counts: TrueCounts,
         graph: FollowGraph, summarized: [FindingCode: FindingSummary] = [:], timeline: TimelineStream? = nil) {
        self.timeline = timeline
        self.export = export
        self.index = index
        self.findings = findings
        self.edits = edits
        self.counts = counts
        self.graph = graph
        self.summarized = summarized
    }

    public var dialect: Dialect { export.dialect }

    /// The findings without the export (what a build keeps).
    public var tally: FindingTally { FindingTally(findings: findings, summarized: summarized) }

    /// Findings per code, codes in alphabetical order.
    public var summary: [(code: FindingCode, count: Int)] { tally.summary }

    /// Every finding, kept or summarized.
    public var findingCount: Int { tally.findingCount }

    public var repairableCount: Int {
        findings.filter { $0.repair != .none }.count + summarized.values.reduce(0) { $0 + $1.repairable }
    }

    /// The writes of the whole repair.
    public var editCount: Int { edits.count + summarized.values.reduce(0) { $0 + $1.edits } }

    /// Writes the repaired export; the timeline's edits are made as it is written (`timeline`).
    public var rewriter: ExportRewriter { ExportRewriter(export: export, edits: edits, streamed: timeline?.edits()) }

    // MARK: - Formats

    /// `--format json`: `{"dialect", "findings": [{code, path, found, expected, repair}], "summary"}`.
    public func jsonText() -> String {
        var bytes: [UInt8] = []
        try? writeJSON { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `--format json`, handed to `sink` in chunks of a few megabytes: the timeline's
    /// findings are made one user at a time (`timeline`) and merged into the others in
    /// report order.
    public func writeJSON(to sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var out = OutputBuffer(sink: sink)
        try out.append("{\n  \"dialect\": \(JSONString.quoted(dialect.rawValue)),\n  \"findings\": [")
        var any = false
        func write(_ f: Finding) throws {
            try out.append(any ? ",\n    " : "\n    ")
            any = true
            // Piece by piece: the codes and repairs are plain words, quoted as they are.
            try out.append("{\"code\": \"")
            try out.append(f.code.rawValue)
            try out.append("\", \"path\": ")
            try out.append(JSONString.quoted(f.path))
            try out.append(", \"found\": ")
            try out.append(f.found ?? "null")
            try out.append(", \"expected\": ")
            try out.append(f.expected ?? "null")
            try out.append(", \"repair\": \"")
            try out.append(f.repair.rawValue)
            try out.append("\"}")
        }
        var next = 0
        try timeline?.forEachUsersFindings { found in
            for f in found {
                while next < findings.count && findings[next].precedes(f) {
                    try write(findings[next])
                    next += 1
                }
                try write(f)
            }
        }
        for f in findings[next...] { try write(f) }
        try out.append(any ? "\n  ],\n" : "],\n")
        try out.append("  \"summary\": {")
        try out.append(summary.map { "\(JSONString.quoted($0.code.rawValue)): \($0.count)" }.joined(separator: ", "))
        try out.append("}\n}\n")
        try out.flush()
    }

    /// `--format patch`: a Firebase multi-path update that `PATCH /.json` applies.
    public func patchText() -> String {
        var bytes: [UInt8] = []
        try? writePatch { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `--format patch`, handed to `sink` in chunks; the timeline's edits are made one user
    /// at a time, as in `writeJSON`. Paths in Firebase key order.
    public func writePatch(to sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var out = OutputBuffer(sink: sink)
        var any = false
        func write(_ edit: RepairEdit) throws {
            try out.append(any ? ",\n  " : "{\n  ")
            any = true
            try out.append("\(JSONString.quoted(edit.path)): \(patchValue(edit))")
        }
        let edits = self.edits.inPathOrder()
        var next = 0
        try timeline?.forEachUsersEdits { found in
            for edit in found {
                while next < edits.count && PathSortKey.compare(path: edits[next].path, edit.path) < 0 {
                    try write(edits[next])
                    next += 1
                }
                try write(edit)
            }
        }
        for edit in edits[next...] { try write(edit) }
        try out.append(any ? "\n}\n" : "{}\n")
        try out.flush()
    }

    /// The value `edit` writes at its path in a Firebase update. A value set inside
    /// `{".value": v, ".priority": p}` (`--fix` replaces `v` only) is written as that
    /// object with the new value, so that a live database keeps the priority; a bare
    /// number at the path would drop it.
    func patchValue(_ edit: RepairEdit) -> String {
        let doc = export.document
        guard doc.hasFirebaseKeys, case let .set(node, _, text) = edit, doc.keyEquals(node, ".value") else { return edit.patchValue }
        let wrapper = doc.parents[Int(node)]
        var members: [String] = []
        doc.forEachChild(wrapper) { m in
            members.append("\(JSONString.quoted(doc.key(m))):\(m == node ? text : doc.rawText(m))")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// The human summary: counts per code, the first few paths, what `--fix` would do.
    public func text(examples: Int = 3) -> String {
        let users = index.users.count
        let posts = index.posts.count
        var out = "\(export.path): \(dialect.rawValue) export, \(users) user\(users == 1 ? "" : "s"), \(posts) post\(posts == 1 ? "" : "s")\n"
        let total = findingCount
        if total == 0 {
            out += "consistent: no findings\n"
            return out
        }
        out += "\(total) finding\(total == 1 ? "" : "s"):\n"
        var byCode: [FindingCode: [Finding]] = [:]
        for f in findings { byCode[f.code, default: []].append(f) }
        for (code, s) in summarized { byCode[code, default: []] += s.first }
        let width = byCode.keys.map(\.rawValue.count).max() ?? 0
        for (code, count) in summary {
            let list = byCode[code]!
            let name = code.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            let countText = String(count)
            out += "  \(name)  \(String(repeating: " ", count: max(0, 6 - countText.count)))\(countText)  \(Self.verb(list[0].repair))\n"
            for f in list.prefix(examples) {
                out += "      \(f.path)\(Self.change(f))\n"
            }
            if count > examples { out += "      … and \(count - examples) more\n" }
        }
        let fixable = repairableCount
        let manual = total - fixable
        let writes = editCount
        if fixable > 0 {
            out += "--fix would repair \(fixable) finding\(fixable == 1 ? "" : "s") (\(writes) write\(writes == 1 ? "" : "s")); "
        } else {
            out += "--fix has nothing to repair; "
        }
        out += manual == 0 ? "none needs a manual fix.\n" : "\(manual) need\(manual == 1 ? "s" : "") a manual fix (repair: none).\n"
        return out
    }

    private static func verb(_ repair: Repair) -> String {
        switch repair {
        case .remove: return "remove"
        case .add: return "add"
        case .set: return "set"
        case .none: return "manual"
        }
    }

    private static func change(_ f: Finding) -> String {
        switch f.repair {
        case .set:
            return ": \(short(f.found ?? "absent")) → \(short(f.expected ?? "null"))"
        case .add:
            return ": add \(short(f.expected ?? "null"))"
        case .remove, .none:
            return ""
        }
    }

    private static func short(_ s: String) -> String {
        let flat = s.split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }.joined()
        return flat.count > 60 ? String(flat.prefix(57)) + "…" : flat
    }
}
