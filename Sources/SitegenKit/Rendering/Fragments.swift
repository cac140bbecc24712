import SitegenExport
/// The HTML of `_tile` and `_userrow` fragments, each rendered once per item and page
/// depth, on first use, from any rendering thread (`SiteRenderer.html`).
final class Fragments: Sendable {
    private struct Key: Hashable {
        let row: Bool
        let i: Int
        let root: String
        let variant: Int
    }

    private let cache = Locked<[Key: String]>([:])

    /// Forgets every fragment: between batches of pages, so that the cache holds the
    /// fragments of one batch, not of the whole site.
    func removeAll() {
        cache.withLock { $0.removeAll(keepingCapacity: false) }
    }

    /// The cached HTML, or `render()`'s, cached. Two threads may both render an item
    /// the first time (the result is the same); the lock is not held while rendering.
    func cached(row: Bool, _ i: Int, root: String, variant: Int = 0, render: () -> String) -> String {
        let key = Key(row: row, i: i, root: root, variant: variant)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let html = render()
        cache.withLock { $0[key] = html }
        return html
    }
}
