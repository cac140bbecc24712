import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// A rule read from the zoo's ges259_instagram, tried under other names: a post's image is
/// never a URL under a name that says the owner's or a profile photo while another field
/// of the posts holds an image's URL (`PostsDetector.image`).
@Suite struct PostImageNotOwnersPhotoTests {
    static func block(_ text: String) throws -> String {
        ExportInspection(try ExportLoader.load(path: try TestSupport.temporaryFile(text, name: "export.json"))).schemaBlock()
    }

    /// The Realtime Database: each post holds its owner's photo (`authorPhoto`, sorting
    /// first) beside its own (`shotUrl`): the post's image is `shotUrl`.
    static let ownerPhoto = """
        {"users": {"u1": {"username": "ana"}, "u2": {"username": "ben"}},
         "posts": {"-Ka": {"uid": "u1", "authorPhoto": "https://example.com/ana.jpg", "shotUrl": "https://example.com/a.jpg", "created_at": 1614589200},
                   "-Kb": {"uid": "u2", "authorPhoto": "https://example.com/ben.jpg", "shotUrl": "https://example.com/b.jpg", "created_at": 1614589300}}}
        """

    @Test func theOwnersPhotoIsNoPostImage() throws {
        for owner in ["authorPhoto", "ownerImageURL", "profileImg", "userAvatar"] {
            let block = try Self.block(Self.ownerPhoto.replacingOccurrences(of: "authorPhoto", with: owner))
            #expect(block.contains(#"image_url = "shotUrl"  # guessed: 2 of 2 posts hold an http(s) URL there"#), "\(owner)")
            #expect(!block.contains(owner), "\(owner)")
        }
    }

    /// Where the only URL a post holds is under such a name, it is still the image.
    @Test func anOwnersPhotoAloneIsStillTheImage() throws {
        let alone = Self.ownerPhoto.replacingOccurrences(of: #", "shotUrl": "https://example.com/a.jpg""#, with: "")
            .replacingOccurrences(of: #", "shotUrl": "https://example.com/b.jpg""#, with: "")
        let block = try Self.block(alone)
        #expect(block.contains(#"image_url = "authorPhoto"  # guessed: 2 of 2 posts hold an http(s) URL there"#))
    }
}
