import Foundation
import EngineBenchPage
import Mustache
import SitegenTestSupport
import Testing
@testable import MustacheEngine
@testable import SitegenKit

// MARK: - Helpers

/// A `TemplateValue` as swift-mustache reads it.
private func mustacheValue(_ value: TemplateValue) -> Any {
    switch value {
    case let .string(s): return s
    case let .int(i): return i
    case let .bool(b): return b
    case let .list(items): return items.map(mustacheValue)
    case let .object(members): return members.mapValues(mustacheValue)
    case .deferred: return ""
    }
}

/// Template `name` rendered by swift-mustache.
private func mustacheRender(_ templates: [String: String], _ name: String, _ context: TemplateValue) throws -> String {
    var library = MustacheLibrary()
    for (templateName, source) in templates {
        library.register(try MustacheTemplate(string: source), named: templateName)
    }
    return library.render(mustacheValue(context), withTemplate: name) ?? "<no template>"
}

/// Renders `main` with both engines and expects both to give `expected`.
private func check(_ templates: [String: String], _ context: TemplateValue = [:], _ expected: String,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
    let ours = try TemplateEngine(templates: templates).render("main", context)
    let theirs = try mustacheRender(templates, "main", context)
    #expect(ours == expected, "TemplateEngine", sourceLocation: sourceLocation)
    #expect(theirs == expected, "swift-mustache (the reference)", sourceLocation: sourceLocation)
}

private func check(_ template: String, _ context: TemplateValue = [:], _ expected: String,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
    try check(["main": template], context, expected, sourceLocation: sourceLocation)
}

/// The error `TemplateEngine(templates:)` throws.
private func parseError(_ templates: [String: String]) -> TemplateError? {
    do {
        _ = try TemplateEngine(templates: templates)
        return nil
    } catch {
        return error
    }
}

/// The package's root folder (this file is Tests/SitegenKitTests/MustacheEngine/…).
private let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url
}()

private func siteTemplates() throws -> [String: String] {
    let folder = packageRoot.appendingPathComponent("Templates")
    var templates: [String: String] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".mustache") {
        templates[String(file.dropLast(".mustache".count))] = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    }
    return templates
}

// MARK: - Variables

@Suite struct TemplateEngineVariableTests {
    @Test func escapedAndRawVariables() throws {
        let context: TemplateValue = ["x": "a & b < c > d \"e\" 'f' é"]
        try check("{{x}}|{{{x}}}|{{& x}}|{{ x }}|{{{ x }}}", context,
                  "a &amp; b &lt; c &gt; d &quot;e&quot; &#39;f&#39; é|a & b < c > d \"e\" 'f' é|a & b < c > d \"e\" 'f' é"
                      + "|a &amp; b &lt; c &gt; d &quot;e&quot; &#39;f&#39; é|a & b < c > d \"e\" 'f' é")
    }

    @Test func scalarsMissingValuesAndStringsWithNothingToEscape() throws {
        try check("[{{s}}][{{i}}][{{n}}][{{t}}][{{f}}][{{missing}}][{{e}}]",
                  ["s": "plain text", "i": 42, "n": -7, "t": true, "f": false, "e": ""],
                  "[plain text][42][-7][true][false][][]")
        try check("{{min}} {{max}} {{zero}}", ["min": .int(Int.min), "max": .int(Int.max), "zero": 0],
                  "\(Int.min) \(Int.max) 0")
    }

    @Test func listsAndObjectsRenderAsNothingInAVariable() throws {
        // swift-mustache prints Swift's description of the array or dictionary; TemplateValue has no text for them.
        let engine = try TemplateEngine(templates: ["main": "[{{list}}][{{obj}}][{{{list}}}]"])
        #expect(engine.render("main", ["list": ["a"], "obj": ["k": "v"]]) == "[][][]")
    }

    @Test func dottedNames() throws {
        let context: TemplateValue = ["site": ["title": "T & co", "owner": ["name": "Ana"]], "name": "top"]
        try check("{{site.title}} {{site.owner.name}} {{site.missing}} {{site.title.deeper}} {{nothing.at.all}}", context,
                  "T &amp; co Ana   ")
        // The first component is found by climbing; the rest is looked up only inside it.
        try check("{{#site}}{{site.title}}|{{owner.name}}|{{name}}|{{owner.title}}{{/site}}", context, "T &amp; co|Ana|top|")
    }

    @Test func currentValueAndAnchoredNames() throws {
        try check("{{#list}}<{{.}}>{{/list}}", ["list": ["a", 1, true, "<b>"]], "<a><1><true><&lt;b&gt;>")
        // `.name` looks only at the top of the stack: `url` of the outer context is not used.
        let context: TemplateValue = ["url": "outer/", "comments": [["user": "ana", "url": "u/ana/"], ["user": "bob"]]]
        try check("{{#comments}}{{#.url}}<a href=\"{{url}}\">{{user}}</a>{{/.url}}{{^.url}}{{user}}{{/.url}};{{/comments}}",
                  context, "<a href=\"u/ana/\">ana</a>;bob;")
        try check("{{#comments}}[{{url}}]{{/comments}}", context, "[u/ana/][outer/]")
        try check("{{#o}}{{.a}}|{{.b}}|{{b}}{{/o}}", ["o": ["a": "A"], "b": "B"], "A||B")
    }
}

// MARK: - Sections

@Suite struct TemplateEngineSectionTests {
    @Test func sectionsOverListsObjectsAndScalars() throws {
        let context: TemplateValue = [
            "items": [["n": "one"], ["n": "two"]], "obj": ["n": "object"], "s": "", "zero": 0, "t": true,
            "f": false, "empty": [], "n": "outer",
        ]
        try check("{{#items}}({{n}}){{/items}}", context, "(one)(two)")
        try check("{{#obj}}({{n}}){{/obj}}", context, "(object)")
        // An empty string and 0 are truthy, and pushed.
        try check("{{#s}}[s{{.}}]{{/s}}{{#zero}}[{{.}}]{{/zero}}", context, "[s][0]")
        // A true Bool renders its section once, without pushing anything.
        try check("{{#t}}({{n}}){{/t}}", context, "(outer)")
        try check("{{#f}}no{{/f}}{{#empty}}no{{/empty}}{{#missing}}no{{/missing}}", context, "")
        try check("{{#items}}{{#obj}}{{n}}{{/obj}}{{/items}}", context, "objectobject")
    }

    @Test func invertedSections() throws {
        let context: TemplateValue = ["t": true, "f": false, "empty": [], "list": [1], "s": "", "zero": 0, "n": "outer"]
        try check("{{^f}}f{{/f}}{{^empty}}empty{{/empty}}{{^missing}}missing{{/missing}}", context, "femptymissing")
        try check("{{^t}}no{{/t}}{{^list}}no{{/list}}{{^s}}no{{/s}}{{^zero}}no{{/zero}}", context, "")
        try check("{{^empty}}{{n}}{{/empty}}", context, "outer")
    }

    @Test func nestedSectionsClimbTheStack() throws {
        let context: TemplateValue = ["root": "../", "users": [["name": "ana", "posts": [["key": "p1"], ["key": "p2"]]]]]
        try check("{{#users}}{{name}}:{{#posts}} {{root}}p/{{key}}/ {{name}}{{/posts}}{{/users}}", context,
                  "ana: ../p/p1/ ana ../p/p2/ ana")
    }

    @Test func comments() throws {
        try check("a{{! a comment }}b{{!\nmulti\nline\n}}c", [:], "abc")
    }
}

// MARK: - Standalone lines

@Suite struct TemplateEngineWhitespaceTests {
    @Test func standaloneTagLinesAreRemoved() throws {
        let context: TemplateValue = ["items": ["a", "b"], "t": true]
        try check("<ul>\n{{#items}}\n  <li>{{.}}</li>\n{{/items}}\n</ul>\n", context, "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
        try check("<ul>\n  {{#items}}  \n  <li>{{.}}</li>\n\t{{/items}}\t\n</ul>", context, "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>")
        try check("a\n{{^items}}\nnone\n{{/items}}\nb\n", context, "a\nb\n")
        try check("a\n  {{! comment }}\nb\n", context, "a\nb\n")
        try check("a\n{{% CONTENT_TYPE: HTML }}\nb\n", context, "a\nb\n")
        // Windows line ends, and a standalone tag on the last line without a newline.
        try check("a\r\n{{#t}}\r\nb\r\n{{/t}}\r\nc\r\n{{! end }}", ["t": false], "a\r\nc\r\n")
    }

    @Test func tagsSharingALineWithTextStay() throws {
        let context: TemplateValue = ["t": true, "x": "X"]
        try check("a {{#t}}\nb\n{{/t}} c\n", context, "a \nb\n c\n")
        try check("  {{x}}\n  {{#t}}{{x}}{{/t}}\n", context, "  X\n  X\n")
        try check("{{#t}}  \n{{/t}}  x\n", context, "  x\n")
        // Trailing spaces before the end of the template: not standalone.
        try check("a\n{{! c }}  ", context, "a\n  ")
    }

    @Test func swiftMustacheQuirksAreKept() throws {
        // Standalone-ness follows the opening tag's line: after an inline section the next tag line is not standalone.
        try check("x{{#t}}a\n{{/t}}\n{{#t}}\nb\n{{/t}}\n", ["t": true], "xa\n\nb\n")
        // "{{" right before a newline is dropped with the tag that never was.
        try check("a{{\nb", [:], "a\nb")
    }
}

// MARK: - Partials

@Suite struct TemplateEnginePartialTests {
    @Test func partialsSeeTheContextStack() throws {
        let templates = ["main": "<ul>\n{{#users}}\n{{> row}}\n{{/users}}\n</ul>\n", "row": "<li>{{name}} {{root}}{{url}}</li>\n"]
        let context: TemplateValue = ["root": "../", "users": [["name": "ana", "url": "u/ana/"], ["name": "bob", "url": "u/bob/"]]]
        try check(templates, context, "<ul>\n<li>ana ../u/ana/</li>\n<li>bob ../u/bob/</li>\n</ul>\n")
        try check(["main": "[{{>p}}] [{{> p }}]", "p": "{{x}}"], ["x": "<"], "[&lt;] [&lt;]")
    }

    @Test func standalonePartialsAreIndented() throws {
        try check(["main": "a\n  {{>p}}\nb", "p": "1{{x}}\n2\n"], ["x": "X"], "a\n  1X\n  2\nb")
        // swift-mustache indents per token of the partial: the second list item is not indented.
        try check(["main": "a\n  {{>p}}\nb", "p": "{{#items}}\n{{.}}\n{{/items}}\n"], ["items": ["x", "y"]], "a\n  x\ny\nb")
        try check(["main": "\t{{>p}}\n", "p": "1\n\t{{>q}}\n2\n", "q": "x\ny\n"], [:], "\t1\n\t\tx\n\t\ty\n\t2\n")
    }
}

// MARK: - Inheritance

@Suite struct TemplateEngineInheritanceTests {
    static let layout = """
        <html>
        <title>{{$title}}Default title{{/title}}</title>
        {{$head}}
        {{/head}}
        <main>
        {{$content}}
        <p>no content</p>
        {{$inner}}inner default{{/inner}}
        {{/content}}
        </main>
        </html>

        """

    @Test func blocksOverriddenDefaultedAndNested() throws {
        let page = """
            {{<layout}}
            {{$title}}{{pageTitle}} · {{site}}{{/title}}
            {{$content}}
            <h1>{{pageTitle}}</h1>
            {{#items}}
            <p>{{.}}</p>
            {{/items}}
            {{/content}}
            {{/layout}}

            """
        try check(["main": page, "layout": TemplateEngineInheritanceTests.layout],
                  ["pageTitle": "Ana & Bob", "site": "Photos", "items": ["a", "b"]],
                  "<html>\n<title>Ana &amp; Bob · Photos</title>\n<main>\n<h1>Ana &amp; Bob</h1>\n<p>a</p>\n<p>b</p>\n</main>\n</html>\n")
        // Only a block nested in a default is overridden: the default renders around the override.
        try check(["main": "{{<layout}}{{$inner}}INNER {{x}}{{/inner}}{{/layout}}", "layout": TemplateEngineInheritanceTests.layout],
                  ["x": "<x>"],
                  "<html>\n<title>Default title</title>\n<main>\n<p>no content</p>\nINNER &lt;x&gt;\n</main>\n</html>\n")
    }

    @Test func blockDefinitionsAreDedentedAndReindented() throws {
        try check(["main": "{{<parent}}\n{{$block}}\n  one\n   two\n{{/block}}\n{{/parent}}", "parent": "Hi,\n   {{$block}}{{/block}}"],
                  [:], "Hi,\n   one\n    two\n")
    }

    @Test func theOutermostOverrideWins() throws {
        let templates = [
            "base": "<{{$a}}base a{{/a}}|{{$b}}base b{{/b}}|{{$c}}base c{{/c}}>",
            "middle": "{{<base}}{{$a}}middle a{{/a}}{{$b}}middle b{{/b}}{{/base}}",
            "main": "{{<middle}}{{$a}}main a{{/a}}{{/middle}}",
        ]
        try check(templates, [:], "<main a|middle b|base c>")
    }

    @Test func parentsCanBeNestedInBlocksAndSections() throws {
        let templates = [
            "box": "<div>{{$caption}}{{/caption}}: {{$body}}{{/body}}</div>\n",
            "main": "{{#items}}\n{{<box}}\n{{$caption}}{{name}}{{/caption}}\n{{$body}}{{#tags}}#{{.}} {{/tags}}{{/body}}\n{{/box}}\n{{/items}}\n",
        ]
        try check(templates, ["items": [["name": "a", "tags": ["x", "y"]], ["name": "b", "tags": []]]],
                  "<div>a: #x #y </div>\n<div>b: </div>\n")
    }
}

// MARK: - Pragmas and delimiters

@Suite struct TemplateEnginePragmaTests {
    @Test func contentTypePragmas() throws {
        let context: TemplateValue = ["x": "<b>"]
        try check("{{% CONTENT_TYPE: HTML}}{{x}}", context, "&lt;b&gt;")
        // TEXT stops escaping for the rest of the template (or section), as in swift-mustache.
        try check("{{x}}{{%CONTENT_TYPE:TEXT}}{{x}}", context, "&lt;b&gt;<b>")
        try check("{{#t}}{{% CONTENT_TYPE: TEXT}}{{x}}{{/t}}{{x}}", ["x": "<b>", "t": true], "<b>&lt;b&gt;")
        // A partial starts over with HTML.
        try check(["main": "{{% CONTENT_TYPE: TEXT}}{{x}}{{>p}}", "p": "{{x}}"], context, "<b>&lt;b&gt;")
        // Any content type is accepted (sitegen's own SITEGEN_HTML escapes like HTML).
        let engine = try TemplateEngine(templates: ["main": "{{% CONTENT_TYPE: SITEGEN_HTML}}{{x}}"])
        #expect(engine.render("main", context) == "&lt;b&gt;")
    }

    @Test func setDelimiters() throws {
        // (A triple mustache with other delimiters is `<%{x%>}`, as in swift-mustache.)
        try check("{{=<% %>=}}\n<%x%> {{x}} <%{x%>}\n<%={{ }}=%>{{x}}", ["x": "<"], "&lt; {{x}} <\n&lt;")
    }
}

// MARK: - Errors

@Suite struct TemplateEngineErrorTests {
    @Test func unclosedSection() throws {
        let error = try #require(parseError(["main": "<ul>\n  {{#items}}\n  <li>{{.}}</li>\n</ul>\n"]))
        #expect(error.template == "main")
        #expect(error.message == "unclosed section 'items': no {{/items}} before the end of the template")
        #expect((error.line, error.column) == (2, 3))
        #expect(error.description == "main:2:3: unclosed section 'items': no {{/items}} before the end of the template")
        let parent = try #require(parseError(["main": "{{<layout}}\n{{$content}}x", "layout": ""]))
        #expect(parent.message == "unclosed block 'content': no {{/content}} before the end of the template")
        #expect((parent.line, parent.column) == (2, 1))
    }

    @Test func mismatchedClose() throws {
        let error = try #require(parseError(["ok": "fine", "page": "{{#user}}\n{{^hasName}}\n  x {{/user}}\n{{/hasName}}"]))
        #expect(error.template == "page")
        #expect(error.message == "{{/user}} does not close the inverted section 'hasName' opened at line 2, column 1")
        #expect((error.line, error.column) == (3, 5))
        let stray = try #require(parseError(["main": "a\nb {{/x}}"]))
        #expect(stray.message == "{{/x}} closes nothing: no section is open")
        #expect((stray.line, stray.column) == (2, 3))
    }

    @Test func unknownPartialOrParent() throws {
        let partial = try #require(parseError(["main": "a\n  {{#x}}{{> missing }}{{/x}}", "other": "{{> main}}"]))
        #expect(partial.template == "main")
        #expect(partial.message == "partial 'missing' is not a template")
        #expect((partial.line, partial.column) == (2, 9))
        let parent = try #require(parseError(["main": "{{<nolayout}}{{$a}}{{/a}}{{/nolayout}}"]))
        #expect(parent.message == "parent 'nolayout' is not a template")
        #expect((parent.line, parent.column) == (1, 1))
    }

    @Test func badTags() throws {
        let unclosed = try #require(parseError(["main": "é {{name}"]))
        #expect(unclosed.message == "unclosed tag: expected '}}'")
        #expect((unclosed.line, unclosed.column) == (1, 9))
        let spaced = try #require(parseError(["main": "{{na me}}"]))
        #expect(spaced.message == "unexpected 'm' in tag: expected '}}'")
        #expect((spaced.line, spaced.column) == (1, 6))
        let triple = try #require(parseError(["main": "{{{x}} y"]))
        #expect(triple.message.hasPrefix("unclosed tag: expected '}'"))
        let unknown = try #require(parseError(["main": "\n{{@x}}"]))
        #expect(unknown.message == "unknown tag type '@'")
        #expect((unknown.line, unknown.column) == (2, 3))
        let comment = try #require(parseError(["main": "a {{! never closed"]))
        #expect(comment.message == "unclosed comment: expected '}}'")
        #expect((comment.line, comment.column) == (1, 3))
        #expect(parseError(["main": "{{% NOPE: x}}"])?.message == "unknown pragma 'NOPE'")
        #expect(parseError(["main": "{{=<% =}}"])?.message == "invalid set-delimiter tag: expected {{=start end=}}")
        #expect(parseError(["main": "{{<p}}{{x}}{{/p}}", "p": ""])?.message == "only blocks {{$name}}…{{/name}} may appear directly inside {{<p}}")
    }

    @Test func unsupportedFeaturesAreErrors() throws {
        #expect(parseError(["main": "{{uppercased(name)}}"])?.message == "transforms such as 'uppercased(name)' are not supported")
        #expect(parseError(["main": "{{>*dynamic}}"])?.message == "dynamic partials ({{>*name}}) are not supported")
    }

    @Test func theFirstTemplateInNameOrderIsReported() throws {
        let error = try #require(parseError(["b": "{{#x}}", "a": "{{> nope}}", "c": "{{/y}}"]))
        #expect(error.template == "a")
    }
}

// MARK: - The site's templates: same output as swift-mustache

/// Page contexts with every key of docs/templates.md (and every name the templates use):
/// a full variant, a minimal one (optional keys absent, lists empty, flags false) and a
/// mixed one, with text that needs escaping and non-ASCII text.
private enum SiteContexts {
    enum Variant: CaseIterable { case full, minimal, mixed }

    static func site(_ v: Variant) -> TemplateValue {
        ["title": v == .full ? "Ana's <Photos> & \"Friends\"" : "Photos · Fotos", "baseURL": v == .minimal ? "" : "https://example.com/sub/",
         "tileRatio": v == .mixed ? "3-4" : "1-1", "generator": "sitegen",
         "language": v == .mixed ? "ar" : "en", "direction": v == .mixed ? "rtl" : "ltr"]
    }

    /// `t`: every string of the theme, with characters to escape.
    static func strings(_ v: Variant) -> TemplateValue {
        .object(Dictionary(uniqueKeysWithValues: (Strings.requiredPlain + Strings.optionalPlain).map { key in
            (key, TemplateValue.string(v == .full ? "\(key) <&> \"q\"" : key))
        }))
    }

    /// A counted label (`Strings.counted`).
    static func counted(_ before: String, _ number: String, _ after: String) -> TemplateValue {
        ["before": .string(before), "number": .string(number), "after": .string(after), "text": .string(before + number + after)]
    }

    static func common(_ v: Variant, root: String, title: String) -> [String: TemplateValue] {
        var c: [String: TemplateValue] = [
            "root": .string(root), "site": site(v), "t": strings(v), "pageTitle": .string(title),
            "description": v == .minimal ? "" : "Ana & Bob's \"photos\" <3 — ünïcödé",
            "hasDescription": .bool(v != .minimal),
        ]
        if v != .minimal { c["canonical"] = "https://example.com/sub/u/ana/?a=1&b=2" }
        if v == .full {
            c["ogImage"] = "https://cdn.example.com/i/1.jpg?w=1&h=2"
            c["ogMoreImages"] = [["url": "https://cdn.example.com/i/2.jpg?w=1&h=2"], ["url": "https://cdn.example.com/i/3.jpg"]]
        }
        return c
    }

    static func user(_ v: Variant, _ i: Int = 0) -> [String: TemplateValue] {
        let name: String = v == .minimal ? "" : (i == 0 ? "Ana <Lima> & \"co\"" : "Zoë O'Brien")
        return [
            "uid": .string("uid-\(i)"), "username": .string(i == 0 ? "ana" : "zoë.o"), "name": .string(name),
            "hasName": .bool(!name.isEmpty), "url": .string("u/\(i == 0 ? "ana" : "zoe-o")/"), "initial": .string(i == 0 ? "A" : "Z"),
            "hue": .int(v == .minimal ? 0 : 210 + i), "posts": .int(v == .minimal ? 0 : 1), "followers": .int(v == .mixed ? 1 : 1024),
            "following": .int(v == .minimal ? 0 : 7), "postsText": counted("", v == .minimal ? "0" : "1", v == .minimal ? " posts" : " post"),
            "followersText": v == .mixed ? counted("", "1", " follower") : counted("", "1,024", " followers <&>"),
            "followingText": v == .mixed ? counted("يتابع ", "7", "") : counted("", "7", " following"),
            "avatar": .string(v == .full && i == 0 ? "https://img.example/a.png?x=1&y=\"2\"" : v == .mixed ? "assets/img/a\(i)-160.jpg" : ""),
            "hasAvatar": .bool((v == .full && i == 0) || v == .mixed), "avatarRelative": .bool(v == .mixed),
            "hasUsername": .bool(v != .mixed || i == 0), "displayName": .string(i == 0 ? "ana" : v == .mixed ? "Zoë O'Brien" : "zoë.o"),
            "handle": .string(i == 0 ? "@ana" : v == .mixed ? "Zoë O'Brien" : "@zoë.o"),
            // The second user of the mixed site is a private account (its row says so).
            "isPrivate": .bool(v == .mixed && i == 1),
        ].merging(v == .mixed ? ["avatarPicture": avatarPicture(i), "disambiguation": .string("ID uid-\(i)")] : [:]) { a, _ in a }
    }

    /// A published avatar's `avatarPicture` (`PageContexts.avatarPicture`): no `sizes`; its
    /// square's `side`.
    static func avatarPicture(_ i: Int) -> TemplateValue {
        func candidates(_ ext: String, _ widths: [Int]) -> TemplateValue {
            .list(widths.enumerated().map { n, w in ["src": .string("assets/img/a\(i)-\(w).\(ext)"), "w": .int(w), "sep": .string(n == 0 ? "" : ", ")] })
        }
        return ["webp": candidates("webp", [40, 80, 160]), "jpeg": candidates("jpg", [160]), "fallback": .string("assets/img/a\(i)-160.jpg"),
                "colour": "#102030", "side": .int(160)]
    }

    static func tile(_ v: Variant, _ i: Int) -> [String: TemplateValue] {
        var tile: [String: TemplateValue] = ["key": .string("-Nk\(i)"), "url": .string("p/-Nk\(i)/"),
         "src": .string(v == .mixed ? "media/\(i).jpg" : "https://cdn.example.com/\(i).jpg?x=1&y=2"), "srcRelative": .bool(v == .mixed),
         "hasImage": .bool(i % 5 != 4), "width": .int(1080), "height": .int(v == .mixed ? 1440 : 1080), "alt": .string("Photo \(i) by @ana: \"sunset\" & <sea>"),
         "unavailableLabel": .string("Photo unavailable: Photo \(i) by @ana: \"sunset\" & <sea>"),
         // As SiteRenderer adds them: a grid's first row eager, its first tile first.
         "loading": .string(i < 3 ? "eager" : "lazy"), "highPriority": .bool(i == 0),
         // A linked photo without the app's size has no box; a blurHash's colour; an album's or a video's mark.
         "hasSize": .bool(v != .minimal), "colour": "#a0b1c2", "hasColour": .bool(v == .mixed),
         "mark": i % 3 == 1 ? ["isAlbum": true, "isVideo": false, "label": "Album, 3 items <&>"]
             : i % 3 == 2 ? ["isAlbum": false, "isVideo": true, "label": "Video"] : false]
        // A published photo (`picture`): every tile of `full`, every other one of `mixed`.
        if i % 5 != 4 && (v == .full || (v == .mixed && i % 2 == 1)) {
            func candidates(_ ext: String) -> TemplateValue {
                .list([240, 640, 1080].enumerated().map { n, w in
                    ["src": .string("assets/img/k\(i)-\(w).\(ext)"), "w": .int(w), "sep": .string(n == 0 ? "" : ", ")]
                })
            }
            tile["src"] = .string("assets/img/k\(i)-1080.jpg")
            tile["picture"] = .object(["webp": candidates("webp"), "jpeg": candidates("jpg"), "fallback": .string("assets/img/k\(i)-1080.jpg"),
                                       "sizes": "(min-width: 1000px) 280px, calc((100vw - 6px) / 3)", "colour": "#a0b1c2"])
        }
        return tile
    }

    /// A post page's `items` (`PageContexts.mediaItems`): the full variant an album of a
    /// published photo, a video with its poster and a placeholder; the mixed one a video
    /// with a published poster and no size; the minimal one a linked photo.
    static func items(_ v: Variant) -> TemplateValue {
        func item(_ n: Int, of count: Int, video: Bool, image: Bool = true, poster: String = "", picture: Bool = false) -> TemplateValue {
            var item: [String: TemplateValue] = [
                "isVideo": .bool(video), "src": .string(video ? "https://cdn.example.com/v\(n).mp4?a=1&b=2" : "https://cdn.example.com/\(n).jpg"),
                "srcRelative": false, "hasImage": .bool(image), "hasSize": .bool(v != .mixed), "width": 1080, "height": 1350,
                "alt": .string("Item \(n) \"a\" & <b>"), "colour": "#102030", "hasColour": .bool(v == .full), "first": .bool(n == 1),
                "hasPoster": .bool(!poster.isEmpty), "posterSrc": .string(poster), "posterRelative": .bool(v == .mixed),
                "id": .string("item-\(n)"), "positionText": .string("\(n) of \(count) <&>"),
                "dots": .list((1...count).map { ["current": .bool($0 == n)] }), "unavailableLabel": "Photo unavailable: Item <&>",
            ]
            if picture {
                item["picture"] = ["webp": .list([["src": "assets/img/k-240.webp", "w": 240, "sep": ""]]), "jpeg": .list([]),
                                   "fallback": "assets/img/k-1080.jpg", "sizes": "100vw", "colour": "#a0b1c2"]
            }
            return .object(item)
        }
        switch v {
        case .full: return .list([item(1, of: 3, video: false, picture: true), item(2, of: 3, video: true, poster: "https://cdn.example.com/p.jpg?a&b"),
                                  item(3, of: 3, video: false, image: false)])
        case .mixed: return .list([item(1, of: 1, video: true, poster: "assets/img/p-1080.jpg")])
        case .minimal: return .list([item(1, of: 1, video: false)])
        }
    }

    static func merged(_ a: [String: TemplateValue], _ b: [String: TemplateValue]) -> TemplateValue {
        .object(a.merging(b) { _, new in new })
    }

    /// `numbers` of a pagination: 1, the last page and two on each side of `page`, gaps between.
    static func pageNumbers(_ page: Int, of pages: Int) -> TemplateValue {
        var out: [TemplateValue] = []
        var last = 0
        for n in Set([1, pages] + Array(max(1, page - 2)...min(pages, page + 2))).sorted() {
            if n > last + 1 { out.append(["isGap": true]) }
            out.append(n == page ? ["number": .int(n), "isCurrent": true] : ["number": .int(n), "url": .string("u/ana/page/\(n)/")])
            last = n
        }
        return .list(out)
    }

    static func htmlList(_ v: Variant, count: Int, _ make: (Int) -> String) -> TemplateValue {
        .list(v == .minimal ? [] : (0..<count).map { ["html": .string(make($0))] })
    }

    /// Every kind of page, by template it is meant for.
    static func contexts(_ v: Variant) -> [(String, TemplateValue)] {
        let root = v == .mixed ? "../../../../" : "../../"
        var profileUser = user(v)
        profileUser["bioHTML"] = v == .minimal ? "" : "<p>Bio with <a href=\"https://x.example\">link</a> &amp; more</p>\n"
        profileUser["hasBio"] = .bool(v != .minimal)
        if v == .full { profileUser["website"] = ["href": "https://ana.example.com/?q=1&r=2", "text": "ana.example.com/<q>"] }
        if v == .mixed {
            profileUser["websiteText"] = "javascript:alert('x')"
            profileUser["hasWebsiteText"] = true
        }
        profileUser["followersURL"] = "u/ana/followers/"
        profileUser["followingURL"] = "u/ana/following/"
        if v != .minimal { profileUser["feedURL"] = "u/ana/feed.xml" }
        profileUser["feedTitle"] = "Posts by ana & <co>"
        var profile = common(v, root: root, title: "Ana Lima (@ana)")
        profile["user"] = .object(profileUser)
        profile["tiles"] = htmlList(v, count: 3) { "<li class=\"tile\" data-post=\"-Nk\($0)\">tile \($0) é</li>" }
        profile["hasTiles"] = .bool(v != .minimal)
        switch v {
        case .full: profile["pagination"] = ["page": 2, "pages": 3, "prevURL": "u/ana/", "nextURL": "u/ana/page/3/",
                                             "prevLabel": "Newer", "nextLabel": "Older", "numbers": pageNumbers(2, of: 3),
                                             "status": "Page 2 of 3", "pageLabel": "Page 2"]
        case .mixed: profile["pagination"] = ["page": 4, "pages": 4, "prevURL": "u/ana/page/3/", "prevLabel": "Newer & <newest>",
                                              "nextLabel": "Older", "numbers": pageNumbers(4, of: 9), "status": "Página 4 de 9 <&>",
                                              "pageLabel": "Página 4"]
        case .minimal: break
        }

        var index = common(v, root: "", title: "Photos")
        index["users"] = htmlList(v, count: 2) { "<li class=\"row\" data-uid=\"uid-\($0)\">row \($0)</li>\n" }
        index["userCount"] = .int(v == .minimal ? 0 : 2)
        index["userCountText"] = v == .mixed ? counted("", "1", " person") : counted("", "2", " people")
        index["searchStringsJSON"] = "{\"lang\":\"en\",\"found\":{\"other\":\"{count} profiles found\"}}"
        if v != .minimal { index["usersJSON"] = "users.json" }
        index["searchIndex"] = "search/"
        if v == .full {
            index["pagination"] = ["page": 1, "pages": 12, "nextURL": "page/2/", "prevLabel": "Previous", "nextLabel": "Next",
                                   "numbers": pageNumbers(1, of: 12), "status": "Page 1 of 12", "pageLabel": "Page 1"]
            index["hasJumps"] = true
            index["jumps"] = [["label": "#", "url": "page/5/"], ["label": "A", "isCurrent": true], ["label": "Z", "url": "page/12/"]]
        }

        var list = common(v, root: "../../../", title: "Followers of @ana")
        list["user"] = .object(user(v))
        list["kind"] = v == .mixed ? "following" : "followers"
        list["heading"] = v == .mixed ? "@ana follows" : "Followers of @ana & co"
        list["entries"] = htmlList(v, count: 2) { "<li class=\"row\" data-uid=\"uid-\($0)\">row</li>\n" }
        list["isEmpty"] = .bool(v == .minimal)
        list["hasHidden"] = .bool(v == .mixed)
        list["hiddenText"] = .string("and 2 more accounts, not shown")
        list["isFollowers"] = .bool(v != .mixed)
        list["isFollowing"] = .bool(v == .mixed)
        if v == .mixed {
            list["pagination"] = ["page": 3, "pages": 3, "prevURL": "u/ana/following/page/2/", "prevLabel": "Previous",
                                  "nextLabel": "Next", "numbers": pageNumbers(3, of: 3), "status": "Page 3 of 3", "pageLabel": "Page 3"]
        }

        var post = common(v, root: "../../", title: "Photo by @ana")
        var comments: [TemplateValue] = []
        if v != .minimal {
            comments = [["key": "-Kc1", "username": "zoë.o", "url": "u/zoe-o/", "author": .object(user(v, 1)), "textHTML": "<p>Nice &amp; warm</p>",
                         "dateISO": "2024-03-02T10:00:00Z", "dateText": "2 March 2024"],
                        ["key": "-Kc2<", "username": "Unknown account", "textHTML": "<p>Unknown user</p>"]]
        }
        post["post"] = .object(tile(v, 7).merging([
            "captionHTML": v == .minimal ? "" : "<p>Caption with <em>style</em></p>\n", "hasCaption": .bool(v != .minimal),
            "likesText": v == .mixed ? counted("Gefällt ", "1", " Mal") : counted("", "12", " likes"),
            "dateISO": "2024-03-01T10:00:00Z", "dateText": "1 March 2024",
            "likes": .int(v == .mixed ? 1 : 12), "poster": .object(user(v, 1)), "comments": .list(comments),
            "hasComments": .bool(!comments.isEmpty), "commentCount": .int(comments.count), "hasNeighbours": .bool(v != .minimal), "moreLabel": "More posts by @ana & co",
            // The full variant's thread folded (as for more than three comments), the others not.
            "hasOlderComments": .bool(v == .full), "olderComments": .list(v == .full ? Array(comments.prefix(1)) : []),
            "latestComments": .list(v == .full ? Array(comments.dropFirst()) : comments), "allCommentsText": "View all 2 comments <&>",
            "hasLikes": .bool(v != .minimal), "captionFolded": .bool(v == .mixed), "captionPreview": .string(v == .mixed ? "Caption with style…" : ""),
            "more": htmlList(v, count: 2) { "<li>m\($0)</li>" }, "hasMore": .bool(v != .minimal), "profileLabel": "Back to profile",
            "isAlbum": .bool(v == .full), "albumLabel": "Album, 3 items <&>", "items": items(v),
        ].merging(v == .full ? ["previous": ["url": "p/-Nk6/"], "next": ["url": "p/-Nk8/"]]
                  : v == .mixed ? ["next": ["url": "p/-Nk8/"]] : [:]) { _, new in new }) { _, new in new })

        var tag = common(v, root: "../../", title: "#sunset")
        tag["tag"] = "sunset&sea"
        tag["tiles"] = htmlList(v, count: 2) { "<li>t\($0)</li>" }
        tag["count"] = .int(v == .minimal ? 0 : 2)
        tag["countText"] = v == .mixed ? counted("投稿", "1", "件") : counted("", "2", " posts")

        let notFound = common(v, root: v == .minimal ? "/" : "https://example.com/sub/", title: "Not found")

        var feed = common(v, root: "../../", title: "Feed")
        feed["user"] = .object(user(v))
        feed["feedID"] = "https://example.com/sub/u/ana/"
        feed["profileURL"] = v == .minimal ? "../../u/ana/" : "https://example.com/sub/u/ana/"
        feed["updated"] = "2024-03-01T10:00:00Z"
        if v != .minimal { feed["selfURL"] = "https://example.com/sub/u/ana/feed.xml" }
        feed["entries"] = .list(v == .minimal ? [] : [
            ["id": "tag:example.com,2024:-Nk1", "url": "https://example.com/sub/p/-Nk1/", "title": "Photo & \"title\"",
             "updated": "2024-03-01T10:00:00Z", "contentHTML": "<p>Caption &amp; <img src=\"x.jpg\"></p>"],
            ["id": "tag:example.com,2024:-Nk2", "url": "https://example.com/sub/p/-Nk2/", "title": "Second",
             "updated": "2024-02-01T10:00:00Z", "contentHTML": ""],
        ])

        var sitemap = common(v, root: "", title: "")
        sitemap["urls"] = .list(v == .minimal ? [] : [["loc": "https://example.com/sub/"], ["loc": "https://example.com/sub/u/ana/?a&b"]])

        var sitemapIndex = common(v, root: "", title: "")
        sitemapIndex["isIndex"] = true
        sitemapIndex["sitemaps"] = .list(v == .minimal ? [] : [["loc": "https://example.com/sub/sitemap-1.xml"], ["loc": "sitemap-2.xml?a&b"]])

        var tileContext = tile(v, 3)
        tileContext["root"] = .string(root)
        tileContext["site"] = site(v)
        tileContext["t"] = strings(v)
        var rowContext = user(v)
        rowContext["root"] = .string(root)
        rowContext["site"] = site(v)
        rowContext["t"] = strings(v)

        return [
            ("index", .object(index)), ("profile", .object(profile)), ("list", .object(list)), ("post", .object(post)),
            ("tag", .object(tag)), ("404", .object(notFound)), ("feed", .object(feed)), ("sitemap", .object(sitemap)),
            ("sitemap", .object(sitemapIndex)),
            ("_tile", .object(tileContext)), ("_userrow", .object(rowContext)),
            ("_profile_header", merged(profileUser, ["root": .string(root)])), ("_avatar", .object(user(v))),
            ("_grid", .object(profile)), ("_pagination", .object(profile)),
        ]
    }

    /// Every key the contexts hold, at any depth.
    static func keys(_ value: TemplateValue, into keys: inout Set<String>) {
        switch value {
        case let .object(members):
            for (key, member) in members {
                keys.insert(key)
                Self.keys(member, into: &keys)
            }
        case let .list(items):
            for item in items { Self.keys(item, into: &keys) }
        default:
            break
        }
    }
}

@Suite struct TemplateEngineEquivalenceTests {
    /// Keys docs/templates.md lists.
    static let documentedKeys: Set<String> = [
        "root", "site", "title", "baseURL", "tileRatio", "generator", "pageTitle", "canonical", "description", "ogImage",
        "uid", "username", "name", "hasName", "url", "initial", "hue", "posts", "followers", "following", "postsText",
        "followersText", "followingText", "before", "number", "after", "language", "direction", "t", "unavailableLabel",
        "feedTitle", "status", "pageLabel", "searchStringsJSON", "likesText", "previous", "next", "hasNeighbours", "moreLabel", "key", "src", "srcRelative", "hasImage", "width", "height", "alt", "hasDescription",
        "users", "html", "userCount", "userCountText", "usersJSON",
        "user", "bioHTML", "website", "href", "text", "websiteText", "followersURL", "followingURL", "feedURL", "tiles", "hasTiles",
        "hasBio", "hasWebsiteText", "pagination", "page", "pages", "prevURL", "nextURL",
        "prevLabel", "nextLabel", "numbers", "number", "isCurrent", "isGap", "hasJumps", "jumps", "label", "isIndex", "sitemaps", "searchIndex",
        "kind", "heading", "entries", "isEmpty", "isFollowers", "isFollowing", "hasHidden", "hiddenText",
        "post", "captionHTML", "dateISO", "dateText", "likes", "poster", "comments", "textHTML", "hasComments", "commentCount",
        "avatar", "hasAvatar", "avatarRelative", "avatarPicture", "author", "hasUsername", "displayName", "handle", "disambiguation",
        "hasLikes", "captionFolded", "captionPreview", "more", "hasMore",
        "hasOlderComments", "olderComments", "latestComments", "allCommentsText", "loading", "highPriority",
        "tag", "count", "countText", "feedID", "profileURL", "updated", "id", "contentHTML", "urls", "loc",
        "picture", "webp", "jpeg", "w", "sep", "fallback", "sizes", "colour", "side",
        "hasSize", "hasColour", "mark", "isAlbum", "isVideo", "albumLabel", "items", "first", "hasPoster", "posterSrc",
        "posterRelative", "positionText", "dots", "current", "ogMoreImages", "isPrivate",
    ]

    @Test func contextsCoverEveryDocumentedKeyAndEveryNameInTheTemplates() throws {
        var keys: Set<String> = []
        for v in SiteContexts.Variant.allCases {
            for (_, context) in SiteContexts.contexts(v) { SiteContexts.keys(context, into: &keys) }
        }
        #expect(Self.documentedKeys.subtracting(keys).isEmpty, "documented keys no context has")
        var used: Set<String> = []
        func collect(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case let .variable(name, _): used.formUnion(name.parts)
                case let .section(name, body, _):
                    used.formUnion(name.parts)
                    collect(body)
                case let .blockDefinition(_, body), let .blockExpansion(_, body, _): collect(body)
                case let .partial(_, _, overrides, _): for (_, body) in overrides ?? [] { collect(body) }
                case .text, .contentType: break
                }
            }
        }
        for (_, source) in try siteTemplates() { collect(try TemplateParser.parse(source)) }
        #expect(!used.isEmpty)
        #expect(used.subtracting(keys).isEmpty, "names the templates use that no context has")
    }

    /// Plain, and with the pragma TemplateSet puts before every template (which changes
    /// whether a tag on the first line is standalone).
    @Test(arguments: ["", "{{% CONTENT_TYPE: HTML}}"])
    func everySiteTemplateRendersExactlyAsSwiftMustache(prefix: String) throws {
        let templates = try siteTemplates().mapValues { prefix + $0 }
        #expect(templates.count >= 11)
        let engine = try TemplateEngine(templates: templates)
        var library = MustacheLibrary()
        for (name, source) in templates { library.register(try MustacheTemplate(string: source), named: name) }
        var compared = 0
        for v in SiteContexts.Variant.allCases {
            let contexts = SiteContexts.contexts(v)
            // Each template with the context meant for it, and with every other page's context too.
            for name in templates.keys.sorted() {
                for (kind, context) in contexts {
                    let ours = engine.render(name, context)
                    let theirs = library.render(mustacheValue(context), withTemplate: name) ?? "<none>"
                    #expect(ours == theirs, "\(name).mustache with the \(kind) context (\(v))")
                    if kind == name, v == .full { #expect(!ours.isEmpty, "\(name).mustache renders something") }
                    compared += 1
                }
            }
        }
        #expect(compared >= 3 * 11 * 10)
    }

    @Test func renderUTF8IsRenderAsBytes() throws {
        let engine = try TemplateEngine(templates: try siteTemplates())
        for (name, context) in SiteContexts.contexts(.full) {
            #expect(engine.renderUTF8(name, context) == Array(engine.render(name, context).utf8))
        }
        #expect(engine.render("no-such-template", [:]) == "")
    }

    @Test func stringsWithManyNonASCIIRunsSurviveTheStringFastPath() throws {
        let pieces = (0..<300).map { "x\($0 % 7 == 0 ? "é" : "")y · " }.joined()
        let engine = try TemplateEngine(templates: ["main": "{{{a}}}{{#l}}{{.}}{{/l}}"])
        let context: TemplateValue = ["a": .string(pieces), "l": .list(["日本", "a", "🙂"])]
        #expect(engine.render("main", context) == pieces + "日本a🙂")
        #expect(engine.render("main", ["a": .string(String(repeating: "a", count: 1000) + "é")]) == String(repeating: "a", count: 1000) + "é")
    }

    @Test func concurrentRendersMatchSequentialOnes() async throws {
        let engine = try TemplateEngine(templates: try siteTemplates())
        let contexts = SiteContexts.contexts(.full) + SiteContexts.contexts(.mixed)
        let expected = contexts.map { engine.render($0.0, $0.1) }
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<20 {
                        for (i, (name, context)) in contexts.enumerated() where engine.render(name, context) != expected[i] { return false }
                    }
                    return true
                }
            }
            var all: [Bool] = []
            for await ok in group { all.append(ok) }
            return all
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}

// MARK: - Random templates: same output as swift-mustache

/// Random templates (text with spaces, tabs, CR LF, stray braces; every tag type with
/// standalone and inline placements; partials, parents and blocks) and random data, rendered
/// by both engines. swift-mustache rejects a template ending in "{" (it reads past the end);
/// those cases are skipped, as are outputs with Swift's description of a list or object.
@Suite struct TemplateEngineRandomEquivalenceTests {
    typealias SplitMix = SeededRandom

    final class Generator {
        var rng: SplitMix
        init(seed: UInt64) { rng = SplitMix(state: seed) }

        func pick<T>(_ xs: [T]) -> T { xs[Int.random(in: 0..<xs.count, using: &rng)] }
        func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

        let texts = ["abc", " ", "  ", "\t", "\n", "\n", "\r\n", "x y", "<p>", "{", "}", "{ {", "é", "\n\n", "} }", "  \n", "\r"]
        let names = ["a", "b", "c", "a.b", "b.c", ".", ".a", "x", "list", "", "..", "t", "f"]
        let ws = ["", "", " ", "  ", "\t"]
        let blocks = ["b1", "b2", "b3"]

        func body(_ depth: Int, partials: Int, count: Int, minBlock: Int = 0) -> String {
            var s = ""
            for _ in 0..<Int.random(in: 0...count, using: &rng) {
                if chance(0.35) { s += pick(["\n", "\n  ", "\n\t", " ", "\r\n"]) }
                switch Int.random(in: 0..<100, using: &rng) {
                case 0..<25: s += pick(texts)
                case 25..<40: s += "{{" + pick(ws) + pick(names) + pick(ws) + "}}"
                case 40..<46: s += chance(0.5) ? "{{{" + pick(names) + "}}}" : "{{&" + pick(ws) + pick(names) + "}}"
                case 46..<50: s += pick(["{{! hi }}", "{{!\nmulti\n}}", "{{!}}"])
                case 50..<68 where depth < 4:
                    let name = pick(names)
                    s += "{{" + pick(["#", "#", "^"]) + pick(ws) + name + "}}" + pick(["", "\n", "\n", "  \n", " "])
                    s += body(depth + 1, partials: partials, count: 4, minBlock: minBlock)
                    s += pick(["", "\n", "\n", "  ", "\t"]) + "{{/" + name + pick(ws) + "}}" + pick(["", "\n", "\n", " \n", "x"])
                case 68..<76 where partials > 0:
                    s += "{{>" + pick(ws) + "p\(Int.random(in: 0..<partials, using: &rng))}}" + pick(["", "\n", "\n", " \n", "x"])
                case 76..<82 where depth < 4 && minBlock < blocks.count:
                    // Blocks nest in name order and hold no partials, so that nothing recurses forever.
                    let b = Int.random(in: minBlock..<blocks.count, using: &rng)
                    s += "{{$" + blocks[b] + "}}" + pick(["", "\n", "\n"]) + body(depth + 1, partials: 0, count: 3, minBlock: b + 1)
                        + pick(["", "\n", "  "]) + "{{/" + blocks[b] + "}}" + pick(["", "\n", "\n"])
                case 82..<88 where partials > 0 && depth < 3:
                    let p = "p\(Int.random(in: 0..<partials, using: &rng))"
                    s += "{{<" + p + "}}" + pick(["", "\n", "\n"])
                    for _ in 0..<Int.random(in: 0...3, using: &rng) {
                        s += pick(["", "\n", "  ", "\n  ", "text"])
                        let b = Int.random(in: 0..<blocks.count, using: &rng)
                        s += "{{$" + blocks[b] + "}}" + pick(["", "\n", "\n"]) + pick(["", "  ", "    ", "\t"])
                            + body(depth + 1, partials: 0, count: 3, minBlock: b + 1) + pick(["", "\n", "  ", "\n  "]) + "{{/" + blocks[b] + "}}"
                            + pick(["", "\n", "\n"])
                    }
                    s += pick(["", "\n", "  "]) + "{{/" + p + "}}" + pick(["", "\n", "\n"])
                case 88..<90: s += pick(["{{% CONTENT_TYPE: TEXT}}", "{{%CONTENT_TYPE:HTML}}\n"])
                case 90..<92: s += pick(["{{/zz}}", "{{#a}}", "{{a}", "{{@x}}", "{{a b}}", "{{#a}}{{/b}}"])
                default: s += pick(texts)
                }
            }
            return s
        }

        func value(_ depth: Int) -> TemplateValue {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1: return .string(pick(["", "a&b", "<x>", "\"q\"", "it's", "plain", "é ü", "line\nbreak"]))
            case 2: return .int(Int.random(in: -5...100, using: &rng))
            case 3: return true
            case 4: return false
            case 5: return []
            case 6 where depth < 3: return .list((0..<Int.random(in: 1...3, using: &rng)).map { _ in value(depth + 1) })
            case 7...9 where depth < 3: return object(depth + 1)
            default: return "s"
            }
        }

        func object(_ depth: Int) -> TemplateValue {
            var members: [String: TemplateValue] = [:]
            for key in ["a", "b", "c", "x", "list", "t", "f"] where chance(0.5) { members[key] = value(depth) }
            return .object(members)
        }
    }

    @Test func randomTemplatesRenderAsInSwiftMustache() throws {
        let generator = Generator(seed: 20_240_301)
        var compared = 0, bothRejected = 0
        for _ in 0..<1500 {
            let partialCount = Int.random(in: 0...3, using: &generator.rng)
            var sources: [String: String] = [:]
            for p in 0..<partialCount { sources["p\(p)"] = generator.body(0, partials: p, count: 5) }
            sources["main"] = generator.body(0, partials: partialCount, count: 10)
            if sources.values.contains(where: { $0.hasSuffix("{") }) { continue }

            var library = MustacheLibrary()
            var referenceFailed = false
            for (name, source) in sources {
                if let template = try? MustacheTemplate(string: source) { library.register(template, named: name) } else { referenceFailed = true }
            }
            let engine = try? TemplateEngine(templates: sources)
            #expect(referenceFailed == (engine == nil), "parse errors differ for \(sources)")
            guard let engine, !referenceFailed else {
                bothRejected += 1
                continue
            }
            for _ in 0..<3 {
                let context = generator.object(0)
                let expected = library.render(mustacheValue(context), withTemplate: "main") ?? ""
                if expected.contains("[") { continue }
                let actual = engine.render("main", context)
                #expect(actual == expected, "templates \(sources), context \(context)")
                compared += 1
            }
        }
        #expect(compared > 1000)
        #expect(bothRejected > 50)
    }
}

// MARK: - A full profile page

@Suite struct TemplateEngineProfilePageTests {
    /// The page `sitegen-bench` renders (its speed is measured there, not here: scripts/bench-engine).
    @Test func profilePageWithTwelveTilesRendersAsSwiftMustacheDoes() throws {
        let templates = try siteTemplates()
        let engine = try TemplateEngine(templates: templates)
        let profile = benchProfilePage(engine)
        #expect(engine.render("profile", profile) == (try mustacheRender(templates, "profile", profile)))
    }
}
