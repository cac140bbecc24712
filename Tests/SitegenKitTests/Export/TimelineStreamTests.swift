import Foundation
@testable import SitegenExport
@testable import SitegenSample
import SitegenTestSupport
import Testing

/// The audit that makes the timeline's findings again as it writes them
/// (`FindingDetail.streamTimeline`: `--format json`, `--format patch`, `--fix`) writes
/// exactly what the audit that holds them all writes.
@Suite struct TimelineStreamTests {
    /// Findings before the timeline (`posts/…`), in it (a stale list, a stale entry, a
    /// mismatch, an entry missing from a list and one from a user without a list), and
    /// after it (`users/…`). The expected texts are what sitegen e2c31b1, which held every
    /// finding, printed and wrote for this export.
    static let mixed = """
    {
      "posts": {
        "u1": {"-P1": {"image_url": "https://img.example/1.jpg", "created_at": 1, "like_count": 0, "poster": {"uid": "u1", "username": "ann"}}},
        "u2": {"-P2": {"image_url": "https://img.example/2.jpg", "created_at": 2, "like_count": 3, "poster": {"uid": "u2", "username": "bob"}}},
        "u3": {"-P3": {"image_url": "https://img.example/3.jpg", "created_at": 3, "like_count": 0, "poster": {"uid": "u3", "username": "cat"}}}
      },
      "timeline": {
        "ghost": {"-P1": {"poster_uid": "u1"}},
        "u1": {"-P1": {"poster_uid": "u2"}, "-Gone": {"poster_uid": "u1"}},
        "u2": {}
      },
      "users": {
        "u1": {"username": "ann", "post_count": 1},
        "u2": {"username": "bob", "post_count": 5},
        "u3": {"username": "cat", "post_count": 1}
      }
    }

    """

    static let mixedJSON = """
    {
      "dialect": "makestagram",
      "findings": [
        {"code": "like_count_mismatch", "path": "posts/u2/-P2/like_count", "found": 3, "expected": 0, "repair": "set"},
        {"code": "timeline_stale", "path": "timeline/ghost", "found": {"-P1": {"poster_uid": "u1"}}, "expected": null, "repair": "remove"},
        {"code": "timeline_stale", "path": "timeline/u1/-Gone", "found": {"poster_uid": "u1"}, "expected": null, "repair": "remove"},
        {"code": "timeline_mismatch", "path": "timeline/u1/-P1", "found": {"poster_uid": "u2"}, "expected": {"poster_uid":"u1"}, "repair": "set"},
        {"code": "timeline_missing", "path": "timeline/u2/-P2", "found": null, "expected": {"poster_uid":"u2"}, "repair": "add"},
        {"code": "timeline_missing", "path": "timeline/u3/-P3", "found": null, "expected": {"poster_uid":"u3"}, "repair": "add"},
        {"code": "post_count_mismatch", "path": "users/u2/post_count", "found": 5, "expected": 1, "repair": "set"}
      ],
      "summary": {"like_count_mismatch": 1, "post_count_mismatch": 1, "timeline_mismatch": 1, "timeline_missing": 2, "timeline_stale": 2}
    }

    """

    static let mixedPatch = """
    {
      "posts/u2/-P2/like_count": 0,
      "timeline/ghost": null,
      "timeline/u1/-Gone": null,
      "timeline/u1/-P1/poster_uid": "u1",
      "timeline/u2/-P2": {"poster_uid":"u2"},
      "timeline/u3/-P3": {"poster_uid":"u3"},
      "users/u2/post_count": 1
    }

    """

    static let mixedRepaired = """
    {
      "posts": {
        "u1": {"-P1": {"image_url": "https://img.example/1.jpg", "created_at": 1, "like_count": 0, "poster": {"uid": "u1", "username": "ann"}}},
        "u2": {"-P2": {"image_url": "https://img.example/2.jpg", "created_at": 2, "like_count": 0, "poster": {"uid": "u2", "username": "bob"}}},
        "u3": {"-P3": {"image_url": "https://img.example/3.jpg", "created_at": 3, "like_count": 0, "poster": {"uid": "u3", "username": "cat"}}}
      },
      "timeline": {
        "u1": {"-P1": {"poster_uid": "u1"}},
        "u2": {"-P2":{"poster_uid":"u2"}},
        "u3": {"-P3":{"poster_uid":"u3"}}
      },
      "users": {
        "u1": {"username": "ann", "post_count": 1},
        "u2": {"username": "bob", "post_count": 1},
        "u3": {"username": "cat", "post_count": 1}
      }
    }

    """

    @Test func theTimelineIsWrittenAroundTheOtherFindings() throws {
        let path = try TestSupport.temporaryFile(Self.mixed)
        let streamed = try Audit.run(exportAt: path, detail: .streamTimeline)
        #expect(streamed.timeline != nil)
        #expect(streamed.findings.map(\.path) == ["posts/u2/-P2/like_count", "users/u2/post_count"])
        #expect(streamed.jsonText() == Self.mixedJSON)
        #expect(streamed.patchText() == Self.mixedPatch)
        #expect(String(decoding: streamed.rewriter.bytes(), as: UTF8.self) == Self.mixedRepaired)
    }

    /// A repair that removes every list, and adds none, removes the timeline (as the full
    /// repair's pruning does), which must be known before the timeline is written.
    @Test func aTimelineLeftEmptyIsRemoved() throws {
        let export = """
        {
          "timeline": {"ghost": {"x": true}, "u1": {"-Gone": {"poster_uid": "u1"}}},
          "users": {"u1": {"username": "ann"}}
        }

        """
        let path = try TestSupport.temporaryFile(export)
        let streamed = try Audit.run(exportAt: path, detail: .streamTimeline)
        #expect(streamed.timeline != nil)
        #expect(String(decoding: streamed.rewriter.bytes(), as: UTF8.self) == """
        {
          "users": {"u1": {"username": "ann"}}
        }

        """)
        #expect(streamed.patchText() == "{\n  \"timeline/ghost\": null,\n  \"timeline/u1/-Gone\": null\n}\n")
    }

    /// A timeline exported as an array is not streamed: its findings are kept.
    @Test func anArrayTimelineKeepsItsFindings() throws {
        let export = """
        {
          "posts": {"0": {"-P1": {"image_url": "x", "created_at": 1, "poster": {"uid": "0", "username": "ann"}}}},
          "timeline": [{}],
          "users": {"0": {"username": "ann"}, "1": {"username": "bob"}}
        }

        """
        let path = try TestSupport.temporaryFile(export)
        let streamed = try Audit.run(exportAt: path, detail: .streamTimeline)
        #expect(streamed.timeline == nil)
        #expect(streamed.findings.map(\.path) == ["timeline/0/-P1"])
        #expect(String(decoding: streamed.rewriter.bytes(), as: UTF8.self) == """
        {
          "posts": {"0": {"-P1": {"image_url": "x", "created_at": 1, "poster": {"uid": "0", "username": "ann"}}}},
          "timeline": [{"-P1":{"poster_uid":"0"}}],
          "users": {"0": {"username": "ann"}, "1": {"username": "bob"}}
        }

        """)
    }

    @Test("the streamed json, patch and repair are the full audit's", arguments: AuditFixtureCase.all)
    func fixturesStreamAsTheyAreHeld(_ fixture: AuditFixtureCase) throws {
        let full = try Audit.run(exportAt: fixture.exportPath, mapping: fixture.mapping)
        let streamed = try Audit.run(exportAt: fixture.exportPath, mapping: fixture.mapping, detail: .streamTimeline)
        #expect(streamed.jsonText() == full.jsonText())
        #expect(streamed.patchText() == full.patchText())
        #expect(streamed.rewriter.bytes() == full.rewriter.bytes())
        #expect(streamed.text() == full.text())
    }

    /// A celebrity whose fan-out never ran (10,000 timeline_missing findings), among the
    /// sample's other drift, before and after the timeline in path order.
    @Test func aLargeFanOutStreamsAsItIsHeld() throws {
        var options = SampleOptions(users: 300, seed: 5)
        options.celebrity = (followers: 250, posts: 40)
        options.faultRate = 0.05
        let path = try TestSupport.temporaryFile(SampleGenerator.generate(options))
        let full = try Audit.run(exportAt: path)
        let streamed = try Audit.run(exportAt: path, detail: .streamTimeline)
        let timeline = full.findings.filter(\.code.isTimeline)
        #expect(timeline.count >= 10_000)
        #expect(full.findings.first.map { $0.path < "timeline/" } == true)
        #expect(full.findings.last.map { $0.path > "timeline/" } == true)
        #expect(streamed.findings == full.findings.filter { !$0.code.isTimeline })
        #expect(streamed.jsonText() == full.jsonText())
        #expect(streamed.patchText() == full.patchText())
        #expect(streamed.rewriter.bytes() == full.rewriter.bytes())
    }
}
