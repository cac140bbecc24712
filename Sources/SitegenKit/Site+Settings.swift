import Foundation

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
        /// Users not to publish, by uid or username (sitegen.toml's `exclude`); users whose
        /// record says `private: true` are left out too.
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

    /// Identifies a build's inputs: the export's bytes, the templates, every setting
    /// (`Settings`), sitegen's version and photo settings, and the files of the Storage
    /// copy (names, sizes, times).
    static func fingerprint(export: Export, templates: TemplateSet, request: Request) -> String {
        let data = ContentHash(UnsafeRawBufferPointer(export.document.bytes))
        let settings = Array("\(SitegenVersion.current)|\(PhotoSettings.fingerprint)|\(export.dialect.rawValue)|".utf8)
            + request.settings.canonicalBytes
        let photos = export.dialect == .makestagram ? storage(request)?.listing() ?? ContentHash("") : ContentHash("")
        return "\(data)-\(templates.fingerprint)-\(ContentHash(settings).then(photos))"
    }
}

// The names of the mapping's dictionaries are encoded as keys (sorted), not as pairs in
// the dictionary's order, which differs between processes.
extension Dialect: Codable {}
extension Schema.Node: Codable, CodingKeyRepresentable {}
extension Schema.Field: Codable, CodingKeyRepresentable {}
