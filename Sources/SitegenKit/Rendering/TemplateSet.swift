import Foundation
import Mustache

/// The site's templates, parsed and checked before anything is rendered: a parse
/// error names the file, line and column; a missing template or partial is an error
/// too, since rendering would silently leave it out.
public struct TemplateSet: @unchecked Sendable {
    public static let required = ["layout", "index", "profile", "list", "post", "tag", "404", "feed", "sitemap", "_tile", "_userrow"]

    public let directory: String
    let library: MustacheLibrary
    /// Files under `assets/`, relative path → bytes.
    public let assets: [(path: String, bytes: [UInt8])]
    /// Changes whenever a template or asset changes.
    public let fingerprint: ContentHash

    public init(directory: String) throws {
        _ = FastHTMLEscaping.registered
        self.directory = directory
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: directory, isDirectory: &isDir), isDir.boolValue else {
            throw SitegenError(file: directory, message: "templates folder not found")
        }
        var library = MustacheLibrary()
        var sources: [String: String] = [:]
        var all: [UInt8] = []
        for name in try fm.contentsOfDirectory(atPath: directory).sorted() where name.hasSuffix(".mustache") {
            let path = directory + "/" + name
            guard let data = fm.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw SitegenError(file: path, message: "cannot read the template (not UTF-8?)")
            }
            let templateName = String(name.dropLast(".mustache".count))
            // XML templates (feed, sitemap) escape the same five characters as HTML.
            let prefix = FastHTMLEscaping.pragma
            do {
                library.register(try MustacheTemplate(string: prefix + text), named: templateName)
            } catch let error as MustacheTemplate.ParserError {
                let line = error.context.lineNumber
                let column = line == 1 ? max(1, error.context.columnNumber - prefix.count) : error.context.columnNumber
                throw SitegenError(file: path, message: "template error: \(error.error)", line: line, column: column)
            }
            sources[templateName] = text
            all += Array(name.utf8) + [0] + Array(data) + [0]
        }
        for name in TemplateSet.required where sources[name] == nil {
            throw SitegenError(file: directory, message: "template \(name).mustache is missing")
        }
        // Partials and parents each template names must exist.
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            for reference in TemplateSet.references(in: text) where sources[reference] == nil {
                throw SitegenError(file: directory + "/" + name + ".mustache",
                                   message: "template error: partial or parent '\(reference)' does not exist")
            }
        }
        var assets: [(String, [UInt8])] = []
        let assetRoot = directory + "/assets"
        if let walker = fm.enumerator(atPath: assetRoot) {
            for case let relative as String in walker {
                let path = assetRoot + "/" + relative
                var dir: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &dir), !dir.boolValue, !relative.hasPrefix("."),
                      let data = fm.contents(atPath: path) else { continue }
                assets.append(("assets/" + relative, [UInt8](data)))
            }
        }
        assets.sort { $0.0 < $1.0 }
        for (path, bytes) in assets { all += Array(path.utf8) + [0] + bytes + [0] }
        self.library = library
        self.assets = assets
        self.fingerprint = ContentHash(all)
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

    func render(_ context: Context, _ template: String) -> String {
        library.render(context.mapValues(\.anyValue), withTemplate: template) ?? ""
    }
}

/// HTML escaping for `{{x}}` that returns the string untouched when there is nothing
/// to escape (most values), on UTF-8 bytes: swift-mustache's own walks Characters
/// and was a quarter of the rendering time. Same characters: & < > " '.
struct FastHTMLEscaping: MustacheContentType {
    static let pragma = "{{% CONTENT_TYPE: SITEGEN_HTML}}"
    static let registered: Bool = {
        MustacheContentTypes.register(FastHTMLEscaping(), named: "SITEGEN_HTML")
        return true
    }()

    func escapeText(_ text: String) -> String {
        let needs = text.utf8.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
        guard needs else { return text }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count + 16)
        for c in text.utf8 {
            switch c {
            case 0x26: out.append(contentsOf: "&amp;".utf8)
            case 0x3C: out.append(contentsOf: "&lt;".utf8)
            case 0x3E: out.append(contentsOf: "&gt;".utf8)
            case 0x22: out.append(contentsOf: "&quot;".utf8)
            case 0x27: out.append(contentsOf: "&#39;".utf8)
            default: out.append(c)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension TemplateValue {
    /// The value as swift-mustache reads it.
    var anyValue: Any {
        switch self {
        case let .string(s): return s
        case let .int(i): return i
        case let .bool(b): return b
        case let .list(items): return items.map(\.anyValue)
        case let .object(members): return members.mapValues(\.anyValue)
        }
    }
}
