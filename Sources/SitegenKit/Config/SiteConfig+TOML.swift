import Foundation
import SitegenExport
import TOMLKit

// MARK: - Reading sitegen.toml

extension SiteConfig {
    /// Reads `path`, or `sitegen.toml` in the working folder when `path` is nil (no file
    /// there: an empty config). Errors are one line: `FILE:LINE: what` (exit 2).
    public static func load(path: String?) throws(SitegenError) -> SiteConfig {
        let file = path ?? fileName
        guard let data = FileManager.default.contents(atPath: file) else {
            if path == nil && !FileManager.default.fileExists(atPath: file) { return SiteConfig() }
            throw SitegenError(file: file, message: FileManager.default.fileExists(atPath: file) ? "cannot read the config file" : "config file not found")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SitegenError(file: file, message: "the config file is not UTF-8 text")
        }
        return try parse(text, file: file)
    }

    /// Parses the text of a config file; `file` names it in errors and is the folder
    /// relative paths in it are resolved against.
    public static func parse(_ text: String, file: String) throws(SitegenError) -> SiteConfig {
        let table = try TOMLFile.table(text, file: file)
        var reader = Reader(file: file, locator: TOMLKeyLocator(text: text))
        var config = SiteConfig()
        config.file = file
        func resolve(_ path: String) -> String { config.resolve(path) }
        for key in table.keys.sorted() {
            let value = table[key]!
            switch key {
            case "export": config.export = resolve(try reader.path(value, key))
            case "output": config.output = resolve(try reader.path(value, key))
            case "templates": config.templates = resolve(try reader.path(value, key))
            case "title": config.title = try reader.string(value, key)
            case "base_url":
                let url = try reader.string(value, key)
                guard SiteOptions.isValidBaseURL(url) else {
                    throw reader.error(key, "must be an absolute http(s) URL, such as \"https://example.com/profiles/\"")
                }
                config.baseURL = url
            case "page_size": config.pageSize = try reader.size(value, key, in: SiteOptions.pageSizes)
            case "list_size": config.listSize = try reader.size(value, key, in: SiteOptions.listSizes)
            case "tile":
                guard let tile = SiteOptions.Tile(spelling: try reader.string(value, key)) else {
                    throw reader.error(key, "must be \"1:1\" or \"3:4\"")
                }
                config.tile = tile
            case "language":
                let tag = try reader.string(value, key)
                guard Strings.isLanguageTag(tag) else {
                    throw reader.error(key, "must be a BCP 47 language tag, such as \"pt-BR\" or \"ar\"")
                }
                config.language = tag
            case "schema":
                config.schema = try reader.schema(value)
            case "exclude":
                config.exclude = try reader.exclude(value, resolve: resolve)
            case "photos":
                switch try reader.string(value, key) {
                case "publish": config.hotlinkPhotos = false
                case "hotlink": config.hotlinkPhotos = true
                default: throw reader.error(key, "must be \"publish\" or \"hotlink\"")
                }
            case "atomic_switch":
                guard value.type == .bool, let on = value.bool else {
                    throw reader.error(key, "must be true or false, not \(SiteConfig.describe(value))")
                }
                config.atomicSwitch = on
            default:
                throw reader.unknown(key, in: [], known: Reader.rootKeys)
            }
        }
        return config
    }

    /// The TOML type of `value`, as an error message names it.
    static func describe(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .string: return "a string"
        case .int: return "an integer"
        case .double: return "a number with a fraction"
        case .bool: return "true or false"
        case .table: return "a table"
        case .array: return "an array"
        default: return "a date or time"
        }
    }

    /// Checks each value against the key it stands at, naming the key and its line.
    struct Reader {
        static let rootKeys = ["export", "output", "title", "base_url", "page_size", "list_size", "tile", "language", "templates", "exclude", "photos", "atomic_switch", "schema"]
        static let schemaKeys = ["dialect", "nodes", "fields"]

        let file: String
        let locator: TOMLKeyLocator
        /// The table the keys being read are in (`["schema"]`), for lines and messages.
        var table: [String] = []

        func error(_ key: String, _ message: String) -> SitegenError {
            let name = (table + [key]).joined(separator: ".")
            return SitegenError(file: file, message: "\(name) \(message)", line: locator.line(of: table + [key]))
        }

        func unknown(_ key: String, in table: [String], known: [String]) -> SitegenError {
            let name = (table + [key]).joined(separator: ".")
            var message = "unknown key '\(name)'"
            if let close = known.first(where: { editDistance($0, key) <= 2 }) {
                message += " (did you mean '\((table + [close]).joined(separator: "."))'?)"
            } else {
                message += " (known: \(known.joined(separator: ", ")))"
            }
            return SitegenError(file: file, message: message, line: locator.line(of: table + [key]))
        }

        func string(_ value: TOMLValueConvertible, _ key: String) throws(SitegenError) -> String {
            guard value.type == .string, let text = value.string else {
                throw error(key, "must be a string, not \(SiteConfig.describe(value))")
            }
            return text
        }

        /// `exclude`: a list of uids or usernames, or the path of a file of them (one a
        /// line; blank lines and `#` comments skipped).
        func exclude(_ value: TOMLValueConvertible, resolve: (String) -> String) throws(SitegenError) -> [String] {
            if value.type == .array, let list = value.array {
                var names: [String] = []
                for item in list {
                    guard item.type == .string, let name = item.string, !name.isEmpty else {
                        throw error("exclude", "must list uids or usernames as strings, not \(SiteConfig.describe(item))")
                    }
                    names.append(name)
                }
                return names
            }
            guard value.type == .string else {
                throw error("exclude", "must be a list of uids or usernames, or the path of a file of them, not \(SiteConfig.describe(value))")
            }
            let path = resolve(try self.path(value, "exclude"))
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw error("exclude", "names a file that cannot be read: \(path)")
            }
            return text.split(whereSeparator: \.isNewline).compactMap { line in
                let name = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
                return name.isEmpty ? nil : name
            }
        }

        /// A page size: an integer in `range`.
        func size(_ value: TOMLValueConvertible, _ key: String, in range: ClosedRange<Int>) throws(SitegenError) -> Int {
            guard let size = value.int, value.type == .int else { throw error(key, "must be an integer, not \(SiteConfig.describe(value))") }
            guard range.contains(size) else {
                throw error(key, size < range.lowerBound ? "must be at least \(range.lowerBound)" : "must be at most \(range.upperBound), so that no page exceeds 1 MB")
            }
            return size
        }

        func path(_ value: TOMLValueConvertible, _ key: String) throws(SitegenError) -> String {
            let text = try string(value, key)
            guard !text.isEmpty else { throw error(key, "must not be empty") }
            return text
        }

        mutating func schema(_ value: TOMLValueConvertible) throws(SitegenError) -> Schema.Mapping {
            guard value.type == .table, let schema = value.table else {
                throw error("schema", "must be a table ([schema]), not \(SiteConfig.describe(value))")
            }
            table = ["schema"]
            defer { table = [] }
            var result = Schema.Mapping()
            for key in schema.keys.sorted() {
                let value = schema[key]!
                switch key {
                case "dialect":
                    let name = try string(value, key)
                    guard let dialect = Dialect(rawValue: name) else {
                        throw error(key, "must be \(Dialect.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")), not \"\(name)\"")
                    }
                    result.dialect = dialect
                case "nodes":
                    for (name, spelled) in try names(value, key, known: Schema.Node.allCases.map(\.rawValue), paths: true) {
                        result.nodes[Schema.Node(rawValue: name)!] = spelled
                    }
                case "fields":
                    for (name, spelled) in try names(value, key, known: Schema.Field.allCases.map(\.rawValue), fieldPaths: true) {
                        result.fields[Schema.Field(rawValue: name) ?? Schema.Field.aliases[name]!] = spelled
                    }
                default: throw unknown(key, in: table, known: Reader.schemaKeys)
                }
            }
            if let conflict = result.conflict() {
                throw SitegenError(file: file, message: conflict, line: locator.line(of: ["schema"]))
            }
            return result
        }

        /// A table of names, `tutorial's name = "the app's"`, each key one of `known` (or an
        /// alias of one); with `paths`, a name may be a path of keys and `*`s that starts with
        /// a key (`users/*/posts/*/likes`; `posts_likes/*/*`, lists kept per owner, then post).
        mutating func names(_ value: TOMLValueConvertible, _ key: String, known: [String],
                            paths: Bool = false, fieldPaths: Bool = false) throws(SitegenError) -> [(String, String)] {
            guard value.type == .table, let names = value.table else {
                throw error(key, "must be a table ([schema.\(key)]), not \(SiteConfig.describe(value))")
            }
            table.append(key)
            defer { table.removeLast() }
            var result: [(String, String)] = []
            for name in names.keys.sorted() {
                guard known.contains(name) || (!paths && Schema.Field.aliases[name] != nil) else {
                    throw unknown(name, in: table, known: known)
                }
                let spelled = try string(names[name]!, name)
                let parts = paths || fieldPaths ? spelled.split(separator: "/", omittingEmptySubsequences: false) : [spelled[...]]
                let last = parts.count - 1
                guard parts.enumerated().allSatisfy({ part in
                    (paths && part.element == "*" && part.offset != 0)
                        || (!part.element.isEmpty && !part.element.contains(where: { (last == 0 ? ".$#[]/" : ".$#[]/*").contains($0) }))
                }) else {
                    throw error(name, paths ? "must be a Firebase key (not empty, without . $ # [ ] /) or a path such as root/*/key or root/*/*"
                                : fieldPaths ? "must be a Firebase key (not empty, without . $ # [ ] /) or a path into the record such as stats/posts"
                                            : "must be a Firebase key: not empty, without . $ # [ ] /")
                }
                // A node below the root is kept in records: a `*` for each level of them.
                if paths && parts.count > 1 && !parts.contains("*") {
                    throw error(name, "must name the records it is kept in with a * (root/*/key), not a path of keys alone")
                }
                result.append((name, spelled))
            }
            return result
        }
    }
}

/// A TOML file's text as a table (sitegen.toml, a theme's strings files); a file that is
/// not TOML is one line with toml++'s message, line and column.
enum TOMLFile {
    static func table(_ text: String, file: String) throws(SitegenError) -> TOMLTable {
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw SitegenError(file: file, message: "invalid TOML: \(error.description)",
                               line: error.source.begin.line, column: error.source.begin.column)
        } catch {
            throw SitegenError(file: file, message: "invalid TOML: \(error)")
        }
    }
}

/// The Levenshtein distance of two short names (for "did you mean").
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var row = Array(0...b.count)  // distances from a[..<i] to each prefix of b
    for i in a.indices {
        var diagonal = row[0]
        row[0] = i + 1
        for j in b.indices {
            let above = row[j + 1]
            row[j + 1] = min(above + 1, row[j] + 1, diagonal + (a[i] == b[j] ? 0 : 1))
            diagonal = above
        }
    }
    return row[b.count]
}
