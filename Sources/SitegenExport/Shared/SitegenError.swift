/// An error the user can act on: which file, what is wrong, and where.
/// Printed as one line: `file:line:column: message`.
public struct SitegenError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var message: String
    public var line: Int?
    public var column: Int?

    public init(file: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return "\(place): \(message)"
    }
}
