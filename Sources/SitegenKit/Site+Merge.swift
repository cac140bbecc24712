import Foundation
import SitegenExport
import Synchronization
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
                             allowShrink: Bool = false, faults: PublishFaults = .none,
                             progress: (@Sendable (Stage) -> Void)? = nil) throws -> Result {
        let shards = try ShardFolders.read(folders, output: output)
        var request = Request(export: shards.record.export, output: output, templates: shards.record.templates, jobs: jobs)
        request.settings = shards.record.settings
        request.allowShrink = allowShrink
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
}

// MARK: - The shards' files, linked while the site-wide pages are made

extension Site {
    /// Checks the shards' files against their manifests and links them into the staging
    /// folder on threads of its own (two halves in the shards' order, each path staged once,
    /// from the first shard that has it), while merge audits, models and renders the
    /// site-wide pages, which do not depend on them (docs/scale-out.md). Each file costs a
    /// `stat` and a `link`, both relative to folders opened once, and each folder a `mkdir`;
    /// no `String` is made for a file but one that is read. What became of each file is
    /// noted in the new manifest once the pages are staged (`stageShards`), in the shards'
    /// order: the manifest is the one staging a file at a time made.
    ///
    /// A shard's file is taken on its manifest's word when it is a file of the manifest's
    /// size whose change time is older than the manifest's: the build wrote the manifest
    /// last, and a file changed since (written into, replaced, renamed, linked elsewhere)
    /// has a newer change time, which no program can set back. Any other file is read and
    /// checked against the manifest (counted in `read`): that may cost time, never
    /// publish a file the shard's build did not make.
    final class ShardLinker: Sendable {
        /// What became of a shard's manifest entry.
        enum Kind: UInt8, Sendable {
            /// Not staged: the shard's record, or a file an earlier shard staged (a photo two
            /// shards' posts show comes from the first).
            case none
            /// Linked into the staging folder.
            case linked
            /// Published as it is: the previous build's entry, and the output's file of its size.
            case published
            /// Left out by a shard given `--previous` (`sitegen build --shard … --previous`): the
            /// output holds it as it was.
            case previous
        }

        struct Outcome: Sendable {
            /// By shard, by entry of its manifest.
            var kinds: [[Kind]]
            /// Files read and checked against their manifest.
            var read: Int
        }

        private final class Flag: Sendable {
            let raised = Atomic<Bool>(false)
        }

        private let stopping = Flag()
        private let work: Background<Swift.Result<Outcome, any Error>>

        /// Starts on another thread. `staging`: the publication's folder (nil: the files are
        /// only checked); `previous`: the manifest the publication started from.
        init(_ shards: ShardFolders, staging: String?, output: String, previous: SiteWriter.Manifest?, faults: PublishFaults) {
            let (folders, manifests, stopping) = (shards.folders, shards.manifests, stopping)
            work = Background {
                Swift.Result {
                    try ShardLinker.link(folders, manifests, staging: staging, output: output, previous: previous, faults: faults) {
                        stopping.raised.load(ordering: .relaxed)
                    }
                }
            }
        }

        /// Waits for the links; throws the first error met.
        func outcome() throws -> Outcome {
            try work.value().get()
        }

        /// Stops at the next file and waits (an error elsewhere: the publication is abandoned).
        func stop() {
            stopping.raised.store(true, ordering: .relaxed)
            _ = work.value()
        }

        private struct Stopped: Error {}

        private static func link(_ folders: [String], _ manifests: [SiteWriter.Manifest], staging: String?, output: String,
                                 previous: SiteWriter.Manifest?, faults: PublishFaults, stopped: @escaping @Sendable () -> Bool) throws -> Outcome {
            // Each path once (the first shard's), the records left out: the files to stage, by
            // their place in the shards' entries one after another.
            var todo = [Bool](repeating: false, count: manifests.reduce(0) { $0 + $1.count })
            var seen = Set<ContentHash>()
            let record = Array(Site.Shard.recordName.utf8)
            var start = 0
            var starts: [Int] = []
            for manifest in manifests {
                starts.append(start)
                manifest.forEachPath { bytes, i in
                    if !bytes.elementsEqual(record) && seen.insert(SiteExchange.key(bytes)).inserted { todo[start + i] = true }
                }
                start += manifest.count
            }
            seen = []
            let out = open(output, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { if out >= 0 { close(out) } }
            let stage = staging.map { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } ?? -1
            defer { if stage >= 0 { close(stage) } }
            if staging != nil && stage < 0 { throw SiteWriter.cannotWrite(output) }
            var roots: [Int32] = []
            defer { for root in roots { close(root) } }
            var sealed: [timespec?] = []
            for folder in folders {
                let root = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                guard root >= 0 else { throw SitegenError(file: folder, message: "cannot be read: \(String(cString: strerror(errno)))") }
                roots.append(root)
                var info = stat()
                sealed.append(fstatat(root, SiteWriter.manifestName, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info.st_ctim : nil)
            }
            // Two halves, one per thread (mkdir and link are the kernel's work, which two
            // cores share: docs/scale-out.md); an error in one stops the other.
            let count = todo.count { $0 }
            var split = 0
            var before = 0
            while split < todo.count && before < count / 2 {
                if todo[split] { before += 1 }
                split += 1
            }
            let halt = Flag()
            let shared = Shared(folders: folders, manifests: manifests, starts: starts, todo: todo, roots: roots, sealed: sealed,
                                staging: staging, stage: stage, output: out, outputPath: output, previous: previous, faults: faults) {
                halt.raised.load(ordering: .relaxed) || stopped()
            }
            let (firstHalf, secondHalf) = (0..<split, split..<todo.count)
            let second = Background {
                let result = Swift.Result { try shared.link(secondHalf) }
                if case .failure = result { halt.raised.store(true, ordering: .relaxed) }
                return result
            }
            let first = Swift.Result { try shared.link(firstHalf) }
            if case .failure = first { halt.raised.store(true, ordering: .relaxed) }
            let last = second.value()
            let (a, b): (Part, Part)
            switch (first, last) {
            case let (.success(x), .success(y)): (a, b) = (x, y)
            case let (.failure(error), _) where !(error is Stopped): throw error
            case let (_, .failure(error)): throw error
            case let (.failure(error), _): throw error
            }
            let kinds = a.kinds + b.kinds
            return Outcome(kinds: starts.indices.map { s in Array(kinds[starts[s]..<starts[s] + manifests[s].count]) }, read: a.read + b.read)
        }

        /// What one thread made of its part of the shards' entries.
        private struct Part: Sendable {
            var kinds: [Kind]
            var read: Int
        }

        /// What both threads read (folders open for the whole merge).
        private struct Shared: Sendable {
            let folders: [String]
            let manifests: [SiteWriter.Manifest]
            /// Where each shard's entries start in `todo`.
            let starts: [Int]
            let todo: [Bool]
            let roots: [Int32]
            let sealed: [timespec?]
            let staging: String?
            let stage: Int32
            let output: Int32
            let outputPath: String
            let previous: SiteWriter.Manifest?
            let faults: PublishFaults
            let stopped: @Sendable () -> Bool

            /// Stages the entries at `range` of `todo`, in order.
            func link(_ range: Range<Int>) throws -> Part {
                var kinds = [Kind](repeating: .none, count: range.count)
                var read = 0
                var folderMaker = staging.map { FolderMaker(root: $0, shownRoot: outputPath) }
                var made = Set<ContentHash>()
                for (shard, manifest) in manifests.enumerated() {
                    let start = starts[shard]
                    guard start < range.upperBound && start + manifest.count > range.lowerBound else { continue }
                    let (root, folder, sealed) = (roots[shard], folders[shard], sealed[shard])
                    try manifest.forEachPath { bytes, i in
                        let at = start + i
                        guard range.contains(at), todo[at] else { return }
                        if stopped() { throw Stopped() }
                        let entry = manifest[entry: i]
                        // The previous build's entry for the path, when it is this file's.
                        let same = previous.flatMap { previous in
                            previous.index(ofBytes: bytes).map { previous[entry: $0] }
                        }.map { $0.hash == entry.hash && $0.size == entry.size } ?? false
                        kinds[at - range.lowerBound] = try PathNames.withCString(bytes) { path -> Kind in
                            func name() -> String { String(decoding: bytes, as: UTF8.self) }
                            if !SiteWriter.isRelative(bytes) { throw SitegenError(file: name(), message: "unsafe output path") }
                            var info = stat()
                            guard fstatat(root, path, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                                guard same, output >= 0, fstatat(output, path, &info, 0) == 0, Int(info.st_size) == entry.size else {
                                    throw SitegenError(file: folder + "/" + name(), message: "missing, and \(outputPath)/ does not hold it either; merge into the site the shard's --previous named, or build the shard again")
                                }
                                return .previous
                            }
                            let sound = (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) == entry.size
                                && sealed.map { SpareRecord.isBefore(info.st_ctim, $0) } == true
                            if !sound {
                                let bytes = try? ExportLoader.readFile(folder + "/" + name(), inflating: false)
                                let matches = bytes.map { bytes in
                                    withExtendedLifetime(bytes) {
                                        bytes.buffer.count == entry.size && entry.hash == .hash(ContentHash(UnsafeRawBufferPointer(bytes.buffer)))
                                    }
                                } ?? false
                                guard matches else {
                                    throw SitegenError(file: folder + "/" + name(), message: "does not match the shard's manifest (changed after the build?); build the shard again")
                                }
                                read += 1
                            }
                            // Already published as it is (`Publication.note`): the switch carries it over.
                            if same, output >= 0, fstatat(output, path, &info, 0) == 0, Int(info.st_size) == entry.size { return .published }
                            guard stage >= 0, let staging else { return .linked }
                            let parent = PathNames.parentCount(bytes)
                            if parent > 0 && made.insert(SiteExchange.key(UnsafeRawBufferPointer(rebasing: bytes[..<parent]))).inserted {
                                do {
                                    try folderMaker?.make(parentOf: name())
                                } catch {
                                    // The other thread made it meanwhile (a file of the spare stood in the way).
                                    let folder = UnsafeRawBufferPointer(rebasing: bytes[..<parent])
                                    guard PathNames.withCString(folder, { fstatat(stage, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0,
                                          (info.st_mode & S_IFMT) == S_IFDIR else { throw error }
                                }
                            }
                            try Interruption.check()
                            faults.step()
                            if linkat(root, path, stage, path, 0) != 0 {
                                // Something in the way (the spare's file), or no hard links here: as `stage(linking:)` did.
                                try SiteWriter.linkFile(folder + "/" + name(), staging + "/" + name(), shown: outputPath + "/" + name())
                            }
                            return .linked
                        }
                    }
                }
                return Part(kinds: kinds, read: read)
            }
        }
    }

    /// Notes the shards' files in the new manifest once the linker is done (see `ShardLinker`).
    static func stageShards(_ shards: ShardFolders, linker: ShardLinker, outlet: inout Outlet, files: inout Int, read: inout Int) throws {
        let outcome = try linker.outcome()
        for (manifest, kinds) in zip(shards.manifests, outcome.kinds) {
            try manifest.forEachPath { bytes, i in
                switch kinds[i] {
                case .none: return
                case .linked: try outlet.noteLinked(bytes, entry: manifest[entry: i], staged: true)
                case .published: try outlet.noteLinked(bytes, entry: manifest[entry: i], staged: false)
                case .previous: try outlet.stage([RenderedFile(path: String(decoding: bytes, as: UTF8.self), bytes: nil)])
                }
                files += 1
            }
        }
        read = outcome.read
    }
}
