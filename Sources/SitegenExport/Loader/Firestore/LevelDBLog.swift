/// The records of a file in LevelDB's log format, the framing of a managed Firestore
/// export's `output-N` files (docs/firestore.md): 32 KiB blocks; each fragment a 7-byte
/// header (masked CRC-32C of the type and the data, 4 bytes little-endian; the data's
/// length, 2 bytes little-endian; the type, 1 FULL, 2 FIRST, 3 MIDDLE, 4 LAST) and its
/// data; a block's last 1-6 bytes zero padding where no header fits.
struct LevelDBLog {
    static let blockSize = 32 * 1024
    static let headerSize = 7

    /// Why a file is not a valid log; `offset` is the byte where the fault is.
    struct Fault: Error {
        var offset: Int
        var message: String
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    /// A record assembled from fragments (FIRST, MIDDLE…, LAST).
    private var pieces: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Calls `body` with each record in order, with the offset of its first fragment. The
    /// buffer it gets is valid only during the call.
    mutating func forEachRecord(_ body: (UnsafeBufferPointer<UInt8>, Int) throws(Fault) -> Void) throws(Fault) {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return }
        var recordStart = -1
        while at < count {
            let leftInBlock = LevelDBLog.blockSize - at % LevelDBLog.blockSize
            if leftInBlock < LevelDBLog.headerSize {
                // Zero padding to the end of the block.
                for i in at..<min(count, at + leftInBlock) where base[i] != 0 {
                    throw Fault(offset: i, message: "bad padding at the end of a block")
                }
                at += leftInBlock
                continue
            }
            guard count - at >= LevelDBLog.headerSize else {
                throw Fault(offset: at, message: "truncated record header")
            }
            let p = base + at
            let stored = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
            let length = Int(p[4]) | Int(p[5]) << 8
            let type = p[6]
            if stored == 0 && length == 0 && type == 0 {
                // A zeroed tail (a preallocated block): nothing more is written after it.
                for i in at..<count where base[i] != 0 { throw Fault(offset: i, message: "data after a zero header") }
                break
            }
            guard length <= leftInBlock - LevelDBLog.headerSize, at + LevelDBLog.headerSize + length <= count else {
                throw Fault(offset: at, message: "truncated record (\(length) bytes announced)")
            }
            let data = p + LevelDBLog.headerSize
            let crc = CRC32C.checksum(data, count: length, continuing: CRC32C.checksum(p + 6, count: 1))
            guard CRC32C.mask(crc) == stored else { throw Fault(offset: at, message: "CRC mismatch") }
            let fragment = UnsafeBufferPointer(start: data, count: length)
            switch type {
            case 1:
                guard recordStart < 0 else { throw Fault(offset: at, message: "a full record inside a fragmented one") }
                try body(fragment, at)
            case 2:
                guard recordStart < 0 else { throw Fault(offset: at, message: "a first fragment inside a fragmented record") }
                recordStart = at
                pieces.removeAll(keepingCapacity: true)
                pieces.append(contentsOf: fragment)
            case 3, 4:
                guard recordStart >= 0 else { throw Fault(offset: at, message: "a middle or last fragment without a first") }
                pieces.append(contentsOf: fragment)
                if type == 4 {
                    let start = recordStart
                    recordStart = -1
                    try pieces.withUnsafeBufferPointer { (record) throws(Fault) in try body(record, start) }
                }
            default:
                throw Fault(offset: at, message: "unknown record type \(type)")
            }
            at += LevelDBLog.headerSize + length
        }
        if recordStart >= 0 { throw Fault(offset: recordStart, message: "truncated record (no last fragment)") }
    }
}
