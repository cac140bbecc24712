import Foundation

/// Writes a managed Firestore export (the format ManagedExportReader reads; the
/// emulator's and `gcloud firestore export`'s) of a tree: each child of each root node
/// a document (`users/<uid>`), whose fields are its children; objects are maps, arrays
/// arrays, a number with a `.` or an exponent a double. Reading it back gives the tree
/// again (tested), which is what the benchmark needs: the same graph as a Realtime
/// Database export, in Firestore's format (`sitegen sample --firestore`).
public enum ManagedExportWriter {
    /// Output files are cut at about this size, as Google's exports are.
    public static let outputSize = 32 << 20

    /// `outputSize`: where output files are cut (smaller in tests, for many files).
    public static func write(_ document: JSONDocument, project: String, to folder: String, outputSize: Int = outputSize) throws(SitegenError) {
        let name = (folder as NSString).lastPathComponent
        let kinds = folder + "/all_namespaces/all_kinds"
        do {
            try FileManager.default.createDirectory(atPath: kinds, withIntermediateDirectories: true)
        } catch {
            throw SitegenError(file: folder, message: "cannot write: \(error.localizedDescription)")
        }
        var outputs: [String] = []
        var log = LevelDBLogWriter()
        let encoder = EntityEncoder(app: "dev~" + project)
        func flush() throws(SitegenError) {
            let file = "output-\(outputs.count)"
            try save(log.bytes, kinds + "/" + file)
            outputs.append(file)
            log = LevelDBLogWriter()
        }
        let d = document
        if d.isObject(d.root) {
            // In key order, as Google's exports and the emulator's are.
            let byKey = { (a: Int32, b: Int32) in d.key(a).utf8.lexicographicallyPrecedes(d.key(b).utf8) }
            for collection in d.children(d.root).sorted(by: byKey) where d.isContainer(collection) {
                let c = d.key(collection)
                for record in d.children(collection).sorted(by: byKey) where d.isObject(record) {
                    log.append(encoder.entity(d, record, path: [c, d.key(record)]))
                    if log.bytes.count >= outputSize { try flush() }
                }
            }
        }
        if !log.bytes.isEmpty || outputs.isEmpty { try flush() }
        // all_namespaces_all_kinds.export_metadata: field 2 repeated, each naming a file in its field 2.
        var metadata: [UInt8] = []
        for file in outputs {
            var entry: [UInt8] = [0x0A, 0x00]
            EntityEncoder.bytesField(2, Array(file.utf8), into: &entry)
            EntityEncoder.bytesField(2, entry, into: &metadata)
        }
        try save(metadata, kinds + "/all_namespaces_all_kinds.export_metadata")
        // The overall metadata: a log of a version record and a pointer to the above.
        var pointer: [UInt8] = []
        EntityEncoder.bytesField(2, Array("all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata".utf8), into: &pointer)
        var overall: [UInt8] = []
        EntityEncoder.bytesField(1, pointer, into: &overall)
        var overallLog = LevelDBLogWriter()
        overallLog.append([0x33])
        overallLog.append(overall)
        try save(overallLog.bytes, folder + "/" + name + ".overall_export_metadata")
    }

    private static func save(_ bytes: [UInt8], _ path: String) throws(SitegenError) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw SitegenError(file: path, message: "cannot write")
        }
    }
}

/// Encodes documents as `EntityProto` records (the fields EntityProto.swift reads).
struct EntityEncoder {
    let app: [UInt8]

    init(app: String) { self.app = Array(app.utf8) }

    func entity(_ d: JSONDocument, _ record: Int32, path: [String]) -> [UInt8] {
        var out: [UInt8] = []
        var pathMessage: [UInt8] = []
        for i in stride(from: 0, to: path.count, by: 2) {
            var element: [UInt8] = []
            Self.bytesField(2, Array(path[i].utf8), into: &element)
            Self.bytesField(4, Array(path[i + 1].utf8), into: &element)
            pathMessage.append(0x0B)
            pathMessage += element
            pathMessage.append(0x0C)
        }
        var key: [UInt8] = []
        Self.bytesField(13, app, into: &key)
        Self.bytesField(14, pathMessage, into: &key)
        Self.bytesField(13, key, into: &out)
        properties(d, record, into: &out)
        Self.bytesField(16, pathMessage, into: &out)
        return out
    }

    private func properties(_ d: JSONDocument, _ node: Int32, into out: inout [UInt8]) {
        d.forEachChild(node) { field in
            let name = Array(d.key(field).utf8)
            if d.isArray(field) {
                let elements = d.children(field)
                if elements.isEmpty {
                    Self.bytesField(14, property(name: name, meaning: 24, multiple: false, value: []), into: &out)
                }
                for e in elements {
                    let (meaning, value) = self.value(d, e)
                    Self.bytesField(15, property(name: name, meaning: meaning, multiple: true, value: value), into: &out)
                }
            } else {
                let (meaning, value) = self.value(d, field)
                Self.bytesField(15, property(name: name, meaning: meaning, multiple: false, value: value), into: &out)
            }
        }
    }

    private func property(name: [UInt8], meaning: UInt64, multiple: Bool, value: [UInt8]) -> [UInt8] {
        var p: [UInt8] = []
        if meaning != 0 { p.append(0x08); Self.varint(meaning, into: &p) }
        Self.bytesField(3, name, into: &p)
        p += [0x20, multiple ? 1 : 0]
        Self.bytesField(5, value, into: &p)
        return p
    }

    /// A value's meaning and `PropertyValue` bytes.
    private func value(_ d: JSONDocument, _ node: Int32) -> (UInt64, [UInt8]) {
        var v: [UInt8] = []
        switch d.kind(node) {
        case .null: return (0, [])
        case .bool:
            v = [0x10, d.bytes[d.nodes[Int(node)].start] == UInt8(ascii: "t") ? 1 : 0]
        case .string:
            Self.bytesField(3, Array((d.string(node) ?? "").utf8), into: &v)
        case .number:
            let text = d.rawText(node)
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let i = Int64(text) {
                v.append(0x08)
                Self.varint(UInt64(bitPattern: i), into: &v)
            } else {
                v.append(0x21)
                let bits = (Double(text) ?? 0).bitPattern
                for k in 0..<8 { v.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(k)))) }
            }
        case .object, .array:
            // A map (an array inside an array is not a Firestore value: written as a map by index).
            var nested: [UInt8] = [0x6A, 0x04, 0x6A, 0x00, 0x72, 0x00]
            properties(d, node, into: &nested)
            nested += [0x82, 0x01, 0x00]
            Self.bytesField(3, nested, into: &v)
            return (19, v)
        }
        return (0, v)
    }

    static func varint(_ value: UInt64, into out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    static func bytesField(_ field: UInt64, _ bytes: [UInt8], into out: inout [UInt8]) {
        varint(field << 3 | 2, into: &out)
        varint(UInt64(bytes.count), into: &out)
        out += bytes
    }
}
