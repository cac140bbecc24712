import Foundation
import SitegenExport

/// `sitegen build`, top to bottom: the steps of `Site.steps` (`Site+Steps.swift`), each a
/// function that takes what it needs and returns what it makes: templates and the previous
/// site (`PreviousSite`) → export → fingerprint (up to date?) → audit → site model → photos
/// → pages → output folder. Anything that can fail is checked before the output is touched.
public enum Site {
    public struct Request: Sendable {
        public var export: String
        public var output: String
        /// A templates folder laid over the built-in theme; nil: `TemplateLocator` looks.
        public var templates: String?
        /// Every option that changes the output, hashed whole into the inputs' fingerprint.
        public var settings: Settings
        /// Threads that render pages and encode photos (0: all cores).
        public var jobs: Int
        /// Render every page to memory and write nothing (for measuring).
        public var dryRun: Bool
        /// `--shard K/N`: render and encode only this shard's users (`Shard`).
        public var shard: Shard?
        /// `--previous DIR` (with `shard`): the last published site, whose unchanged pages
        /// and photos the shard does not render or encode again; its manifest lists them and
        /// merge takes them from the output, which must be that site. A folder that is not
        /// there or has no manifest (a first build, an empty cache) is no previous site.
        public var previous: String?
        /// `--photo-cache DIR`: encoded pictures kept between builds (`PhotoCache`); a
        /// picture found there is not encoded again. It changes how long a build takes,
        /// not what it makes.
        public var photoCache: String?
        /// Switch the output over whole (`SiteWriter.exchanges`), the default; off with
        /// `atomic_switch = false` in sitegen.toml or `--no-atomic-switch`. It changes how the
        /// site is published, not what.
        public var atomicSwitch = true
        /// Publish even when the new site drops far fewer profiles than the output holds
        /// (`--allow-shrink`; `ShrinkGuard`).
        public var allowShrink = false
        /// Faults a test injects into the publication (`PublishFaults`; the binary's hidden
        /// `--test-kill-at`): none in a build.
        public var faults = PublishFaults.none
        /// The code's own output-changing constants (`CodeConstants.current`; the tests change them).
        var code = CodeConstants.current

        public init(export: String, output: String, templates: String? = nil, mapping: Schema.Mapping = Schema.Mapping(),
                    exclude: [String] = [], hotlinkPhotos: Bool = false, options: SiteOptions = SiteOptions(), jobs: Int = 0,
                    dryRun: Bool = false) {
            self.export = export
            self.output = output
            self.templates = templates
            settings = Settings(mapping: mapping, exclude: exclude, hotlinkPhotos: hotlinkPhotos, options: options)
            self.jobs = jobs
            self.dryRun = dryRun
        }

        // The settings by name, as the steps read them.
        public var mapping: Schema.Mapping { settings.mapping }
        public var exclude: [String] { settings.exclude }
        public var hotlinkPhotos: Bool { settings.hotlinkPhotos }
        public var options: SiteOptions {
            get { settings.options }
            set { settings.options = newValue }
        }
    }

    public struct Result: Sendable {
        /// The audit's findings (the export itself is released before rendering).
        public var report: FindingTally?
        public var skipped: [String] = []
        /// `[schema]` mappings that name a node or field the export does not have.
        public var unusedMappings: [String] = []
        /// What the export's reader read but did not understand (`FirestoreLayout.warnings`).
        public var readWarnings: [String] = []
        public var files = 0
        /// Pages rendered: the others' keys said the output's file was made from the same inputs.
        public var rendered = 0
        public var written = SiteWriter.Summary()
        /// Nothing changed since the previous build: no page was rendered.
        public var upToDate = false
        public var renderSeconds = 0.0
        /// The image stage: photos encoded and reused, its seconds, and one line per
        /// photo that could not be used (its tile is a placeholder).
        public var photos = PhotoStage.Outcome()
        /// `sitegen merge`: the shard files read and checked against their manifest (changed
        /// since it was written: `Site.stageShards`); the others were linked on its word.
        public var shardFilesRead = 0
    }

    /// Builds the site. On SIGINT or SIGTERM (when `Interruption` is installed) it stops at
    /// the next page or file, leaves the output as it was and throws `Interrupted`.
    public static func build(_ request: Request, progress: (@Sendable (Stage) -> Void)? = nil) throws -> Result {
        var writer = SiteWriter(output: request.output)
        if !request.atomicSwitch { writer.exchanges = false }
        writer.faults = request.faults
        do {
            return try build(request, writer: writer, progress: progress)
        } catch var interrupted as Interrupted where interrupted.outcome.isEmpty {
            interrupted.outcome = request.dryRun ? "nothing was written (--dry-run)" : writer.unchangedNote
            throw interrupted
        }
    }

    static func build(_ request: Request, writer: SiteWriter, progress: (@Sendable (Stage) -> Void)?) throws -> Result {
        try run(request, writer: writer, shards: nil, progress: progress)
    }

    /// The templates folder a build of `request` lays over the built-in theme, if any.
    public static func templatesFolder(_ request: Request) -> String? {
        request.templates ?? TemplateLocator.find(export: request.export)
    }

    /// The local copy of the Storage bucket the build publishes photos from, if any.
    static func storage(_ request: Request) -> StorageFolder? {
        request.hotlinkPhotos ? nil : StorageFolder.beside(export: request.export)
    }
}

public enum SitegenVersion {
    public static let current = "0.3.0"
}

/// The templates folder a build uses when none is named (`--templates`, or `templates`
/// in sitegen.toml): a `Templates/` folder beside the export's `content/` folder, else
/// one in the working folder, else none (the built-in theme alone).
enum TemplateLocator {
    static func find(export: String) -> String? {
        let contentFolder = PathNames.parent(export)
        let siteFolder = contentFolder.isEmpty ? ".." : PathNames.parent(contentFolder)
        let candidates = [siteFolder.isEmpty ? "Templates" : siteFolder + "/Templates", "Templates"]
        for candidate in candidates {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate
            }
        }
        return nil
    }
}
