/// Rendering for `TemplateEngine`: runs instruction ranges into one byte buffer with the
/// context stack, block overrides and indentation as swift-mustache keeps them in its
/// `MustacheContext` (Template+Render.swift, Context.swift, Sequence.swift).
struct TemplateRenderer {
    /// Partials and blocks nest at most this deep (swift-mustache recurses until the stack overflows).
    static let maxDepth = 200

    // The engine's buffers (the engine outlives the renderer).
    private let code: UnsafeMutableBufferPointer<TemplateInstruction>
    private let pool: UnsafeMutableBufferPointer<UInt8>
    private let names: UnsafeMutableBufferPointer<CompiledName>
    private let nameParts: UnsafeMutableBufferPointer<String>
    private let indentations: UnsafeMutableBufferPointer<PoolRange>
    private let allOverrides: UnsafeMutableBufferPointer<BlockOverride>
    private let overrideSets: UnsafeMutableBufferPointer<PoolRange>
    private let templateRanges: UnsafeMutableBufferPointer<PoolRange>

    /// The page being rendered; the caller frees it (`out.free()`).
    var out: TemplateOutput
    /// The context stack, top last.
    private var stack: [TemplateValue] = []
    /// Block overrides in effect, outermost parent's first (the outermost wins, as in
    /// swift-mustache's `merging(inheriting) { value, _ in value }`).
    private var overrides: [BlockOverride] = []
    /// Indentation of the standalone partials and blocks being rendered, concatenated.
    private var indent: [UInt8] = []
    private var depth = 0
    /// Makes the HTML of `.deferred` values.
    private let resolve: DeferredResolver?

    init(engine: TemplateEngine, context: TemplateValue, capacity: Int, resolve: DeferredResolver?) {
        self.resolve = resolve
        code = engine.code
        pool = engine.textPool
        names = engine.names
        nameParts = engine.nameParts
        indentations = engine.indentations
        allOverrides = engine.overrides
        overrideSets = engine.overrideSets
        templateRanges = engine.templateRanges
        out = TemplateOutput(capacity: capacity)
        stack.reserveCapacity(8)
        stack.append(context)
    }

    /// Renders instructions `[start, end)`: one `MustacheTemplate.render(context:)`.
    mutating func run(_ start: Int, _ end: Int, escape: Bool) {
        var escape = escape
        var i = start
        if indent.isEmpty {
            while i < end { i = step(i, &escape) }
        } else {
            // swift-mustache indents a token's output when the output of this (sub)template so
            // far ends with "\n" (the Character; "\r\n" is another one) and the token printed something.
            let local = out.count
            while i < end {
                let before = out.count
                let atLineStart = before > local && out.bytes[before - 1] == 0x0A
                    && !(before - 2 >= local && out.bytes[before - 2] == 0x0D)
                i = step(i, &escape)
                if atLineStart, out.count > before {
                    indent.withUnsafeBufferPointer { out.insert($0, at: before) }
                }
            }
        }
    }

    /// Runs instruction `i` (with its body, if any); returns the next one.
    @inline(__always)
    private mutating func step(_ i: Int, _ escape: inout Bool) -> Int {
        let ins = code[i]
        switch ins.op {
        case .text:
            out.append(pool.baseAddress! + Int(ins.a), count: Int(ins.b))
            return i + 1

        case .escapedVariable:
            if let value = lookup(ins.a) { append(value, escaped: escape) }
            return i + 1

        case .rawVariable:
            if let value = lookup(ins.a) { append(value, escaped: false) }
            return i + 1

        case .section:
            let end = Int(ins.b)
            if let value = lookup(ins.a) {
                switch value {
                case let .list(items):
                    for item in items {
                        stack.append(item)
                        run(i + 1, end, escape: escape)
                        stack.removeLast()
                    }
                case let .bool(flag):
                    // swift-mustache renders a true Bool's section without pushing it.
                    if flag { run(i + 1, end, escape: escape) }
                default:
                    stack.append(value)
                    run(i + 1, end, escape: escape)
                    stack.removeLast()
                }
            }
            return end

        case .invertedSection:
            let end = Int(ins.b)
            if let value = lookup(ins.a) {
                switch value {
                case let .list(items):
                    // swift-mustache pushes the empty list.
                    if items.isEmpty {
                        stack.append(value)
                        run(i + 1, end, escape: escape)
                        stack.removeLast()
                    }
                case let .bool(flag):
                    if !flag { run(i + 1, end, escape: escape) }
                default:
                    break
                }
            } else {
                run(i + 1, end, escape: escape)
            }
            return end

        case .partial:
            if depth < TemplateRenderer.maxDepth {
                depth += 1
                let savedIndent = indent.count
                if ins.c >= 0 { indent += slice(of: pool, indentations[Int(ins.c)]) }
                let savedOverrides = overrides.count
                if ins.d >= 0 { overrides += slice(of: allOverrides, overrideSets[Int(ins.d)]) }
                let range = templateRanges[Int(ins.a)]
                // A partial starts over with HTML escaping.
                run(Int(range.start), Int(range.start + range.count), escape: true)
                overrides.removeSubrange(savedOverrides...)
                indent.removeSubrange(savedIndent...)
                depth -= 1
            }
            return Int(ins.b)

        case .block:
            if depth < TemplateRenderer.maxDepth {
                depth += 1
                let savedIndent = indent.count
                if ins.c >= 0 { indent += slice(of: pool, indentations[Int(ins.c)]) }
                var body = (i + 1, Int(ins.b))
                for o in overrides where o.id == ins.a {
                    body = (Int(o.start), Int(o.end))
                    break
                }
                run(body.0, body.1, escape: escape)
                indent.removeSubrange(savedIndent...)
                depth -= 1
            }
            return Int(ins.b)

        case .contentType:
            escape = ins.a != 0
            return i + 1
        }
    }

    @inline(__always)
    private func slice<T>(of buffer: UnsafeMutableBufferPointer<T>, _ range: PoolRange) -> UnsafeMutableBufferPointer<T> {
        UnsafeMutableBufferPointer(rebasing: buffer[Int(range.start)..<Int(range.start + range.count)])
    }

    /// swift-mustache's `getChild`: the first component is looked up from the top of the
    /// stack down (only the top for `.name`), the rest inside what was found.
    @inline(__always)
    private func lookup(_ id: Int32) -> TemplateValue? {
        let name = names[Int(id)]
        if name.count == 0 { return stack[stack.count - 1] }
        let first = Int(name.first)
        let key = nameParts[first]
        var value: TemplateValue
        if name.anchored {
            guard case let .object(members) = stack[stack.count - 1], let found = members[key] else { return nil }
            value = found
        } else {
            var s = stack.count - 1
            while true {
                if case let .object(members) = stack[s], let found = members[key] {
                    value = found
                    break
                }
                if s == 0 { return nil }
                s -= 1
            }
        }
        var k = first + 1
        let last = first + Int(name.count)
        while k < last {
            guard case let .object(members) = value, let found = members[nameParts[k]] else { return nil }
            value = found
            k += 1
        }
        return value
    }

    // MARK: - Output

    @inline(__always)
    private mutating func append(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case let .string(s):
            if escaped { appendEscaped(s) } else { appendRaw(s) }
        case let .int(n):
            appendInt(n)
        case let .bool(b):
            appendStatic(b ? "true" : "false")
        case let .deferred(d):
            let s = resolve?(d) ?? ""
            if escaped { appendEscaped(s) } else { appendRaw(s) }
        case .list, .object:
            break
        }
    }

    private mutating func appendRaw(_ s: String) {
        var s = s
        s.withUTF8 { out.append($0.baseAddress, count: $0.count) }
    }

    private mutating func appendStatic(_ s: StaticString) {
        out.append(s.utf8Start, count: s.utf8CodeUnitCount)
    }

    /// HTML escaping as swift-mustache's: & < > " ' (on bytes; runs without them are copied whole).
    private mutating func appendEscaped(_ s: String) {
        var s = s
        s.withUTF8 { bytes in
            var runStart = 0
            for i in 0..<bytes.count {
                let c = bytes[i]
                guard c <= 0x3E else { continue }
                let replacement: StaticString
                switch c {
                case 0x26: replacement = "&amp;"
                case 0x3C: replacement = "&lt;"
                case 0x3E: replacement = "&gt;"
                case 0x22: replacement = "&quot;"
                case 0x27: replacement = "&#39;"
                default: continue
                }
                out.append(bytes.baseAddress! + runStart, count: i - runStart)
                appendStatic(replacement)
                runStart = i + 1
            }
            if runStart < bytes.count { out.append(bytes.baseAddress! + runStart, count: bytes.count - runStart) }
        }
    }

    private mutating func appendInt(_ n: Int) {
        // Digits of the magnitude from the end of a 24-byte scratch (works for Int.min too).
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var m = n.magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            var first = buffer.count
            repeat {
                first -= 1
                buffer[first] = UInt8(truncatingIfNeeded: m % 10) + 0x30
                m /= 10
            } while m > 0
            if n < 0 {
                first -= 1
                buffer[first] = UInt8(ascii: "-")
            }
            out.append(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + first, count: buffer.count - first)
        }
    }
}
