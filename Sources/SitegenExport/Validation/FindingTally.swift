/// The findings of an audit without the export they were found in: what a build keeps of
/// its audit (`Site.Result.report`), so that the export's bytes, its tape and the audit's
/// index are released before the pages are rendered.
public struct FindingTally: Sendable {
    /// The findings kept one by one, in report order (`AuditReport.findings`).
    public let findings: [Finding]
    /// The codes whose findings were only summarized (`AuditReport.summarized`).
    public let summarized: [FindingCode: FindingSummary]

    public init(findings: [Finding], summarized: [FindingCode: FindingSummary] = [:]) {
        self.findings = findings
        self.summarized = summarized
    }

    /// Findings per code, codes in alphabetical order.
    public var summary: [(code: FindingCode, count: Int)] {
        var counts: [FindingCode: Int] = [:]
        for f in findings { counts[f.code, default: 0] += 1 }
        for (code, s) in summarized { counts[code, default: 0] += s.count }
        return counts.keys.sorted().map { ($0, counts[$0]!) }
    }

    /// Every finding, kept or summarized.
    public var findingCount: Int { findings.count + summarized.values.reduce(0) { $0 + $1.count } }
}
