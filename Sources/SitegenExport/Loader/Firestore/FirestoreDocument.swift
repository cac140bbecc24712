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
