// Local videos published (docs/site.md, "Albums and videos"): a video file of the local
// copy of the bucket becomes an MP4 copy without its metadata, its index first, with a
// poster taken from it and the box it is shown at. The fixtures are made by FFmpeg
// (scripts/make-video-fixtures): a phone's tags on 1 s of 64x48 test pattern.
//
// The tests that run FFmpeg skip where it is not installed, but only outside CI: with `CI`
// set (scripts/setup installs it) they run, and fail without it.

import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// The video fixtures and what tests read back with `ffprobe`.
enum VideoTest {
    static let folder = TestSupport.sourceFixtures + "/videos"

    /// FFmpeg is there, or CI wants the tests to run (and fail without it).
    static var canRun: Bool { VideoTools.available || ProcessInfo.processInfo.environment["CI"] != nil }

    /// Strings of the fixtures' metadata that no published file may hold.
    static let leaks = ["+38.7223", "iPhone 12", "Apple", "Lavf", "Lavc", "x264", "2024-05-01", "Core Media", "Rua Augusta", "17.4.1"]

    /// `ffprobe -show_format -show_streams -show_chapters` of a file, as JSON.
    static func probe(_ path: String) throws -> [String: Any] {
        let ffprobe = try #require(VideoTools.ffprobe(), "ffprobe is not on PATH")
        let run = try #require(VideoTools.run(ffprobe, ["-v", "error", "-show_format", "-show_streams", "-show_chapters",
                                                          "-of", "json", "file:" + path]))
        #expect(run.status == 0, "\(run.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.output)) as? [String: Any])
    }

    static func streams(_ probe: [String: Any]) -> [[String: Any]] { probe["streams"] as? [[String: Any]] ?? [] }
    static func formatTags(_ probe: [String: Any]) -> [String: String] {
        (probe["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
    }
    static func duration(_ probe: [String: Any]) -> Double {
        ((probe["format"] as? [String: Any])?["duration"] as? String).flatMap(Double.init) ?? -1
    }

    /// A site folder whose export has one user, `ana`, with a post per video (`-V1`, `-V2`,
    /// …, newest first in that order), each video a file of `content/storage/videos/`
    /// copied from the fixtures; `extra` fields are added to the posts.
    static func site(_ videos: [String], extra: [String: String] = [:]) throws -> String {
        let site = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(atPath: site + "/content/storage/videos", withIntermediateDirectories: true)
        var posts: [String: Any] = [:]
        for (n, video) in videos.enumerated() {
            try FileManager.default.copyItem(atPath: folder + "/" + video, toPath: site + "/content/storage/videos/" + video)
            var post: [String: Any] = ["videoUrl": "videos/" + video, "caption": "clip \(n + 1)", "timestamp": 1_620_000_000_000 - n * 1000]
            for (k, v) in extra { post[k] = v }
            posts["-V\(n + 1)"] = post
        }
        let export: [String: Any] = ["users": ["u1": ["username": "ana"]], "posts": ["u1": posts]]
        try JSONSerialization.data(withJSONObject: export, options: [.sortedKeys]).write(to: URL(fileURLWithPath: site + "/content/export.json"))
        return site
    }

    /// The `<video …>` start tag of a post page.
    static func videoTag(_ html: String) -> String? {
        html.firstMatch(of: /<video [^>]*>/).map { String($0.0) }
    }

    static func attribute(_ tag: String, _ name: String) -> String? {
        tag.firstMatch(of: try! Regex(" \(name)=\"([^\"]*)\"")).map { String($0.output[1].substring ?? "") }
    }
}

@Suite struct LocalVideoTests {
    /// The box a video is shown at, from `ffprobe`'s JSON: a display matrix turning it a
    /// quarter (FFmpeg 5's side data, or the older `rotate` tag) swaps the sides; a sample
    /// aspect ratio widens it; a cover picture is no video stream. (No FFmpeg needed.)
    @Test func theShownSizeComesFromTheStreamsRotationAndPixelShape() throws {
        func probe(_ stream: String, more: String = "") -> VideoEncoder.Probe? {
            VideoEncoder.Probe(json: Array(#"{"format": {"format_name": "mov,mp4", "duration": "12.5"}, "streams": [\#(more)\#(stream), {"index": 2, "codec_type": "audio", "codec_name": "aac"}]}"#.utf8))
        }
        let plain = try #require(probe(#"{"index": 0, "codec_type": "video", "codec_name": "h264", "width": 1920, "height": 1080}"#))
        #expect(plain.width == 1920 && plain.height == 1080 && plain.duration == 12.5 && plain.format == "mov,mp4")
        #expect(plain.video == .init(index: 0, codec: "h264") && plain.audio == .init(index: 2, codec: "aac"))
        let turned = try #require(probe(#"{"index": 0, "codec_type": "video", "codec_name": "hevc", "width": 1920, "height": 1080, "side_data_list": [{"side_data_type": "Display Matrix", "rotation": -90}]}"#))
        #expect(turned.width == 1080 && turned.height == 1920)
        let upsideDown = try #require(probe(#"{"index": 0, "codec_type": "video", "codec_name": "h264", "width": 1920, "height": 1080, "side_data_list": [{"rotation": 180}]}"#))
        #expect(upsideDown.width == 1920 && upsideDown.height == 1080)
        let tagged = try #require(probe(#"{"index": 0, "codec_type": "video", "codec_name": "h264", "width": 640, "height": 480, "tags": {"rotate": "270"}}"#))
        #expect(tagged.width == 480 && tagged.height == 640)
        let anamorphic = try #require(probe(#"{"index": 0, "codec_type": "video", "codec_name": "h264", "width": 720, "height": 480, "sample_aspect_ratio": "32:27"}"#))
        #expect(anamorphic.width == 853 && anamorphic.height == 480)
        let unknownRatio = try #require(probe(#"{"index": 0, "codec_type": "video", "codec_name": "h264", "width": 720, "height": 480, "sample_aspect_ratio": "0:1"}"#))
        #expect(unknownRatio.width == 720)
        let cover = #"{"index": 0, "codec_type": "video", "codec_name": "mjpeg", "width": 600, "height": 600, "disposition": {"attached_pic": 1}}, "#
        let withCover = try #require(probe(#"{"index": 1, "codec_type": "video", "codec_name": "h264", "width": 64, "height": 48}"#, more: cover))
        #expect(withCover.video.index == 1 && withCover.width == 64)
        #expect(probe(#"{"index": 0, "codec_type": "subtitle", "codec_name": "mov_text"}"#) == nil, "no video stream")
        #expect(VideoEncoder.Probe(json: Array("not json".utf8)) == nil)
    }

    /// The poster frame's time: 1 s in, or a tenth of a shorter video; the start when the
    /// duration is unknown.
    @Test func thePosterIsTakenASecondInOrATenthOfAShortVideo() {
        #expect(VideoSettings.posterTime(duration: 60) == 1)
        #expect(VideoSettings.posterTime(duration: 10) == 1)
        #expect(abs(VideoSettings.posterTime(duration: 1) - 0.1) < 1e-9)
        #expect(VideoSettings.posterTime(duration: 0) == 0)
        #expect(VideoSettings.posterTime(duration: .nan) == 0)
    }

    /// A batch of the photo stage holds at most one video copy per worker (a copy is held
    /// in memory until staged); photos and posters fill it as before.
    @Test func aBatchHoldsAtMostOneVideoCopyPerWorker() {
        func source(_ shape: Picture.Shape) -> PhotoSource { PhotoSource(origin: .file("x"), label: "x", shape: shape) }
        let sources = [source(.photo), source(.video), source(.video), source(.video), source(.photo), source(.photo)]
        #expect(PhotoStage.batchEnd(sources, from: 0, size: 8, videos: 2) == 3)
        #expect(PhotoStage.batchEnd(sources, from: 3, size: 8, videos: 2) == 6)
        #expect(PhotoStage.batchEnd(sources, from: 0, size: 2, videos: 2) == 2)
        #expect(PhotoStage.batchEnd(Array(repeating: source(.photo), count: 10), from: 0, size: 8, videos: 1) == 8)
    }

    /// What the copy is made with: its streams mapped by index, no metadata nor chapters,
    /// copied codecs copied, the others re-encoded, bit-exact, index first.
    @Test func theCopysArgumentsRemuxWhatBrowsersPlay() throws {
        let phone = try #require(VideoEncoder.Probe(json: Array(#"{"format": {"format_name": "mov"}, "streams": [{"index": 0, "codec_type": "audio", "codec_name": "aac"}, {"index": 1, "codec_type": "video", "codec_name": "hevc", "width": 8, "height": 8}, {"index": 2, "codec_type": "data", "codec_name": "none"}]}"#.utf8)))
        let arguments = VideoEncoder.copyArguments(phone).joined(separator: " ")
        #expect(arguments == "-map 0:1 -map 0:0 -map_metadata -1 -map_metadata:s:v -1 -map_metadata:s:a -1 -map_chapters -1 -c:v copy -tag:v hvc1 -c:a copy -fflags +bitexact -flags:v +bitexact -flags:a +bitexact -movflags +faststart -f mp4")
        let old = try #require(VideoEncoder.Probe(json: Array(#"{"format": {"format_name": "avi"}, "streams": [{"index": 0, "codec_type": "video", "codec_name": "mpeg4", "width": 8, "height": 8}, {"index": 1, "codec_type": "audio", "codec_name": "mp2"}]}"#.utf8)))
        let reencoded = VideoEncoder.copyArguments(old).joined(separator: " ")
        #expect(reencoded.contains("-c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p") && reencoded.contains("-c:a aac -b:a 128000"))
        #expect(reencoded.contains("-bsf:v filter_units=remove_types=6"), "x264's SEI string dropped")
    }
}

@Suite(.enabled(if: VideoTest.canRun, "FFmpeg is not installed (CI unset)")) struct LocalVideoSiteTests {
    /// A phone's video: the copy has none of its tags (location, make, model, dates,
    /// encoder), no chapter, no stream beyond its video and audio, and none of their bytes;
    /// it plays (`ffprobe` reads it: the same codecs and duration); its index is first.
    @Test(arguments: ["iphone.mov", "android.mp4"])
    func aPhonesVideoIsPublishedWithoutItsMetadata(_ name: String) throws {
        let original = try VideoTest.probe(VideoTest.folder + "/" + name)
        #expect(VideoTest.formatTags(original)["location"] == "+38.7223-009.1393/", "the fixture carries a location")
        #expect(PhotoTest.contains(PhotoTest.fixture("../videos/" + name), "+38.7223"), "as text too")
        let site = try VideoTest.site([name])
        let (out, result) = try SiteTest.build(site + "/content/export.json", options: SiteOptions(baseURL: "https://example.test/"))
        #expect(result.photos.warnings == [])
        #expect(result.photos.videos == 1 && result.photos.videosReused == 0)
        let copies = SiteTest.files(out).filter { $0.hasPrefix("assets/video/") }
        #expect(copies.count == 1 && copies.first?.hasSuffix(".mp4") == true)
        let copy = out + "/" + (try #require(copies.first))

        let probe = try VideoTest.probe(copy)
        #expect(Set(VideoTest.formatTags(probe).keys) == ["major_brand", "minor_version", "compatible_brands"], "\(VideoTest.formatTags(probe))")
        #expect((probe["chapters"] as? [Any])?.isEmpty ?? true)
        let streams = VideoTest.streams(probe)
        #expect(streams.map { $0["codec_name"] as? String } == ["h264", "aac"])
        for stream in streams {
            let tags = Set((stream["tags"] as? [String: String] ?? [:]).keys)
            #expect(tags.isSubset(of: ["language", "handler_name", "vendor_id"]), "\(tags)")
            #expect(!["Core Media Video"].contains((stream["tags"] as? [String: String])?["handler_name"] ?? ""))
        }
        #expect(abs(VideoTest.duration(probe) - VideoTest.duration(original)) < 0.05)
        let originalCodecs = VideoTest.streams(original).compactMap { s in
            ["video", "audio"].contains(s["codec_type"] as? String) ? s["codec_name"] as? String : nil
        }
        #expect(originalCodecs == ["h264", "aac"], "copied, not re-encoded")

        let bytes = SiteTest.bytes(out, String(copy.dropFirst(out.count + 1)))
        for leak in VideoTest.leaks { #expect(!PhotoTest.contains(bytes, leak), "the copy holds \(leak)") }
        // Faststart: `moov` before `mdat`.
        func index(_ box: String) -> Int? {
            let needle = Array(box.utf8)
            return bytes.indices.dropLast(needle.count).first { Array(bytes[$0..<$0 + needle.count]) == needle }
        }
        let moov = try #require(index("moov")), mdat = try #require(index("mdat"))
        #expect(moov < mdat)
        #expect(!SiteTest.contents(out).values.contains(PhotoTest.fixture("../videos/" + name)), "no original is published")
    }

    /// The page: `<video>` with the copy, the box the copy is shown at, and a poster taken
    /// from it, published as a photo in every variant its width has (a portrait phone video:
    /// 48x64 shown, the poster upright). The tile shows the poster with the video mark; the
    /// feed links the copy.
    @Test func thePageShowsTheCopyInItsBoxWithAPosterTakenFromIt() throws {
        let site = try VideoTest.site(["iphone.mov", "portrait.mov"])
        let (out, result) = try SiteTest.build(site + "/content/export.json", options: SiteOptions(baseURL: "https://example.test/"))
        #expect(result.photos.warnings == [])
        #expect(result.photos.videos == 2 && result.photos.encoded == 2, "two copies, two posters")
        for (post, video, width, height) in [("-V1", "iphone.mov", 64, 48), ("-V2", "portrait.mov", 48, 64)] {
            let html = SiteTest.text(out, "p/\(post)/index.html")
            let tag = try #require(VideoTest.videoTag(html), "\(post)")
            #expect(tag.hasPrefix(#"<video controls playsinline preload="none" poster="../../assets/img/"#), "\(tag)")
            #expect(VideoTest.attribute(tag, "width") == String(width) && VideoTest.attribute(tag, "height") == String(height), "\(tag)")
            let bytes = PhotoTest.fixture("../videos/" + video)
            let key = PhotoStage.Names(PhotoSettings.current).key(ContentHash(bytes), .video)
            #expect(VideoTest.attribute(tag, "src") == "../../assets/video/\(key).mp4")
            #expect(html.contains(#"<a href="../../assets/video/\#(key).mp4">"#), "the fallback link")
            // The poster: named by the video's bytes, every variant there, upright.
            let posterKey = PhotoStage.Names(PhotoSettings.current).key(ContentHash(bytes), .photo, frame: true)
            #expect(VideoTest.attribute(tag, "poster") == "../../assets/img/\(posterKey)-\(width).webp", "its WebP, 64 px wide")
            let poster = Picture(key: posterKey, width: width, height: height, colour: "")
            for path in poster.paths {
                let pixels = try #require(PhotoTest.pixels(SiteTest.bytes(out, path)), "\(path)")
                #expect(pixels.width == width && pixels.height == height, "\(path)")
            }
            let copy = try VideoTest.probe(out + "/assets/video/\(key).mp4")
            let shown = try #require(VideoEncoder.Probe(json: Array(try JSONSerialization.data(withJSONObject: copy))))
            #expect(shown.width == width && shown.height == height, "the copy keeps its rotation")
            let feed = SiteTest.text(out, "u/ana/feed.xml")
            #expect(feed.contains("https://example.test/assets/video/\(key).mp4"))
        }
        let profile = SiteTest.text(out, "u/ana/index.html")
        #expect(profile.matches(of: /aria-label="Video"/).count == 2)
        #expect(profile.matches(of: /<picture>/).count == 2, "each tile shows its poster")
    }

    /// The app's own poster, when the bucket's copy holds it, is the poster: no frame taken.
    @Test func theAppsPosterIsKeptWhenItHasOne() throws {
        let site = try VideoTest.site(["iphone.mov"], extra: ["thumbnail": "posters/p1.png"])
        try FileManager.default.createDirectory(atPath: site + "/content/storage/posters", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PhotoTest.folder + "/photo.png", toPath: site + "/content/storage/posters/p1.png")
        // The poster is read from the bucket's copy by its download URL.
        var export = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/content/export.json"))) as! [String: Any]
        var posts = export["posts"] as! [String: [String: [String: Any]]]
        posts["u1"]!["-V1"]!["thumbnail"] = "https://firebasestorage.googleapis.com/v0/b/app/o/posters%2Fp1.png?alt=media"
        export["posts"] = posts
        try JSONSerialization.data(withJSONObject: export).write(to: URL(fileURLWithPath: site + "/content/export.json"))
        let (out, result) = try SiteTest.build(site + "/content/export.json")
        #expect(result.photos.videos == 1 && result.photos.encoded == 1 && result.photos.warnings == [])
        let key = PhotoStage.Names(PhotoSettings.current).key(PhotoTest.fixture("photo.png"), .photo)
        let tag = try #require(VideoTest.videoTag(SiteTest.text(out, "p/-V1/index.html")))
        #expect(VideoTest.attribute(tag, "poster") == "../../assets/img/\(key)-160.webp")
        #expect(VideoTest.attribute(tag, "width") == "64" && VideoTest.attribute(tag, "height") == "48", "the video's own box")
    }

    /// A rebuild with the video unchanged reuses its copy and its poster (no FFmpeg run):
    /// the files keep their inode.
    @Test func anUnchangedVideoIsReused() throws {
        let site = try VideoTest.site(["iphone.mov"])
        let export = site + "/content/export.json"
        let (out, first) = try SiteTest.build(export)
        #expect(first.photos.videos == 1 && first.photos.encoded == 1)
        let published = SiteTest.files(out).filter { $0.hasPrefix("assets/") && !$0.hasSuffix(".css") }
        func inodes() throws -> [String: Int] {
            try Dictionary(uniqueKeysWithValues: published.map { ($0, try FileManager.default.attributesOfItem(atPath: out + "/" + $0)[.systemFileNumber] as! Int) })
        }
        let before = try inodes()
        // Another caption: the site is rebuilt, the video is the same.
        let text = try String(contentsOfFile: export, encoding: .utf8).replacingOccurrences(of: "clip 1", with: "clip one")
        try text.write(toFile: export, atomically: true, encoding: .utf8)
        let (_, second) = try SiteTest.build(export, into: out)
        #expect(!second.upToDate)
        #expect(second.photos.videos == 0 && second.photos.videosReused == 1 && second.photos.encoded == 0 && second.photos.reused == 1)
        #expect(try inodes() == before)
        #expect(SiteTest.text(out, "p/-V1/index.html").contains("clip one"))
    }

    /// Shards copy their users' videos and record them: merged, they are one build's site,
    /// byte for byte (merge needs no FFmpeg: it copies nothing).
    @Test func mergedShardsPublishTheVideosAsOneBuild() throws {
        let site = try VideoTest.site(["iphone.mov", "portrait.mov", "android.mp4"])
        // One user per video, so that two shards split them.
        let export = site + "/content/export.json"
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: export))) as! [String: Any]
        let posts = (json["posts"] as! [String: [String: Any]])["u1"]!
        json["users"] = Dictionary(uniqueKeysWithValues: (1...3).map { ("u\($0)", ["username": "user\($0)"]) })
        json["posts"] = Dictionary(uniqueKeysWithValues: (1...3).map { ("u\($0)", ["-V\($0)": posts["-V\($0)"]!]) })
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: export))
        let one = try SiteTest.newOutput()
        _ = try Site.build(SiteShardTests.request(export, one))
        let merged = try SiteTest.newOutput()
        _ = try Site.merge(shards: try SiteShardTests.shards(export, 2), output: merged)
        let (a, b) = (SiteTest.contents(one), SiteTest.contents(merged))
        #expect(a.keys.filter { $0.hasPrefix("assets/video/") }.count == 3)
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.filter { a[$0] != b[$0] }.sorted() == [], "every file, the manifest too, byte for byte")
        #expect(try Site.build(SiteShardTests.request(export, merged)).upToDate)
    }

    /// Codecs no browser plays (MPEG-4 Part 2, MP2 in AVI) are re-encoded to H.264 and AAC
    /// in MP4; a "video" that is a playlist is not opened (it would have FFmpeg read
    /// another file into the copy): a warning, its place a placeholder, nothing of it published.
    @Test func whatBrowsersCannotPlayIsReencodedAndAPlaylistIsRefused() throws {
        let site = try VideoTest.site(["old.avi", "playlist.mp4"])
        try Data("sitegen-secret-segment".utf8).write(to: URL(fileURLWithPath: site + "/content/storage/videos/secret.ts"))
        let (out, result) = try SiteTest.build(site + "/content/export.json")
        #expect(result.photos.videos == 1)
        #expect(result.photos.warnings.count == 2, "the copy and the frame: \(result.photos.warnings)")
        #expect(result.photos.warnings.allSatisfy { $0.contains("playlist.mp4: not a video FFmpeg reads") })
        let copies = SiteTest.files(out).filter { $0.hasPrefix("assets/video/") }
        #expect(copies.count == 1)
        let probe = try VideoTest.probe(out + "/" + copies[0])
        #expect(VideoTest.streams(probe).map { $0["codec_name"] as? String } == ["h264", "aac"])
        let bytes = SiteTest.bytes(out, copies[0])
        for leak in ["x264", "Lavc", "Lavf"] { #expect(!PhotoTest.contains(bytes, leak), "\(leak)") }
        for (path, content) in SiteTest.contents(out) {
            #expect(!PhotoTest.contains(content, "sitegen-secret-segment"), "\(path)")
        }
        let refused = SiteTest.text(out, "p/-V2/index.html")
        #expect(VideoTest.videoTag(refused) == nil && refused.contains("photo-missing"))
    }
}

extension LocalVideoTests {
    /// A site with local videos and no FFmpeg on `PATH` (the binary run with `PATH`
    /// stripped): one line saying what to install, exit 2, and the previous site as it was.
    /// (It needs no FFmpeg itself: the previous site has no video.)
    @Test func withoutFFmpegTheBuildStopsAndLeavesThePreviousSite() throws {
        let site = try VideoTest.site([])
        let old = try TestSupport.sitegen(["build", "content/export.json", "--output", "public"], in: site)
        #expect(old.status == 0, "\(old.stderr)")
        let before = SiteTest.contents(site + "/public")
        let videoSite = try VideoTest.site(["iphone.mov"])
        try FileManager.default.removeItem(atPath: site + "/content")
        try FileManager.default.copyItem(atPath: videoSite + "/content", toPath: site + "/content")
        let run = try TestSupport.run("/usr/bin/env", ["PATH=/nonexistent", TestSupport.binary, "build", "content/export.json", "--output", "public"], in: site)
        #expect(run.status == 2)
        #expect(run.stderr == "sitegen: content/storage/videos/iphone.mov: a local video needs FFmpeg, which is not installed; install it (on Debian or Ubuntu: apt-get install ffmpeg; on macOS: brew install ffmpeg)\n")
        #expect(SiteTest.contents(site + "/public") == before, "the previous site as it was")
    }

    /// FFmpeg is needed only for a video whose copy or poster the previous site does not
    /// hold: a rebuild with the videos unchanged builds without it; a new video then stops
    /// the build, naming only that one.
    @Test func aRebuildWithItsVideosReusedNeedsNoFFmpeg() throws {
        let site = try VideoTest.site(["iphone.mov", "android.mp4"])
        let first = try TestSupport.sitegen(["build", "content/export.json", "--output", "public"], in: site)
        #expect(first.status == 0, "\(first.stderr)")
        let export = site + "/content/export.json"
        let text = try String(contentsOfFile: export, encoding: .utf8).replacingOccurrences(of: "clip 1", with: "clip one")
        try text.write(toFile: export, atomically: true, encoding: .utf8)
        let stripped = ["PATH=/nonexistent", TestSupport.binary, "build", "content/export.json", "--output", "public"]
        let again = try TestSupport.run("/usr/bin/env", stripped, in: site)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(SiteTest.text(site + "/public", "p/-V1/index.html").contains("clip one"))
        #expect(VideoTest.videoTag(SiteTest.text(site + "/public", "p/-V2/index.html")) != nil)

        let before = SiteTest.contents(site + "/public")
        try FileManager.default.copyItem(atPath: VideoTest.folder + "/portrait.mov", toPath: site + "/content/storage/videos/portrait.mov")
        let withNew = text.replacingOccurrences(of: "android.mp4", with: "portrait.mov")
        try withNew.write(toFile: export, atomically: true, encoding: .utf8)
        let refused = try TestSupport.run("/usr/bin/env", stripped, in: site)
        #expect(refused.status == 2)
        #expect(refused.stderr == "sitegen: content/storage/videos/portrait.mov: a local video \(VideoTools.missingMessage)\n")
        let unchanged = SiteTest.contents(site + "/public") == before
        #expect(unchanged, "the previous site as it was")
    }

    /// A copy a killed build left in the temporary folder (its process gone) is removed by
    /// the next build that copies a video; another running build's copy is left alone.
    @Test func aKilledBuildsTemporaryCopyIsRemovedByTheNext() throws {
        let site = try VideoTest.site(["android.mp4"])
        let temporary = try TestSupport.temporaryFolder()
        let gone = try TestSupport.run("/bin/sh", ["-c", "echo $$"])
        let goneName = "\(VideoEncoder.temporaryPrefix)\(gone.stdout.trimmingCharacters(in: .whitespacesAndNewlines))-A.mp4"
        let runningName = "\(VideoEncoder.temporaryPrefix)\(getpid())-B.mp4"
        for name in [goneName, runningName] { try Data("partial".utf8).write(to: URL(fileURLWithPath: temporary + "/" + name)) }
        let run = try TestSupport.run("/usr/bin/env", ["TMPDIR=" + temporary, TestSupport.binary, "build", "content/export.json", "--output", "public"],
                                      in: site)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [runningName])
    }
}
