/// A growable byte buffer for one page (`[UInt8]`'s append costs several times more per call).
struct TemplateOutput {
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        bytes = .allocate(capacity: self.capacity)
    }

    func free() {
        bytes.deallocate()
    }

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes, count: count) }

    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>?, count n: Int) {
        guard n > 0, let source else { return }
        if count + n > capacity { grow(count + n) }
        (bytes + count).initialize(from: source, count: n)
        count += n
    }

    /// Inserts `source` at `offset`, moving what follows.
    mutating func insert(_ source: UnsafeBufferPointer<UInt8>, at offset: Int) {
        let n = source.count
        guard n > 0 else { return }
        if count + n > capacity { grow(count + n) }
        (bytes + offset + n).moveInitialize(from: bytes + offset, count: count - offset)
        (bytes + offset).initialize(from: source.baseAddress!, count: n)
        count += n
    }

    private mutating func grow(_ needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBytes.moveInitialize(from: bytes, count: count)
        bytes.deallocate()
        bytes = newBytes
        capacity = newCapacity
    }
}
