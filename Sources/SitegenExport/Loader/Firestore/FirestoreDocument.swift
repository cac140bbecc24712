/// A Firestore value, as every reader of a Firestore export gives it (docs/firestore.md).
indirect enum FirestoreValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    /// Microseconds since 1970, as the managed export keeps a timestamp.
    case timestamp(microseconds: Int64)
    case bytes([UInt8])
    case geoPoint(latitude: Double, longitude: Double)
    /// The referenced document's path elements (collection, id, collection, id, …).
    case reference([String])
    case map([FirestoreField])
    case array([FirestoreValue])
}

/// One field of a document or a map.
struct FirestoreField: Equatable {
    var name: String
    var value: FirestoreValue
}

/// One document: its path elements (collection id, document id, subcollection id,
/// document id, …) and its fields.
struct FirestoreDocument {
    var path: [String]
    var fields: [FirestoreField]
}

/// What one document of a Firestore export may hold before it is refused as corrupt
/// (docs/robustness.md). Each is checked where the reader would otherwise go deeper or
/// copy more, so no input can deepen a recursion or grow a page past them.
enum FirestoreLimits {
    /// Maps and arrays nested in one field. Firestore allows 20; with the path's levels the
    /// tree stays within the JSON reader's 512.
    static let valueDepth = 64
    /// Elements of a document's path (collection and id alternate): Firestore allows 100
    /// levels of subcollections.
    static let pathElements = 200
    /// A string's bytes, as the JSON reader allows (a Firestore document is at most 1 MiB).
    static var stringBytes: Int { JSONParser.maxStringBytes }
    /// A document id's, a collection id's or a field name's bytes: Firestore's limit.
    static let nameBytes = 1500
    /// A key's bytes in the tree: a name percent-encoded (`FirestoreNames.key`), each byte
    /// as three at most.
    static let keyBytes = 3 * nameBytes
    /// Whether `meaning` is one a managed export's values are read with (EntityProto.swift):
    /// none (0), a timestamp (7), a GeoPoint (9), bytes (14, 16), text (15), a map (19), an
    /// empty array (24). Any other is read by its value's type, with a warning. A bit mask:
    /// asked once per property, on the fast path too.
    @inline(__always) static func knows(meaning: UInt64) -> Bool {
        meaning < 64 && (knownMeanings >> meaning) & 1 == 1
    }

    private static let knownMeanings: UInt64 = 1 << 0 | 1 << 7 | 1 << 9 | 1 << 14 | 1 << 15 | 1 << 16 | 1 << 19 | 1 << 24
}
