/// Where a `JSONWriter` sends full chunks. A write error is kept and rethrown at the end.
protocol ByteSink: AnyObject {
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws
}

/// A small, fast writer of compact JSON into a byte buffer (RFC 8259). Objects only (the
/// exports hold no arrays); commas are inserted by `key`. With a sink the buffer is
/// flushed every `chunkSize` bytes, so memory stays small whatever the output size.
final class JSONWriter {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    private let sink: ByteSink?
    private(set) var sinkError: Error?
    /// Bytes handed to the sink so far.
    private(set) var flushed = 0
    /// Bit d set: the object at depth d already has a member (the next key needs a comma).
    private var hasMember: UInt64 = 0
    private var depth = 0

    init(chunkSize: Int = 4 << 20, sink: ByteSink? = nil) {
        capacity = max(chunkSize, 1024)
        base = .allocate(capacity: capacity)
        self.sink = sink
    }

    deinit { base.deallocate() }

    /// Total bytes written (flushed or buffered).
    var total: Int { flushed + count }

    /// The buffered bytes (all of them when there is no sink).
    func takeBytes() -> [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Hands everything buffered to the sink.
    func flush() {
        guard let sink, count > 0 else { return }
        if sinkError == nil {
            do { try sink.write(UnsafeBufferPointer(start: base, count: count)) } catch { sinkError = error }
        }
        flushed += count
        count = 0
    }

    @inline(__always)
    private func reserve(_ n: Int) {
        if count + n > capacity { grow(n) }
    }

    private func grow(_ n: Int) {
        if sink != nil {
            flush()
            if n <= capacity { return }
        }
        var newCapacity = capacity * 2
        while count + n > newCapacity { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    // MARK: raw output

    @inline(__always)
    func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    @inline(__always)
    func raw(_ p: UnsafePointer<UInt8>, _ n: Int) {
        reserve(n)
        (base + count).update(from: p, count: n)
        count += n
    }

    @inline(__always)
    func raw(_ s: StaticString) { raw(s.utf8Start, s.utf8CodeUnitCount) }

    func raw(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { raw($0.baseAddress!, $0.count) } }

    /// `bytes[start..<start+n]` unescaped between quotes: for ids known to need no escaping.
    @inline(__always)
    func quoted(_ bytes: UnsafePointer<UInt8>, _ n: Int) {
        reserve(n + 2)
        base[count] = 0x22
        (base + count + 1).update(from: bytes, count: n)
        base[count + n + 1] = 0x22
        count += n + 2
    }

    // MARK: structure

    func beginObject() {
        byte(0x7B)
        depth += 1
        hasMember &= ~(1 << UInt64(depth))
    }

    func endObject() {
        byte(0x7D)
        depth -= 1
    }

    /// Writes the comma when needed; the caller then writes the key and the colon.
    @inline(__always)
    func member() {
        let bit: UInt64 = 1 << UInt64(depth)
        if hasMember & bit != 0 { byte(0x2C) } else { hasMember |= bit }
    }

    /// `"name":` (a literal key that needs no escaping).
    @inline(__always)
    func key(_ name: StaticString) {
        member()
        reserve(name.utf8CodeUnitCount + 3)
        base[count] = 0x22
        (base + count + 1).update(from: name.utf8Start, count: name.utf8CodeUnitCount)
        count += name.utf8CodeUnitCount + 1
        base[count] = 0x22
        base[count + 1] = 0x3A
        count += 2
    }

    /// `"<id>":` for an id that needs no escaping.
    @inline(__always)
    func key(_ bytes: UnsafePointer<UInt8>, _ n: Int) {
        member()
        quoted(bytes, n)
        byte(0x3A)
    }

    func key(_ s: String) {
        member()
        string(s)
        byte(0x3A)
    }

    // MARK: values

    @inline(__always)
    func int(_ v: Int) {
        reserve(20)
        var x = v.magnitude
        if v < 0 { base[count] = 0x2D; count += 1 }
        var digits = 1
        var t = x
        while t >= 10 { t /= 10; digits += 1 }
        var i = count + digits - 1
        repeat {
            base[i] = 0x30 + UInt8(x % 10)
            x /= 10
            i -= 1
        } while x > 0
        count += digits
    }

    /// Shortest round-trip spelling (Swift's own algorithm: the same on every platform).
    func double(_ d: Double) {
        var s = d.description
        s.withUTF8 { raw($0.baseAddress!, $0.count) }
    }

    func bool(_ b: Bool) { b ? raw("true") : raw("false") }

    func string(_ s: String) {
        var s = s
        s.withUTF8 { string($0.baseAddress, $0.count) }
    }

    func string(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { string($0.baseAddress, $0.count) }
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, … or `\u00XX`,
    /// everything else (UTF-8 included) passed through.
    func string(_ p: UnsafePointer<UInt8>?, _ n: Int) {
        byte(0x22)
        if let p {
            var runStart = 0
            for i in 0..<n {
                let b = p[i]
                if b >= 0x20 && b != 0x22 && b != 0x5C { continue }
                if i > runStart { raw(p + runStart, i - runStart) }
                escape(b)
                runStart = i + 1
            }
            if n > runStart { raw(p + runStart, n - runStart) }
        }
        byte(0x22)
    }

    private func escape(_ b: UInt8) {
        switch b {
        case 0x22: raw("\\\"")
        case 0x5C: raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        default:
            let hex: StaticString = "0123456789abcdef"
            raw("\\u00")
            byte(hex.utf8Start[Int(b >> 4)])
            byte(hex.utf8Start[Int(b & 15)])
        }
    }
}
