/// Writes records in LevelDB's log format (LevelDBLog.swift reads them): for tests of
/// the reader and for benchmark exports.
struct LevelDBLogWriter {
    private(set) var bytes: [UInt8] = []

    mutating func append(_ record: [UInt8]) {
        var at = 0
        var first = true
        while true {
            let left = LevelDBLog.blockSize - bytes.count % LevelDBLog.blockSize
            if left < LevelDBLog.headerSize {
                bytes.append(contentsOf: repeatElement(0, count: left))
                continue
            }
            let length = min(record.count - at, left - LevelDBLog.headerSize)
            let last = at + length == record.count
            let type: UInt8 = first ? (last ? 1 : 2) : (last ? 4 : 3)
            appendFragment(type: type, record[at..<(at + length)])
            at += length
            first = false
            if at == record.count { break }
        }
    }

    /// One fragment as given, its CRC computed (a test may then spoil it).
    mutating func appendFragment(type: UInt8, _ data: ArraySlice<UInt8>) {
        var crc = CRC32C.checksum([type], count: 1)
        data.withUnsafeBufferPointer { crc = CRC32C.checksum($0.baseAddress!, count: $0.count, continuing: crc) }
        if data.isEmpty { crc = CRC32C.checksum([type], count: 1) }
        let masked = CRC32C.mask(crc)
        bytes += [UInt8(masked & 0xFF), UInt8(masked >> 8 & 0xFF), UInt8(masked >> 16 & 0xFF), UInt8(masked >> 24),
                  UInt8(data.count & 0xFF), UInt8(data.count >> 8), type]
        bytes += data
    }
}
