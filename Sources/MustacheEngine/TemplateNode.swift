/// What `TemplateParser` makes of a template: nodes, one for one with swift-mustache 2.1.1's tokens.

/// A name as written in a tag (`a.b`, `.`, `.url`), pre-split into path components.
struct TemplateName: Equatable {
    /// Components, empty for the current value (`.`, also `{{}}` as in swift-mustache).
    var parts: [String]
    /// Starts with `.`: look in the top of the context stack only, no climbing.
    var anchored: Bool

    init(_ raw: String) {
        // swift-mustache: "." is the current value; a leading "." stops the climb; the
        // rest is split on "." with empty components dropped.
        parts = raw.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
        anchored = raw.utf8.first == UInt8(ascii: ".")
    }
}

/// A parsed token, one for one with swift-mustache's `MustacheTemplate.Token`.
indirect enum TemplateNode {
    case text([UInt8])
    case variable(TemplateName, escaped: Bool)
    case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{$name}}` directly inside `{{<parent}}`: an override.
    case blockDefinition(String, [TemplateNode])
    /// `{{$name}}default{{/name}}` anywhere else.
    case blockExpansion(String, [TemplateNode], indentation: [UInt8])
    /// `{{>name}}` (overrides nil) or `{{<name}}…{{/name}}` (overrides, last definition wins).
    case partial(String, indentation: [UInt8]?, overrides: [(String, [TemplateNode])]?, position: Int)
    /// `{{% CONTENT_TYPE: TEXT}}` turns escaping off for the rest of the (sub)template, any other type on.
    case contentType(escaped: Bool)
}

/// A parse error at a byte offset of the source.
struct TemplateParseFailure: Error {
    let message: String
    let position: Int
}
