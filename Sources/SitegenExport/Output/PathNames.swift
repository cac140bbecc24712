/// The folder and last name of a slash-separated path, as `NSString`'s
/// `deletingLastPathComponent` and `lastPathComponent` give them. Not those: the
/// Foundation of Swift 6.3 on Linux traps on a path of one character (`"p"`), which
/// the writer meets when it removes the last page under `p/`.
package enum PathNames {
    /// `"a/b/c"` → `"a/b"`, `"a"` → `""`, `"/a"` → `"/"`, `"a/b/"` → `"a"`.
    package static func parent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        if slash == p.startIndex { return "/" }
        var folder = p[..<slash]
        while folder.count > 1 && folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }

    /// `"a/b/c"` → `"c"`, `"a/b/"` → `"b"`, `"a"` → `"a"`.
    package static func name(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return String(p) }
        return String(p[p.index(after: slash)...])
    }
}
