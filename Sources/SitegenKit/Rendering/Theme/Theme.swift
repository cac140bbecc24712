import Foundation
import SitegenExport

/// The files a site is rendered with: templates (`NAME.mustache`) and static files
/// under `assets/`. A build starts from the built-in theme (compiled into the binary
/// from the package's `Templates/`) and lays a templates folder over it file by file,
/// so a user who edits only `profile.mustache` keeps every other built-in file.
public struct Theme: Sendable {
    public struct File: Sendable, Equatable {
        /// Path inside the theme: `profile.mustache`, `assets/site.css`.
        public var path: String
        public var bytes: [UInt8]
        /// The file it was read from, or nil for a built-in file.
        public var source: String?
    }

    /// Every file, sorted by path.
    public private(set) var files: [File]
    /// The folders laid over the built-in theme, in order.
    public private(set) var folders: [String] = []

    public static let builtin = Theme(files: BuiltinTheme.files.map { path, content in
        File(path: path, bytes: content.bytes, source: nil)
    }.sorted { $0.path < $1.path })

    init(files: [File]) {
        self.files = files
    }

    /// The built-in theme with `folder`'s templates, strings and assets in place of (or
    /// beside) the built-in ones. Only `*.mustache` at the top of the folder, `*.toml` in
    /// `strings/` and files under `assets/` count; dot-files are skipped.
    public func overlaid(with folder: String) throws -> Theme {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SitegenError(file: folder, message: "templates folder not found")
        }
        var byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { $1 })
        for relative in try Theme.themePaths(in: folder) {
            let path = folder + "/" + relative
            guard let data = fm.contents(atPath: path) else {
                throw SitegenError(file: path, message: "cannot read the file")
            }
            byPath[relative] = File(path: relative, bytes: [UInt8](data), source: path)
        }
        var theme = Theme(files: byPath.values.sorted { $0.path < $1.path })
        theme.folders = folders + [folder]
        return theme
    }

    /// The paths under `folder` that belong to a theme, sorted.
    static func themePaths(in folder: String) throws -> [String] {
        let fm = FileManager.default
        var paths = try fm.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".mustache") && !$0.hasPrefix(".") }
        // The theme's words, one file a language (`Strings`).
        if let names = try? fm.contentsOfDirectory(atPath: folder + "/strings") {
            paths += names.filter { $0.hasSuffix(".toml") && !$0.hasPrefix(".") }.map { "strings/" + $0 }
        }
        if let walker = fm.enumerator(atPath: folder + "/assets") {
            for case let relative as String in walker {
                var isDirectory: ObjCBool = false
                let components = relative.split(separator: "/")
                guard !components.contains(where: { $0.hasPrefix(".") }),
                      fm.fileExists(atPath: folder + "/assets/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue
                else { continue }
                paths.append("assets/" + relative)
            }
        }
        return paths.sorted()
    }

    /// Writes every file of the theme into `folder` (made if missing) and returns the
    /// paths written. Refuses, writing nothing, when any of them exists already.
    public func write(to folder: String) throws -> [String] {
        try NewFiles.write(files.map { ($0.path, $0.bytes) }, into: folder,
                           refusal: "exists already; nothing was written (remove it, or choose another folder)")
    }
}

/// The theme compiled into the binary: `files` is generated from `Templates/` by
/// `scripts/embed-theme` into `BuiltinTheme+Files.swift`; `ThemeTests` checks the two agree.
enum BuiltinTheme {
    enum EmbeddedFile {
        case text(String)
        case base64(String)

        var bytes: [UInt8] {
            switch self {
            case let .text(text): return Array(text.utf8)
            case let .base64(text): return [UInt8](Data(base64Encoded: text) ?? Data())
            }
        }
    }
}
