/// The two export shapes sitegen reads (`docs/export-format.md`). The code and the
/// docs call them by these names only; older notes' labels A and B appear here alone.
public enum Dialect: String, Sendable, CaseIterable {
    /// Dialect A of older notes: `users`, `posts/<uid>/<key>`, `followers`, `following`, `postLikes`, `timeline`.
    case makestagram
    /// Dialect B of older notes: `users/<uid>/follows`, `posts/<id>` owned by username, base64 `images`.
    case timeline
}
