/// A value a template reads: what page contexts are made of. Typed, so rendering
/// needs no dynamic casts (swift-mustache's `Any` lookups were most of its time).
public enum TemplateValue: Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])
    /// A value whose text is made only when a template prints it: the engine passes it to
    /// the resolver given to `renderUTF8` and prints what that returns, escaped as a
    /// string would be. What it stands for is the caller's business.
    case deferred(any DeferredValue)

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

/// What a `.deferred` value holds: anything the caller's resolver understands. The
/// engine never looks inside; it only hands the value back to the resolver. A class, so
/// that copying a value that holds one (the renderer copies values as it walks the
/// context) is one reference count, as for a string.
public protocol DeferredValue: AnyObject, Sendable {}

/// Makes the text of a `.deferred` value as it is printed.
public typealias DeferredResolver = (any DeferredValue) -> String
