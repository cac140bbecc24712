@testable import SitegenExport
import Testing

@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONDocument { try JSONDocument.parse(Array(text.utf8)) }

    func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONDocument.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func spansKeysAndChildren() throws {
        let d = try parse(#"{"a": [1, 2.5e3, "x\"y"], "b": {"c": null}, "é": true}"#)
        #expect(d.childCount(0) == 3)
        let a = try #require(d.member(0, "a"))
        #expect(d.rawText(a) == #"[1, 2.5e3, "x\"y"]"#)
        #expect(d.children(a).map(d.rawText) == ["1", "2.5e3", #""x\"y""#])
        #expect(d.string(d.children(a)[2]) == "x\"y")
        #expect(d.key(d.children(a)[1]) == "1")
        let b = try #require(d.member(0, "b"))
        #expect(d.rawText(try #require(d.member(b, "c"))) == "null")
        #expect(d.children(0).map(d.key) == ["a", "b", "é"])
        #expect(d.parents[Int(d.children(a)[0])] == a)
        #expect(d.parents[Int(a)] == 0 && d.parents[0] == -1)
    }

    @Test func numbersKeepTheirSpelling() throws {
        let d = try parse(#"{"big": 12345678901234567890, "t": 1490119356.786182, "h": 374.9999999999999, "n": -0.0e-7}"#)
        #expect(d.children(0).map(d.rawText) == ["12345678901234567890", "1490119356.786182", "374.9999999999999", "-0.0e-7"])
    }

    @Test func escapesDecode() throws {
        let d = try parse(#"["\u00e9\n\t\/\\", "\ud83d\ude00", "plain"]"#)
        #expect(d.children(0).map { d.string($0)! } == ["é\n\t/\\", "😀", "plain"])
    }

    @Test func byteOrderMarkIsRefused() throws {
        let e = try #require(syntaxError("\u{FEFF}{\"a\":1}"))
        #expect(e.message == "the file starts with a UTF-8 byte order mark (EF BB BF), which JSON does not allow: save it as UTF-8 without BOM")
        #expect(e.isSyntax == true)
    }

    /// Valid JSON that no Firebase export holds: refused with the place (JSONParser+Limits).
    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, 1, 10, #"the key "a" appears twice in one object (first at line 1, column 2); JSON readers disagree on which copy wins, so sitegen takes neither: remove one"#),
        ("{\"x\": {\"k\": 1,\n \"\\u006b\": 2}}", 2, 2, #"the key "k" appears twice in one object (first at line 1, column 8); JSON readers disagree on which copy wins, so sitegen takes neither: remove one"#),
        (#"{"a/b": 1}"#, 1, 2, #"the key "a/b" holds '/', which Firebase keys cannot (. $ # [ ] / and control characters)"#),
        (#"{"a.b": 1}"#, 1, 2, #"the key "a.b" holds '.', which Firebase keys cannot (. $ # [ ] / and control characters)"#),
        (#"{"$x": 1}"#, 1, 2, #"the key "$x" holds '$', which Firebase keys cannot (. $ # [ ] / and control characters)"#),
        (#"{".prio": 1}"#, 1, 2, #"the key ".prio" holds '.', which Firebase keys cannot (. $ # [ ] / and control characters)"#),
        (#"{"\u002epriority": 1}"#, 1, 2, #"the key ".priority" holds '.', which Firebase keys cannot (. $ # [ ] / and control characters)"#),
        (#"{".value.": 1}"#, 1, 2, #"the key ".value." holds '.', which Firebase keys cannot (. $ # [ ] / and control characters)"#),
        (#"{"a\u0000b": 1}"#, 1, 2, #"the key "a\u0000b" holds the control character U+0000, which Firebase keys cannot (. $ # [ ] / and control characters)"#),
        (#"{"a\nb": 1}"#, 1, 2, #"the key "a\u000Ab" holds the control character U+000A, which Firebase keys cannot (. $ # [ ] / and control characters)"#),
        (#"{"": 1}"#, 1, 2, "an empty key: Firebase keys are 1 to 768 bytes"),
        ("{\"" + String(repeating: "k", count: 769) + "\": 1}", 1, 2, "a key of 769 bytes: Firebase keys are at most 768"),
        (#"{"n": 1e400}"#, 1, 7, "the number 1e400 is out of range (beyond a 64-bit float's ±1.8e308)"),
        (#"[-2E+308]"#, 1, 2, "the number -2E+308 is out of range (beyond a 64-bit float's ±1.8e308)"),
        ("[1" + String(repeating: "0", count: 400) + "]", 1, 2, "the number 1000000000000000000000000000000000000000… is out of range (beyond a 64-bit float's ±1.8e308)"),
    ])
    func firebaseLimits(input: String, line: Int, column: Int, message: String) {
        let e = syntaxError(input)
        #expect(e?.message == message)
        #expect(e.map { [$0.line, $0.column] } == [line, column])
        #expect(e?.isSyntax == false)
    }

    /// Firebase's own keys (a node with a priority): read, and the document says it has them.
    @Test func priorityAndValueKeys() throws {
        let d = try JSONDocument.parse(Array(#"{"a": {".value": 3, ".priority": 1}, "b": {"x": true, ".priority": "p"}}"#.utf8))
        #expect(d.hasFirebaseKeys)
        let a = try #require(d.child(0, key: "a")), b = try #require(d.child(0, key: "b"))
        #expect(d.rawText(d.value(a)) == "3")
        #expect(d.value(b) == b)
        var entries: [String] = []
        d.forEachEntry(b) { entries.append(d.key($0)) }
        #expect(entries == ["x"])
        #expect(try JSONDocument.parse(Array(#"{"a": 1}"#.utf8)).hasFirebaseKeys == false)
    }

    @Test func withinTheLimits() throws {
        // Keys Firebase allows (768 bytes, '-', '_', spaces, non-Latin), tiny and huge finite
        // numbers, the same key in different objects, many keys in one object.
        let many = (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let text = "{\"" + String(repeating: "k", count: 768) + "\": 1, \"-K_a b\": 1e-400, \"日本\": 1.7e308, " +
            "\"o\": {\"a\": 1}, \"p\": {\"a\": 1}, \"m\": {\(many)}}"
        let d = try parse(text)
        #expect(d.childCount(0) == 6)
        #expect(syntaxError("{\"m\": {\(many), \"k99\": 0}}")?.message.hasPrefix(#"the key "k99" appears twice"#) == true)
    }

    @Test func hugeStringsStopEarly() {
        // The scan gives up after 16 MiB: a string of 20 MiB is refused at its quote.
        let text = "{\"bio\": \"" + String(repeating: "a", count: 20 << 20) + "\"}"
        let e = syntaxError(text)
        #expect(e?.message == "a string longer than 16 MiB, which no Firebase value is (strings are at most 10 MB)")
        #expect(e?.column == 9)
    }

    @Test(arguments: [
        ("", 1, 1, "the file is empty: no JSON value"),
        ("{\"a\": 1", 1, 8, "unexpected end of file: '}' is missing"),
        ("{\"a\" 1}", 1, 6, "unexpected '1' (expected ':' after the key)"),
        ("{\"a\": 1,}", 1, 9, "unexpected '}' (expected an object key in double quotes)"),
        ("[1,]", 1, 4, "unexpected ']' (expected a value)"),
        ("{\"a\": NaN}", 1, 7, "NaN and Infinity are not JSON numbers (expected a value)"),
        ("{\"a\": 01}", 1, 8, "unexpected '1' (expected ',' or '}')"),
        ("{\"a\": 1.}", 1, 7, "invalid number: a digit must follow '.'"),
        ("{\"a\": \"x\ny\"}", 1, 9, "control character U+000A in a string must be escaped"),
        ("{\"a\": \"\\ud800\"}", 1, 8, "lone high surrogate \\uD800 in a string"),
        ("{\"a\": \"\\udc00\"}", 1, 8, "lone low surrogate \\uDC00 in a string"),
        ("{\"a\": \"\\x\"}", 1, 8, "invalid escape '\\x' in a string"),
        ("{\"a\": 'x'}", 1, 7, "strings must use double quotes (expected a value)"),
        ("{}\n{}", 2, 1, "unexpected '{' (expected the end of the file after the root value)"),
        ("{\n  \"a\": tru\n}", 2, 8, "unexpected 't' (expected a value)"),
        ("\"abc", 1, 1, "unexpected end of file inside a string"),
    ])
    func syntaxErrorsSayWhatAndWhere(input: String, line: Int, column: Int, message: String) {
        let error = syntaxError(input)
        #expect(error?.message == message)
        #expect(error?.line == line)
        #expect(error?.column == column)
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: JSONSyntaxError.self) { try JSONDocument.parse(Array("{\"a\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSONDocument.parse(Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSONDocument.parse(Array("[\"".utf8) + [0xFF] + Array("\"]".utf8)) }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(syntaxError(deep)?.message == "nesting deeper than 512 levels")
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(syntaxError(fine) == nil)
    }

    @Test func longStringsScanAcrossWordBoundaries() throws {
        for length in 0..<40 {
            let s = String(repeating: "a", count: length) + "é\\\"" + String(repeating: "b", count: length)
            let d = try parse("[\"\(s)\"]")
            #expect(d.string(d.children(0)[0]) == String(repeating: "a", count: length) + "é\"" + String(repeating: "b", count: length))
        }
    }
}
