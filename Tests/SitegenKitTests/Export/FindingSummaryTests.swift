import Foundation
@testable import SitegenExport
@testable import SitegenSample
import SitegenTestSupport
import Testing

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

    /// A summarized finding is made (path, values) only while it could be among the first
    /// three of its code: below a path that sorts before the third example so far.
    @Test func findingsThatCannotBeAmongTheFirstAreNotMade() {
        var found = TimelineFindings(keepsAll: false)
        var made: [String] = []
        func add(_ path: String, _ code: FindingCode = .timelineMissing) {
            found.add(code, .add) {
                made.append(path)
                return (Finding(code: code, path: path, found: nil, expected: "{}", repair: .add),
                        .add(under: 0, keys: [], path: path, text: "{}"))
            }
        }
        found.begin(below: "timeline/b")
        add("timeline/b/3")
        add("timeline/b/1")
        add("timeline/b/2")
        found.begin(below: "timeline/c")
        add("timeline/c/1")  // after the third example: counted only
        add("timeline/c/2", .timelineStale)  // the first of its code
        found.begin(below: "timeline/a")
        add("timeline/a/1")  // before the third example
        #expect(made == ["timeline/b/3", "timeline/b/1", "timeline/b/2", "timeline/c/2", "timeline/a/1"])
        let missing = found.summarized[.timelineMissing]
        #expect(missing?.count == 5)
        #expect(missing?.edits == 5)
        #expect(missing?.first.map(\.path) == ["timeline/a/1", "timeline/b/1", "timeline/b/2"])
        #expect(found.summarized[.timelineStale]?.first.map(\.path) == ["timeline/c/2"])
        #expect(found.summarized[.timelineMismatch] == nil)
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
