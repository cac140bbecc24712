import Foundation

/// Reads a managed Firestore export folder (the format `gcloud firestore export` and the
/// emulator write; docs/firestore.md): `<name>.overall_export_metadata` names the
/// `.export_metadata` files, each of which names its `output-N` files; every record of
/// those is a document. Files are read one at a time and let go.
///
/// Only the export is read: the metadata may name only regular files inside the folder
/// given (no absolute path, no `..`, no symbolic link out of it, no FIFO or device), each
/// opened without blocking (`ExportFolder`). An output file that is empty, or metadata
/// naming none, is a corrupt export, never an empty one: read as one, it would empty the
/// site it replaces.
enum ManagedExportReader: ExportFormatReader {
    static let name = "a managed Firestore export"

    static func recognizes(_ input: ExportInput) -> Bool {
        guard case let .folder(path) = input else { return false }
        return (try? locate(path)) != nil
    }

    static func read(_ input: ExportInput, path: String) throws(SitegenError) -> ExportTree {
        guard case let .folder(folder) = input else { throw SitegenError(file: path, message: "not a folder") }
        let overall = try locate(folder)
        let inside = try ExportFolder(folder)
        var files: [String] = []
        for metadata in try metadataFiles(overall, inside: inside) { files += try outputFiles(metadata, inside: inside) }
        let outputs = files
        var tree = FirestoreTree(format: "managed export")
        if outputs.count == 1 {
            try readOutput(outputs[0], into: &tree)
        } else {
            // The output files are decoded in parallel, a tree each, and appended in their
            // order: the first file's fault is the one reported, as if read one by one. A
            // worker decodes the next file while there is one, else indexes (parses) a tree
            // decoded: so the last files' indexing is shared, not left to their decoders.
            let parts = Locked([Result<FirestoreTree, SitegenError>?](repeating: nil, count: outputs.count))
            let jobs = Locked(Jobs(files: outputs.count))
            let workers = max(1, min(outputs.count, ProcessInfo.processInfo.activeProcessorCount))
            parallelFor(workers) { _ in
                while let job = jobs.withLock({ $0.next() }) {
                    switch job {
                    case let .decode(i):
                        var part = FirestoreTree(format: "managed export")
                        let result: Result<FirestoreTree, SitegenError>
                        do throws(SitegenError) {
                            try readOutput(outputs[i], into: &part)
                            result = .success(part)
                        } catch {
                            result = .failure(error)
                        }
                        let decoded = result
                        parts.withLock { $0[i] = decoded }
                        if case .success = decoded { jobs.withLock { $0.decoded.append(i) } }
                    case let .index(i):
                        guard case var .success(part)? = parts.withLock({ parts in
                            defer { parts[i] = nil }
                            return parts[i]
                        }) else { continue }
                        let result: Result<FirestoreTree, SitegenError>
                        do throws(SitegenError) {
                            try part.index()
                            result = .success(part)
                        } catch {
                            result = .failure(error)
                        }
                        parts.withLock { $0[i] = result }
                    }
                }
            }
            var results = parts.withLock { parts in
                let all = parts
                parts = []
                return all
            }
            for i in results.indices {
                guard let result = results[i] else { continue }
                results[i] = nil
                switch result {
                case let .success(part): try tree.append(part)
                case let .failure(error): throw error
                }
            }
        }
        return try tree.exportTree()
    }

    /// The tree of documents held in memory, each one record's bytes (`ExportLoader.load(firestoreRecords:)`).
    static func read(records: [[UInt8]], path: String) throws(SitegenError) -> ExportTree {
        var tree = FirestoreTree(format: "managed export")
        tree.file = path
        tree.sourceUnit = "record"
        for (n, record) in records.enumerated() {
            try record.withUnsafeBufferPointer { (bytes) throws(SitegenError) in try tree.addRecord(bytes, source: n) }
        }
        return try tree.exportTree()
    }

    /// The work of reading many output files: each decoded, then indexed.
    private struct Jobs {
        enum Job {
            case decode(Int)
            case index(Int)
        }

        let files: Int
        var nextFile = 0
        /// Files decoded, not yet indexed.
        var decoded: [Int] = []

        init(files: Int) { self.files = files }

        /// The next file to decode, else a tree to index, else nil (the workers still
        /// decoding index what they decode).
        mutating func next() -> Job? {
            if nextFile < files {
                nextFile += 1
                return .decode(nextFile - 1)
            }
            if !decoded.isEmpty { return .index(decoded.removeFirst()) }
            return nil
        }
    }

    /// The `.overall_export_metadata` file of the export at `folder`: in it, in its
    /// `firestore_export/` (an emulator's export), or in its one subfolder that holds one.
    static func locate(_ folder: String) throws(SitegenError) -> String {
        func overall(in dir: String) -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            return names.filter { $0.hasSuffix(".overall_export_metadata") }.sorted().map { dir + "/" + $0 }
        }
        var found = overall(in: folder)
        if found.isEmpty { found = overall(in: folder + "/firestore_export") }
        if found.isEmpty {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            for name in names {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory), isDirectory.boolValue {
                    found += overall(in: folder + "/" + name)
                }
            }
        }
        guard let first = found.first else {
            throw SitegenError(file: folder, message: "is a directory, not an export file (and holds no Firestore export: no *.overall_export_metadata)")
        }
        guard found.count == 1 else {
            throw SitegenError(file: folder, message: "holds \(found.count) Firestore exports (\(found.map { PathNames.parent($0) }.joined(separator: ", "))): name one")
        }
        return first
    }

    /// The `.export_metadata` files the overall metadata names (a log file whose records
    /// are a version byte and an `OverallExportMetadata`: field 1 repeated, each with the
    /// path in its field 2).
    private static func metadataFiles(_ overall: String, inside: ExportFolder) throws(SitegenError) -> [String] {
        let folder = PathNames.parent(overall)
        var names: [(name: String, offset: Int)] = []
        try forEachRecord(overall) { record, offset throws(SitegenError) in
            guard record.count > 1 else { return }
            var wire = ProtoWire(record)
            do throws(ProtoWire.Fault) {
                while let (field, type) = try wire.tag() {
                    if field == 1 && type == .bytes {
                        var pointer = try wire.message()
                        while let (f, t) = try pointer.tag() {
                            if f == 2 && t == .bytes {
                                names.append((String(decoding: try pointer.bytes(), as: UTF8.self), offset))
                            } else {
                                try pointer.skip(t, field: f)
                            }
                        }
                    } else {
                        try wire.skip(type, field: field)
                    }
                }
            } catch {
                throw SitegenError(file: overall, message: "offset \(offset): \(error.message): not a Firestore export's metadata")
            }
        }
        guard !names.isEmpty else { throw SitegenError(file: overall, message: "names no export metadata: a corrupt Firestore export") }
        var paths: [String] = []
        for (name, offset) in names { paths.append(try inside.file(named: name, in: folder, by: overall, at: offset)) }
        return paths
    }

    /// The `output-N` files an `.export_metadata` file names (a protocol buffer: field 2
    /// repeated, each with the file's name in its field 2).
    private static func outputFiles(_ metadata: String, inside: ExportFolder) throws(SitegenError) -> [String] {
        let folder = PathNames.parent(metadata)
        let file = try inside.read(metadata)
        var names: [(name: String, offset: Int)] = []
        do throws(ProtoWire.Fault) {
            var wire = ProtoWire(file.buffer)
            while !wire.isAtEnd {
                // Each entry is named by where it starts in the file.
                let at = wire.offset
                guard let (field, type) = try wire.tag() else { break }
                if field == 2 && type == .bytes {
                    var entry = try wire.message()
                    while let (f, t) = try entry.tag() {
                        if f == 2 && t == .bytes {
                            names.append((String(decoding: try entry.bytes(), as: UTF8.self), at))
                        } else {
                            try entry.skip(t, field: f)
                        }
                    }
                } else {
                    try wire.skip(type, field: field)
                }
            }
        } catch {
            throw SitegenError(file: metadata, message: "offset \(error.offset): \(error.message): not a Firestore export's metadata")
        }
        withExtendedLifetime(file) {}
        guard !names.isEmpty else { throw SitegenError(file: metadata, message: "names no output file: a corrupt Firestore export") }
        var paths: [String] = []
        for (name, offset) in names { paths.append(try inside.file(named: name, in: folder, by: metadata, at: offset)) }
        return paths
    }

    private static func readOutput(_ path: String, into tree: inout FirestoreTree) throws(SitegenError) {
        tree.file = path
        try forEachRecord(path, refusingEmpty: true) { record, offset throws(SitegenError) in
            try tree.addRecord(record, source: offset)
        } reserving: { size in
            // The tree's text is about as long as the records: reserved once, not grown.
            tree.text.reserveCapacity(tree.text.count + size)
        }
    }

    /// Calls `body` with each record of the log file at `path` (a file the metadata named,
    /// or the overall metadata) and its offset; `reserving` first hears the file's size.
    private static func forEachRecord(_ path: String, refusingEmpty: Bool = false,
                                      _ body: (UnsafeBufferPointer<UInt8>, Int) throws(SitegenError) -> Void,
                                      reserving: (Int) -> Void = { _ in }) throws(SitegenError) {
        let file = try ExportFolder.readRegularFile(path)
        if refusingEmpty && file.count == 0 {
            throw SitegenError(file: path, message: "is empty (0 bytes): a corrupt Firestore export; export the database again")
        }
        reserving(file.count)
        var failure: SitegenError?
        do throws(LevelDBLog.Fault) {
            var log = LevelDBLog(file.buffer)
            try log.forEachRecord { record, offset throws(LevelDBLog.Fault) in
                do throws(SitegenError) {
                    try body(record, offset)
                } catch {
                    failure = error
                    throw LevelDBLog.Fault(offset: offset, message: "")
                }
            }
        } catch {
            if let failure { throw failure }
            throw SitegenError(file: path, message: "offset \(error.offset): \(error.message): a corrupt Firestore export")
        }
        withExtendedLifetime(file) {}
    }
}
