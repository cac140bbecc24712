import CVips
import Foundation
@testable import SitegenKit
import SitegenTestSupport

/// The photo fixtures (`scripts/make-photo-fixtures`) and what tests read back from
/// published files: pixels (through libvips), JPEG segments and WebP chunks.
enum PhotoTest {
    static let folder = TestSupport.sourceFixtures + "/photos"

    static func fixture(_ name: String) -> [UInt8] {
        FileManager.default.contents(atPath: folder + "/" + name).map { [UInt8]($0) } ?? []
    }

    /// The fixture names, for "no original is published".
    static let names = ["gps-camera.jpg", "orientation-6.jpg", "large.jpg", "truncated.jpg", "photo.png", "bomb.jpg", "not-an-image.jpg"]

    /// Strings of the fixtures' metadata that no published file may hold.
    static let leaks = ["Exif", "SitegenCam", "Leak 9000", "http://ns.adobe.com/xap", "xpacket", "sitegen-comment-marker"]

    struct Pixels {
        let width: Int
        let height: Int
        let bands: Int
        let data: [UInt8]

        func at(_ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * width + x) * bands
            return Array(data[i..<i + bands])
        }
    }

    /// Decodes a published file (JPEG or WebP) to 8-bit pixels.
    static func pixels(_ bytes: [UInt8]) -> Pixels? {
        guard PhotoEncoder.libraryProblem == nil else { return nil }
        return bytes.withUnsafeBytes { raw -> Pixels? in
            guard let image = sitegen_vips_header(raw.baseAddress, raw.count) else { return nil }
            defer { sitegen_vips_unref(image) }
            return pixels(image)
        }
    }

    /// The pixels of an image libvips holds.
    static func pixels(_ image: OpaquePointer) -> Pixels? {
        var size = 0
        guard let memory = sitegen_vips_pixels(image, &size) else { return nil }
        defer { sitegen_vips_free(memory) }
        return Pixels(width: Int(sitegen_vips_width(image)), height: Int(sitegen_vips_height(image)),
                      bands: Int(sitegen_vips_bands(image)),
                      data: [UInt8](UnsafeRawBufferPointer(start: memory, count: size)))
    }

    /// The markers of a JPEG's segments before its scan data (APPn, COM, DQT, SOF, …).
    static func jpegMarkers(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return [] }
        var markers: [UInt8] = []
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            markers.append(marker)
            if marker == 0xDA { break }
            i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
        }
        return markers
    }

    /// The chunk names of a WebP file.
    static func webpChunks(_ bytes: [UInt8]) -> [String] {
        guard bytes.count >= 12 else { return [] }
        var chunks: [String] = []
        var i = 12
        while i + 8 <= bytes.count {
            chunks.append(String(decoding: bytes[i..<i + 4], as: UTF8.self))
            let size = Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]) << 16 | Int(bytes[i + 7]) << 24
            i += 8 + size + (size & 1)
        }
        return chunks
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if Array(bytes[start..<start + needle.count]) == needle { return true }
        }
        return false
    }

    /// A copy of the Makestagram fixture site (`content/export.json` and, unless
    /// `storage` is false, `content/storage/`) in a new temporary folder: its export's path.
    static func makestagramSite(storage: Bool = true) throws -> String {
        let site = try TestSupport.temporaryFolder()
        let content = site + "/content"
        try FileManager.default.createDirectory(atPath: content, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/makestagram/content/export.json", toPath: content + "/export.json")
        if storage {
            try FileManager.default.copyItem(atPath: folder + "/makestagram/content/storage", toPath: content + "/storage")
        }
        return content + "/export.json"
    }

    /// The Storage download URL of `object` in the fixtures' bucket.
    static func storageURL(_ object: String) -> String {
        "https://firebasestorage.googleapis.com/v0/b/sitegen-test.appspot.com/o/"
            + object.replacingOccurrences(of: "/", with: "%2F") + "?alt=media&token=0"
    }

    /// A Makestagram site of five users, one of each kind of avatar: ann's in the Storage
    /// copy (`gps-camera.jpg`: 640x480 with camera and GPS EXIF), bob's a remote URL, cat's
    /// in the copy but truncated, dan without one, eve's in the copy (named by a gs:// URI) and stored on its side
    /// (`orientation-6.jpg`: 300x200 turned by EXIF Orientation 6 to 200x300). Each follows
    /// the next (eve follows ann), ann's post has a comment by each of the others, and eve's
    /// avatar file is also the photo of her post. Its export's path.
    static func avatarSite() throws -> String {
        let site = try TestSupport.temporaryFolder()
        let content = site + "/content"
        let avatars = content + "/storage/images/avatars"
        try FileManager.default.createDirectory(atPath: avatars, withIntermediateDirectories: true)
        for (uid, fixture) in [("uid-ann", "gps-camera.jpg"), ("uid-cat", "truncated.jpg"), ("uid-eve", "orientation-6.jpg")] {
            try Data(self.fixture(fixture)).write(to: URL(fileURLWithPath: "\(avatars)/\(uid).jpg"))
        }
        let names = ["ann", "bob", "cat", "dan", "eve"]
        let avatarURLs = ["ann": storageURL("images/avatars/uid-ann.jpg"), "bob": "https://example.com/bob.jpg",
                          "cat": storageURL("images/avatars/uid-cat.jpg"),
                          // A Storage path as a gs:// URI (`docs/export-format.md`: "a URL or a Storage path").
                          "eve": "gs://app.appspot.com/images/avatars/uid-eve.jpg"]
        var users: [String: Any] = [:], followers: [String: Any] = [:], following: [String: Any] = [:]
        for (i, name) in names.enumerated() {
            let next = names[(i + 1) % names.count], previous = names[(i + names.count - 1) % names.count]
            var user: [String: Any] = ["username": name, "follower_count": 1, "following_count": 1, "post_count": name == "ann" || name == "eve" ? 1 : 0]
            if let url = avatarURLs[name] { user["profile_image_url"] = url }
            users["uid-\(name)"] = user
            following["uid-\(name)"] = ["uid-\(next)": true]
            followers["uid-\(name)"] = ["uid-\(previous)": true]
        }
        func post(_ owner: String, _ url: String) -> [String: Any] {
            ["caption": "by \(owner)", "created_at": 1500000000, "image_height": 375, "image_url": url, "like_count": 0,
             "poster": ["uid": "uid-\(owner)", "username": owner]]
        }
        let export: [String: Any] = [
            "users": users, "followers": followers, "following": following,
            "posts": ["uid-ann": ["-A0postAAAAAAAAAAAAA": post("ann", "https://example.com/ann-post.jpg")],
                      "uid-eve": ["-E0postAAAAAAAAAAAAA": post("eve", storageURL("images/avatars/uid-eve.jpg"))]],
            "comments": ["-A0postAAAAAAAAAAAAA": Dictionary(uniqueKeysWithValues: names.dropFirst().enumerated().map { i, name in
                ("-C\(i)commentAAAAAAAAAA", ["comment_text": "hello from \(name)", "comment_author": "uid-\(name)", "created_at": 1500000001 + i])
            })],
        ]
        let data = try JSONSerialization.data(withJSONObject: export, options: [.sortedKeys, .prettyPrinted])
        try data.write(to: URL(fileURLWithPath: content + "/export.json"))
        return content + "/export.json"
    }
}
