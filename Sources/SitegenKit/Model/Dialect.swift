/// The two export shapes sitegen reads (`shared/spec/export-format.md`). The code and the
/// docs call them by these names only; the spec's labels A and B appear here alone.
public enum Dialect: String, Sendable, CaseIterable {
    /// The spec's dialect A: `users`, `posts/<uid>/<key>`, `followers`, `following`, `postLikes`, `timeline`.
    case makestagram
    /// The spec's dialect B: `users/<uid>/follows`, `posts/<id>` owned by username, base64 `images`.
    case timeline
}
