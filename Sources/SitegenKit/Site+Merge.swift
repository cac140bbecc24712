import Foundation
import SitegenExport
#if canImport(Glibc)
import Glibc
#endif

extension Site {
    /// `sitegen merge DIR... [--output DIR]`: publishes the N shard folders of one build
    /// (`sitegen build --shard K/N`) as one site, the same files and manifest, byte for
    /// byte, as one `sitegen build`, all or nothing (`SiteWriter.Publication`), so that the
    /// next one-machine build is incremental against it.
    ///
    /// The shards' records (`Shard.Record`) name the export, the templates and the settings:
    /// merge reads the export and makes the model as every shard did, checks that the
    /// shards' inputs are its own (a shard of another export, templates or options is
    /// refused), renders the site-wide pages with every shard's photos, then stages each
    /// shard's files. A missing, duplicated or foreign shard is a one-line error before the
    /// output is touched.
    public static func merge(shards folders: [String], output: String, jobs: Int = 0, atomicSwitch: Bool = true,
                             faults: PublishFaults = .none, progress: (@Sendable (Stage) -> Void)? = nil) throws -> Result {
        let shards = try ShardFolders.read(folders, output: output)
        var request = Request(export: shards.record.export, output: output, templates: shards.record.templates, jobs: jobs)
        request.settings = shards.record.settings
        var writer = SiteWriter(output: request.output)
        if !atomicSwitch { writer.exchanges = false }
        writer.faults = faults
        do {
            return try run(request, writer: writer, shards: shards, progress: progress)
        } catch var interrupted as Interrupted where interrupted.outcome.isEmpty {
            interrupted.outcome = writer.unchangedNote
            throw interrupted
        }
    }

    /// The shard folders given to merge, checked to be the N shards of one build.
    struct ShardFolders {
        /// By shard, 1 to N.
        var folders: [String]
        var manifests: [SiteWriter.Manifest]
        var records: [Shard.Record]
        /// The site's inputs, as every shard names them.
        var inputs: String
        var record: Shard.Record { records[0] }

        static func read(_ given: [String], output: String) throws -> ShardFolders {
            guard !given.isEmpty else { throw SitegenError(file: output, message: "no shard folders to merge") }
            var found: [(folder: String, shard: Shard, site: String, manifest: SiteWriter.Manifest, record: Shard.Record)] = []
            for folder in given.map(SiteWriter.init(output:)).map(\.output) {
                if folder == SiteWriter(output: output).output {
                    throw SitegenError(file: folder, message: "is the output folder; merge publishes the shards into another folder")
                }
                guard let manifest = SiteWriter(output: folder).previousManifest() else {
                    throw SitegenError(file: folder, message: "not a sitegen shard folder (no \(SiteWriter.manifestName)); give the folders `sitegen build --shard K/N` made")
                }
                guard let (site, shard) = Shard.parse(inputs: manifest.inputs) else {
                    throw SitegenError(file: folder, message: "a whole site, not a shard (built without --shard)")
                }
                guard let bytes = try? ExportLoader.readFile(folder + "/" + Shard.recordName, inflating: false),
                      let record = Shard.Record.read(withExtendedLifetime(bytes) { Array(UnsafeRawBufferPointer(bytes.buffer)) }) else {
                    throw SitegenError(file: folder + "/" + Shard.recordName, message: "missing or damaged: the shard cannot be merged; build it again")
                }
                if let first = found.first {
                    if shard.count != first.shard.count {
                        throw SitegenError(file: folder, message: "is shard \(shard) but \(first.folder) is shard \(first.shard): not the shards of one build")
                    }
                    if site != first.site || record.settings != first.record.settings {
                        throw SitegenError(file: folder, message: "shard \(shard) of another export, templates or options than \(first.folder) (a foreign shard)")
                    }
                    if let twin = found.first(where: { $0.shard == shard }) {
                        throw SitegenError(file: folder, message: "shard \(shard) twice: \(twin.folder) is shard \(shard) too")
                    }
                }
                found.append((folder, shard, site, manifest, record))
            }
            let count = found[0].shard.count
            let missing = (1...count).filter { k in !found.contains { $0.shard.index == k } }
            guard missing.isEmpty else {
                throw SitegenError(file: found[0].folder, message: "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing: merge needs all \(count) shards of the build")
            }
            found.sort { $0.shard.index < $1.shard.index }
            return ShardFolders(folders: found.map(\.folder), manifests: found.map(\.manifest), records: found.map(\.record), inputs: found[0].site)
        }
    }
}

// MARK: - The steps of `sitegen merge`

extension Site {
    /// The export, templates and settings merge loaded are those the shards were built from.
    static func matchShards(_ shards: ShardFolders, export: Export, templates: TemplateSet, request: Request) throws {
        let inputs = Site.fingerprint(export: export, templates: templates, request: request)
        if inputs != shards.inputs {
            throw SitegenError(file: shards.folders[0], message: "the shards were built from another export, templates or options than \(request.export) and \(request.templates ?? "the built-in theme") hold now (a foreign shard); build them again")
        }
    }

    /// Every photo's picture, from the shards' records (merge encodes nothing).
    static func shardPictures(_ shards: ShardFolders, model: inout SiteModel) throws {
        var pictures = [Picture?](repeating: nil, count: model.photos.count)
        for (folder, record) in zip(shards.folders, shards.records) {
            guard let listed = record.pictures() else {
                throw SitegenError(file: folder + "/" + Site.Shard.recordName, message: "damaged: the shard cannot be merged; build it again")
            }
            for (photo, picture) in listed where photo >= 0 && photo < pictures.count { pictures[photo] = picture }
        }
        model.setPictures(pictures)
    }

    /// Stages every shard's files (a photo two shards' posts show comes from the first),
    /// as hard links (`Publication.stage(linking:…)`: the shard folders stay as they are);
    /// a file a shard did not write because `--previous` held it (`sitegen build --shard …
    /// --previous`) must be the output's, unchanged.
    ///
    /// A shard's file is taken on its manifest's word when it is a file of the manifest's
    /// size whose change time is older than the manifest's: the build wrote the manifest
    /// last, and a file changed since (written into, replaced, renamed, linked elsewhere)
    /// has a newer change time, which no program can set back. Any other file is read and
    /// checked against the manifest (counted in `read`): that may cost time, never
    /// publish a file the shard's build did not make.
    static func stageShards(_ shards: ShardFolders, output: String, previous: PreviousSite, outlet: inout Outlet, files: inout Int,
                            read: inout Int) throws {
        var staged = Set<ContentHash>()
        for (folder, manifest) in zip(shards.folders, shards.manifests) {
            let root = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard root >= 0 else { throw SitegenError(file: folder, message: "cannot be read: \(String(cString: strerror(errno)))") }
            defer { close(root) }
            var info = stat()
            let sealed = fstatat(root, SiteWriter.manifestName, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info.st_ctim : nil
            try manifest.forEach { path, entry in
                guard path != Site.Shard.recordName, staged.insert(SiteExchange.key(path)).inserted else { return }
                try SiteWriter.checkRelative(path)
                let file = folder + "/" + path
                var info = stat()
                guard fstatat(root, path, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                    // Left out by a shard given `--previous`: the output must hold it as it was.
                    guard let old = previous.readManifest()?[path], old.hash == entry.hash, old.size == entry.size,
                          stat(output + "/" + path, &info) == 0, Int(info.st_size) == entry.size else {
                        throw SitegenError(file: file, message: "missing, and \(output)/ does not hold it either; merge into the site the shard's --previous named, or build the shard again")
                    }
                    try outlet.stage([RenderedFile(path: path, bytes: nil)])
                    files += 1
                    return
                }
                let sound = (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) == entry.size
                    && sealed.map { SpareRecord.isBefore(info.st_ctim, $0) } == true
                if !sound {
                    let bytes = try? ExportLoader.readFile(file, inflating: false)
                    let matches = bytes.map { bytes in
                        withExtendedLifetime(bytes) {
                            bytes.buffer.count == entry.size && entry.hash == .hash(ContentHash(UnsafeRawBufferPointer(bytes.buffer)))
                        }
                    } ?? false
                    guard matches else {
                        throw SitegenError(file: file, message: "does not match the shard's manifest (changed after the build?); build the shard again")
                    }
                    read += 1
                }
                try outlet.stage(linking: file, as: path, entry: entry)
                files += 1
            }
        }
    }
}
