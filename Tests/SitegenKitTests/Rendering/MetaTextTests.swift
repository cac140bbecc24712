@testable import SitegenKit
import Testing

/// `PageContexts.metaText`: what a page's `<title>` and meta tags hold of user text. No
/// bidi override survives, isolates only in pairs, and a long text is cut at a word, never
/// inside a grapheme cluster, ending with "…".
@Suite struct MetaTextTests {
    @Test func shortTextIsKept() {
        #expect(PageContexts.metaText("", limit: 10) == "")
        #expect(PageContexts.metaText("Ana (@ana)", limit: 10) == "Ana (@ana)", "exactly the limit")
        #expect(PageContexts.metaText("ليلى حداد", limit: 100) == "ليلى حداد")
    }

    @Test func cutAtAWord() {
        let fox = "The quick brown fox jumps over the lazy dog"
        #expect(PageContexts.metaText(fox, limit: 20) == "The quick brown fox…", "a space where the cut falls")
        #expect(PageContexts.metaText(fox, limit: 18) == "The quick brown…", "back to the last space")
        #expect(PageContexts.metaText(fox, limit: 18).count == 16)
        // Back to a space only when it leaves half: else the text is cut where it must be.
        #expect(PageContexts.metaText("Hi " + String(repeating: "a", count: 40), limit: 10) == "Hi aaaaaa…")
        #expect(PageContexts.metaText(String(repeating: "a", count: 300), limit: 10) == "aaaaaaaaa…")
        // Spaces before the cut are dropped, new lines count as spaces.
        #expect(PageContexts.metaText("one two   \n  three four five", limit: 12) == "one two…")
    }

    @Test func neverInsideAGraphemeCluster() {
        let family = "👨‍👩‍👧‍👦"  // four people joined by ZWJ: one character
        let families = PageContexts.metaText(String(repeating: family, count: 150), limit: 10)
        #expect(families == String(repeating: family, count: 9) + "…")
        #expect(families.unicodeScalars.count == 9 * 7 + 1)
        let decomposed = "e\u{301}"  // e and a combining acute accent
        let accents = PageContexts.metaText(String(repeating: decomposed, count: 300), limit: 10)
        #expect(accents.unicodeScalars.map(\.value) == Array(repeating: [0x65, 0x301], count: 9).flatMap { $0 } + [0x2026])
        let flags = PageContexts.metaText("🇵🇹🇯🇵 " + String(repeating: "🇧🇷", count: 20), limit: 6)
        #expect(flags == "🇵🇹🇯🇵…", "back to the space: regional indicators stay in pairs")
        let words = PageContexts.metaText("São Tomé 👩🏽‍💻 developer", limit: 12)
        #expect(words == "São Tomé 👩🏽‍💻…")
    }

    @Test func bidiOverridesAreDropped() {
        // "Eve" with an RLO: the rest of a title ("· Site") would read backwards.
        #expect(PageContexts.metaText("Eve \u{202E}gnp.exe", limit: 100) == "Eve gnp.exe")
        #expect(PageContexts.metaText("\u{202A}a\u{202B}b\u{202C}c\u{202D}d\u{202E}e", limit: 100) == "abcde")
        #expect(PageContexts.metaText("\u{202E}", limit: 100) == "")
        // Isolates in pairs stay (sitegen's own around a handle); an unclosed one, or a PDI
        // closing nothing, is dropped.
        #expect(PageContexts.metaText("متابعو \u{2068}@ana\u{2069}", limit: 100) == "متابعو \u{2068}@ana\u{2069}")
        #expect(PageContexts.metaText("\u{2067}x", limit: 100) == "x")
        #expect(PageContexts.metaText("a\u{2069}b", limit: 100) == "ab")
        #expect(PageContexts.metaText("\u{2066}a\u{2069}\u{2069}b\u{2068}", limit: 100) == "\u{2066}a\u{2069}b")
        #expect(PageContexts.metaText("\u{2068}abcdef\u{2069}", limit: 5) == "abc…", "the cut drops the PDI, so the FSI goes")
        // Marks are letters without extent: kept.
        #expect(PageContexts.metaText("\u{200F}שלום\u{200E} \u{061C}x", limit: 100) == "\u{200F}שלום\u{200E} \u{061C}x")
        // Dropped controls are not counted.
        #expect(PageContexts.metaText(String(repeating: "\u{202E}ab", count: 100), limit: 5) == "abab…")
    }

    @Test func namesInSentences() {
        #expect(PageContexts.bidiSafe("ana") == "ana")
        #expect(PageContexts.bidiSafe("\u{202E}olleh") == "olleh")
        #expect(PageContexts.bidiSafe("\u{2067}x") == "x")
        #expect(PageContexts.bidiSafe(String(repeating: "long ", count: 100)) == String(repeating: "long ", count: 100), "not cut")
    }
}
