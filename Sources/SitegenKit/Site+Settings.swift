import Foundation
import SitegenExport

extension Site {
    /// Every option that decides what a build publishes, in one value. The inputs'
    /// fingerprint (`fingerprint`) hashes its whole synthesized encoding, so an option
    /// added here or to `SiteOptions` (a language, …) is part of it without being named
    /// again: a build whose option changed is never "up to date". (It was a string joined
    /// by hand from a dozen options, which a new option could miss.)
    ///
    /// What cannot change the output stays on `Request`, outside: the paths of the export
    /// and the output, the templates folder (its files are hashed instead), the threads
    /// (`jobs`), `--dry-run`, `--previous` and `--atomic-switch` (how it is published). A
    /// shard's `K/N` is added to the fingerprint of its folder by `Shard`, apart, so that
    /// merge can tell the shards of one build.
    public struct Settings: Sendable, Equatable, Codable {
        /// How to read the export: sitegen.toml's `[schema]` (dialect, renamed nodes and fields).
        public var mapping: Schema.Mapping
        /// Users not to publish, by uid or username (sitegen.toml's `exclude`); a user whose
        /// record says `private: true` is published as its header alone (`SiteModel.User.isPrivate`).
        public var exclude: [String]
        /// Link every Makestagram photo at its Storage URL even when `content/storage/`
        /// holds a copy (sitegen.toml's `photos = "hotlink"`).
        public var hotlinkPhotos: Bool
        public var options: SiteOptions

        public init(mapping: Schema.Mapping = Schema.Mapping(), exclude: [String] = [], hotlinkPhotos: Bool = false,
                    options: SiteOptions = SiteOptions()) {
            self.mapping = mapping
            self.exclude = exclude
            self.hotlinkPhotos = hotlinkPhotos
            self.options = options
        }

        /// The settings as canonical bytes: JSON with sorted keys (dictionaries keyed by
        /// `CodingKeyRepresentable` enums are sorted too), the same in every process, unlike
        /// `Hasher`, which is seeded per process: shards on other machines agree on it.
        var canonicalBytes: [UInt8] { Settings.canonical(self) }

        static func canonical(_ value: some Encodable) -> [UInt8] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Strings, numbers, booleans and enums of them: encoding cannot fail.
            return [UInt8]((try? encoder.encode(value)) ?? Data())
        }
    }

    /// What the code itself puts into a site besides the user's settings: sitegen's version
    /// (bumped when the pages a version makes change), the photo and avatar pipeline's
    /// constants (`PhotoSettings.Values`) and the video pipeline's (`VideoSettings.Values`,
    /// whose canonical encoding also names every video copy and poster). A build's `Request`
    /// carries `.current`; the tests change it to see that every constant reaches the fingerprint.
    struct CodeConstants: Sendable, Equatable, Codable {
        var version: String
        var photos: PhotoSettings.Values
        var videos: VideoSettings.Values

        static let current = CodeConstants(version: SitegenVersion.current, photos: PhotoSettings.current, videos: VideoSettings.current)
    }

    /// Everything besides the inputs' files (the export's bytes, the templates', the Storage
    /// copy's listing) that decides what a build publishes, in one value; every fingerprint
    /// derives from it: the inputs line of the manifest (`inputs(data:storage:)`), the part of
    /// every page's key that is not the page's own (`pageKeyBytes`), and a shard's line.
    /// Its synthesized encoding is hashed whole, so that a field added to it, to `Settings`,
    /// to `SiteOptions` or to `PhotoSettings.Values` is in the fingerprint without being named
    /// again (`SiteFingerprintTests` changes each in turn and sees a rebuild).
    struct BuildIdentity: Sendable, Equatable, Codable {
        var code: CodeConstants
        /// The export's dialect as the loader found it (the mapping may name it, or not).
        var dialect: Dialect
        /// The theme: the templates' fingerprint (`TemplateSet.fingerprint`).
        var theme: String
        /// Every option (the language is `settings.options.language`).
        var settings: Settings
        /// `--shard K/N`: added to the inputs line after the site's fingerprint, apart, so that
        /// merge can tell the shards of one build (`Shard.inputs(site:)`).
        var shard: Shard?

        init(request: Request, dialect: Dialect, theme: ContentHash) {
            code = request.code
            self.dialect = dialect
            self.theme = theme.description
            settings = request.settings
            shard = request.shard
        }

        /// The site's part of the identity, as canonical bytes (the shard left out).
        var siteBytes: [UInt8] {
            var site = self
            site.shard = nil
            return Settings.canonical(site)
        }

        /// The manifest's inputs line: the export's hash, the theme's, then the hash of the
        /// identity and the Storage copy's listing; a shard's adds ` shard K/N`.
        func inputs(data: ContentHash, storage: ContentHash) -> String {
            let site = "\(data)-\(theme)-\(ContentHash(siteBytes).then(storage))"
            return shard.map { $0.inputs(site: site) } ?? site
        }

        /// What every page's key holds of the identity (`SiteRenderer.globalFingerprint`): the
        /// theme, the version and the options (the pages do not depend on the photo settings
        /// but through the pictures they show, which their keys name). The same bytes as
        /// before the identity was one value, so that pages keep their keys.
        static func pageKeyBytes(theme: ContentHash, options: SiteOptions, version: String = CodeConstants.current.version) -> [UInt8] {
            Array("\(theme)|\(version)|".utf8) + Array(ContentHash(Settings.canonical(options)).description.utf8)
        }
    }

    /// Identifies a build's inputs: the export's bytes, the templates, the build's identity
    /// (`BuildIdentity`: every setting and output-changing constant) and the files of the
    /// Storage copy (names, sizes, times).
    static func fingerprint(export: Export, templates: TemplateSet, request: Request) -> String {
        let identity = BuildIdentity(request: request, dialect: export.dialect, theme: templates.fingerprint)
        let data = ContentHash(UnsafeRawBufferPointer(export.document.bytes))
        let photos = export.dialect == .makestagram ? storage(request)?.listing() ?? ContentHash("") : ContentHash("")
        return identity.inputs(data: data, storage: photos)
    }
}
