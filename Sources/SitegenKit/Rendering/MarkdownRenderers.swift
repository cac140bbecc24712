import SitegenExport
/// One Markdown renderer per page depth: mentions and hashtags link relative to the page.
final class MarkdownRenderers: Sendable {
    private let byRoot = Locked<[String: MarkdownRenderer]>([:])
    private let model: SiteModel

    init(model: SiteModel) {
        self.model = model
    }

    func html(_ markdown: String, root: String) -> String {
        if markdown.isEmpty { return "" }
        return renderer(root: root).render(markdown).html
    }

    private func renderer(root: String) -> MarkdownRenderer {
        byRoot.withLock { byRoot in
            if let r = byRoot[root] { return r }
            let r = makeRenderer(root: root)
            byRoot[root] = r
            return r
        }
    }

    private func makeRenderer(root: String) -> MarkdownRenderer {
        let model = self.model
        return MarkdownRenderer(
            mentionURL: { name in
                model.user(username: name).map { root + "u/" + Slugs.urlSegment(model.users[$0].slug) + "/" }
            },
            tagURL: { tag in root + "tags/" + Slugs.urlSegment(ExportIndex.fold(tag)) + "/" }
        )
    }
}
