import CSkeleton

/// Usernames a reader cannot tell apart (docs/audit-rules.md, `username_confusable`): the
/// same after case folding, removing invisible characters (Unicode's default ignorable
/// code points: zero-width spaces and joiners, bidi controls, soft hyphens) and mapping
/// each character to its prototype by UTS #39's confusables table (`аlice` with a
/// Cyrillic а, `ali\u{200B}ce` and `alice` have one skeleton). The table and the mapping
/// are ICU's spoof checker, in the ICU that Swift's Foundation ships (CSkeleton).
///
/// Most usernames are ASCII: theirs is made from a table of each ASCII character's
/// skeleton, asked of ICU once (`asciiTable`), so an audit makes no ICU call per such
/// user. For ASCII the skeleton is character by character (no normalization joins two
/// ASCII characters; the test compares the two ways on every pair of characters).
enum UsernameSkeleton {
    /// The skeleton of `name`; the folded, visible name where ICU cannot give one.
    static func of(_ name: String) -> String { of(folded: ExportIndex.fold(name)) }

    /// The skeleton of a name already case-folded (`ExportIndex.fold`).
    static func of(folded: String) -> String {
        if let table = asciiTable, folded.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var out = ""
            out.reserveCapacity(folded.utf8.count)
            for b in folded.utf8 { out += table[Int(b) - 0x20] }
            return out
        }
        return icu(folded)
    }

    /// Each printable ASCII character's skeleton (0x20 to 0x7E), from ICU; nil where ICU
    /// gives none, so that every name goes to it.
    static let asciiTable: [String]? = {
        var table: [String] = []
        for b in UInt8(0x20)..<0x7F {
            let c = String(UnicodeScalar(b))
            let s = icu(c)
            if s.isEmpty && b != 0x20 { return nil }
            table.append(s)
        }
        return table
    }()

    /// The skeleton from ICU of a folded name, its invisible characters removed first.
    static func icu(_ folded: String) -> String {
        var visible = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint {
            visible.append(scalar)
        }
        var text = String(visible)
        return text.withUTF8 { bytes -> String in
            let length = Int32(clamping: bytes.count)
            var capacity = max(16, bytes.count * 2)
            while true {
                let base = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
                let skeleton: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { out in
                    let n = sitegen_skeleton(base, length, out.baseAddress, Int32(capacity))
                    if n < 0 { return String(decoding: bytes, as: UTF8.self) }
                    if Int(n) > capacity {
                        capacity = Int(n)
                        return nil
                    }
                    return String(decoding: UnsafeRawBufferPointer(start: out.baseAddress, count: Int(n)), as: UTF8.self)
                }
                if let skeleton { return skeleton }
            }
        }
    }
}
