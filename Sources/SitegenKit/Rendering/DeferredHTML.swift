import MustacheEngine

/// HTML a page context holds as a recipe until the page is printed: a grid tile, a user
/// row or a Markdown text. A page's fingerprint reads the recipe (cheap), so a page whose
/// inputs did not change is never rendered. `PageContexts` makes them, and the template
/// engine hands them back to `SiteRenderer.html` when a template prints one.
final class DeferredHTML: DeferredValue {
    enum Recipe {
        /// `_tile` of post `i`, for a page at `root`, loaded as `loading` says.
        case tile(Int, root: String, loading: TileLoading)
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
    static func tile(_ p: Int, root: String, loading: TileLoading = .lazy) -> TemplateValue {
        .deferred(DeferredHTML(.tile(p, root: root, loading: loading)))
    }

    /// The tiles of a grid page: its first row (three tiles) loaded at once, the very first
    /// with high priority (the page's largest image: lazy, its paint took 728 ms against
    /// 328 ms on a post page), the rest when scrolled to.
    static func gridTiles(_ posts: some Collection<Int>, root: String) -> TemplateValue {
        TemplateValue(posts.enumerated().map { i, p -> Context in
            ["html": tile(p, root: root, loading: i == 0 ? .high : i < 3 ? .eager : .lazy)]
        })
    }

    static func row(_ u: Int, root: String) -> TemplateValue { .deferred(DeferredHTML(.row(u, root: root))) }

    static func markdown(_ text: String, root: String, prefix: String = "") -> TemplateValue {
        if text.isEmpty && prefix.isEmpty { return "" }
        return .deferred(DeferredHTML(.markdown(text, root: root, prefix: prefix)))
    }
}

/// How a tile's photo loads (`_tile`'s `loading` and `highPriority`).
enum TileLoading: Int, Sendable {
    case lazy, eager, high

    var attribute: String { self == .lazy ? "lazy" : "eager" }
}
