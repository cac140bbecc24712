/// The flat instruction list `TemplateEngine` renders, and the compiler that turns parsed
/// templates (`TemplateNode`) into it.

// MARK: - Instructions

enum TemplateOp: UInt8 {
    /// Copy `textPool[a..<a+b]`.
    case text
    /// Value of name `a`, HTML-escaped unless the content type is TEXT.
    case escapedVariable
    /// Value of name `a`, as is.
    case rawVariable
    /// Section on name `a`; body `[i+1, b)`.
    case section
    /// Inverted section on name `a`; body `[i+1, b)`.
    case invertedSection
    /// Template `a`; continue at `b`; indentation `c` (-1 none); overrides `d` (-1 none,
    /// else `overrideSets[d]`, whose bodies lie in `[i+1, b)`).
    case partial
    /// Block with id `a`; default body `[i+1, b)`; indentation `c`.
    case block
    /// Escaping on (`a` = 1) or off (`a` = 0) for the rest of this body.
    case contentType
}

struct TemplateInstruction {
    var op: TemplateOp
    var a: Int32 = 0
    var b: Int32 = 0
    var c: Int32 = -1
    var d: Int32 = -1
}

struct CompiledName {
    var first: Int32
    var count: Int32
    var anchored: Bool
}

/// A range of one of the engine's buffers.
struct PoolRange {
    var start: Int32
    var count: Int32
}

struct BlockOverride {
    var id: Int32
    var start: Int32
    var end: Int32
}

/// Flattens parsed templates into instructions.
struct TemplateCompiler {
    let templateIndex: [String: Int]
    var code: [TemplateInstruction] = []
    var pool: [UInt8] = []
    var names: [CompiledName] = []
    var nameParts: [String] = []
    var indentations: [PoolRange] = []
    var overrides: [BlockOverride] = []
    var overrideSets: [PoolRange] = []
    var blockIDs: [String: Int32] = [:]

    init(templateIndex: [String: Int]) {
        self.templateIndex = templateIndex
    }

    mutating func emit(_ nodes: [TemplateNode]) {
        for node in nodes {
            switch node {
            case let .text(bytes):
                code.append(TemplateInstruction(op: .text, a: Int32(pool.count), b: Int32(bytes.count)))
                pool += bytes
            case let .variable(name, escaped):
                code.append(TemplateInstruction(op: escaped ? .escapedVariable : .rawVariable, a: nameID(name)))
            case let .section(name, body, inverted):
                let at = code.count
                code.append(TemplateInstruction(op: inverted ? .invertedSection : .section, a: nameID(name)))
                emit(body)
                code[at].b = Int32(code.count)
            case let .blockExpansion(name, body, indentation):
                let at = code.count
                code.append(TemplateInstruction(op: .block, a: blockID(name), c: indentationID(indentation)))
                emit(body)
                code[at].b = Int32(code.count)
            case let .partial(name, indentation, overrides, _):
                let at = code.count
                code.append(TemplateInstruction(op: .partial, a: Int32(templateIndex[name]!),
                                                c: indentation.map { indentationID($0) } ?? -1))
                if let blocks = overrides {
                    var set: [BlockOverride] = []
                    for (blockName, body) in blocks {
                        let start = code.count
                        emit(body)
                        set.append(BlockOverride(id: blockID(blockName), start: Int32(start), end: Int32(code.count)))
                    }
                    code[at].d = Int32(overrideSets.count)
                    overrideSets.append(PoolRange(start: Int32(self.overrides.count), count: Int32(set.count)))
                    self.overrides += set
                }
                code[at].b = Int32(code.count)
            case let .contentType(escaped):
                code.append(TemplateInstruction(op: .contentType, a: escaped ? 1 : 0))
            case .blockDefinition:
                // Only ever directly inside a parent, where the parser collects them as overrides.
                break
            }
        }
    }

    private mutating func nameID(_ name: TemplateName) -> Int32 {
        names.append(CompiledName(first: Int32(nameParts.count), count: Int32(name.parts.count), anchored: name.anchored))
        nameParts += name.parts
        return Int32(names.count - 1)
    }

    private mutating func blockID(_ name: String) -> Int32 {
        if let id = blockIDs[name] { return id }
        let id = Int32(blockIDs.count)
        blockIDs[name] = id
        return id
    }

    private mutating func indentationID(_ indentation: [UInt8]) -> Int32 {
        if indentation.isEmpty { return -1 }
        indentations.append(PoolRange(start: Int32(pool.count), count: Int32(indentation.count)))
        pool += indentation
        return Int32(indentations.count - 1)
    }
}
