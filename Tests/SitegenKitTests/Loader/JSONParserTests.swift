import Testing
@testable import SitegenKit

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

    @Test func byteOrderMarkIsAccepted() throws {
        let d = try JSONDocument.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8))
        #expect(d.member(0, "a") != nil)
    }

    @Test func duplicateKeysLastWins() throws {
        let d = try parse(#"{"a": 1, "a": 2}"#)
        #expect(d.rawText(try #require(d.member(0, "a"))) == "2")
        #expect(d.rawText(try #require(d.child(0, key: "a"))) == "2")
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
