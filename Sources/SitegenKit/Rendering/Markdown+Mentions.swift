import CMarkGFM

/// `@mentions` and `#hashtags` in the plain text of a parsed document: only TEXT nodes outside
/// links and images; code, code blocks and raw HTML are other node types and never looked at.
extension CMarkDocument {
    /// TEXT nodes that hold markers, with the range of their markers in `markers`.
    private struct Found {
        var nodes: [(node: OpaquePointer, markers: Range<Int>)] = []
        var markers: [MarkerScanner.Marker] = []
    }

    /// Walks the tree in document order. The character before a marker may sit in an earlier
    /// inline node of the same block (`*a*#b` is not a tag); blocks and line breaks reset it.
    private func findMarkers(mentions: Bool) -> Found {
        var found = Found()
        var prev: Unicode.Scalar? = nil
        var insideLink = 0
        let iter = cmark_iter_new(root)
        defer { cmark_iter_free(iter) }
        while true {
            let event = cmark_iter_next(iter)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iter) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                insideLink += event == CMARK_EVENT_ENTER ? 1 : -1
            } else if CMarkNode.isBlock(type) {
                prev = nil
            } else if type == CMARK_NODE_TEXT {
                let text = CMarkNode.literal(node)
                if insideLink == 0 && MarkerScanner.hasMarkerByte(text, mentions: mentions) {
                    let first = found.markers.count
                    prev = MarkerScanner.scan(text, after: prev, mentions: mentions, into: &found.markers)
                    if found.markers.count > first {
                        found.nodes.append((node, first..<found.markers.count))
                    }
                } else if text.count > 0 {
                    prev = MarkerScanner.lastScalar(text)
                }
            } else if type == CMARK_NODE_CODE {
                let code = CMarkNode.literal(node)
                if code.count > 0 { prev = MarkerScanner.lastScalar(code) }
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK || type == CMARK_NODE_HTML_INLINE {
                prev = nil
            }
        }
        return found
    }

    /// The hashtags, as `render` would link them.
    func hashtags() -> [String] {
        let found = findMarkers(mentions: false)
        var tags = UniqueTags()
        for (node, range) in found.nodes {
            let text = CMarkNode.literal(node)
            for marker in found.markers[range] where marker.isTag {
                tags.append(marker.name(in: text))
            }
        }
        return tags.all
    }

    /// Splits TEXT nodes into TEXT / LINK / TEXT around mentions of existing users and hashtags.
    func linkMarkers(mentionURL: (String) -> String?, tagURL: (String) -> String) -> [String] {
        let found = findMarkers(mentions: true)
        var tags = UniqueTags()
        for (node, range) in found.nodes {
            // The literal stays valid (and unchanged) until the node's own literal is replaced last.
            let text = CMarkNode.literal(node)
            var done = 0  // bytes of `text` already placed before `node`
            for marker in found.markers[range] {
                let name = marker.name(in: text)
                let url: String
                if marker.isTag {
                    url = tagURL(name)
                    tags.append(name)
                } else if let user = mentionURL(name) {
                    url = user
                } else {
                    continue
                }
                let link = cmark_node_new(CMARK_NODE_LINK)!
                _ = cmark_node_set_url(link, url)
                let label = CMarkNode.newText(UnsafeBufferPointer(rebasing: text[marker.start..<marker.end]))
                _ = cmark_node_append_child(link, label)
                if marker.start > done {
                    let before = CMarkNode.newText(UnsafeBufferPointer(rebasing: text[done..<marker.start]))
                    if cmark_node_insert_before(node, before) != 1 { cmark_node_free(before) }
                }
                if cmark_node_insert_before(node, link) != 1 {
                    // The parent cannot hold a link (not expected): keep the marker as text.
                    cmark_node_free(link)
                    let plain = CMarkNode.newText(UnsafeBufferPointer(rebasing: text[marker.start..<marker.end]))
                    if cmark_node_insert_before(node, plain) != 1 { cmark_node_free(plain) }
                }
                done = marker.end
            }
            if done == text.count {
                cmark_node_free(node)
            } else if done > 0 {
                // cmark copies the new literal before freeing the old one, so a suffix of it is fine.
                _ = cmark_node_set_literal(node, UnsafeRawPointer(text.baseAddress! + done).assumingMemoryBound(to: CChar.self))
            }
        }
        return tags.all
    }
}

/// Tags in order of appearance without duplicates; a set only once there are many
/// (a hostile comment with 100k distinct tags must not cost 100k² comparisons).
private struct UniqueTags {
    private(set) var all: [String] = []
    private var seen: Set<String>? = nil

    mutating func append(_ tag: String) {
        if seen == nil {
            if all.contains(tag) { return }
            all.append(tag)
            if all.count > 16 { seen = Set(all) }
        } else if seen!.insert(tag).inserted {
            all.append(tag)
        }
    }
}
