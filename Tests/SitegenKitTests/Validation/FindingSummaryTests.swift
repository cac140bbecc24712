import Foundation
import Testing
@testable import SitegenKit

/// The audit that summarizes the timeline's findings (`FindingDetail.summarizeTimeline`,
/// used by the text summary and the build) says exactly what the full audit says.
@Suite struct FindingSummaryTests {
    @Test("the summarized report's text, counts and kept findings are the full report's", arguments: AuditFixtureCase.all)
    func summarizedReportIsTheFullOnes(_ fixture: AuditFixtureCase) throws {
        let full = try Audit.run(exportAt: fixture.exportPath)
        let summarized = try Audit.run(exportAt: fixture.exportPath, detail: .summarizeTimeline)
        #expect(summarized.text() == full.text())
        #expect(summarized.summary.map { "\($0.code.rawValue) \($0.count)" } == full.summary.map { "\($0.code.rawValue) \($0.count)" })
        #expect(summarized.findingCount == full.findings.count)
        #expect(summarized.repairableCount == full.repairableCount)
        #expect(summarized.editCount == full.edits.count)
        #expect(summarized.findings == full.findings.filter { !$0.code.isTimeline })
        #expect(!summarized.findings.contains { $0.code.isTimeline })
    }

    @Test func aLargeFanOutIsCountedNotKept() throws {
        var options = SampleOptions(users: 300, seed: 5)
        options.celebrity = (followers: 250, posts: 40)
        let path = try TestSupport.temporaryFile(SampleGenerator.generate(options))
        let full = try Audit.run(exportAt: path)
        let summarized = try Audit.run(exportAt: path, detail: .summarizeTimeline)
        #expect(full.findings.count >= 10_000)
        #expect(summarized.findings.isEmpty)
        #expect(summarized.summarized[.timelineMissing]?.count == full.findings.count)
        #expect(summarized.summarized[.timelineMissing]?.first == Array(full.findings.prefix(3)))
        #expect(summarized.text() == full.text())
    }

    @Test func pathsCompareWithoutSplitting() {
        let paths = ["timeline/b/x", "timeline/a", "timeline/10/k", "timeline/9/k", "timeline/a/b/c", "timeline/-1", "posts",
                     "timeline/a/b", "timeline/07", "", "timeline//x", "timeline/a/", "users/2147483648", "users/2147483647"]
        for a in paths {
            for b in paths {
                #expect(PathSortKey.compare(path: a, b) == PathSortKey.compare(PathSortKey(a), PathSortKey(b)), "\(a) vs \(b)")
            }
        }
    }
}
