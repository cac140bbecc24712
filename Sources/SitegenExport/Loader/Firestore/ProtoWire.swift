/// A reader of the protocol buffer wire format over a byte range: varints, fixed
/// 64-bit values, length-delimited fields and proto2 groups (start 3, end 4).
struct ProtoWire {
    struct Fault: Error {
        /// Offset from the start of the buffer the reader was made on.
        var offset: Int
        var message: String
    }

    enum WireType: UInt8 {
        case varint = 0, fixed64 = 1, bytes = 2, startGroup = 3, endGroup = 4, fixed32 = 5
    }

    let base: UnsafePointer<UInt8>
    /// Offset of `base` within the record, for messages.
    let origin: Int
    private(set) var at: Int
    let end: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>, origin: Int = 0) {
        base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.origin = origin
        at = 0
        end = buffer.count
    }

    private init(base: UnsafePointer<UInt8>, origin: Int, at: Int, end: Int) {
        self.base = base
        self.origin = origin
        self.at = at
        self.end = end
    }

    var isAtEnd: Bool { at >= end }
    var offset: Int { origin + at }

    func fault(_ message: String) -> Fault { Fault(offset: origin + at, message: message) }

    mutating func varint() throws(Fault) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard at < end else { throw fault("truncated varint") }
            let b = base[at]
            at += 1
            guard shift < 64 else { throw fault("varint too long") }
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
        }
    }

    /// The next tag: field number and wire type; nil at the end.
    mutating func tag() throws(Fault) -> (field: UInt64, type: WireType)? {
        guard at < end else { return nil }
        let start = at
        let key = try varint()
        guard let type = WireType(rawValue: UInt8(key & 7)) else {
            at = start
            throw fault("unknown wire type \(key & 7)")
        }
        let field = key >> 3
        guard field > 0 else { at = start; throw fault("field number 0") }
        return (field, type)
    }

    mutating func fixed64() throws(Fault) -> UInt64 {
        guard end - at >= 8 else { throw fault("truncated fixed64") }
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(base[at + i]) << (8 * UInt64(i)) }
        at += 8
        return v
    }

    /// A length-delimited field's bytes.
    mutating func bytes() throws(Fault) -> UnsafeBufferPointer<UInt8> {
        let length = try varint()
        guard length <= UInt64(end - at) else { throw fault("truncated field (\(length) bytes announced)") }
        let out = UnsafeBufferPointer(start: base + at, count: Int(length))
        at += Int(length)
        return out
    }

    /// A reader of a length-delimited field's bytes as a message.
    mutating func message() throws(Fault) -> ProtoWire {
        let length = try varint()
        guard length <= UInt64(end - at) else { throw fault("truncated message (\(length) bytes announced)") }
        let sub = ProtoWire(base: base, origin: origin, at: at, end: at + Int(length))
        at += Int(length)
        return sub
    }

    /// A reader of the group that starts here (after its start tag) up to its end tag
    /// `field`, which this reader skips.
    mutating func group(_ field: UInt64) throws(Fault) -> ProtoWire {
        let start = at
        try skipGroup(field)
        // `at` is past the end tag; the group's fields end before it.
        var tagLength = 1
        var k = (field << 3) | 4
        while k >= 0x80 { k >>= 7; tagLength += 1 }
        return ProtoWire(base: base, origin: origin, at: start, end: at - tagLength)
    }

    /// Skips a field's value of wire type `type`.
    mutating func skip(_ type: WireType, field: UInt64) throws(Fault) {
        switch type {
        case .varint: _ = try varint()
        case .fixed64:
            guard end - at >= 8 else { throw fault("truncated fixed64") }
            at += 8
        case .bytes: _ = try bytes()
        case .fixed32:
            guard end - at >= 4 else { throw fault("truncated fixed32") }
            at += 4
        case .startGroup: try skipGroup(field)
        case .endGroup: throw fault("unexpected end of group \(field)")
        }
    }

    /// Skips to past the end tag of group `field`, and of every group nested in it, with a
    /// stack of their field numbers rather than recursion: unknown groups nested 100,000
    /// deep in a record cost a loop, not the stack (docs/robustness.md).
    private mutating func skipGroup(_ field: UInt64) throws(Fault) {
        var open: [UInt64] = [field]
        while let innermost = open.last {
            guard let (f, type) = try tag() else { throw fault("unterminated group \(innermost)") }
            switch type {
            case .endGroup:
                guard f == innermost else { throw fault("group \(innermost) closed by \(f)") }
                open.removeLast()
            case .startGroup:
                open.append(f)
            default:
                try skip(type, field: f)
            }
        }
    }
}
