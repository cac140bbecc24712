import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// `docs/site.md`: "Photos right-sized and private" and "Where photos come from": built sites of
/// the photo fixtures (timeline: base64 photos; Makestagram: a local copy of the bucket).
@Suite struct SitePhotoTests {
    static var timelineExport: String { PhotoTest.folder + "/timeline/export.json" }

    /// The key (file name prefix) the site gives a fixture's variants.
    static func key(_ name: String) -> String {
        PhotoStage.Names(PhotoSettings.current).key(PhotoTest.fixture(name), .photo)
    }

    static func srcset(_ name: String, _ widths: [Int], _ ext: String, root: String = "../../") -> String {
        widths.map { "\(root)assets/img/\(key(name))-\($0).\(ext) \($0)w" }.joined(separator: ", ")
    }

    /// Two posts showing the same photo (a repost, or a timeline app's shared image): the
    /// photo is encoded once, and both tiles show the same picture.
    @Test func aPhotoTwoPostsShowIsEncodedOnce() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.timelineExport))
        var export = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        var posts = export["posts"] as! [String: Any]
        var images = export["images"] as! [String: Any]
        // Another image id with the same bytes; and a post showing the same image id again.
        images["-I7imageAAAAAAAAAAAA"] = images["-I0imageAAAAAAAAAAAA"]
        posts["-P7postAAAAAAAAAAAAA"] = ["caption": "again", "imageEndpoint": "-I7imageAAAAAAAAAAAA", "username": "lens"]
        posts["-P8postAAAAAAAAAAAAA"] = ["caption": "and again", "imageEndpoint": "-I0imageAAAAAAAAAAAA", "username": "lens"]
        export["posts"] = posts
        export["images"] = images
        let path = try TestSupport.temporaryFile(Array(try JSONSerialization.data(withJSONObject: export)))
        let (out, result) = try SiteTest.build(path)
        #expect(result.photos.encoded == 4 && result.photos.reused == 0 && result.photos.duplicates == 1)
        let srcset = Self.srcset("gps-camera.jpg", [240, 320, 480, 640], "webp")
        #expect(SiteTest.text(out, "u/lens/index.html").matches(of: /<picture>/).count == 6)
        for post in ["-P0postAAAAAAAAAAAAA", "-P7postAAAAAAAAAAAAA", "-P8postAAAAAAAAAAAAA"] {
            #expect(SiteTest.text(out, "p/\(post)/index.html").contains("srcset=\"\(srcset)\""), "\(post)")
        }
    }

    @Test func timelinePhotosArePublishedStrippedAndSized() throws {
        let (out, result) = try SiteTest.build(Self.timelineExport)
        #expect(result.photos.warnings == [
            "images/-I3imageAAAAAAAAAAAA: cannot be decoded (truncated or damaged); its tile is a placeholder",
            "images/-I5imageAAAAAAAAAAAA: 20000x20000 pixels, more than the 100 megapixels a photo may have; its tile is a placeholder",
            "images/-I6imageAAAAAAAAAAAA: not an image; its tile is a placeholder",
        ])
        #expect(result.photos.encoded == 4 && result.photos.reused == 0)

        // Every variant, and nothing else, under assets/img/; no original.
        let images = SiteTest.files(out).filter { $0.hasPrefix("assets/img/") }
        // WebP at every width, JPEG at the tile's (480) and the widest.
        let expected = [("gps-camera.jpg", [240, 320, 480, 640], [480, 640]), ("orientation-6.jpg", [200], [200]),
                        ("large.jpg", [240, 320, 480, 640, 960, 1280], [480, 1280]), ("photo.png", [160], [160])]
            .flatMap { name, webp, jpeg in
                webp.map { "assets/img/\(Self.key(name))-\($0).webp" } + jpeg.map { "assets/img/\(Self.key(name))-\($0).jpg" }
            }
        #expect(images == expected.sorted())
        let originals = Set(PhotoTest.names.map(PhotoTest.fixture))
        for path in SiteTest.files(out) {
            let bytes = SiteTest.bytes(out, path)
            #expect(!originals.contains(bytes), "\(path) is an original")
            for leak in PhotoTest.leaks where path.hasPrefix("assets/img/") {
                #expect(!PhotoTest.contains(bytes, leak), "\(path) holds \(leak)")
            }
        }

        // The grid: three placeholders, four pictures with their box and colour.
        let profile = SiteTest.text(out, "u/lens/index.html")
        #expect(profile.matches(of: /class="photo-missing"/).count == 3)
        #expect(profile.matches(of: /<picture>/).count == 4)
        let gridSizes = "(min-width: 935px) 394px, (min-width: 736px) calc((100vw - 48px) * 0.4433), calc((100vw - 6px) * 0.4433)"
        let tile = "<picture><source type=\"image/webp\" srcset=\"\(Self.srcset("gps-camera.jpg", [240, 320, 480, 640], "webp"))\" sizes=\"\(gridSizes)\">"
            + "<img src=\"../../assets/img/\(Self.key("gps-camera.jpg"))-480.jpg\" width=\"640\" height=\"480\" alt=\"gps-camera.jpg\" loading=\"lazy\" decoding=\"async\" style=\"--photo: #"
        #expect(profile.contains(tile))
        #expect(profile.contains("width=\"200\" height=\"300\" alt=\"orientation-6.jpg\""), "the upright box")

        // The post page: the same WebP files, the post page's sizes, the widest JPEG.
        let post = SiteTest.text(out, "p/-P2postAAAAAAAAAAAAA/index.html")
        let postSizes = "(min-width: 736px) 600px, (min-width: 632px) 632px, 100vw"
        #expect(post.contains("<source type=\"image/webp\" srcset=\"\(Self.srcset("large.jpg", [240, 320, 480, 640, 960, 1280], "webp"))\" sizes=\"\(postSizes)\">"))
        #expect(post.contains("<img src=\"../../assets/img/\(Self.key("large.jpg"))-1280.jpg\" width=\"4000\" height=\"3000\""))
        #expect(SiteTest.text(out, "p/-P5postAAAAAAAAAAAAA/index.html").contains("class=\"photo-missing\""))
    }

    @Test func aRebuildEncodesNothing() throws {
        let export = try SiteTest.editedCopy(of: Self.timelineExport) { $0.replacingOccurrences(of: "\"caption\": \"large.jpg\"", with: "\"caption\": \"large\"") }
        let (out, first) = try SiteTest.build(Self.timelineExport)
        #expect(first.photos.encoded == 4)
        let before = SiteTest.mtimes(out)
        SiteTest.waitForNewMTime()
        // A changed caption: pages are rebuilt, photos are not.
        let (_, second) = try SiteTest.build(export, into: out)
        #expect(second.photos.encoded == 0 && second.photos.reused == 4)
        #expect(second.photos.warnings.count == 3)
        let touched = SiteTest.touched(before, SiteTest.mtimes(out))
        #expect(touched.filter { $0.hasPrefix("assets/") }.isEmpty)
        #expect(touched.contains("p/-P2postAAAAAAAAAAAAA/index.html"))
        // A variant deleted by hand is made again (and only that photo is encoded).
        let gone = "assets/img/\(Self.key("orientation-6.jpg"))-200.webp"
        try FileManager.default.removeItem(atPath: out + "/" + gone)
        let (_, third) = try SiteTest.build(Self.timelineExport, into: out)
        #expect(third.photos.encoded == 1 && third.photos.reused == 3)
        #expect(FileManager.default.fileExists(atPath: out + "/" + gone))
    }

    @Test func makestagramPhotosInStorageArePublishedOthersKeepTheirURL() throws {
        let export = try PhotoTest.makestagramSite()
        let (out, result) = try SiteTest.build(export)
        let storage = PathNames.parent(export) + "/storage/images/posts/uid-ann/"
        #expect(result.photos.warnings == ["\(storage)-M2postAAAAAAAAAAAAA.jpg: 20000x20000 pixels, more than the 100 megapixels a photo may have; its tile is a placeholder"])
        #expect(result.photos.encoded == 2)
        let profile = SiteTest.text(out, "u/ann/index.html")
        #expect(profile.matches(of: /<picture>/).count == 2)
        #expect(profile.matches(of: /class="photo-missing"/).count == 1)
        #expect(profile.contains("srcset=\"\(Self.srcset("gps-camera.jpg", [240, 320, 480, 640], "webp"))\""))
        #expect(profile.contains("width=\"200\" height=\"300\" alt=\"orientation-6.jpg\""))
        // Not in the copy: the Storage URL, its box from image_height; the newest post, so
        // the first tile: eager, fetched first (docs/site.md).
        #expect(profile.contains("<img src=\"https://firebasestorage.googleapis.com/v0/b/sitegen-test.appspot.com/o/images%2Fposts%2Fuid-ann%2F-M3postAAAAAAAAAAAAA.jpg?alt=media&amp;token=00000000-0000-0000-0000-000000000003\" width=\"600\" height=\"600\" alt=\"only in the bucket\" loading=\"eager\" fetchpriority=\"high\" decoding=\"async\">"))
        #expect(!profile.contains("-M0postAAAAAAAAAAAAA.jpg?alt"), "a published photo is not linked")
    }

    @Test func withoutAStorageCopyOrWithHotlinkEveryPhotoIsLinked() throws {
        for (export, hotlink) in [(try PhotoTest.makestagramSite(storage: false), false), (try PhotoTest.makestagramSite(), true)] {
            let out = try SiteTest.newOutput()
            let result = try Site.build(Site.Request(export: export, output: out, templates: SiteTest.templates, hotlinkPhotos: hotlink))
            #expect(result.photos.warnings.isEmpty && result.photos.encoded == 0)
            #expect(!SiteTest.files(out).contains { $0.hasPrefix("assets/img/") })
            let profile = SiteTest.text(out, "u/ann/index.html")
            // The first row (three tiles) eager, the first fetched first, the rest lazy.
            let tiles = profile.matches(of: /<img src="https:\/\/firebasestorage.googleapis.com\/v0\/b\/sitegen-test.appspot.com\/o\/images%2Fposts%2Fuid-ann%2F-M[0-3]postAAAAAAAAAAAAA.jpg\?alt=media&amp;token=[0-9-]+" width="600" height="600" alt="[^"]+" loading="(eager|lazy)"( fetchpriority="high")? decoding="async">/)
            #expect(tiles.map { String($0.output.1) } == ["eager", "eager", "eager", "lazy"])
            #expect(tiles.map { $0.output.2 != nil } == [true, false, false, false])
        }
    }

    @Test func aPhotoAddedToStorageIsPublishedByTheNextBuild() throws {
        let export = try PhotoTest.makestagramSite()
        let (out, first) = try SiteTest.build(export)
        #expect(first.photos.encoded == 2)
        let added = PathNames.parent(export) + "/storage/images/posts/uid-ann/-M3postAAAAAAAAAAAAA.jpg"
        try Data(PhotoTest.fixture("large.jpg")).write(to: URL(fileURLWithPath: added))
        let (_, second) = try SiteTest.build(export, into: out)
        #expect(!second.upToDate)
        #expect(second.photos.encoded == 1 && second.photos.reused == 2)
        #expect(SiteTest.text(out, "u/ann/index.html").contains("width=\"4000\" height=\"3000\" alt=\"only in the bucket\""))
    }

    @Test func theCommandWarnsInOneLinePerPhoto() throws {
        let out = try SiteTest.newOutput()
        let run = try TestSupport.sitegen(["build", Self.timelineExport, "--output", out, "--templates", SiteTest.templates])
        #expect(run.status == 0)
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("images/-I") }
        #expect(warnings == [
            "sitegen: warning: images/-I3imageAAAAAAAAAAAA: cannot be decoded (truncated or damaged); its tile is a placeholder",
            "sitegen: warning: images/-I5imageAAAAAAAAAAAA: 20000x20000 pixels, more than the 100 megapixels a photo may have; its tile is a placeholder",
            "sitegen: warning: images/-I6imageAAAAAAAAAAAA: not an image; its tile is a placeholder",
        ])
        #expect(!run.stderr.contains("VIPS"), "libvips prints nothing of its own")
        #expect(run.stderr.contains("sitegen: 4 photos: 4 encoded, 0 unchanged"))
    }

    /// A real 20000x20000 JPEG (made here with the vips command, about 6 MB: not committed)
    /// is refused from its header: a warning, a placeholder, and no more memory than the
    /// export itself needs (a decoded 20000x20000 photo would take 1.2 GB).
    @Test func aRealDecompressionBombCostsNoMemory() throws {
        let folder = try TestSupport.temporaryFolder()
        let made = try TestSupport.run("/usr/bin/vips", ["black", folder + "/bomb.jpg[Q=50]", "20000", "20000", "--bands", "3"])
        #expect(made.status == 0, "\(made.stderr)")
        let bomb = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/bomb.jpg")))
        let export = try SiteTest.writeExport([
            "users": ["u1": ["username": "lens"]],
            "posts": ["-P0postAAAAAAAAAAAAA": ["username": "lens", "imageEndpoint": "-Ibomb"]],
            "images": ["-Ibomb": Data(bomb).base64EncodedString()],
        ] as [String: Any])
        let (run, peak) = try TestSupport.sitegenMeasured(["build", export, "--output", folder + "/site", "--templates", SiteTest.templates])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("sitegen: warning: images/-Ibomb: 20000x20000 pixels, more than the 100 megapixels a photo may have; its tile is a placeholder\n"))
        #expect(peak < 200_000_000, "peak \(peak / 1_000_000) MB")
    }
}
