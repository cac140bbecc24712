import Foundation

/// What the tree of a Firestore export does not say and a Firestore write needs
/// (docs/firestore.md): where documents and collections are, which nodes were arrays,
/// what the references point into, and the project. Kept by pattern (each document id
/// a `*`), so it stays small however many documents the export holds.
public struct FirestoreLayout: Sendable {
    /// The format the export was read from.
    public var format: String
    /// The project named by the export's keys (`dev~P`, `s~P`), if any.
    public var project: String?
    /// Every collection's path pattern: `users`, `posts/*/comments`.
    public var collections: Set<String> = []
    /// Array fields kept as sets of their values, by pattern (`users/*/followers`).
    public var idArrays: [String: IDArray] = [:]
    /// Fields that share their name with a subcollection of their collection's
    /// documents, by pattern as the tree keys them (`posts/*/comments%`): the
    /// subcollection is the node of the name, the field is its document's member under
    /// `FirestoreNames.shadowedFieldKey` (docs/firestore.md, "One tree").
    public var shadowedFields: Set<String> = []
    /// Fields whose values the tree writes as another JSON type than Firestore's (a
    /// timestamp as seconds, bytes as base64, a GeoPoint as a map, a reference as the
    /// id), by pattern (`posts/*/userPosts/*/timestamp`): a repair that writes such a field
    /// (a copy of a post) writes it as Firestore's type again.
    public var valueTypes: [String: ValueType] = [:]

    /// A Firestore value type the tree writes as plain JSON.
    public enum ValueType: Sendable, Equatable {
        case timestamp, bytes, geoPoint
        /// A reference into the collection at this path (`users`).
        case reference(parent: String)
    }

    /// How many documents the export holds.
    public var documentCount = 0
    /// How many documents each collection pattern holds.
    public var documentsPerCollection: [String: Int] = [:]
    /// What was read but not understood (a value of an unknown meaning or datatype), one
    /// line each naming the file, the offset and the document: printed as warnings.
    public var warnings: [String] = []

    /// An array of ids: plain strings, or references into a collection.
    public struct IDArray: Sendable, Equatable {
        /// For references: the referenced documents' parent path (`users`), as in the
        /// first element seen.
        public var referenceParent: String?
    }

    public init(format: String) { self.format = format }

    /// What `sitegen inspect` says of a Firestore export beside the tree's report: its
    /// collections and subcollections, the fields read as sets of ids, the names a field
    /// and a subcollection share.
    public func summary(roles: [(role: String, path: String)] = []) -> String {
        var out = "Firestore \(format)" + (project.map { ", project \($0)" } ?? "") + ": \(documentCount) document\(documentCount == 1 ? "" : "s")\n"
        out += "collections (documents):\n"
        let width = collections.map(\.count).max() ?? 0
        for c in collections.sorted() {
            let n = documentsPerCollection[c] ?? 0
            out += "  " + c.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(n)\(n == 0 ? " (only as the parent of subcollections)" : "")\n"
        }
        if !idArrays.isEmpty {
            out += "arrays read as sets of ids (an edge or like per element):\n"
            for a in idArrays.keys.sorted() {
                out += "  \(a)" + (idArrays[a]?.referenceParent.map { " (references into \($0))" } ?? "") + "\n"
            }
        }
        var kept: [String] = []
        for (role, path) in roles {
            if collections.contains(path) {
                kept.append("  \(role) = \(path): documents of \(path.contains("*") ? "a subcollection" : "a collection")")
            } else if idArrays[path] != nil {
                kept.append("  \(role) = \(path): an array of ids in each document")
            } else if path.hasSuffix("*") == false, let slash = path.lastIndex(of: "/"), path[..<slash].hasSuffix("/*"),
                      collections.contains(String(path[..<slash].dropLast(2))) {
                kept.append("  \(role) = \(path): a map in each document")
            }
        }
        if !kept.isEmpty { out += "roles kept as:\n" + kept.joined(separator: "\n") + "\n" }
        if !shadowedFields.isEmpty {
            out += "a field and a subcollection share a name (the subcollection is the node; the field is read as <name>%):\n"
            for f in shadowedFields.sorted() { out += "  \(f)\n" }
        }
        return out + "\n"
    }

    /// The value types and arrays of ids noted at the patterns of fields that are keyed
    /// as shadowed (`posts/*/comments`, as the records were read), moved to their keys
    /// (`posts/*/comments%`); those of an array's items (`…/comments/*/at`), which a
    /// subcollection's documents' fields share, are kept at both.
    mutating func renameShadowed(_ fields: [String]) {
        func renamed(_ pattern: String) -> (String, moved: Bool)? {
            for f in fields where pattern == f || pattern.hasPrefix(f + "/") {
                let rest = pattern.dropFirst(f.count)
                return (f + "%" + rest, !(rest == "/*" || rest.hasPrefix("/*/")))
            }
            return nil
        }
        for (pattern, type) in valueTypes {
            guard let (to, moved) = renamed(pattern) else { continue }
            valueTypes[to] = type
            if moved { valueTypes[pattern] = nil }
        }
        for (pattern, ids) in idArrays {
            guard let (to, moved) = renamed(pattern) else { continue }
            idArrays[to] = ids
            if moved { idArrays[pattern] = nil }
        }
    }

    /// The pattern of a tree path: each document id a `*` (`users/u1/followers` gives
    /// `users/*/followers`). The path's elements alternate collection and document
    /// until an element is not a subcollection; field path elements are kept.
    public func pattern(_ elements: [String]) -> (pattern: String, documentDepth: Int) {
        var pattern = ""
        var i = 0
        var documentDepth = 0
        while i < elements.count {
            let collection = pattern.isEmpty ? elements[i] : pattern + "/" + elements[i]
            guard collections.contains(collection) else { break }
            pattern = collection
            if i + 1 < elements.count {
                pattern += "/*"
                documentDepth = i + 2
            }
            i += 2
        }
        if documentDepth == 0 { return (elements.joined(separator: "/"), 0) }
        let rest = elements[documentDepth...]
        return (rest.isEmpty ? pattern : pattern + "/" + rest.joined(separator: "/"), documentDepth)
    }
}
