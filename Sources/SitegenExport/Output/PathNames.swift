/// The folder and last name of a slash-separated path, as `NSString`'s
/// `deletingLastPathComponent` and `lastPathComponent` give them. Not those: the
/// Foundation of Swift 6.3 on Linux traps on a path of one character (`"p"`), which
/// the writer meets when it removes the last page under `p/`.
///
/// Paths are read as bytes (a file system's view, `/` is one byte): the switch takes the
/// folder of every path of three manifests (docs/performance.md).
package enum PathNames {
    /// `"a/b/c"` → `"a/b"`, `"a"` → `""`, `"/a"` → `"/"`, `"a/b/"` → `"a"`.
    package static func parent(_ path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[..<parentCount(UnsafeRawBufferPointer(bytes))]), as: UTF8.self)
        }
    }

    /// `parent` of a path's bytes: its first bytes.
    @inlinable
    package static func parent(of path: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: path[..<parentCount(path)])
    }

    /// The length of `parent` of `path`, which is that many of its first bytes.
    @inlinable
    package static func parentCount(_ path: UnsafeRawBufferPointer) -> Int {
        let slash = UInt8(ascii: "/")
        var end = path.count
        while end > 1 && path[end - 1] == slash { end -= 1 }
        var i = end - 1
        while i >= 0 && path[i] != slash { i -= 1 }
        if i < 0 { return 0 }
        if i == 0 { return 1 }
        var folderEnd = i
        while folderEnd > 1 && path[folderEnd - 1] == slash { folderEnd -= 1 }
        return folderEnd
    }

    /// `"a/b/c"` → `"c"`, `"a/b/"` → `"b"`, `"a"` → `"a"`.
    package static func name(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return String(p) }
        return String(p[p.index(after: slash)...])
    }

    /// Calls `body` with `path` as a C string (for the calls that take a path).
    @inlinable
    package static func withCString<T>(_ path: UnsafeRawBufferPointer, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try withUnsafeTemporaryAllocation(of: CChar.self, capacity: path.count + 1) { buffer in
            if let base = path.baseAddress, !path.isEmpty {
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: base, byteCount: path.count)
            }
            buffer[path.count] = 0
            return try body(buffer.baseAddress!)
        }
    }
}
