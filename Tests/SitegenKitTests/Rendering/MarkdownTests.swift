import Testing
import Synchronization
@testable import SitegenKit

/// Users `ana`, `bob.smith` and `zoë` exist; mentions and tags link like a profile page's (root "../../").
private let renderer = MarkdownRenderer(
    mentionURL: { ["ana", "bob.smith", "zoë"].contains($0) ? "../../u/\($0)/" : nil },
    tagURL: { "../../tags/\($0)/" }
)

private func html(_ markdown: String) -> String {
    renderer.render(markdown).html
}

@Suite struct MarkdownFormattingTests {
    @Test func emphasisStrongLinksAndStrikethrough() {
        #expect(html("Hello *world* and **strong** [link](https://example.com \"T\") ~~gone~~")
            == "<p>Hello <em>world</em> and <strong>strong</strong> <a href=\"https://example.com\" title=\"T\">link</a> <del>gone</del></p>\n")
        #expect(html("[mail](mailto:ana@example.com) [plain](http://example.com/a?b=1&c=2)")
            == "<p><a href=\"mailto:ana@example.com\">mail</a> <a href=\"http://example.com/a?b=1&amp;c=2\">plain</a></p>\n")
    }

    @Test func lists() {
        #expect(html("- a\n- b\n\n1. x\n2. y")
            == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol>\n<li>x</li>\n<li>y</li>\n</ol>\n")
    }

    @Test func tables() {
        #expect(html("| a | b |\n|---|:-:|\n| 1 | @ana |")
            == "<table>\n<thead>\n<tr>\n<th>a</th>\n<th align=\"center\">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td align=\"center\"><a href=\"../../u/ana/\">@ana</a></td>\n</tr>\n</tbody>\n</table>\n")
    }

    @Test func tasklists() {
        #expect(html("- [ ] todo\n- [x] done")
            == "<ul>\n<li><input type=\"checkbox\" disabled=\"\" /> todo</li>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done</li>\n</ul>\n")
    }

    @Test func autolinks() {
        #expect(html("see https://example.com/p?q=1#frag and www.example.org and bob@example.com")
            == "<p>see <a href=\"https://example.com/p?q=1#frag\">https://example.com/p?q=1#frag</a> and <a href=\"http://www.example.org\">www.example.org</a> and <a href=\"mailto:bob@example.com\">bob@example.com</a></p>\n")
        #expect(html("<https://example.com/x>") == "<p><a href=\"https://example.com/x\">https://example.com/x</a></p>\n")
        // Other schemes are not linked: their text stays.
        #expect(html("ftp://example.com/x and <ftp://a.b>") == "<p>ftp://example.com/x and ftp://a.b</p>\n")
    }

    @Test func onlyAbsoluteHTTPAndMailtoLinksSurvive() {
        #expect(html("[a](#frag) [b](/rel) [c](rel/x) [d](//evil.example) [e]() [f](tel:123)")
            == "<p>a b c d e f</p>\n")
        #expect(html("[**bold** `code`](javascript:x) after") == "<p><strong>bold</strong> <code>code</code> after</p>\n")
    }

    @Test func images() {
        #expect(html("![ok](https://a.example/b.png \"t\")") == "<p><img src=\"https://a.example/b.png\" alt=\"ok\" title=\"t\" /></p>\n")
        // Unsafe or relative sources: the alt text as plain text.
        #expect(html("![x](javascript:alert(1)) ![a *b*](data:image/png;base64,xx) ![rel](a.png)") == "<p>x a b rel</p>\n")
        // Nested: an unsafe image inside an unsafe link.
        #expect(html("[a ![i](javascript:x) b](javascript:y) after") == "<p>a i b after</p>\n")
        // A safe image inside a safe link stays.
        #expect(html("[![i](https://a.example/i.png)](https://a.example/)")
            == "<p><a href=\"https://a.example/\"><img src=\"https://a.example/i.png\" alt=\"i\" /></a></p>\n")
    }

    @Test func rawHTMLIsOmitted() {
        #expect(html("<b>x</b>") == "<p><!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n")
        #expect(html("<div>\nx\n</div>") == "<!-- raw HTML omitted -->\n")
    }

    @Test func emptyInput() {
        #expect(renderer.render("").html == "")
        #expect(renderer.render("").tags == [])
    }
}

@Suite struct MarkdownMentionTests {
    @Test func existingUserIsLinkedUnknownIsNot() {
        #expect(html("hi @ana and @nobody") == "<p>hi <a href=\"../../u/ana/\">@ana</a> and @nobody</p>\n")
        #expect(html("@ana") == "<p><a href=\"../../u/ana/\">@ana</a></p>\n")
    }

    @Test func emailAddressIsNotAMention() {
        #expect(html("mail ana@example.com or ana@localhost")
            == "<p>mail <a href=\"mailto:ana@example.com\">ana@example.com</a> or ana@localhost</p>\n")
        #expect(html("x.@ana @@ana _@ana") == "<p>x.@ana @@ana _@ana</p>\n")
    }

    @Test func mentionInsideCodeOrLinkIsLeftAlone() {
        #expect(html("`@ana` and [@ana](https://x.example) and https://x.example/@ana")
            == "<p><code>@ana</code> and <a href=\"https://x.example\">@ana</a> and <a href=\"https://x.example/@ana\">https://x.example/@ana</a></p>\n")
        #expect(html("```\n@ana\n```\n\n    @ana") == "<pre><code>@ana\n</code></pre>\n<pre><code>@ana\n</code></pre>\n")
    }

    @Test func trailingDotIsNotPartOfTheName() {
        #expect(html("thanks @ana.") == "<p>thanks <a href=\"../../u/ana/\">@ana</a>.</p>\n")
        #expect(html("@bob.smith. @bob.smith...") == "<p><a href=\"../../u/bob.smith/\">@bob.smith</a>. <a href=\"../../u/bob.smith/\">@bob.smith</a>...</p>\n")
    }

    @Test func unicodeAndPunctuation() {
        #expect(html("(@zoë), @ana!") == "<p>(<a href=\"../../u/zo%C3%AB/\">@zoë</a>), <a href=\"../../u/ana/\">@ana</a>!</p>\n")
        // The name is the whole run of name characters: `ana_x` is another user.
        #expect(html("@ana_x @ana-x") == "<p>@ana_x <a href=\"../../u/ana/\">@ana</a>-x</p>\n")
        // Underscores and emphasis: cmark splits text at `_`, the renderer sees it whole.
        #expect(html("*@ana* __@ana__ ~~@ana~~")
            == "<p><em><a href=\"../../u/ana/\">@ana</a></em> <strong><a href=\"../../u/ana/\">@ana</a></strong> <del><a href=\"../../u/ana/\">@ana</a></del></p>\n")
    }

    @Test func mentionURLsAreAttributeEscaped() {
        let hostile = MarkdownRenderer(mentionURL: { "u/\($0)\"><script>alert(1)</script>/" }, tagURL: { "t/\($0)'\"/" })
        let out = hostile.render("@ana #tag").html
        #expect(out == "<p><a href=\"u/ana%22%3E%3Cscript%3Ealert(1)%3C/script%3E/\">@ana</a> <a href=\"t/tag&#x27;%22/\">#tag</a></p>\n")
        // A username cannot carry markup: the mention stops at the first non-name character.
        let names = MentionLog()
        let logging = MarkdownRenderer(mentionURL: { names.add($0); return "u/\($0)/" }, tagURL: { "t/\($0)/" })
        #expect(logging.render("@x\"><script>alert(1)</script>").html == "<p><a href=\"u/x/\">@x</a>&quot;&gt;<!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted --></p>\n")
        #expect(names.all == ["x"])
    }
}

@Suite struct MarkdownHashtagTests {
    @Test func unicodeTags() {
        let out = renderer.render("#東京 #café #नमस्ते")
        #expect(out.html == "<p><a href=\"../../tags/%E6%9D%B1%E4%BA%AC/\">#東京</a> <a href=\"../../tags/caf%C3%A9/\">#café</a> <a href=\"../../tags/%E0%A4%A8%E0%A4%AE%E0%A4%B8%E0%A5%8D%E0%A4%A4%E0%A5%87/\">#नमस्ते</a></p>\n")
        #expect(out.tags == ["東京", "café", "नमस्ते"])
    }

    @Test func numbersAreNotTags() {
        let out = renderer.render("#1 #42 #1a #_ #a_1")
        #expect(out.html == "<p>#1 #42 <a href=\"../../tags/1a/\">#1a</a> #_ <a href=\"../../tags/a_1/\">#a_1</a></p>\n")
        #expect(out.tags == ["1a", "a_1"])
    }

    @Test func tagsInsideCodeOrLinksAreNotLinked() {
        let out = renderer.render("`#code` [#linked](https://x.example) https://x.example/#frag www.x.example/#f\n\n```\n#block\n```")
        #expect(out.html == "<p><code>#code</code> <a href=\"https://x.example\">#linked</a> <a href=\"https://x.example/#frag\">https://x.example/#frag</a> <a href=\"http://www.x.example/#f\">www.x.example/#f</a></p>\n<pre><code>#block\n</code></pre>\n")
        #expect(out.tags == [])
    }

    @Test func precedingCharacter() {
        let out = renderer.render("a#b *a*#c (#d) @ana#e #f#g")
        #expect(out.html == "<p>a#b <em>a</em>#c (<a href=\"../../tags/d/\">#d</a>) <a href=\"../../u/ana/\">@ana</a>#e <a href=\"../../tags/f/\">#f</a>#g</p>\n")
        #expect(out.tags == ["d", "f"])
    }

    @Test func tagsAreDeduplicatedInOrder() {
        let out = renderer.render("#b #a #b **#a** #A")
        #expect(out.html == "<p><a href=\"../../tags/b/\">#b</a> <a href=\"../../tags/a/\">#a</a> <a href=\"../../tags/b/\">#b</a> <strong><a href=\"../../tags/a/\">#a</a></strong> <a href=\"../../tags/A/\">#A</a></p>\n")
        #expect(out.tags == ["b", "a", "A"])
    }

    @Test func manyTagsStayInOrderWithoutDuplicates() {
        let names = (0..<5000).map { "t\($0)" }
        let text = (names + names.reversed()).map { "#" + $0 }.joined(separator: " ")
        #expect(renderer.render(text).tags == names)
        #expect(MarkdownRenderer.hashtags(in: text) == names)
    }

    @Test func headingIsNotATag() {
        #expect(renderer.render("# Title #x").html == "<h1>Title <a href=\"../../tags/x/\">#x</a></h1>\n")
        #expect(renderer.render("#title").html == "<p><a href=\"../../tags/title/\">#title</a></p>\n")
    }

    @Test func staticHashtagsMatchRender() {
        let texts = [
            "#東京 #1 `#code` #tag #tag", "a#b *a*#c (#d) @ana#e", "[#x](javascript:y) #z",
            "![#alt](https://a/b.png) #after", "no tags here", "| #a | b |\n|---|---|\n| #c | `#d` |",
        ]
        for text in texts {
            #expect(MarkdownRenderer.hashtags(in: text) == renderer.render(text).tags, "\(text)")
        }
        // Text of an unsafe link is plain text again, so its tags count.
        #expect(MarkdownRenderer.hashtags(in: "[#x](javascript:y) #z") == ["x", "z"])
    }
}

@Suite struct MarkdownXSSTests {
    static let corpus: [String] = [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "[x](javascript:alert(1))",
        "[x](JaVaScRiPt:alert(1))",
        "[x](java&#09;script:alert(1))",
        "[x](&#106;avascript:alert(1))",
        "[x](&#x6A;avascript:alert(1))",
        "[x](javascript&colon;alert(1))",
        "[x](<javascript:alert(1)>)",
        "[x]( javascript:alert(1) )",
        "[x][r]\n\n[r]: javascript:alert(1)",
        "[x](data:text/html;base64,PHNjcmlwdD4=)",
        "![x](data:image/svg+xml;base64,PHN2Zz4=)",
        "![x](javascript:alert(1))",
        "<a href=\"javascript:alert(1)\">x</a>",
        "[x](vbscript:msgbox)",
        "<svg onload=alert(1)>",
        "<iframe src=\"https://evil.example/\"></iframe>",
        "<javascript:alert(1)>",
        "[x](http://a \"a\\\" onmouseover=\\\"alert(1)\")",
        "![x\" onerror=\"alert(1)](https://a.example/b.png)",
        "[x](https://a.example/\"onmouseover=\"alert(1))",
        "www.example.com/\"onmouseover=\"alert(1)",
        "<div onclick=\"alert(1)\">x</div>",
        "<style>body{}</style>",
        "<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>",
        "<object data=\"javascript:alert(1)\"></object>",
        "`<script>alert(1)</script>`",
        "*<script>alert(1)</script>*",
        "[<img src=x onerror=alert(1)>](https://a.example)",
        "| a |\n|---|\n| <script>alert(1)</script> |",
        "- [ ] <img src=x onerror=alert(1)>",
        "@x\"><script>alert(1)</script>",
        "#x\"><svg/onload=alert(1)>",
        "<!--><script>alert(1)</script>-->",
        "<scr<script>ipt>alert(1)</script>",
    ]

    /// Mentions resolve for any name, and URLs are built from the name as is.
    static let eager = MarkdownRenderer(mentionURL: { "../../u/\($0)\"><script>/" }, tagURL: { "../../tags/\($0)/" })

    @Test(arguments: corpus)
    func outputHasNoExecutableMarkup(_ input: String) {
        for out in [Self.eager.render(input).html, renderer.render(input).html] {
            let lower = out.lowercased()
            for bad in ["<script", "<iframe", "<svg", "<object", "<style", "<math"] {
                #expect(!lower.contains(bad), "\(bad) in \(out)")
            }
            for tag in HTMLTags.parse(out) {
                for (name, value) in tag.attributes {
                    #expect(!name.hasPrefix("on"), "event handler \(name) in \(out)")
                    if name == "href" || name == "src" {
                        let url = HTMLTags.normalizedURL(value)
                        for scheme in ["javascript:", "vbscript:", "data:"] {
                            #expect(!url.contains(scheme), "\(scheme) in \(out)")
                        }
                        #expect(url.hasPrefix("http://") || url.hasPrefix("https://") || url.hasPrefix("mailto:")
                                || url.hasPrefix("../../"), "scheme of \(url) in \(out)")
                    }
                }
            }
        }
    }

    @Test func theCheckerFindsWhatItLooksFor() {
        let tags = HTMLTags.parse("<p><a href=\"JaVa&#x53;cript:x\" onclick='y' title=\"a onmouseover=b\">t</a><!-- c --></p>")
        #expect(tags.map(\.name) == ["p", "a", "/a", "/p"])
        #expect(tags[1].attributes.map(\.0) == ["href", "onclick", "title"])
        #expect(HTMLTags.normalizedURL(tags[1].attributes[0].1) == "javascript:x")
    }
}

@Suite struct MarkdownConcurrencyTests {
    @Test func concurrentRenderingMatchesSerial() async {
        let inputs = MarkdownXSSTests.corpus + [
            "Hello *world* ~~gone~~ https://example.com and www.example.org @ana #東京",
            "| a | b |\n|---|:-:|\n| ~~x~~ | @ana #t |",
            "- [ ] todo ~x~\n- [x] done bob@example.com",
            "see https://x.example/@ana and @bob.smith. #tag #tag",
        ]
        let serial = inputs.map { renderer.render($0) }
        let rounds = 400
        // Each task returns how many renders it made and the first few that differed from serial.
        let results = await withTaskGroup(of: (Int, [String]).self) { group in
            for task in 0..<8 {
                group.addTask {
                    var count = 0
                    var differing: [String] = []
                    for round in 0..<rounds {
                        for i in inputs.indices {
                            let j = (i + task * 7 + round) % inputs.count
                            let out = renderer.render(inputs[j])
                            count += 1
                            if (out.html != serial[j].html || out.tags != serial[j].tags) && differing.count < 3 {
                                differing.append("\(inputs[j].debugDescription) -> \(out.html.debugDescription)")
                            }
                        }
                    }
                    return (count, differing)
                }
            }
            var all: (count: Int, differing: [String]) = (0, [])
            for await part in group {
                all.count += part.0
                all.differing += part.1
            }
            return all
        }
        #expect(results.count == 8 * rounds * inputs.count)
        #expect(results.differing.isEmpty, "renders differed from serial: \(results.differing)")
    }
}

/// Collects the names passed to `mentionURL`.
private final class MentionLog: Sendable {
    private let names = Mutex<[String]>([])
    var all: [String] { names.withLock { $0 } }
    func add(_ name: String) { names.withLock { $0.append(name) } }
}

/// A small tokenizer for the tags of generated HTML: names, attributes with quoted or bare values.
private enum HTMLTags {
    struct Tag {
        var name: String
        var attributes: [(String, String)]
    }

    static func parse(_ html: String) -> [Tag] {
        let s = Array(html.unicodeScalars)
        var tags: [Tag] = []
        var i = 0
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }
        while i < s.count {
            guard s[i] == "<" else { i += 1; continue }
            if i + 3 < s.count && s[i + 1] == "!" && s[i + 2] == "-" && s[i + 3] == "-" {
                var j = i + 4
                while j + 2 < s.count && !(s[j] == "-" && s[j + 1] == "-" && s[j + 2] == ">") { j += 1 }
                i = j + 3
                continue
            }
            var j = i + 1
            var name = ""
            while j < s.count && !isSpace(s[j]) && s[j] != ">" && !(s[j] == "/" && !name.isEmpty) {
                name.unicodeScalars.append(s[j]); j += 1
            }
            var attributes: [(String, String)] = []
            while j < s.count && s[j] != ">" {
                if isSpace(s[j]) || s[j] == "/" { j += 1; continue }
                var attr = ""
                while j < s.count && !isSpace(s[j]) && s[j] != "=" && s[j] != ">" && s[j] != "/" {
                    attr.unicodeScalars.append(s[j]); j += 1
                }
                var value = ""
                if j < s.count && s[j] == "=" {
                    j += 1
                    if j < s.count && (s[j] == "\"" || s[j] == "'") {
                        let quote = s[j]; j += 1
                        while j < s.count && s[j] != quote { value.unicodeScalars.append(s[j]); j += 1 }
                        j += 1
                    } else {
                        while j < s.count && !isSpace(s[j]) && s[j] != ">" { value.unicodeScalars.append(s[j]); j += 1 }
                    }
                }
                attributes.append((attr.lowercased(), value))
            }
            tags.append(Tag(name: name.lowercased(), attributes: attributes))
            i = j + 1
        }
        return tags
    }

    /// An attribute URL as a browser would see its scheme: character references decoded,
    /// tabs, newlines and control characters removed, lower-cased.
    static func normalizedURL(_ value: String) -> String {
        var out = ""
        let s = Array(value.unicodeScalars)
        var i = 0
        while i < s.count {
            if s[i] == "&", let semi = s[i...].firstIndex(of: ";"), semi - i < 12 {
                let entity = String(String.UnicodeScalarView(s[(i + 1)..<semi])).lowercased()
                var decoded: Unicode.Scalar?
                if entity.hasPrefix("#x") { decoded = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }
                else if entity.hasPrefix("#") { decoded = UInt32(entity.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init) }
                else { decoded = ["amp": "&", "colon": ":", "tab": "\t", "newline": "\n", "quot": "\"", "lt": "<", "gt": ">"][entity] }
                if let decoded {
                    out.unicodeScalars.append(decoded)
                    i = semi + 1
                    continue
                }
            }
            out.unicodeScalars.append(s[i])
            i += 1
        }
        return String(String.UnicodeScalarView(out.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F })).lowercased()
    }
}
