/// One change the repair makes to the export. Paths are slash-separated keys, as
/// in findings and in a Firebase multi-path update.
public enum RepairEdit: Sendable {
    /// Delete the member (or array element) at `node`.
    case remove(node: Int32, path: String)
    /// Replace the value at `node` with `text` (JSON).
    case set(node: Int32, path: String, text: String)
    /// Insert `text` below the existing node `under`, at the keys `keys` (the first
    /// ones may not exist yet and are created).
    case add(under: Int32, keys: [String], path: String, text: String)

    public var path: String {
        switch self {
        case let .remove(_, path), let .set(_, path, _), let .add(_, _, path, _): return path
        }
    }

    /// The edit with `prefix` before its path (`Finding.prefixed`).
    func prefixed(_ prefix: String) -> RepairEdit {
        switch self {
        case let .remove(node, path): return .remove(node: node, path: prefix + path)
        case let .set(node, path, text): return .set(node: node, path: prefix + path, text: text)
        case let .add(under, keys, path, text): return .add(under: under, keys: keys, path: prefix + path, text: text)
        }
    }

    /// The value this edit writes in a Firebase update: `null` for a removal.
    public var patchValue: String {
        switch self {
        case .remove: return "null"
        case let .set(_, _, text), let .add(_, _, _, text): return text
        }
    }
}
