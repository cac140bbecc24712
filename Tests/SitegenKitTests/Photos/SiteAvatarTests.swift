import Foundation
@testable import SitegenExport
@testable import SitegenKit
import Testing

/// `docs/export-format.md`: avatars go through the photo pipeline; `docs/site.md`: the
/// `data-avatar` marker, and "Photos right-sized and private". Built sites of
/// `PhotoTest.avatarSite()`: a local avatar, a remote one, a broken one, none, and one
/// stored on its side that is also a post's photo.
@Suite struct SiteAvatarTests {
    /// The key (file name prefix) the site gives a fixture published as an avatar.
    static func key(_ name: String) -> String {
        PhotoStage.Names(PhotoSettings.current).key(PhotoTest.fixture(name), .avatar)
    }

    static func avatarFiles(_ name: String, webp: [Int], jpeg: [Int]) -> [String] {
        webp.map { "assets/img/\(key(name))-\($0).webp" } + jpeg.map { "assets/img/\(key(name))-\($0).jpg" }
    }

    /// The element a page shows for `uid`'s avatar published from `name`, at `sizes`.
    static func published(_ uid: String, _ name: String, widths: [Int], jpeg: Int, sizes: String, photoClass: Bool = false) -> String {
        let srcset = widths.map { "../../assets/img/\(key(name))-\($0).webp \($0)w" }.joined(separator: ", ")
        let letter = String(uid.dropFirst(4).prefix(1)).uppercased()
        // The square's side: gps-camera.jpg is 640x480, orientation-6.jpg 200x300 upright.
        let side = name == "gps-camera.jpg" ? 480 : 200
        return "<span class=\"avatar\" data-avatar=\"\(uid)\" data-initial=\"\(letter)\" style=\"--hue: \(PageContexts.hue(uid)); --side: \(side)px\"><picture>"
            + "<source type=\"image/webp\" srcset=\"\(srcset)\" sizes=\"\(sizes)\">"
            + "<img\(photoClass ? " class=\"u-photo\"" : "") src=\"../../assets/img/\(key(name))-\(jpeg).jpg\" alt=\"\" data-initial=\"\(letter)\" loading=\"lazy\" decoding=\"async\"></picture></span>"
    }

    static func initial(_ uid: String, _ letter: String) -> String {
        "<span class=\"avatar\" data-avatar=\"\(uid)\" style=\"--hue: \(PageContexts.hue(uid))\" aria-hidden=\"true\">\(letter)</span>"
    }

    /// bob's avatar, linked; `u-photo` in the profile header only (the h-card's photo:
    /// a post's poster is an h-card too, whose url mf2 implies only without a u-* property).
    static func linked(photoClass: Bool = false) -> String {
        "<span class=\"avatar\" data-avatar=\"uid-bob\" data-initial=\"B\" style=\"--hue: \(PageContexts.hue("uid-bob"))\">"
            + "<img\(photoClass ? " class=\"u-photo\"" : "") src=\"https://example.com/bob.jpg\" alt=\"\" data-initial=\"B\" loading=\"lazy\" decoding=\"async\" referrerpolicy=\"no-referrer\"></span>"
    }

    static let header = "(min-width: 736px) 150px, (max-width: 359px) 72px, 80px"
    static let annWidths = [40, 56, 80, 112, 160, 224, 320, 450]
    static let eveWidths = [40, 56, 80, 112, 160, 200]

    @Test func eachKindOfAvatarIsShownWhereverItsUserIs() throws {
        let export = try PhotoTest.avatarSite()
        let (out, result) = try SiteTest.build(export)
        let storage = PathNames.parent(export) + "/storage/images/avatars/"
        #expect(result.photos.warnings == ["\(storage)uid-cat.jpg: cannot be decoded (truncated or damaged); the initial is shown instead"])
        // ann's and eve's avatars, and eve's post photo (the same file, another picture).
        #expect(result.photos.encoded == 3 && result.photos.avatars == 2 && result.photos.duplicates == 0)

        // ann: 640x480 → its centre 480x480 square, at every width up to 450, one JPEG 160;
        // eve: 200x300 upright → 200x200.
        let images = SiteTest.files(out).filter { $0.hasPrefix("assets/img/") }
        let avatars = Self.avatarFiles("gps-camera.jpg", webp: Self.annWidths, jpeg: [160])
            + Self.avatarFiles("orientation-6.jpg", webp: Self.eveWidths, jpeg: [160])
        #expect(images.filter { $0.hasPrefix("assets/img/\(Self.key("gps-camera.jpg"))") || $0.hasPrefix("assets/img/\(Self.key("orientation-6.jpg"))") } == avatars.sorted())
        #expect(images.count == avatars.count + 2, "and eve's post photo: WebP and JPEG 200")

        // The profile header (the h-card's u-photo) of each kind.
        #expect(SiteTest.text(out, "u/ann/index.html").contains("<header class=\"profile h-card\">\n"
            + Self.published("uid-ann", "gps-camera.jpg", widths: Self.annWidths, jpeg: 160, sizes: Self.header, photoClass: true) + "\n<h1"))
        #expect(SiteTest.text(out, "u/bob/index.html").contains("<header class=\"profile h-card\">\n" + Self.linked(photoClass: true) + "\n<h1"))
        #expect(SiteTest.text(out, "u/cat/index.html").contains("<header class=\"profile h-card\">\n" + Self.initial("uid-cat", "C") + "\n<h1"))
        #expect(SiteTest.text(out, "u/dan/index.html").contains("<header class=\"profile h-card\">\n" + Self.initial("uid-dan", "D") + "\n<h1"))
        #expect(SiteTest.text(out, "u/eve/index.html").contains(
            Self.published("uid-eve", "orientation-6.jpg", widths: Self.eveWidths, jpeg: 160, sizes: Self.header, photoClass: true)))

        // The directory's rows (48 px), a list's owner (28 px) and rows.
        let directory = SiteTest.text(out, "index.html")
        #expect(directory.contains(Self.published("uid-ann", "gps-camera.jpg", widths: Self.annWidths, jpeg: 160, sizes: "48px")
            .replacingOccurrences(of: "../../", with: "")))
        #expect(directory.contains(Self.linked()) && directory.contains(Self.initial("uid-cat", "C")) && directory.contains(Self.initial("uid-dan", "D")))
        let followers = SiteTest.text(out, "u/bob/followers/index.html")
        #expect(followers.contains(Self.published("uid-ann", "gps-camera.jpg", widths: Self.annWidths, jpeg: 160, sizes: "48px")
            .replacingOccurrences(of: "../../", with: "../../../")))
        #expect(followers.contains("<a class=\"list-owner\" href=\"../../../u/bob/\">" + Self.linked()))

        // The post page: the poster (36 px) and each comment's author (32 px); the only
        // u-photo is the post's.
        let post = SiteTest.text(out, "p/-A0postAAAAAAAAAAAAA/index.html")
        #expect(post.contains(Self.published("uid-ann", "gps-camera.jpg", widths: Self.annWidths, jpeg: 160, sizes: "36px")))
        func name(_ n: String) -> String { " <span class=\"comment-name user-text\">\(n)</span></a>" }
        #expect(post.contains("<a class=\"comment-user\" href=\"../../u/eve/\">"
            + Self.published("uid-eve", "orientation-6.jpg", widths: Self.eveWidths, jpeg: 160, sizes: "32px") + name("eve")))
        #expect(post.contains("<a class=\"comment-user\" href=\"../../u/bob/\">" + Self.linked() + name("bob")))
        #expect(post.contains("<a class=\"comment-user\" href=\"../../u/dan/\">" + Self.initial("uid-dan", "D") + name("dan")))
        #expect(post.matches(of: /class="u-photo"/).count == 1, "the post's photo")
        // Every user shown is one data-avatar element: the poster and four commenters.
        #expect(post.matches(of: /data-avatar="/).count == 5)
    }

    /// The search files' rows (what `search.js` shows for users not on the page) carry each
    /// kind of avatar as the directory's rows do: the published one's WebP widths up to the
    /// first at least 3x the row's 48 px and its JPEG, the linked URL, or nothing (the initial).
    @Test func searchRowsCarryTheAvatarTheDirectoryShows() throws {
        let (out, _) = try SiteTest.build(try PhotoTest.avatarSite())
        let buckets = SiteTest.files(out).filter { $0.hasPrefix("search/") && $0 != "search/index.json" }
        var rows: [String: [Any]] = [:]
        for file in buckets {
            let shards = try JSONSerialization.jsonObject(with: Data(SiteTest.text(out, file).utf8)) as! [String: [String: Any]]
            for shard in shards.values { for row in shard["users"] as! [[Any]] { rows[row[0] as! String] = row } }
        }
        func srcset(_ name: String, _ widths: [Int]) -> String {
            widths.map { "assets/img/\(Self.key(name))-\($0).webp \($0)w" }.joined(separator: ", ")
        }
        #expect(rows["uid-ann"]?[9] as? [String] == [srcset("gps-camera.jpg", [40, 56, 80, 112, 160]), "assets/img/\(Self.key("gps-camera.jpg"))-160.jpg"])
        #expect(rows["uid-eve"]?[9] as? [String] == [srcset("orientation-6.jpg", [40, 56, 80, 112, 160]), "assets/img/\(Self.key("orientation-6.jpg"))-160.jpg"])
        #expect(rows["uid-bob"]?[9] as? String == "https://example.com/bob.jpg")
        #expect(rows["uid-cat"]?[9] as? String == "" && rows["uid-dan"]?[9] as? String == "")
        let files = Set(SiteTest.files(out))
        for uid in ["uid-ann", "uid-eve"] {
            let avatar = rows[uid]![9] as! [String]
            let paths = avatar[0].split(separator: ", ").map { String($0.split(separator: " ")[0]) } + [avatar[1]]
            #expect(paths.allSatisfy(files.contains), "\(paths)")
        }
    }

    /// No EXIF (GPS, camera), XMP or comment in any published avatar; the avatar is its
    /// photo's centre square, upright.
    @Test func aPublishedAvatarHoldsNoMetadataAndIsSquareAndUpright() throws {
        let (out, _) = try SiteTest.build(try PhotoTest.avatarSite())
        let files = Self.avatarFiles("gps-camera.jpg", webp: Self.annWidths, jpeg: [160])
            + Self.avatarFiles("orientation-6.jpg", webp: Self.eveWidths, jpeg: [160])
        for path in files {
            let bytes = SiteTest.bytes(out, path)
            for leak in PhotoTest.leaks { #expect(!PhotoTest.contains(bytes, leak), "\(path) holds \(leak)") }
            if path.hasSuffix(".jpg") {
                #expect(!PhotoTest.jpegMarkers(bytes).contains { (0xE1...0xEF).contains($0) || $0 == 0xFE }, "\(path): an APPn or COM segment")
            } else {
                #expect(PhotoTest.webpChunks(bytes).allSatisfy { !["EXIF", "XMP ", "ICCP"].contains($0) }, "\(path)")
            }
            let width = Int(path.split(separator: "-").last!.split(separator: ".").first!)!
            guard let pixels = PhotoTest.pixels(bytes) else {
                Issue.record("\(path) does not decode")
                continue
            }
            #expect(pixels.width == width && pixels.height == width, "\(path) is \(pixels.width)x\(pixels.height)")
        }
        // orientation-6.jpg upright is 200x300, blue, red in its top right 60x60 corner
        // (scripts/make-photo-fixtures); its square is the middle 200 rows (50 to 249), so
        // the square's top 10 rows are red at the right and the rest is blue.
        let eve = try #require(PhotoTest.pixels(SiteTest.bytes(out, "assets/img/\(Self.key("orientation-6.jpg"))-200.webp")))
        let (red, blue) = (eve.at(170, 3), eve.at(30, 100))
        #expect(red[0] > 180 && red[2] < 90, "\(red)")
        #expect(blue[2] > 150 && blue[0] < 90, "\(blue)")
        #expect(eve.at(170, 30)[2] > 150, "no red below row 10: the square is the middle, not the top")
    }

    /// With `hotlink_photos` (or no Storage copy) an avatar is linked at its URL, as posts' photos are.
    @Test func withHotlinkEveryAvatarIsLinked() throws {
        let export = try PhotoTest.avatarSite()
        let out = try SiteTest.newOutput()
        let result = try Site.build(Site.Request(export: export, output: out, templates: SiteTest.templates, hotlinkPhotos: true))
        #expect(result.photos.encoded == 0 && result.photos.warnings.isEmpty)
        let url = PhotoTest.storageURL("images/avatars/uid-cat.jpg").replacingOccurrences(of: "&", with: "&amp;")
        #expect(SiteTest.text(out, "u/cat/index.html").contains("<img class=\"u-photo\" src=\"\(url)\" alt=\"\" data-initial=\"C\" loading=\"lazy\" decoding=\"async\" referrerpolicy=\"no-referrer\">"))
    }

    @Test func aRebuildEncodesNoAvatar() throws {
        let export = try PhotoTest.avatarSite()
        let (out, first) = try SiteTest.build(export)
        #expect(first.photos.encoded == 3)
        let before = SiteTest.mtimes(out)
        SiteTest.waitForNewMTime()
        let edited = try String(contentsOfFile: export, encoding: .utf8).replacingOccurrences(of: "\"by ann\"", with: "\"by ann, edited\"")
        try edited.write(toFile: export, atomically: true, encoding: .utf8)
        let (_, second) = try SiteTest.build(export, into: out)
        #expect(second.photos.encoded == 0 && second.photos.reused == 3 && second.photos.avatars == 2)
        #expect(second.photos.warnings.count == 1, "the broken avatar is reported again")
        #expect(SiteTest.touched(before, SiteTest.mtimes(out)).filter { $0.hasPrefix("assets/") }.isEmpty)
    }

    /// A shard's pages show the avatars of users another shard renders (lists, comments):
    /// with two users to a shard, merged shards are still one build byte for byte.
    @Test(arguments: [2, 3, 5])
    func mergedShardsShowEveryAvatarAsOneBuild(count: Int) throws {
        let export = try PhotoTest.avatarSite()
        let one = try SiteTest.newOutput()
        _ = try Site.build(SiteShardTests.request(export, one))
        let merged = try SiteTest.newOutput()
        _ = try Site.merge(shards: try SiteShardTests.shards(export, count), output: merged)
        let (a, b) = (SiteTest.contents(one), SiteTest.contents(merged))
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.filter { a[$0] != b[$0] }.sorted() == [])
    }
}
