import Foundation
import SitegenExport

/// What a site's `sitegen.toml` says (`sitegen init` writes one with every option).
/// Every value is optional: a command-line flag overrides the file, the file overrides
/// the default. Paths are resolved against the file's folder when it is read.
public struct SiteConfig: Sendable, Equatable {
    /// The name `sitegen` looks for in the working folder.
    public static let fileName = "sitegen.toml"

    public var export: String?
    public var output: String?
    public var title: String?
    public var baseURL: String?
    public var pageSize: Int?
    /// Rows per page of the directory and the follower and following lists.
    public var listSize: Int?
    public var tile: SiteOptions.Tile?
    /// The site's language, a BCP 47 tag (`language`: the theme's strings/<tag>.toml).
    public var language: String?
    public var templates: String?
    /// Users not to publish, by uid or username (`exclude`: a list, or a file of them).
    public var exclude: [String] = []
    /// `photos = "hotlink"`: Makestagram photos stay at their Storage URLs even when
    /// `content/storage/` holds a copy (`"publish"`, the default, publishes the copy).
    public var hotlinkPhotos: Bool?
    /// `atomic_switch = false`: an existing output takes the changed files one by one instead of
    /// being switched over whole (`SiteWriter.exchanges`, the default).
    public var atomicSwitch: Bool?
    public var schema = Schema.Mapping()
    /// The file it was read from; nil when there is none.
    public var file: String?

    public init() {}

    /// `path` as a path from the working folder: a relative path in (or a default for) a
    /// config file is relative to the file's folder.
    public func resolve(_ path: String) -> String {
        guard let file else { return path }
        let folder = PathNames.parent(file)
        return path.hasPrefix("/") || folder.isEmpty || folder == "." ? path : folder + "/" + path
    }

    /// The export, output folder and templates folder the file names, or their defaults
    /// (resolved against the file's folder).
    public var exportPath: String { export ?? resolve(Default.export) }
    public var outputPath: String { output ?? resolve(Default.output) }

    /// The defaults of the options a file or a flag can set.
    public enum Default {
        public static let export = "content/export.json"
        public static let output = "public"
        public static let title = "Profiles"
        public static let pageSize = 60
        public static let listSize = SiteOptions.defaultListSize
        public static let tile = SiteOptions.Tile.square
        public static let language = "en"
    }
}

extension SiteOptions.Tile {
    /// The spellings a flag or the config file may use: `1:1` or `3:4` (`1-1`, `3-4`).
    public init?(spelling: String) {
        switch spelling {
        case "1:1", "1-1": self = .square
        case "3:4", "3-4": self = .portrait
        default: return nil
        }
    }
}

extension SiteOptions {
    /// Whether `text` can be a site's base URL: an absolute http(s) URL.
    public static func isValidBaseURL(_ text: String) -> Bool {
        (text.hasPrefix("http://") || text.hasPrefix("https://")) && URL(string: text) != nil
    }
}
