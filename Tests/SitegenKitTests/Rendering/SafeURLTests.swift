@testable import SitegenKit
@testable import SitegenExport
import Testing

/// Which image URLs a page uses as they are, and how attribute values are escaped.
@Suite struct SafeURLTests {
    @Test(arguments: [
        ("https://firebasestorage.googleapis.com/v0/b/x.appspot.com/o/p.jpg?alt=media", true),
        ("http://example.com/a.jpg", true),
        ("HTTPS://EXAMPLE.COM/", true),
        ("HtTp://x", true),
        ("https://é.example/ü.jpg", true),
        ("https:/x", false),
        ("https:x", false),
        ("http//x", false),
        ("https ://x", false),
        ("httpx://x", false),
        ("ftp://x", false),
        ("javascript://x%0Aalert(1)", false),
        ("https://x/a b", false),
        ("https://x/\"onerror=\"", false),
        ("https://x/<script>", false),
        ("https://x/\u{7}", false),
        ("assets/img/abc.jpg", false),
        ("", false),
        ("http:", false),
    ])
    func isHTTP(url: String, expected: Bool) {
        #expect(SafeURL.isHTTP(url) == expected)
        // The same answer for a string not stored as UTF-8 (bridged or sliced).
        #expect(SafeURL.isHTTP(String(Substring(url))) == expected)
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("Photo by @zoë", "Photo by @zoë"),
        ("a & b <c> \"d\" 'e'", "a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39;"),
        ("\"><img src=x onerror=alert(1)>", "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"),
        ("日本語 & 🙂", "日本語 &amp; 🙂"),
        ("", ""),
    ])
    func attributeEscaping(text: String, expected: String) {
        #expect(PageContexts.attribute(text) == expected)
    }
}
