import MustacheEngine

/// HTML a page context holds as a recipe until the page is printed: a grid tile, a user
/// row or a Markdown text. A page's fingerprint reads the recipe (cheap), so a page whose
/// inputs did not change is never rendered. `PageContexts` makes them, and the template
/// engine hands them back to `SiteRenderer.html` when a template prints one.
final class DeferredHTML: DeferredValue {
    enum Recipe {
        /// `_tile` of post `i`, for a page at `root`.
        case tile(Int, root: String)
        /// `_userrow` of user `i`, for a page at `root`.
        case row(Int, root: String)
        /// `prefix` followed by the Markdown `text` as HTML, links relative to `root`.
        case markdown(String, root: String, prefix: String)
    }

    let recipe: Recipe

    init(_ recipe: Recipe) { self.recipe = recipe }
}

/// The template values of deferred HTML, as page contexts put them in.
enum Deferred {
    static func tile(_ p: Int, root: String) -> TemplateValue { .deferred(DeferredHTML(.tile(p, root: root))) }

    static func row(_ u: Int, root: String) -> TemplateValue { .deferred(DeferredHTML(.row(u, root: root))) }

    static func markdown(_ text: String, root: String, prefix: String = "") -> TemplateValue {
        if text.isEmpty && prefix.isEmpty { return "" }
        return .deferred(DeferredHTML(.markdown(text, root: root, prefix: prefix)))
    }
}
