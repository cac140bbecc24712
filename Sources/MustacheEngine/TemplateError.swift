/// A template error: which template, what, where (1-based line and column; the column
/// counts characters, as swift-mustache's errors did).
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    public let template: String
    public let message: String
    public let line: Int
    public let column: Int

    public var description: String { "\(template):\(line):\(column): \(message)" }
}
