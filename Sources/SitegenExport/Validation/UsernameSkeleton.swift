import CSkeleton

/// Usernames a reader cannot tell apart (docs/audit-rules.md, `username_confusable`): the
/// same after case folding, removing invisible characters (Unicode's default ignorable
/// code points: zero-width spaces and joiners, bidi controls, soft hyphens) and mapping
/// each character to its prototype by UTS #39's confusables table (`аlice` with a
/// Cyrillic а, `ali\u{200B}ce` and `alice` have one skeleton). The table and the mapping
/// are ICU's spoof checker, in the ICU that Swift's Foundation ships (CSkeleton).
enum UsernameSkeleton {
    /// The skeleton of `name`; the folded, visible name where ICU cannot give one.
    static func of(_ name: String) -> String {
        var visible = String.UnicodeScalarView()
        for scalar in ExportIndex.fold(name).unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint {
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
