import Synchronization

import CMarkGFM
import Foundation

/// Renders the Markdown of bios, captions and comments to safe HTML.
///
/// cmark-gfm parses with `CMARK_OPT_DEFAULT` (raw HTML is replaced by `<!-- raw HTML omitted -->`)
/// and the GFM extensions autolink, strikethrough, tagfilter, table and tasklist. The tree is then
/// made safe (`Markdown+Links.swift`: only http/https/mailto links, only http/https images) and
/// `@mentions` / `#hashtags` in plain text become links (`Markdown+Mentions.swift`, scanned by
/// `Markdown+Scanner.swift`).
public struct MarkdownRenderer: Sendable {
    private let mentionURL: @Sendable (String) -> String?
    private let tagURL: @Sendable (String) -> String

    /// `mentionURL(username)` returns the link for `@username` (relative URL), or nil when no such user (then the text stays plain).
    /// `tagURL(tag)` returns the link for `#tag`.
    public init(mentionURL: @escaping @Sendable (String) -> String?, tagURL: @escaping @Sendable (String) -> String) {
        self.mentionURL = mentionURL
        self.tagURL = tagURL
    }

    /// HTML for one text, and the hashtags it links (as written, without '#', in order of appearance, duplicates removed).
    public func render(_ markdown: String) -> (html: String, tags: [String]) {
        let doc = CMarkDocument(markdown)
        defer { doc.release() }
        doc.sanitizeLinks()
        var tags: [String] = []
        if MarkerScanner.mayContainMarkers(markdown, mentions: true) {
            tags = doc.linkMarkers(mentionURL: mentionURL, tagURL: tagURL)
        }
        return (doc.html(), tags)
    }

    /// The hashtags of a text without rendering it (same rules), for building tag pages.
    public static func hashtags(in markdown: String) -> [String] {
        guard MarkerScanner.mayContainMarkers(markdown, mentions: false) else { return [] }
        let doc = CMarkDocument(markdown)
        defer { doc.release() }
        doc.sanitizeLinks()
        return doc.hashtags()
    }
}

/// The process-wide cmark-gfm state: extensions registered once, and the lock around parsing.
///
/// cmark-gfm 0.29.0.gfm.6 is not thread-safe while parsing: `process_inlines` (and the table
/// extension's row parser) add the extensions' special characters (`~`, `:`, `w`) to a *global*
/// table before parsing inlines and remove them afterwards, so a parse finishing on one thread
/// turns strikethrough and autolinks off for a parse running on another. Feeding and finishing
/// therefore run under `parseLock`; walking the tree and rendering HTML run in parallel.
final class CMarkEnvironment: Sendable {
    static let shared = CMarkEnvironment()

    /// autolink, strikethrough, tagfilter, table, tasklist: those this cmark-gfm has. Kept
    /// by name, and each parser looks up the C handles (a walk of a short list that only
    /// `init` writes), so this shared value holds no C pointers and is checked `Sendable`.
    let extensionNames: [String]
    let parseLock = Mutex<Void>(())

    private init() {
        cmark_gfm_core_extensions_ensure_registered()
        extensionNames = ["autolink", "strikethrough", "tagfilter", "table", "tasklist"].filter { (name: String) in
            cmark_find_syntax_extension(name) != nil
        }
    }
}

/// One parsed text: the parser (which owns the extension list the HTML renderer needs) and its tree.
/// Not copyable in spirit: `release()` exactly once.
struct CMarkDocument {
    let parser: OpaquePointer
    let root: OpaquePointer

    init(_ markdown: String) {
        let env = CMarkEnvironment.shared
        let parser = cmark_parser_new(CMARK_OPT_DEFAULT)!
        for name in env.extensionNames {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        var text = markdown
        var root: OpaquePointer?
        env.parseLock.withLock { _ in
            text.withUTF8 { bytes in
                if let base = bytes.baseAddress {
                    base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        cmark_parser_feed(parser, $0, bytes.count)
                    }
                }
            }
            root = cmark_parser_finish(parser)
        }
        self.parser = parser
        self.root = root!
    }

    func release() {
        cmark_node_free(root)
        cmark_parser_free(parser)
    }

    func html() -> String {
        guard let cString = cmark_render_html(root, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser)) else {
            return ""
        }
        defer { free(cString) }
        return String(cString: cString)
    }
}

/// Node types and literals, shared by the passes over the tree.
enum CMarkNode {
    /// Block nodes (including the table extension's rows and cells) have 0x8000 set and 0x4000 clear.
    @inline(__always)
    static func isBlock(_ type: cmark_node_type) -> Bool {
        type.rawValue & 0xC000 == 0x8000
    }

    /// The literal of a TEXT/CODE/HTML node as bytes (NUL-terminated, owned by the node).
    @inline(__always)
    static func literal(_ node: OpaquePointer) -> UnsafeBufferPointer<UInt8> {
        guard let c = cmark_node_get_literal(node) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: UnsafeRawPointer(c).assumingMemoryBound(to: UInt8.self), count: strlen(c))
    }

    /// A new TEXT node holding `bytes` (copied, NUL-terminated for cmark).
    static func newText(_ bytes: UnsafeBufferPointer<UInt8>) -> OpaquePointer {
        let node = cmark_node_new(CMARK_NODE_TEXT)!
        setLiteral(node, bytes)
        return node
    }

    static func setLiteral(_ node: OpaquePointer, _ bytes: UnsafeBufferPointer<UInt8>) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            let base = buffer.baseAddress!
            if let source = bytes.baseAddress, bytes.count > 0 {
                UnsafeMutableRawPointer(base).copyMemory(from: source, byteCount: bytes.count)
            }
            base[bytes.count] = 0
            _ = cmark_node_set_literal(node, base)
        }
    }
}
