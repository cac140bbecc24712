/// A value a template reads: what page contexts are made of. Typed, so rendering
/// needs no dynamic casts (swift-mustache's `Any` lookups were most of its time).
public enum TemplateValue: Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])
    /// HTML made only when the page is printed (a grid tile, a user row, Markdown): the
    /// engine asks the renderer's resolver for it. It behaves as the string it stands for.
    case deferred(DeferredHTML)

    /// Mustache truthiness as swift-mustache has it: only `false` and an empty list are
    /// false (an empty string and 0 are true; templates use flags such as `hasName`).
    public var isTruthy: Bool {
        switch self {
        case let .bool(b): return b
        case let .list(items): return !items.isEmpty
        default: return true
        }
    }

    /// The text of a scalar (`{{x}}`); lists and objects have none.
    public var text: String? {
        switch self {
        case let .string(s): return s
        case let .int(i): return String(i)
        case let .bool(b): return b ? "true" : "false"
        case .list, .object, .deferred: return nil
        }
    }

    public subscript(key: String) -> TemplateValue? {
        if case let .object(members) = self { return members[key] }
        return nil
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

/// What a `.deferred` value stands for; `PageContexts` makes them, `Fragments` resolves them.
public enum DeferredHTML: Sendable {
    /// `_tile` of post `i`, for a page at `root`.
    case tile(Int, root: String)
    /// `_userrow` of user `i`, for a page at `root`.
    case row(Int, root: String)
    /// `prefix` followed by the Markdown `text` as HTML, links relative to `root`.
    case markdown(String, root: String, prefix: String)
}
