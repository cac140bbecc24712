import CMarkGFM

/// Safe links: only http, https and mailto links survive, only http and https images.
extension CMarkDocument {
    /// Unlinks every LINK whose URL is not allowed (its children take its place) and replaces every
    /// IMAGE whose source is not allowed by its alt text as plain text.
    func sanitizeLinks() {
        var unsafe: [OpaquePointer] = []
        let iter = cmark_iter_new(root)
        while cmark_iter_next(iter) != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iter) else { continue }
            let type = cmark_node_get_type(node)
            // Leaves only get ENTER; LINK and IMAGE get ENTER then EXIT: look at each once.
            if cmark_iter_get_event_type(iter) == CMARK_EVENT_ENTER,
               type == CMARK_NODE_LINK && !LinkPolicy.allowsLink(cmark_node_get_url(node))
               || type == CMARK_NODE_IMAGE && !LinkPolicy.allowsImage(cmark_node_get_url(node)) {
                unsafe.append(node)
            }
        }
        cmark_iter_free(iter)
        guard !unsafe.isEmpty else { return }
        // Innermost first (reverse document order), so that no node is touched after an
        // enclosing image has been freed.
        for node in unsafe.reversed() {
            if cmark_node_get_type(node) == CMARK_NODE_LINK {
                Self.unlink(node)
            } else {
                Self.replaceImageByAltText(node)
            }
        }
        cmark_consolidate_text_nodes(root)
    }

    /// Moves the children of `link` before it, then removes it.
    static func unlink(_ link: OpaquePointer) {
        while let child = cmark_node_first_child(link) {
            if cmark_node_insert_before(link, child) != 1 { break }  // not expected; the rest is dropped
        }
        cmark_node_free(link)
    }

    /// Replaces `image` by a TEXT node with its alt text (the text of its descendants).
    static func replaceImageByAltText(_ image: OpaquePointer) {
        var alt: [UInt8] = []
        let iter = cmark_iter_new(image)
        while cmark_iter_next(iter) != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iter) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE {
                alt.append(contentsOf: CMarkNode.literal(node))
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                alt.append(0x20)
            }
        }
        cmark_iter_free(iter)
        if !alt.isEmpty {
            let text = alt.withUnsafeBufferPointer(CMarkNode.newText)
            if cmark_node_insert_before(image, text) != 1 { cmark_node_free(text) }
        }
        cmark_node_free(image)
    }
}

/// Which URLs may appear in `href` / `src`. Checked on the URL as cmark decoded it (entities and
/// backslash escapes resolved), so `java&#09;script:` arrives as "java\tscript:" and has no scheme.
enum LinkPolicy {
    enum Scheme { case http, https, mailto }

    static func allowsLink(_ url: UnsafePointer<CChar>?) -> Bool {
        scheme(url) != nil
    }

    static func allowsImage(_ url: UnsafePointer<CChar>?) -> Bool {
        switch scheme(url) {
        case .http?, .https?: return true
        default: return false
        }
    }

    /// The scheme of an absolute http(s) or mailto URL; nil for anything else: other schemes,
    /// relative and protocol-relative URLs, leading spaces, control characters anywhere.
    static func scheme(_ url: UnsafePointer<CChar>?) -> Scheme? {
        guard let url else { return nil }
        return UnsafeRawPointer(url).withMemoryRebound(to: UInt8.self, capacity: 1) { p -> Scheme? in
            // Scheme: an ASCII letter, then letters, digits, '+', '-', '.', up to ':'.
            var i = 0
            var name: UInt64 = 0  // up to 8 lowercased letters packed, enough for "https"/"mailto"
            while true {
                let b = p[i]
                let lower = b | 0x20
                if lower >= 0x61 && lower <= 0x7A {
                    if i < 8 { name = name << 8 | UInt64(lower) }
                } else if i > 0 && (b >= 0x30 && b <= 0x39 || b == 0x2B || b == 0x2D || b == 0x2E) {
                    if i < 8 { name = name << 8 | UInt64(b) }
                } else {
                    break
                }
                i += 1
            }
            guard p[i] == 0x3A /* : */, i <= 6 else { return nil }
            let scheme: Scheme
            switch name {
            case 0x68_74_74_70: scheme = .http                  // "http"
            case 0x68_74_74_70_73: scheme = .https              // "https"
            case 0x6D_61_69_6C_74_6F: scheme = .mailto          // "mailto"
            default: return nil
            }
            var j = i + 1
            if scheme != .mailto {
                guard p[j] == 0x2F && p[j + 1] == 0x2F else { return nil }  // "//"
                j += 2
            }
            guard p[j] != 0 else { return nil }
            while p[j] != 0 {
                if p[j] < 0x20 || p[j] == 0x7F { return nil }
                j += 1
            }
            return scheme
        }
    }
}
