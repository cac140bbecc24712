/// Mustache parsing for `TemplateEngine`: a byte-level port of swift-mustache 2.1.1's
/// parser (`Template+Parser.swift`), so that text, whitespace and standalone-line
/// handling give exactly the tokens swift-mustache gives. Rendering then works on a
/// flat instruction list compiled from these nodes (TemplateCompiler.swift).

struct TemplateParser {
    private let src: [UInt8]
    private var pos = 0

    struct State {
        var sectionName: String?
        /// Where the open section/parent/block tag starts, and what it is, for errors.
        var sectionPosition = 0
        var sectionKind = ""
        var newLine = true
        var isPartialDefinition = false
        var isPartialDefinitionTopLevel = false
        var start: [UInt8] = [0x7B, 0x7B]
        var end: [UInt8] = [0x7D, 0x7D]
        var partialDefinitionIndent: Int?

        func withSectionName(_ name: String, newLine: Bool, at position: Int, kind: String) -> State {
            var s = self
            s.sectionName = name
            s.sectionPosition = position
            s.sectionKind = kind
            s.isPartialDefinitionTopLevel = false
            if !newLine { s.newLine = false }
            return s
        }

        func withInheritancePartial(_ name: String, at position: Int) -> State {
            var s = self
            s.sectionName = name
            s.sectionPosition = position
            s.sectionKind = "parent"
            s.newLine = true
            s.isPartialDefinition = true
            s.isPartialDefinitionTopLevel = true
            return s
        }
    }

    init(_ source: String) {
        src = Array(source.utf8)
    }

    /// Parses the whole template.
    static func parse(_ source: String) throws(TemplateParseFailure) -> [TemplateNode] {
        var parser = TemplateParser(source)
        return try parser.parseBody(State())
    }

    // MARK: - The parse loop (swift-mustache's `parse(_:state:)`)

    private mutating func parseBody(_ initial: State) throws(TemplateParseFailure) -> [TemplateNode] {
        var tokens: [TemplateNode] = []
        var state = initial
        var whiteSpaceBefore: ArraySlice<UInt8> = []
        while pos < src.count {
            if state.newLine {
                let wsStart = pos
                while pos < src.count, src[pos] == 0x20 || src[pos] == 0x09 { pos += 1 }
                let whiteSpace = src[wsStart..<pos]
                if state.isPartialDefinition, !state.isPartialDefinitionTopLevel {
                    // Inside a block definition the first line's indentation is removed from every line.
                    if let indent = state.partialDefinitionIndent {
                        whiteSpaceBefore = whiteSpace.dropFirst(indent)
                    } else {
                        state.partialDefinitionIndent = whiteSpace.count
                    }
                } else {
                    whiteSpaceBefore = whiteSpace
                }
            }
            let text = readUntilDelimiterOrNewline(state)
            let newline = newlineLength(at: pos)
            if newline > 0 {
                tokens.append(.text(Array(whiteSpaceBefore) + text + src[pos..<pos + newline]))
                state.newLine = true
                pos += newline
                continue
            }
            if !text.isEmpty {
                tokens.append(.text(Array(whiteSpaceBefore) + text))
                whiteSpaceBefore = []
                state.newLine = false
            }
            if pos >= src.count { break }
            let tagStart = pos - state.start.count
            var setNewLine = false
            switch src[pos] {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                let inverted = src[pos] == UInt8(ascii: "^")
                pos += 1
                let name = try parseName(state)
                if isStandalone(state) {
                    setNewLine = true
                } else if !whiteSpaceBefore.isEmpty {
                    tokens.append(.text(Array(whiteSpaceBefore)))
                    whiteSpaceBefore = []
                }
                let body = try parseBody(state.withSectionName(name, newLine: setNewLine, at: tagStart,
                                                               kind: inverted ? "inverted section" : "section"))
                tokens.append(.section(TemplateName(name), body, inverted: inverted))

            case UInt8(ascii: "/"):
                pos += 1
                let name = try parseName(state)
                guard name == state.sectionName else {
                    if let open = state.sectionName {
                        throw TemplateParseFailure(
                            message: "{{/\(name)}} does not close the \(state.sectionKind) '\(open)' opened at \(lineAndColumn(state.sectionPosition))",
                            position: tagStart)
                    }
                    throw TemplateParseFailure(message: "{{/\(name)}} closes nothing: no section is open", position: tagStart)
                }
                if isStandalone(state) {
                    setNewLine = true
                } else if !whiteSpaceBefore.isEmpty {
                    tokens.append(.text(Array(whiteSpaceBefore)))
                    whiteSpaceBefore = []
                }
                return tokens

            case UInt8(ascii: "!"):
                pos += 1
                try skipComment(state, tagStart: tagStart)
                setNewLine = isStandalone(state)

            case UInt8(ascii: "{"):
                if !whiteSpaceBefore.isEmpty {
                    tokens.append(.text(Array(whiteSpaceBefore)))
                    whiteSpaceBefore = []
                }
                pos += 1
                let name = try parseName(state)
                guard pos < src.count, src[pos] == UInt8(ascii: "}") else {
                    throw TemplateParseFailure(message: "unclosed tag: expected '}' after '{{{\(name)\(string(state.end))'",
                                               position: pos)
                }
                pos += 1
                tokens.append(.variable(TemplateName(name), escaped: false))

            case UInt8(ascii: "&"):
                if !whiteSpaceBefore.isEmpty {
                    tokens.append(.text(Array(whiteSpaceBefore)))
                    whiteSpaceBefore = []
                }
                pos += 1
                let name = try parseName(state)
                tokens.append(.variable(TemplateName(name), escaped: false))

            case UInt8(ascii: ">"):
                pos += 1
                skipWhitespace()
                if pos < src.count, src[pos] == UInt8(ascii: "*") {
                    throw TemplateParseFailure(message: "dynamic partials ({{>*name}}) are not supported", position: tagStart)
                }
                let name = try parsePartialName(state)
                if !whiteSpaceBefore.isEmpty {
                    tokens.append(.text(Array(whiteSpaceBefore)))
                }
                if isStandalone(state) {
                    setNewLine = true
                    tokens.append(.partial(name, indentation: Array(whiteSpaceBefore), overrides: nil, position: tagStart))
                } else {
                    tokens.append(.partial(name, indentation: nil, overrides: nil, position: tagStart))
                }
                whiteSpaceBefore = []

            case UInt8(ascii: "<"):
                pos += 1
                skipWhitespace()
                let name = try parsePartialName(state)
                if name.utf8.first == UInt8(ascii: "*") {
                    throw TemplateParseFailure(message: "dynamic parents ({{<*name}}) are not supported", position: tagStart)
                }
                if !whiteSpaceBefore.isEmpty {
                    tokens.append(.text(Array(whiteSpaceBefore)))
                }
                if isStandalone(state) {
                    setNewLine = true
                }
                let body = try parseBody(state.withInheritancePartial(name, at: tagStart))
                var overrides: [(String, [TemplateNode])] = []
                for token in body {
                    switch token {
                    case let .blockDefinition(blockName, blockBody):
                        if let i = overrides.firstIndex(where: { $0.0 == blockName }) {
                            overrides[i].1 = blockBody
                        } else {
                            overrides.append((blockName, blockBody))
                        }
                    case .text:
                        break
                    default:
                        throw TemplateParseFailure(
                            message: "only blocks {{$name}}…{{/name}} may appear directly inside {{<\(name)}}",
                            position: tagStart)
                    }
                }
                tokens.append(.partial(name, indentation: Array(whiteSpaceBefore), overrides: overrides, position: tagStart))
                whiteSpaceBefore = []

            case UInt8(ascii: "$"):
                pos += 1
                let name = try parseName(state)
                if state.isPartialDefinitionTopLevel {
                    if isStandalone(state) {
                        setNewLine = true
                    }
                    let body = try parseBody(state.withSectionName(name, newLine: setNewLine, at: tagStart, kind: "block"))
                    tokens.append(.blockDefinition(name, body))
                } else {
                    if !whiteSpaceBefore.isEmpty {
                        tokens.append(.text(Array(whiteSpaceBefore)))
                    }
                    if isStandalone(state) {
                        setNewLine = true
                    }
                    let body = try parseBody(state.withSectionName(name, newLine: setNewLine, at: tagStart, kind: "block"))
                    tokens.append(.blockExpansion(name, body, indentation: Array(whiteSpaceBefore)))
                    whiteSpaceBefore = []
                }

            case UInt8(ascii: "="):
                pos += 1
                state = try parseSetDelimiter(state, tagStart: tagStart)
                setNewLine = isStandalone(state)

            case UInt8(ascii: "%"):
                pos += 1
                tokens.append(try parsePragma(state, tagStart: tagStart))
                setNewLine = isStandalone(state)

            default:
                let c = src[pos]
                if !isNameChar(c), whitespaceLength(at: pos) == 0, !matches(state.end, at: pos) {
                    throw TemplateParseFailure(message: "unknown tag type '\(character(at: pos))'", position: pos)
                }
                if !whiteSpaceBefore.isEmpty {
                    tokens.append(.text(Array(whiteSpaceBefore)))
                    whiteSpaceBefore = []
                }
                let name = try parseName(state)
                tokens.append(.variable(TemplateName(name), escaped: true))
            }
            state.newLine = setNewLine
        }
        if let open = state.sectionName {
            throw TemplateParseFailure(message: "unclosed \(state.sectionKind) '\(open)': no {{/\(open)}} before the end of the template",
                                       position: state.sectionPosition)
        }
        return tokens
    }

    // MARK: - Pieces

    /// Text up to a newline (left as the current position) or past a start delimiter.
    private mutating func readUntilDelimiterOrNewline(_ state: State) -> ArraySlice<UInt8> {
        let textStart = pos
        guard let first = state.start.first else { return [] }
        while pos < src.count {
            let c = src[pos]
            if c == 0x0A || (c == 0x0D && pos + 1 < src.count && src[pos + 1] == 0x0A) {
                return src[textStart..<pos]
            }
            if c == first, matches(state.start, at: pos) {
                let textEnd = pos
                pos += state.start.count
                return src[textStart..<textEnd]
            }
            pos += 1
        }
        return src[textStart..<pos]
    }

    /// swift-mustache's `isStandalone`: the tag began a line (only spaces and tabs before it)
    /// and only spaces and tabs follow up to a newline (consumed), or it ends the template.
    private mutating func isStandalone(_ state: State) -> Bool {
        guard state.newLine else { return false }
        if pos >= src.count { return true }
        var p = pos
        while p < src.count, src[p] == 0x20 || src[p] == 0x09 { p += 1 }
        let newline = newlineLength(at: p)
        if newline > 0 {
            pos = p + newline
            return true
        }
        return false
    }

    private mutating func parseName(_ state: State) throws(TemplateParseFailure) -> String {
        skipWhitespace()
        let nameStart = pos
        while pos < src.count, isNameChar(src[pos]) { pos += 1 }
        let text = src[nameStart..<pos]
        skipWhitespace()
        try expectEnd(state)
        if text.contains(UInt8(ascii: "(")) || text.contains(UInt8(ascii: ")")) {
            throw TemplateParseFailure(message: "transforms such as '\(string(text))' are not supported", position: nameStart)
        }
        return string(text)
    }

    private mutating func parsePartialName(_ state: State) throws(TemplateParseFailure) -> String {
        skipWhitespace()
        let nameStart = pos
        while pos < src.count, isNameChar(src[pos]) || src[pos] == UInt8(ascii: "/") { pos += 1 }
        let text = src[nameStart..<pos]
        skipWhitespace()
        try expectEnd(state)
        return string(text)
    }

    private mutating func expectEnd(_ state: State) throws(TemplateParseFailure) {
        if matches(state.end, at: pos) {
            pos += state.end.count
            return
        }
        if pos >= src.count || state.end.starts(with: src[pos...]) {
            throw TemplateParseFailure(message: "unclosed tag: expected '\(string(state.end))'", position: pos)
        }
        throw TemplateParseFailure(message: "unexpected \(describe(at: pos)) in tag: expected '\(string(state.end))'", position: pos)
    }

    /// swift-mustache's `read(untilString:skipToEnd:)`, naive matching included.
    private mutating func skipComment(_ state: State, tagStart: Int) throws(TemplateParseFailure) {
        let end = state.end
        guard !end.isEmpty else { return }
        var k = 0
        while pos < src.count {
            if src[pos] == end[k] {
                k += 1
                if k == end.count {
                    pos += 1
                    return
                }
            } else {
                k = 0
            }
            pos += 1
        }
        throw TemplateParseFailure(message: "unclosed comment: expected '\(string(end))'", position: tagStart)
    }

    private mutating func parseSetDelimiter(_ state: State, tagStart: Int) throws(TemplateParseFailure) -> State {
        let invalid = TemplateParseFailure(message: "invalid set-delimiter tag: expected {{=start end=}}", position: tagStart)
        skipWhitespace()
        let s1 = pos
        while pos < src.count, whitespaceLength(at: pos) == 0 { pos += 1 }
        guard pos < src.count else { throw invalid }
        let start = Array(src[s1..<pos])
        skipWhitespace()
        let s2 = pos
        while pos < src.count, src[pos] != UInt8(ascii: "="), whitespaceLength(at: pos) == 0 { pos += 1 }
        guard pos < src.count else { throw invalid }
        let end = Array(src[s2..<pos])
        skipWhitespace()
        guard pos < src.count, src[pos] == UInt8(ascii: "=") else { throw invalid }
        pos += 1
        guard matches(state.end, at: pos) else { throw invalid }
        pos += state.end.count
        guard !start.isEmpty, !end.isEmpty else { throw invalid }
        var s = state
        s.start = start
        s.end = end
        s.isPartialDefinitionTopLevel = false
        return s
    }

    /// `{{% CONTENT_TYPE: TYPE }}`: the only pragma swift-mustache knows.
    private mutating func parsePragma(_ state: State, tagStart: Int) throws(TemplateParseFailure) -> TemplateNode {
        let invalid = TemplateParseFailure(message: "invalid pragma: expected {{% CONTENT_TYPE: TYPE}}", position: tagStart)
        skipWhitespace()
        let v1 = pos
        while pos < src.count, isNameChar(src[pos]), src[pos] != UInt8(ascii: "("), src[pos] != UInt8(ascii: ")") { pos += 1 }
        let variable = string(src[v1..<pos])
        skipWhitespace()
        guard pos < src.count, src[pos] == UInt8(ascii: ":") else { throw invalid }
        pos += 1
        skipWhitespace()
        let v2 = pos
        while pos < src.count, isNameChar(src[pos]), src[pos] != UInt8(ascii: "("), src[pos] != UInt8(ascii: ")") { pos += 1 }
        let value = string(src[v2..<pos])
        skipWhitespace()
        guard matches(state.end, at: pos) else { throw invalid }
        pos += state.end.count
        guard !variable.isEmpty, !value.isEmpty else { throw invalid }
        guard variable == "CONTENT_TYPE" else {
            throw TemplateParseFailure(message: "unknown pragma '\(variable)'", position: tagStart)
        }
        return .contentType(escaped: value != "TEXT")
    }

    // MARK: - Characters

    private func matches(_ delimiter: [UInt8], at p: Int) -> Bool {
        guard !delimiter.isEmpty, p + delimiter.count <= src.count else { return false }
        for i in 0..<delimiter.count where src[p + i] != delimiter[i] { return false }
        return true
    }

    private func isNameChar(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "?"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "*"):
            return true
        default:
            return false
        }
    }

    /// Byte length of the newline character at `p` (Swift's `Character.isNewline`: LF, CR LF,
    /// CR, VT, FF, NEL, LS, PS), 0 if none.
    private func newlineLength(at p: Int) -> Int {
        guard p < src.count else { return 0 }
        switch src[p] {
        case 0x0A, 0x0B, 0x0C: return 1
        case 0x0D: return p + 1 < src.count && src[p + 1] == 0x0A ? 2 : 1
        case 0xC2: return p + 1 < src.count && src[p + 1] == 0x85 ? 2 : 0
        case 0xE2: return p + 2 < src.count && src[p + 1] == 0x80 && (src[p + 2] == 0xA8 || src[p + 2] == 0xA9) ? 3 : 0
        default: return 0
        }
    }

    /// Byte length of the whitespace character at `p` (Unicode White_Space), 0 if none.
    private func whitespaceLength(at p: Int) -> Int {
        guard p < src.count else { return 0 }
        let c = src[p]
        switch c {
        case 0x09...0x0D, 0x20: return 1
        case 0xC2: return p + 1 < src.count && (src[p + 1] == 0x85 || src[p + 1] == 0xA0) ? 2 : 0
        case 0xE1: return p + 2 < src.count && src[p + 1] == 0x9A && src[p + 2] == 0x80 ? 3 : 0
        case 0xE2:
            guard p + 2 < src.count else { return 0 }
            let c1 = src[p + 1], c2 = src[p + 2]
            if c1 == 0x80, (0x80...0x8A).contains(c2) || c2 == 0xA8 || c2 == 0xA9 || c2 == 0xAF { return 3 }
            if c1 == 0x81, c2 == 0x9F { return 3 }
            return 0
        case 0xE3: return p + 2 < src.count && src[p + 1] == 0x80 && src[p + 2] == 0x80 ? 3 : 0
        default: return 0
        }
    }

    private mutating func skipWhitespace() {
        while true {
            let n = whitespaceLength(at: pos)
            if n == 0 { return }
            pos += n
        }
    }

    private func string(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private func character(at p: Int) -> String {
        var q = p + 1
        while q < src.count, src[q] & 0xC0 == 0x80 { q += 1 }
        return string(src[p..<q])
    }

    private func describe(at p: Int) -> String {
        if newlineLength(at: p) > 0 { return "end of line" }
        return "'\(character(at: p))'"
    }

    private func lineAndColumn(_ p: Int) -> String {
        let (line, column) = TemplateParser.lineAndColumn(of: p, in: src)
        return "line \(line), column \(column)"
    }

    /// 1-based line and column (in characters) of byte offset `p`.
    static func lineAndColumn(of p: Int, in src: [UInt8]) -> (line: Int, column: Int) {
        let before = String(decoding: src[0..<min(p, src.count)], as: UTF8.self)
        var line = 1
        var column = 1
        for c in before {
            if c.isNewline {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    static func lineAndColumn(of p: Int, in source: String) -> (line: Int, column: Int) {
        lineAndColumn(of: p, in: Array(source.utf8))
    }
}
