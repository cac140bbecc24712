/// A Mustache engine over `TemplateValue` that renders exactly what swift-mustache 2.1.1
/// renders for the same templates and data (see docs/templates.md), some 30 times faster:
/// templates are parsed once into one flat instruction list with names pre-split, a page
/// is rendered into one byte buffer, lookups are dictionary lookups, escaping works on
/// UTF-8 bytes.
///
/// Supported: `{{x}}` (HTML-escaped), `{{{x}}}`, `{{& x}}`, dotted names, `{{.}}`, `.name`
/// (top of the stack only), sections, inverted sections, comments, partials (with
/// swift-mustache's indentation of standalone partials), parents `{{<p}}…{{/p}}` with
/// blocks `{{$b}}…{{/b}}`, set delimiters `{{=<% %>=}}`, `{{% CONTENT_TYPE: … }}`
/// (`TEXT` turns escaping off for the rest of the template or section, like
/// swift-mustache; any other type escapes as HTML).
/// Not supported (init throws): transforms `{{f(x)}}`, dynamic partials `{{>*x}}`, `{{<*x}}`.
/// Lists and objects render as nothing in `{{x}}` (swift-mustache prints Swift's description).
///
/// `@unchecked Sendable`: the compiled templates live in raw buffers (not sendable to the
/// compiler) that `init` fills and `deinit` frees; in between, rendering only reads them.
public final class TemplateEngine: @unchecked Sendable {
    // Everything rendering reads lives in buffers of plain values, allocated once and
    // freed in deinit: rendering from many threads touches no shared reference counts.
    /// All templates' instructions; a template, a section body, a block body is a range of it.
    let code: UnsafeMutableBufferPointer<TemplateInstruction>
    /// All text bytes and indentations; `.text` instructions are ranges of it.
    let textPool: UnsafeMutableBufferPointer<UInt8>
    /// Names: (first component index into `nameParts`, component count, anchored).
    let names: UnsafeMutableBufferPointer<CompiledName>
    let nameParts: UnsafeMutableBufferPointer<String>
    /// Indentations of standalone partials and blocks: ranges of `textPool`.
    let indentations: UnsafeMutableBufferPointer<PoolRange>
    /// Block overrides of all `{{<parent}}` tags, and each parent's range of them.
    let overrides: UnsafeMutableBufferPointer<BlockOverride>
    let overrideSets: UnsafeMutableBufferPointer<PoolRange>
    /// Template index → instruction range.
    let templateRanges: UnsafeMutableBufferPointer<PoolRange>
    /// Template index → a buffer size to reserve.
    let sizeHints: [Int]
    let templateIndex: [String: Int]

    /// Parses every template (name → source). Throws the first error (templates in name
    /// order): a syntax error (unclosed or mismatched sections, unclosed tags, unknown tag
    /// types, unsupported features), or a partial or parent naming a template that is not
    /// in `templates`.
    public init(templates: [String: String]) throws(TemplateError) {
        let sorted = templates.keys.sorted()
        var index: [String: Int] = [:]
        for (i, name) in sorted.enumerated() { index[name] = i }

        var parsed: [[TemplateNode]] = []
        for name in sorted {
            let source = templates[name]!
            let nodes: [TemplateNode]
            do {
                nodes = try TemplateParser.parse(source)
            } catch {
                let (line, column) = TemplateParser.lineAndColumn(of: error.position, in: source)
                throw TemplateError(template: name, message: error.message, line: line, column: column)
            }
            if let (reference, isParent, position) = TemplateEngine.firstUnknownReference(in: nodes, known: index) {
                let (line, column) = TemplateParser.lineAndColumn(of: position, in: source)
                let what = isParent ? "parent" : "partial"
                throw TemplateError(template: name, message: "\(what) '\(reference)' is not a template", line: line, column: column)
            }
            parsed.append(nodes)
        }

        var compiler = TemplateCompiler(templateIndex: index)
        var ranges: [(start: Int32, end: Int32)] = []
        var staticBytes: [Int] = []
        for nodes in parsed {
            let start = compiler.code.count
            let poolStart = compiler.pool.count
            compiler.emit(nodes)
            ranges.append((Int32(start), Int32(compiler.code.count)))
            staticBytes.append(compiler.pool.count - poolStart)
        }
        // Reserve for a page: its own text, its partials' and parents' (once each), room for values.
        var hints: [Int] = []
        for (i, nodes) in parsed.enumerated() {
            var seen: Set<Int> = [i]
            var todo = TemplateEngine.references(in: nodes).compactMap { index[$0] }
            while let t = todo.popLast() {
                guard seen.insert(t).inserted else { continue }
                todo += TemplateEngine.references(in: parsed[t]).compactMap { index[$0] }
            }
            let bytes = seen.reduce(0) { $0 + staticBytes[$1] }
            hints.append(max(1024, bytes + bytes / 2 + 512))
        }

        code = TemplateEngine.buffer(compiler.code)
        textPool = TemplateEngine.buffer(compiler.pool)
        names = TemplateEngine.buffer(compiler.names)
        nameParts = TemplateEngine.buffer(compiler.nameParts)
        indentations = TemplateEngine.buffer(compiler.indentations)
        overrides = TemplateEngine.buffer(compiler.overrides)
        overrideSets = TemplateEngine.buffer(compiler.overrideSets)
        templateRanges = TemplateEngine.buffer(ranges.map { PoolRange(start: $0.start, count: $0.end - $0.start) })
        sizeHints = hints
        templateIndex = index
    }

    private static func buffer<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
        // Never empty, so that every buffer has a base address to free.
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, array.count))
        _ = buffer.initialize(from: array)
        return UnsafeMutableBufferPointer(start: buffer.baseAddress, count: array.count)
    }

    deinit {
        _ = nameParts.deinitialize()
        for buffer in [UnsafeMutableRawPointer(code.baseAddress!), UnsafeMutableRawPointer(textPool.baseAddress!),
                       UnsafeMutableRawPointer(names.baseAddress!), UnsafeMutableRawPointer(nameParts.baseAddress!),
                       UnsafeMutableRawPointer(indentations.baseAddress!), UnsafeMutableRawPointer(overrides.baseAddress!),
                       UnsafeMutableRawPointer(overrideSets.baseAddress!), UnsafeMutableRawPointer(templateRanges.baseAddress!)] {
            buffer.deallocate()
        }
    }

    /// The names of the templates.
    public var templateNames: [String] { templateIndex.keys.sorted() }

    /// Renders template `name` with `context` (empty if there is no such template); safe
    /// to call from many threads at once.
    public func render(_ name: String, _ context: TemplateValue) -> String {
        guard let t = templateIndex[name] else { return "" }
        return withRendered(template: t, context) { TemplateEngine.string($0) }
    }

    /// `render` as UTF-8 bytes, without making a `String` (the fastest way to a file).
    /// `resolve` makes the HTML of the context's `.deferred` values as they are printed.
    public func renderUTF8(_ name: String, _ context: TemplateValue, resolve: DeferredResolver? = nil) -> [UInt8] {
        guard let t = templateIndex[name] else { return [] }
        return withRendered(template: t, context, resolve: resolve) { Array($0) }
    }

    private func withRendered<T>(template t: Int, _ context: TemplateValue, resolve: DeferredResolver? = nil,
                                 _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var renderer = TemplateRenderer(engine: self, context: context, capacity: sizeHints[t], resolve: resolve)
        defer { renderer.out.free() }
        let range = templateRanges[t]
        renderer.run(Int(range.start), Int(range.start + range.count), escape: true)
        return body(renderer.out.buffer)
    }

    /// The rendered bytes (valid UTF-8: template text cut at ASCII bytes, and whole values) as a
    /// String. The standard library validates a buffer with any non-ASCII byte one byte at a
    /// time (about 1 ns a byte), but all-ASCII stretches a word at a time: with few non-ASCII
    /// runs the String is put together from the stretches between them.
    static func string(_ buffer: UnsafeBufferPointer<UInt8>) -> String {
        let n = buffer.count
        guard n >= 256, let base = buffer.baseAddress else { return String(decoding: buffer, as: UTF8.self) }
        // Boundaries of the runs of non-ASCII bytes.
        var cuts: [Int] = []
        var i = 0
        let raw = UnsafeRawPointer(base)
        while i < n {
            if i + 32 <= n {
                let words = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
                if words & 0x8080_8080_8080_8080 == 0 {
                    i += 32
                    continue
                }
            }
            if i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            if base[i] < 0x80 {
                i += 1
                continue
            }
            cuts.append(i)
            while i < n, base[i] >= 0x80 { i += 1 }
            cuts.append(i)
            // Each piece costs about what validating 50 bytes does.
            if cuts.count * 50 > n { return String(decoding: buffer, as: UTF8.self) }
        }
        if cuts.isEmpty { return String(decoding: buffer, as: UTF8.self) }
        cuts.append(n)
        var result = ""
        result.reserveCapacity(n)
        var from = 0
        for cut in cuts where cut > from {
            result += String(decoding: UnsafeBufferPointer(start: base + from, count: cut - from), as: UTF8.self)
            from = cut
        }
        return result
    }

    // MARK: - References

    /// Partials and parents a template names, with where.
    private static func referenceSites(in nodes: [TemplateNode], into sites: inout [(String, Bool, Int)]) {
        for node in nodes {
            switch node {
            case let .section(_, body, _), let .blockDefinition(_, body), let .blockExpansion(_, body, _):
                referenceSites(in: body, into: &sites)
            case let .partial(name, _, overrides, position):
                sites.append((name, overrides != nil, position))
                for (_, body) in overrides ?? [] { referenceSites(in: body, into: &sites) }
            case .text, .variable, .contentType:
                break
            }
        }
    }

    static func references(in nodes: [TemplateNode]) -> [String] {
        var sites: [(String, Bool, Int)] = []
        referenceSites(in: nodes, into: &sites)
        return sites.map(\.0)
    }

    private static func firstUnknownReference(in nodes: [TemplateNode], known: [String: Int]) -> (String, Bool, Int)? {
        var sites: [(String, Bool, Int)] = []
        referenceSites(in: nodes, into: &sites)
        return sites.filter { known[$0.0] == nil }.min { $0.2 < $1.2 }
    }
}
