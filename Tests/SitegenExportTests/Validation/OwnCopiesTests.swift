import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// A copy of each post under its owner (CodingWithMitch's `user_photos/<uid>/<key>`) beside
/// flat posts owned under a name no spelling has (KODDev's `publisher`): the timeline
/// detector reads the posts with the owner they hold, so the copies are each reader's own
/// posts, no timeline (docs/export-format.md, "Timelines and feeds").
@Suite struct OwnCopiesTests {
    static let export = """
        {"users": {"a": {"username": "ann"}, "b": {"username": "bo"}},
         "posts": {"-Ma1": {"publisher": "a", "image_url": "https://example.com/a1.jpg", "created_at": 1614589200000},
                   "-Ma2": {"publisher": "a", "image_url": "https://example.com/a2.jpg", "created_at": 1614589300000},
                   "-Mb1": {"publisher": "b", "image_url": "https://example.com/b1.jpg", "created_at": 1614589500000}},
         "user_photos": {
           "a": {"-Ma1": {"publisher": "a", "image_url": "https://example.com/a1.jpg", "created_at": 1614589200000},
                 "-Ma2": {"publisher": "a", "image_url": "https://example.com/a2.jpg", "created_at": 1614589300000}},
           "b": {"-Mb1": {"publisher": "b", "image_url": "https://example.com/b1.jpg", "created_at": 1614589500000}}},
         "following": {"a": {"b": true}},
         "followers": {"b": {"a": true}}}
        """

    @Test func theCopiesAreNoTimeline() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.export))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.fields]
            post_owner = "publisher"  # guessed: 3 of 3 posts hold a user's uid there

            """)
    }
}
