import Foundation
import MustacheEngine
import SitegenExport

/// The site's templates, parsed and checked before anything is rendered: a parse
/// error names the file, line and column; a missing template or partial is an error
/// too, since rendering would silently leave it out. Rendered by `TemplateEngine`,
/// which reads the same Mustache as swift-mustache (the tests compare the two on
/// every template) about 30 times faster, on typed values instead of `Any`.
public struct TemplateSet: Sendable {
    public static let required = ["layout", "index", "profile", "list", "post", "tag", "404", "feed", "sitemap", "_tile", "_userrow"]

    /// Put before every template: the engine escapes `{{x}}` for HTML either way, and
    /// the tag keeps standalone-line handling on line 1 as swift-mustache had it.
    static let pragma = "{{% CONTENT_TYPE: HTML}}"

    /// The theme the templates and assets come from.
    public let theme: Theme
    let engine: TemplateEngine
    /// Files under `assets/`, relative path → bytes.
    public let assets: [(path: String, bytes: [UInt8])]
    /// Changes whenever a template or asset changes.
    public let fingerprint: ContentHash

    /// The built-in theme with `folder` (if any) laid over it file by file.
    public init(folder: String?) throws {
        try self.init(theme: folder.map { try Theme.builtin.overlaid(with: $0) } ?? .builtin)
    }

    public init(theme: Theme) throws {
        self.theme = theme
        var sources: [String: String] = [:]
        var origins: [String: String] = [:]
        var assets: [(String, [UInt8])] = []
        var all: [UInt8] = []
        var stringFiles: [String: (bytes: [UInt8], origin: String)] = [:]
        for file in theme.files {
            all += Array(file.path.utf8) + [0] + file.bytes + [0]
            if file.path.hasPrefix("assets/") {
                assets.append((file.path, file.bytes))
                continue
            }
            if file.path.hasPrefix("strings/") && file.path.hasSuffix(".toml") {
                let language = String(file.path.dropFirst("strings/".count).dropLast(".toml".count))
                stringFiles[language] = (file.bytes, file.source ?? "(built-in theme)/" + file.path)
                continue
            }
            guard file.path.hasSuffix(".mustache"), !file.path.contains("/") else { continue }
            let origin = file.source ?? "(built-in theme)/" + file.path
            guard let text = String(validating: file.bytes, as: UTF8.self) else {
                throw SitegenError(file: origin, message: "cannot read the template (not UTF-8?)")
            }
            let name = String(file.path.dropLast(".mustache".count))
            sources[name] = text
            origins[name] = origin
        }
        for name in TemplateSet.required where sources[name] == nil {
            throw SitegenError(file: theme.folders.last ?? "(built-in theme)", message: "template \(name).mustache is missing")
        }
        // Every template starts with the same pragma swift-mustache saw (it decides
        // whether a first-line tag stands alone); error columns on line 1 discount it.
        let prefix = TemplateSet.pragma
        do {
            engine = try TemplateEngine(templates: sources.mapValues { prefix + $0 })
        } catch {
            let column = error.line == 1 ? max(1, error.column - prefix.count) : error.column
            throw SitegenError(file: origins[error.template] ?? error.template + ".mustache",
                               message: "template error: \(error.message)", line: error.line, column: column)
        }
        self.assets = assets
        self.stringFiles = stringFiles
        self.fingerprint = ContentHash(all)
    }

    /// The theme's strings files (`strings/<language>.toml`) by language tag, unparsed.
    let stringFiles: [String: (bytes: [UInt8], origin: String)]

    /// The languages the theme has words for.
    public var languages: [String] { stringFiles.keys.sorted() }

    /// The theme's words in `language` (a BCP 47 tag: `Strings.resolve` says which file
    /// serves it). An unknown language, or a file that cannot be read, is a one-line error.
    public func strings(_ language: String) throws(SitegenError) -> Strings {
        let tag = try Strings.resolve(language, in: stringFiles.mapValues(\.origin))
        let file = stringFiles[tag]!
        guard let text = String(validating: file.bytes, as: UTF8.self) else {
            throw SitegenError(file: file.origin, message: "cannot read the strings (not UTF-8?)")
        }
        return try Strings.parse(text, file: file.origin, language: language)
    }

    /// Names after `{{>` and `{{<` in a template.
    static func references(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            guard let first = rest.first, first == ">" || first == "<" else { continue }
            guard let close = rest.range(of: "}}") else { break }
            let name = rest[rest.index(after: rest.startIndex)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { names.append(name) }
            rest = rest[close.upperBound...]
        }
        return names
    }

    func render(_ context: Context, _ template: String, resolve: DeferredResolver? = nil) -> [UInt8] {
        engine.renderUTF8(template, .object(context), resolve: resolve)
    }
}
