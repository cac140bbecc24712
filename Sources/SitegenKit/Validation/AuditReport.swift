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

    init(export: Export, index: ExportIndex, findings: [Finding], edits: [RepairEdit], counts: TrueCounts,
         graph: FollowGraph, summarized: [FindingCode: FindingSummary] = [:]) {
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

    // MARK: - Formats

    /// `--format json`: `{"dialect", "findings": [{code, path, found, expected, repair}], "summary"}`.
    public func jsonText() -> String {
        var out = "{\n  \"dialect\": \(JSONString.quoted(dialect.rawValue)),\n  \"findings\": ["
        for (i, f) in findings.enumerated() {
            out += i == 0 ? "\n    " : ",\n    "
            out += "{\"code\": \(JSONString.quoted(f.code.rawValue)), \"path\": \(JSONString.quoted(f.path)), "
            out += "\"found\": \(f.found ?? "null"), \"expected\": \(f.expected ?? "null"), "
            out += "\"repair\": \(JSONString.quoted(f.repair.rawValue))}"
        }
        out += findings.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"summary\": {"
        out += summary.map { "\(JSONString.quoted($0.code.rawValue)): \($0.count)" }.joined(separator: ", ")
        out += "}\n}\n"
        return out
    }

    /// `--format patch`: a Firebase multi-path update that `PATCH /.json` applies.
    public func patchText() -> String {
        var lines: [String] = []
        let keys = edits.map { PathSortKey($0.path) }
        let ordered = edits.indices.sorted { keys[$0] < keys[$1] }
        for i in ordered {
            lines.append("  \(JSONString.quoted(edits[i].path)): \(edits[i].patchValue)")
        }
        return lines.isEmpty ? "{}\n" : "{\n" + lines.joined(separator: ",\n") + "\n}\n"
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
