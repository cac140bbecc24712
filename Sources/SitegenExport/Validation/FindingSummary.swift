/// What the audit keeps of the findings of a code it does not keep one by one (the
/// timeline's, which number in the hundreds of millions when a fan-out never ran): how
/// many there are, how many the repair fixes and with how many writes, and the first few
/// in report order (path in Firebase key order), which the text summary shows.
public struct FindingSummary: Sendable {
    /// Findings kept as examples, the first in report order.
    public static let examples = 3

    public internal(set) var count = 0
    public internal(set) var repairable = 0
    public internal(set) var edits = 0
    /// The first `examples` findings by path, in order.
    public internal(set) var first: [Finding] = []

    mutating func add(_ finding: Finding) {
        count(finding.repair)
        insert(finding)
    }

    /// Counts a finding that `mayTake(below:)` said cannot be among the first (its path is
    /// never built).
    mutating func count(_ repair: Repair) {
        count += 1
        if repair != .none { repairable += 1 }
    }

    /// Whether a finding at `path`, or at a path below it (`path/…`), could be among the
    /// first: a path below one that sorts at or after the last example sorts after it too.
    func mayTake(below path: String) -> Bool {
        first.count < FindingSummary.examples || PathSortKey.compare(path: path, first[first.count - 1].path) < 0
    }

    /// Keeps `finding` among the first ones if it is.
    private mutating func insert(_ finding: Finding) {
        if first.count == FindingSummary.examples,
           PathSortKey.compare(path: finding.path, first[first.count - 1].path) >= 0 { return }
        // Insertion keeps the order of equal paths: a later finding goes after them.
        var at = first.count
        while at > 0 && PathSortKey.compare(path: finding.path, first[at - 1].path) < 0 { at -= 1 }
        first.insert(finding, at: at)
        if first.count > FindingSummary.examples { first.removeLast() }
    }

    /// The summary with `prefix` before its examples' paths (`Finding.prefixed`).
    func prefixed(_ prefix: String) -> FindingSummary {
        var s = self
        s.first = first.map { $0.prefixed(prefix) }
        return s
    }

    mutating func merge(_ other: FindingSummary) {
        count += other.count
        repairable += other.repairable
        edits += other.edits
        for f in other.first { insert(f) }
    }
}

/// Which findings an audit keeps one by one: all of them (`--format json`, `patch`,
/// `--fix`), or all but the timeline's, which are only summarized (`FindingSummary`) —
/// the text summary and the build need no more, and the pages none of them.
public enum FindingDetail: Sendable {
    case all
    case summarizeTimeline
    /// As `summarizeTimeline`, and the report can make the timeline's findings again one
    /// user at a time, in report order (`AuditReport.timeline`): `--format json`, `patch`
    /// and `--fix` write them without holding them all. Where the export's timeline cannot
    /// be walked that way (`TimelineStream.init`), its findings are kept, as with `all`.
    case streamTimeline

    func keeps(_ code: FindingCode) -> Bool {
        switch self {
        case .all: return true
        case .summarizeTimeline, .streamTimeline: return !code.isTimeline
        }
    }
}

extension FindingCode {
    /// `timeline_stale`, `timeline_missing`, `timeline_mismatch`, `timeline_copy_mismatch`.
    public var isTimeline: Bool {
        self == .timelineStale || self == .timelineMissing || self == .timelineMismatch || self == .timelineCopyMismatch
    }
}
