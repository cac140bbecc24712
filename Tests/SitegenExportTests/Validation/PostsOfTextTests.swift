import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// An app that writes posts of text beside photos (Kavsoft's SwiftUI app: `imageURL` is
/// optional; docs/audit-rules.md, `post_invalid`): two or more posts holding a caption and
/// no image member at all are posts of text, not `post_invalid`; one alone is a post whose
/// image was lost.
@Suite struct PostsOfTextTests {
    static func tree(textPosts: Int) -> String {
        let photos = (1...3).map { #""p\#($0)": {"userUID": "a", "imageURL": "https://example.com/\#($0).jpg", "text": "photo \#($0)", "publishedDate": 1614589200}"# }
        let texts = (1...max(1, textPosts)).prefix(textPosts).map { #""t\#($0)": {"userUID": "a", "text": "words \#($0)", "publishedDate": 1614589200}"# }
        return #"{"users": {"a": {"username": "ana"}}, "posts": {"# + (photos + texts).joined(separator: ", ") + "}}"
    }

    static let mapping = Schema.Mapping(dialect: .makestagram, fields: [.postOwner: "userUID", .imageURL: "imageURL", .caption: "text", .createdAt: "publishedDate"])

    @Test func postsOfTextAreValidWhereTheAppWritesThem() throws {
        let two = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.tree(textPosts: 2)), mapping: Self.mapping)
        #expect(two.findings.isEmpty)
        #expect(two.counts.posts == [5])
        let one = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.tree(textPosts: 1)), mapping: Self.mapping)
        #expect(one.findings.map { "\($0.code.rawValue) \($0.path)" } == ["post_invalid posts/t1/imageURL"])
    }
}
