/// The two export shapes sitegen reads (`shared/spec/export-format.md`).
public enum Dialect: String, Sendable, CaseIterable {
    /// Dialect A: `users`, `posts/<uid>/<key>`, `followers`, `following`, `postLikes`, `timeline`.
    case makestagram
    /// Dialect B: `users/<uid>/follows`, `posts/<id>` owned by username, base64 `images`.
    case timeline
}
