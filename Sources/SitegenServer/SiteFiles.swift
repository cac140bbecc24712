import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a request path leads in a built site: a file to send, a redirect, or nothing.
/// Nothing outside the site folder is ever reached: `.` and `..` segments (plain or
/// percent-encoded), encoded slashes and NUL bytes are refused, and a path whose real
/// location (symlinks resolved) is outside the folder is not found. Dot-files (such as
/// `.sitegen-manifest`) are not served. A redirect never leaves the site: its location is
/// the base path and the request's decoded segments, each percent-encoded again, so it
/// starts with exactly one `/` (never `//` or `/\`, which a browser reads as another host).
public struct SiteFiles: Sendable {
    public enum Resolution: Equatable, Sendable {
        /// The file to send (a real path inside the folder).
        case file(String)
        /// A folder asked for without its trailing slash: where to send the client.
        case redirect(String)
        case notFound
        case badRequest
    }

    /// The site folder, symlinks resolved.
    public let root: String
    /// The URL path the site is served under: "/" or, e.g., "/profiles/".
    public let basePath: String

    /// Nil when `folder` does not exist or is not a folder.
    public init?(folder: String, basePath: String = "/") {
        guard let real = SiteFiles.realPath(folder), SiteFiles.isFolder(real) else { return nil }
        root = real
        self.basePath = SiteFiles.normalizedBasePath(basePath)
    }

    /// "profiles", "/profiles" and "/profiles/" all mean "/profiles/".
    public static func normalizedBasePath(_ path: String) -> String {
        let inner = path.split(separator: "/").joined(separator: "/")
        return inner.isEmpty ? "/" : "/\(inner)/"
    }

    /// The file or redirect for a request's path (percent-encoded, without the query).
    public func resolve(_ rawPath: String) -> Resolution {
        guard rawPath.hasPrefix("/") else { return .badRequest }
        // A run of slashes is one: "//u/ana" is "/u/ana" ("//u/ana/" in a Location is the host "u").
        let path = SiteFiles.collapsingSlashes(rawPath)
        guard path.hasPrefix(basePath) else {
            // "/profiles" and "/" lead to the site; anything else is not ours.
            return path + "/" == basePath || path == "/" ? .redirect(basePath) : .notFound
        }
        let rest = path.dropFirst(basePath.count)
        let wantsFolder = rest.isEmpty || rest.hasSuffix("/")
        var segments: [String] = []
        for raw in rest.split(separator: "/") {
            guard let segment = String(raw).removingPercentEncoding else { return .badRequest }
            if segment == "." || segment == ".." || segment.contains("/") || segment.contains("\u{0}") { return .badRequest }
            if segment.hasPrefix(".") { return .notFound }
            segments.append(segment)
        }
        let file = segments.isEmpty ? root : root + "/" + segments.joined(separator: "/")
        guard let real = inside(file) else { return .notFound }
        if SiteFiles.isFolder(real) {
            // Built from the decoded segments, not echoed: nothing the request spells
            // (`\`, `%5C`, a raw byte) reaches the Location as it was written.
            guard wantsFolder else { return .redirect(basePath + segments.map(SiteFiles.encoded).joined(separator: "/") + "/") }
            guard let index = inside(real + "/index.html"), SiteFiles.isRegularFile(index) else { return .notFound }
            return .file(index)
        }
        guard !wantsFolder, SiteFiles.isRegularFile(real) else { return .notFound }
        return .file(real)
    }

    /// `path` with every run of `/` made one.
    static func collapsingSlashes(_ path: String) -> String {
        guard path.contains("//") else { return path }
        var out = ""
        out.reserveCapacity(path.utf8.count)
        var previousSlash = false
        for c in path {
            if c == "/" && previousSlash { continue }
            previousSlash = c == "/"
            out.append(c)
        }
        return out
    }

    /// A decoded path segment percent-encoded for a Location: RFC 3986's `pchar` (letters,
    /// digits, `-._~`, sub-delimiters, `:` and `@`) as they are, every other byte of its
    /// UTF-8 (`\`, `%`, `?`, `#`, spaces, controls, non-ASCII) as `%XX`.
    static func encoded(_ segment: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
                 UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
                 UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
                 UInt8(ascii: ":"), UInt8(ascii: "@"):
                out.append(byte)
            default:
                out.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The site's own 404 page, when it has one.
    public var notFoundPage: String? {
        guard let page = inside(root + "/404.html"), SiteFiles.isRegularFile(page) else { return nil }
        return page
    }

    /// The real path of `path` when it exists and lies inside the folder.
    private func inside(_ path: String) -> String? {
        guard let real = SiteFiles.realPath(path) else { return nil }
        return real == root || real.hasPrefix(root == "/" ? "/" : root + "/") ? real : nil
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isFolder(_ path: String) -> Bool {
        var s = stat()
        return stat(path, &s) == 0 && (s.st_mode & S_IFMT) == S_IFDIR
    }

    static func isRegularFile(_ path: String) -> Bool {
        var s = stat()
        return stat(path, &s) == 0 && (s.st_mode & S_IFMT) == S_IFREG
    }

    // MARK: - Content types

    static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "xml": "application/xml; charset=utf-8",
        "webmanifest": "application/manifest+json",
        "txt": "text/plain; charset=utf-8",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "png": "image/png",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "svg": "image/svg+xml",
        "ico": "image/x-icon",
        "woff2": "font/woff2",
        "woff": "font/woff",
        "mp4": "video/mp4",
        "webm": "video/webm",
    ]

    /// The Content-Type for a file, from its extension.
    public static func contentType(of path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
        return contentTypes[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
