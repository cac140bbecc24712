/// What an export path holds, as the readers look at it: a folder, or a parsed JSON file.
enum ExportInput {
    case folder(String)
    case json(JSONDocument)
}

/// The one model's tree, as a reader gives it: the JSON text of the tree (padded for the
/// parser) or the document itself, and for a Firestore export what its tree does not say.
struct ExportTree {
    var file: FileBytes?
    var document: JSONDocument?
    var firestore: FirestoreLayout?

    init(file: FileBytes, firestore: FirestoreLayout?) {
        self.file = file
        self.firestore = firestore
    }

    init(document: JSONDocument, firestore: FirestoreLayout? = nil) {
        self.document = document
        self.firestore = firestore
    }

    /// The error of a tree that `reader`'s input does not make (a name twice in one object).
    static func invalid(_ error: JSONSyntaxError, reader: String, path: String) -> SitegenError {
        SitegenError(file: path, message: "\(reader) whose tree is not valid: \(error.message) (offset \(error.offset))")
    }
}

/// A reader of one format of export. Each gives the one model (docs/firestore.md: a
/// Firestore database is read as a tree shaped like a Realtime Database export), so a
/// new format is a new reader in `ExportLoader.readers`, nothing else.
protocol ExportFormatReader: Sendable {
    /// The format's name, for messages.
    static var name: String { get }
    /// Whether the input is in this format (detected from what is there).
    static func recognizes(_ input: ExportInput) -> Bool
    /// The tree; errors name `path`.
    static func read(_ input: ExportInput, path: String) throws(SitegenError) -> ExportTree
}

/// A Realtime Database export: the JSON is the tree.
enum RealtimeDatabaseReader: ExportFormatReader {
    static let name = "a Realtime Database export"
    static func recognizes(_ input: ExportInput) -> Bool {
        if case .json = input { return true }
        return false
    }
    static func read(_ input: ExportInput, path: String) throws(SitegenError) -> ExportTree {
        guard case let .json(document) = input else { throw SitegenError(file: path, message: "is a directory, not an export file") }
        return ExportTree(document: document)
    }
}
