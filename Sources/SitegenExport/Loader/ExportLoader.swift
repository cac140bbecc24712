#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an export file, parses it, detects its dialect and reads its schema (which
/// spellings it uses, with `[schema]`'s mapping).
public enum ExportLoader {
    /// The readers of the formats an export may be in (ExportFormat.swift), asked in
    /// order: the first that recognizes the input reads it.
    static let readers: [any ExportFormatReader.Type] = [
        ManagedExportReader.self, FirestoreJSONReader.self, RealtimeDatabaseReader.self,
    ]

    /// Loads the export at `path`: a Realtime Database export (JSON, or gzip-compressed
    /// JSON), or a Firestore export (a managed export folder, an emulator's export
    /// folder, a JSON tree of the community tools), read into the one model. Throws
    /// `SitegenError` naming the file and, for syntax errors, the line and column.
    /// `mapping` is sitegen.toml's `[schema]`; its dialect is overridden by `dialect`
    /// when that is given.
    public static func load(path: String, dialect forced: Dialect? = nil, mapping: Schema.Mapping = Schema.Mapping()) throws(SitegenError) -> Export {
        let input: ExportInput
        if isFolder(path) {
            input = .folder(path)
            _ = try ManagedExportReader.locate(path)
        } else {
            let file = try readFile(path)
            do {
                input = .json(try JSONDocument.parse(file))
            } catch {
                // A Firestore JSON tree may hold ids and names Realtime Database keys cannot
                // (`users/ana@x.com`, 1,500 bytes): read again allowing them, and taken only
                // if it is one.
                if error.isFirestoreKey, let tree = try? JSONDocument.parse(file, firestoreKeys: true),
                   FirestoreJSONReader.recognizes(.json(tree)) {
                    return try export(.json(tree), path: path, dialect: forced, mapping: mapping)
                }
                throw SitegenError(file: path, message: (error.isSyntax ? "invalid JSON: " : "not a Firebase export: ") + error.message, line: error.line, column: error.column)
            }
        }
        return try export(input, path: path, dialect: forced, mapping: mapping)
    }

    /// Loads an export held in memory (`name` stands for its file in messages).
    public static func load(bytes: [UInt8], name: String, dialect forced: Dialect? = nil,
                            mapping: Schema.Mapping = Schema.Mapping()) throws(SitegenError) -> Export {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes)
        } catch {
            throw SitegenError(file: name, message: (error.isSyntax ? "invalid JSON: " : "not a Firebase export: ") + error.message, line: error.line, column: error.column)
        }
        return try export(.json(document), path: name, dialect: forced, mapping: mapping)
    }

    /// Loads Firestore documents held in memory, each the bytes of one record of a managed
    /// export's `output-N` file (an `EntityProto`), as if they were one export's: the fuzz
    /// target's way into the managed export's decoding (`scripts/fuzz`).
    package static func load(firestoreRecords records: [[UInt8]], name: String) throws(SitegenError) -> Export {
        let tree = try ManagedExportReader.read(records: records, path: name)
        return try export(tree, reader: ManagedExportReader.name, path: name, dialect: nil, mapping: Schema.Mapping())
    }

    private static func export(_ input: ExportInput, path: String, dialect forced: Dialect?,
                               mapping: Schema.Mapping) throws(SitegenError) -> Export {
        guard let reader = readers.first(where: { $0.recognizes(input) }) else {
            throw SitegenError(file: path, message: "not an export")
        }
        return try export(try reader.read(input, path: path), reader: reader.name, path: path, dialect: forced, mapping: mapping)
    }

    private static func export(_ tree: ExportTree, reader: String, path: String, dialect forced: Dialect?,
                               mapping: Schema.Mapping) throws(SitegenError) -> Export {
        let document: JSONDocument
        if let read = tree.document {
            document = read
        } else {
            do {
                document = try JSONDocument.parse(tree.file!)
            } catch {
                throw ExportTree.invalid(error, reader: reader, path: path)
            }
        }
        let root = document.root
        if !document.isObject(root) && !document.isNull(root) {
            let kind = document.kind(root)
            throw SitegenError(file: path, message: "the root is \(article(kind)), not an object: not a Firebase export")
        }
        // A Realtime Database kept under one child of the root is read from there.
        if tree.firestore == nil, let child = DatabaseWrapper.child(of: document) {
            document.descend(to: child.node, key: child.key)
        }
        let dialect = forced ?? mapping.dialect ?? detectDialect(document, mapping: mapping, firestore: tree.firestore != nil)
        // A mapping that names no dialect was checked without one: a name that clashes only
        // in the dialect detected (`comment_count = "comments"` where posts keep their
        // comments under that name) is refused now.
        if mapping.dialect == nil, let conflict = mapping.conflict(in: dialect) {
            throw SitegenError(file: path, message: "[schema] in the \(dialect.rawValue) dialect: \(conflict)")
        }
        return Export(path: path, document: document, schema: Schema.read(document, dialect: dialect, mapping: mapping),
                      firestore: tree.firestore)
    }

    /// Whether `path` names a folder (a Firestore export's).
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Reads the whole file into a buffer padded for the parser. A path ending in `.gz` is
    /// a gzip-compressed export (a Firebase backup): its decompressed bytes are returned,
    /// unless `inflating` is false (the compressed bytes, as on disk).
    package static func readFile(_ path: String, inflating: Bool = true) throws(SitegenError) -> FileBytes {
        let fd = open(path, O_RDONLY)
        if fd < 0 { throw SitegenError(file: path, message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw SitegenError(file: path, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw SitegenError(file: path, message: "is a directory, not an export file")
        }
        if inflating && isGzip(path) {
            do {
                return try FileBytes.inflate(fd, compressedSize: Int(info.st_size))
            } catch {
                throw SitegenError(file: path, message: error.message)
            }
        }
        do {
            return try FileBytes.read(fd, size: Int(info.st_size))
        } catch {
            throw SitegenError(file: path, message: "cannot read: \(String(cString: strerror(error.code)))")
        }
    }

    /// Whether the export at `path` is (or, written, will be) gzip-compressed: its name ends in `.gz`.
    package static func isGzip(_ path: String) -> Bool { path.hasSuffix(".gz") }

    /// The timeline dialect has `images`, users with `follows`, posts keyed directly by push id
    /// carrying a `username`; makestagram nests posts under uids and has the edge trees.
    /// Each dialect's names (with `mapping`'s) say which fields vote for it. A Firestore
    /// database is read as makestagram unless it has the timeline tutorial's `images`: that
    /// tutorial is a Realtime Database one (a photo is an id into `images`), and the
    /// Firestore apps whose users hold `follows` or whose posts hold `likes` and `comments`
    /// lists keep them as makestagram's roles, which `inspect` maps (docs/firestore.md).
    static func detectDialect(_ d: JSONDocument, mapping: Schema.Mapping = Schema.Mapping(), firestore: Bool = false) -> Dialect {
        let sampleSize = 256
        let root = d.root
        guard d.isObject(root) else { return .makestagram }
        let makestagram = Schema(dialect: .makestagram, mapping: mapping), timeline = Schema(dialect: .timeline, mapping: mapping)
        func has(_ node: Int32, _ schema: Schema, _ fields: [Schema.Field]) -> Bool {
            fields.contains { d.member(node, schema.names($0)) != nil }
        }
        if let images = d.member(root, timeline.name(.images)), holdsPhotoData(d.value(images), in: d) { return .timeline }
        if firestore { return .makestagram }
        for node: Schema.Node in [.followers, .following, .postLikes, .timeline, .comments, .userPosts] {
            for name in mapping.candidates(node, .makestagram) {
                if let place = Schema.Place(mapped: name), place.isRoot, d.member(d.root, place.root) != nil { return .makestagram }
            }
        }
        if let users = d.member(root, makestagram.name(.users)), d.isContainer(users) {
            var votes = 0
            for u in d.children(users).prefix(sampleSize) {
                if has(u, timeline, [.follows]) { votes += 1 }
                if has(u, makestagram, [.postCount, .followerCount, .followingCount]) { votes -= 1 }
            }
            if votes != 0 { return votes > 0 ? .timeline : .makestagram }
        }
        if let posts = d.member(root, makestagram.name(.posts)), d.isContainer(posts) {
            var votes = 0
            for p in d.children(posts).prefix(sampleSize) {
                // The timeline dialect's posts name their owner by `username`: a post with
                // likes and comments inside but no username is a flat makestagram post
                // (tiendat's `posts/<key>: {uid, postImage, likes, comments}`).
                if has(p, timeline, [.username]) && has(p, timeline, [.imageEndpoint, .likes, .comments]) { votes += 1 }
                if has(p, makestagram, [.imageURL, .createdAt, .poster, .postOwner]) { votes -= 1 }
                // The timeline dialect's photo is an id into `images`, never a URL: a post whose
                // `image` is one is a makestagram post that keeps its likes and comments in it
                // (the React tutorials' posts with no users node).
                if let image = d.member(p, timeline.names(.imageEndpoint) + makestagram.names(.imageURL)),
                   let url = d.string(d.value(image)), SafeURL.isHTTP(url) { votes -= 2 }
            }
            if votes > 0 { return .timeline }
        }
        return .makestagram
    }

    /// Whether a root named `images` is the timeline tutorial's: photos as text (base64)
    /// keyed by id, in most of the entries sampled. A root of records (`images/avatars/<id>:
    /// {downloadUrl, userId}`, an app's own catalogue of uploads) votes for neither dialect.
    private static func holdsPhotoData(_ images: Int32, in d: JSONDocument) -> Bool {
        guard d.isContainer(images) else { return true }
        var text = 0, other = 0
        d.forEachChild(images) { child in
            guard text + other < 64 else { return }
            if d.isString(d.value(child)) { text += 1 } else if !d.isNull(d.value(child)) { other += 1 }
        }
        return text >= other
    }

    private static func article(_ kind: JSONKind) -> String {
        switch kind {
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .object: return "an object"
        }
    }
}
