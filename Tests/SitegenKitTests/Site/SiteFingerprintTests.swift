import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// The inputs' fingerprint derives from the build's identity (`Site.BuildIdentity`: every
/// setting, every output-changing constant of the code, the theme, the dialect, the shard),
/// hashed whole: changing any one of them makes the next build rebuild, never "up to date";
/// what cannot change the output (threads, the output's path) leaves it as it was.
@Suite struct SiteFingerprintTests {
    typealias Change = @Sendable (inout Site.Request) throws -> Void

    /// One change per field of the identity, by its path in `Site.BuildIdentity` (the test
    /// below checks that every field has one: a setting or constant added without a change
    /// here fails it).
    static let changes: [String: Change] = [
        "code.version": { $0.code.version += "-next" },
        "code.photos.version": { $0.code.photos.version += 1 },
        "code.photos.widths": { $0.code.photos.widths.append(1600) },
        "code.photos.jpegWidths": { $0.code.photos.jpegWidths = [640] },
        "code.photos.webpQuality": { $0.code.photos.webpQuality += 1 },
        "code.photos.webpEffort": { $0.code.photos.webpEffort += 1 },
        "code.photos.webpSmallQuality": { $0.code.photos.webpSmallQuality += 1 },
        "code.photos.webpSmallEffort": { $0.code.photos.webpSmallEffort += 1 },
        "code.photos.webpSmallWidth": { $0.code.photos.webpSmallWidth += 1 },
        "code.photos.jpegQuality": { $0.code.photos.jpegQuality += 1 },
        "code.photos.maxPixels": { $0.code.photos.maxPixels /= 2 },
        "code.photos.avatar.widths": { $0.code.photos.avatar.widths.removeLast() },
        "code.photos.avatar.jpegWidths": { $0.code.photos.avatar.jpegWidths = [112] },
        "code.videos.version": { $0.code.videos.version += 1 },
        "code.videos.formats": { $0.code.videos.formats.removeLast() },
        "code.videos.copiedVideoCodecs": { $0.code.videos.copiedVideoCodecs.removeLast() },
        "code.videos.copiedAudioCodecs": { $0.code.videos.copiedAudioCodecs.removeLast() },
        "code.videos.x264CRF": { $0.code.videos.x264CRF += 1 },
        "code.videos.x264Preset": { $0.code.videos.x264Preset = "medium" },
        "code.videos.aacBitrate": { $0.code.videos.aacBitrate /= 2 },
        "code.videos.posterSeconds": { $0.code.videos.posterSeconds *= 2 },
        "code.videos.posterFraction": { $0.code.videos.posterFraction /= 2 },
        "code.videos.posterWidth": { $0.code.videos.posterWidth = 640 },
        // The dialect the loader finds follows the mapping's.
        "dialect": { $0.settings.mapping.dialect = .makestagram },
        "theme": { request in
            let overlay = try TestSupport.temporaryFolder()
            try FileManager.default.createDirectory(atPath: overlay + "/assets", withIntermediateDirectories: true)
            try Data("body{}".utf8).write(to: URL(fileURLWithPath: overlay + "/assets/extra.css"))
            request.templates = overlay
        },
        "shard": { $0.shard = Site.Shard(index: 1, count: 1) },
        "settings.mapping.dialect": { $0.settings.mapping.dialect = .makestagram },
        "settings.mapping.nodes": { $0.settings.mapping.nodes[.images] = "pictures" },
        "settings.mapping.fields": { $0.settings.mapping.fields[.bio] = "about" },
        "settings.exclude": { $0.settings.exclude = ["nobody"] },
        "settings.hotlinkPhotos": { $0.settings.hotlinkPhotos = true },
        "settings.options.title": { $0.settings.options.title = "Other" },
        "settings.options.baseURL": { $0.settings.options.baseURL = "https://example.test/" },
        "settings.options.pageSize": { $0.settings.options.pageSize = 3 },
        "settings.options.listSize": { $0.settings.options.listSize = 7 },
        "settings.options.sitemapSize": { $0.settings.options.sitemapSize = 10 },
        "settings.options.tile": { $0.settings.options.tile = .portrait },
        "settings.options.language": { $0.settings.options.language = "fr" },
    ]

    /// Every stored property of a value, nested structs by their fields ("settings.options.title").
    static func settingPaths(_ value: Any, prefix: String = "") -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            let path = prefix + (child.label ?? "?")
            return Mirror(reflecting: child.value).displayStyle == .struct ? settingPaths(child.value, prefix: path + ".") : [path]
        }
    }

    @Test func everyFieldOfTheIdentityHasAChangeBelow() {
        let identity = Site.BuildIdentity(request: Site.Request(export: "", output: ""), dialect: .makestagram, theme: ContentHash(""))
        #expect(Set(Self.settingPaths(identity)) == Set(Self.changes.keys))
    }

    /// The photo settings' constants are the identity's: `PhotoSettings.Values` holds them all.
    @Test func thePhotoConstantsAreReadFromTheIdentity() {
        let values = Site.CodeConstants.current.photos
        #expect(PhotoSettings.widths == values.widths)
        #expect(PhotoSettings.jpegWidths == values.jpegWidths)
        #expect(PhotoSettings.Avatar.widths == values.avatar.widths)
        #expect(PhotoSettings.Avatar.jpegWidths == values.avatar.jpegWidths)
        let constants: [Int] = [PhotoSettings.webpQuality, PhotoSettings.webpEffort, PhotoSettings.webpSmallQuality,
                                PhotoSettings.webpSmallEffort, PhotoSettings.webpSmallWidth, PhotoSettings.jpegQuality,
                                PhotoSettings.maxPixels, PhotoSettings.version]
        let fields: [Int] = [values.webpQuality, values.webpEffort, values.webpSmallQuality, values.webpSmallEffort,
                             values.webpSmallWidth, values.jpegQuality, values.maxPixels, values.version]
        #expect(constants == fields)
        #expect(Site.CodeConstants.current.version == SitegenVersion.current)
    }

    /// The video settings are the identity's, and name every copy and poster: a change of
    /// any of them (each in turn, as the reflection above lists them) renames both.
    @Test func theVideoConstantsNameTheCopiesAndPosters() {
        #expect(Site.CodeConstants.current.videos == VideoSettings.current)
        let changed = Self.changes.keys.filter { $0.hasPrefix("code.videos.") }
        #expect(changed.count == Self.settingPaths(VideoSettings.current).count)
        let names = PhotoStage.Names(PhotoSettings.current, videos: VideoSettings.current)
        for field in changed {
            var request = Site.Request(export: "", output: "")
            try? Self.changes[field]!(&request)
            let changedNames = PhotoStage.Names(request.code.photos, videos: request.code.videos)
            #expect(changedNames.video != names.video, "\(field)")
            #expect(changedNames.poster != names.poster, "\(field)")
            #expect(changedNames.photo == names.photo && changedNames.avatar == names.avatar, "\(field): photos keep their names")
        }
        #expect(PhotoStage.Names(PhotoSettings.current).video == names.video)
    }

    @Test(arguments: changes.keys.sorted())
    func changingASettingOrConstantRebuilds(_ field: String) throws {
        var request = Site.Request(export: SiteTest.smallExport, output: try SiteTest.newOutput(), templates: SiteTest.templates,
                                   options: SiteOptions(pageSize: 2))
        _ = try Site.build(request)
        #expect(try Site.build(request).upToDate, "unchanged: up to date")
        try Self.changes[field]!(&request)
        let result = try Site.build(request)
        #expect(!result.upToDate)
        #expect(try Site.build(request).upToDate, "and up to date once rebuilt")
    }

    /// A photo constant renames every variant, photos' and avatars' alike: a rebuild never
    /// reuses a picture encoded with other constants (`PhotoSettings.Values.fingerprint`).
    @Test(arguments: changes.keys.filter { $0.hasPrefix("code.photos.") }.sorted())
    func changingAPhotoConstantRenamesEveryVariant(_ field: String) throws {
        var request = Site.Request(export: try PhotoTest.avatarSite(), output: try SiteTest.newOutput(), templates: SiteTest.templates)
        func variants() throws -> Set<String> {
            _ = try Site.build(request)
            return Set(try FileManager.default.contentsOfDirectory(atPath: request.output + "/assets/img"))
        }
        let before = try variants()
        let keys = Set(before.map { String($0.prefix(32)) })
        #expect(keys.contains(PhotoStage.Names(PhotoSettings.current).key(PhotoTest.fixture("gps-camera.jpg"), .avatar)))
        #expect(keys.contains(PhotoStage.Names(PhotoSettings.current).key(PhotoTest.fixture("orientation-6.jpg"), .photo)))
        try Self.changes[field]!(&request)
        let after = try variants()
        #expect(!after.isEmpty)
        #expect(before.isDisjoint(with: after), "\(before.intersection(after).sorted().prefix(3))")
    }

    @Test func whatCannotChangeTheOutputIsNotPartOfIt() throws {
        var request = Site.Request(export: SiteTest.smallExport, output: try SiteTest.newOutput(), templates: SiteTest.templates)
        _ = try Site.build(request)
        request.jobs = 1
        #expect(try Site.build(request).upToDate)
    }

    /// The encoding is canonical: keys sorted, the mapping's dictionaries as objects keyed
    /// by name (not pairs in the dictionary's order, which differs between processes).
    @Test func theSettingsEncodeCanonically() {
        var settings = Site.Settings(mapping: Schema.Mapping(nodes: [.users: "people", .images: "pics"], fields: [.bio: "about"]),
                                     options: SiteOptions(title: "T"))
        settings.options.sitemapSize = 9
        #expect(String(decoding: settings.canonicalBytes, as: UTF8.self) == #"{"exclude":[],"hotlinkPhotos":false,"mapping":{"fields":{"bio":"about"},"nodes":{"images":"pics","users":"people"}},"options":{"language":"en","listSize":100,"pageSize":60,"sitemapSize":9,"tile":"1-1","title":"T"}}"#)
    }
}
