import Foundation
import Testing
@testable import SitegenKit

/// The inputs' fingerprint holds every setting (`Site.Settings`, hashed whole): changing any
/// one of them makes the next build rebuild, never "up to date"; what cannot change the
/// output (threads, the output's path) leaves it as it was.
@Suite struct SiteFingerprintTests {
    /// One change per setting, by its path in `Site.Settings` (the test below checks that
    /// every setting has one: a setting added without a change here fails it).
    static let changes: [String: @Sendable (inout Site.Settings) -> Void] = [
        "mapping.dialect": { $0.mapping.dialect = .makestagram },
        "mapping.nodes": { $0.mapping.nodes[.images] = "pictures" },
        "mapping.fields": { $0.mapping.fields[.bio] = "about" },
        "exclude": { $0.exclude = ["nobody"] },
        "hotlinkPhotos": { $0.hotlinkPhotos = true },
        "options.title": { $0.options.title = "Other" },
        "options.baseURL": { $0.options.baseURL = "https://example.test/" },
        "options.pageSize": { $0.options.pageSize = 3 },
        "options.listSize": { $0.options.listSize = 7 },
        "options.sitemapSize": { $0.options.sitemapSize = 10 },
        "options.tile": { $0.options.tile = .portrait },
        "options.language": { $0.options.language = "fr" },
    ]

    /// Every stored property of the settings, nested structs by their fields ("options.title").
    static func settingPaths(_ value: Any, prefix: String = "") -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            let path = prefix + (child.label ?? "?")
            return Mirror(reflecting: child.value).displayStyle == .struct ? settingPaths(child.value, prefix: path + ".") : [path]
        }
    }

    @Test func everySettingHasAChangeBelow() {
        #expect(Set(Self.settingPaths(Site.Settings())) == Set(Self.changes.keys))
    }

    @Test(arguments: changes.keys.sorted())
    func changingASettingRebuilds(_ setting: String) throws {
        var request = Site.Request(export: SiteTest.smallExport, output: try SiteTest.newOutput(), templates: SiteTest.templates,
                                   options: SiteOptions(pageSize: 2))
        _ = try Site.build(request)
        #expect(try Site.build(request).upToDate, "unchanged: up to date")
        Self.changes[setting]!(&request.settings)
        let result = try Site.build(request)
        #expect(!result.upToDate)
        #expect(try Site.build(request).upToDate, "and up to date once rebuilt")
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
