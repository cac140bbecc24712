/// Where the timeline's fan-out check puts what it finds (one slice of the lists, or one
/// user's): every finding with its edit, or, when the timeline's findings are summarized,
/// counts per code and only the findings that can be among a summary's first few, whose
/// path and values are the only ones made. A fan-out that never ran has hundreds of
/// millions of findings; making each one's text only to count it took most of a text audit.
struct TimelineFindings {
    /// Whether every finding is kept (`findings`, `edits`), or counted (`summarized`).
    let keepsAll: Bool
    private(set) var findings: [Finding] = []
    /// The edit of each finding (the timeline's findings have one each).
    private(set) var edits: [RepairEdit] = []
    private var stale = FindingSummary()
    private var missing = FindingSummary()
    private var mismatch = FindingSummary()
    private var copyMismatch = FindingSummary()
    /// Per code, whether the findings of the list being checked are made (`begin(below:)`).
    private var makingStale = true, makingMissing = true, makingMismatch = true, makingCopyMismatch = true

    init(keepsAll: Bool) {
        self.keepsAll = keepsAll
    }

    /// Starts the findings at and below `path` (`timeline/<uid>`): when counting, they are
    /// made only if one of them could be among the first of its code.
    mutating func begin(below path: String) {
        if keepsAll { return }
        makingStale = stale.mayTake(below: path)
        makingMissing = missing.mayTake(below: path)
        makingMismatch = mismatch.mayTake(below: path)
        makingCopyMismatch = copyMismatch.mayTake(below: path)
    }

    /// One finding of code `code` and repair `repair`; `make` makes it and its edit when needed.
    @inline(__always)
    mutating func add(_ code: FindingCode, _ repair: Repair, _ make: () -> (finding: Finding, edit: RepairEdit)) {
        if keepsAll {
            let (finding, edit) = make()
            findings.append(finding)
            edits.append(edit)
            return
        }
        switch code {
        case .timelineStale: Self.tally(&stale, repair, making: makingStale, make)
        case .timelineMissing: Self.tally(&missing, repair, making: makingMissing, make)
        case .timelineCopyMismatch: Self.tally(&copyMismatch, repair, making: makingCopyMismatch, make)
        default: Self.tally(&mismatch, repair, making: makingMismatch, make)
        }
    }

    @inline(__always)
    private static func tally(_ summary: inout FindingSummary, _ repair: Repair, making: Bool,
                              _ make: () -> (finding: Finding, edit: RepairEdit)) {
        if making { summary.add(make().finding) } else { summary.count(repair) }
        summary.edits += 1
    }

    /// The counted codes' summaries (codes with findings only).
    var summarized: [FindingCode: FindingSummary] {
        var result: [FindingCode: FindingSummary] = [:]
        for (code, summary) in [(FindingCode.timelineStale, stale), (.timelineMissing, missing), (.timelineMismatch, mismatch),
                                  (.timelineCopyMismatch, copyMismatch)]
        where summary.count > 0 {
            result[code] = summary
        }
        return result
    }

}

extension Array where Element == Finding {
    /// Sorted by path (Firebase key order), then code; findings that tie keep their order.
    func inReportOrder() -> [Finding] {
        let keys = map { PathSortKey($0.path) }
        let order = indices.sorted { a, b in
            let c = PathSortKey.compare(keys[a], keys[b])
            return c != 0 ? c < 0 : self[a].code < self[b].code
        }
        return order.map { self[$0] }
    }
}

extension Array where Element == RepairEdit {
    /// Sorted by path (Firebase key order); edits that tie keep their order.
    func inPathOrder() -> [RepairEdit] {
        let keys = map { PathSortKey($0.path) }
        return indices.sorted { keys[$0] < keys[$1] }.map { self[$0] }
    }
}

extension Finding {
    /// Whether `self` comes before `other` in report order (`inReportOrder`).
    func precedes(_ other: Finding) -> Bool {
        let c = PathSortKey.compare(path: path, other.path)
        return c != 0 ? c < 0 : code < other.code
    }
}
