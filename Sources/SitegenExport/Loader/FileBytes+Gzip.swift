import CZlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gzip-compressed exports (Firebase's automated backups, `<date>_<db>_data.json.gz`):
/// inflated while the file is read in chunks, never unpacked to disk.
extension FileBytes {
    /// The compressed file is read this much at a time.
    static let gzipChunk = 1 << 20

    /// Inflates the gzip file open as `fd` (`compressedSize` bytes on disk): every member
    /// of it, one after another, as `gunzip` does; zero bytes after the last member (tape
    /// padding) are ignored. The decompressed size is known only at the end (the trailer
    /// keeps it modulo 2^32), so the buffer starts at a guess and grows with `realloc`,
    /// which glibc does with `mremap` for blocks this large: the bytes are not copied, and
    /// memory stays at the decompressed size plus the padding once the buffer is trimmed.
    static func inflate(_ fd: Int32, compressedSize: Int) throws(GzipError) -> FileBytes {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        // zlib keeps the stream's address: the stream lives at one place until inflateEnd.
        guard sitegen_inflate_init_gzip(stream) == Z_OK else { throw .outOfMemory }
        defer { inflateEnd(stream) }
        let input = UnsafeMutablePointer<UInt8>.allocate(capacity: gzipChunk)
        defer { input.deallocate() }

        let padding = JSONParser.padding
        // JSON shrinks 5 to 10 times; pages of the guess that are never written cost nothing.
        var capacity = min(max(compressedSize, 1 << 14) * 4, 1 << 30)
        guard var out = malloc(capacity + padding) else { throw .outOfMemory }
        var count = 0
        var success = false
        defer { if !success { free(out) } }

        var chunkOffset = 0  // where in the file `input` starts
        var chunkLength = 0
        var atEnd = false
        var inMember = true  // the first member begins at byte 0 (its magic is checked below)
        var zerosFrom: Int?  // where zero bytes after the last member began
        // Where the next byte to inflate is in the file.
        func position() -> Int { chunkOffset + chunkLength - Int(stream.pointee.avail_in) }

        while true {
            if stream.pointee.avail_in == 0 && !atEnd {
                chunkOffset += chunkLength
                chunkLength = try readFully(fd, input, gzipChunk)
                if chunkLength == 0 { atEnd = true }
                if chunkOffset == 0 {
                    // Not even the magic number: 1f 8b. A lone 1f is a gzip file cut short.
                    if chunkLength == 0 || input[0] != 0x1f || (chunkLength > 1 && input[1] != 0x8b) { throw .notGzip }
                }
                stream.pointee.next_in = input
                stream.pointee.avail_in = UInt32(chunkLength)
            }
            if !inMember {
                // Between members: the next one, zero bytes to the end, or the end.
                while stream.pointee.avail_in > 0 && stream.pointee.next_in[0] == 0 {
                    if zerosFrom == nil { zerosFrom = position() }
                    stream.pointee.next_in += 1
                    stream.pointee.avail_in -= 1
                }
                if stream.pointee.avail_in == 0 {
                    if atEnd { break }
                    continue
                }
                if let zerosFrom { throw .corrupt(at: zerosFrom, "trailing garbage after zero padding") }
                inflateReset(stream)
                inMember = true
            }
            // Room for at least 64 KiB more; the padding stays outside what zlib may fill.
            if capacity - count < 1 << 16 {
                let grown = capacity * 2
                guard let moved = realloc(out, grown + padding) else { throw .outOfMemory }
                out = moved
                capacity = grown
            }
            let room = min(capacity - count, Int(UInt32.max))
            stream.pointee.next_out = (out + count).assumingMemoryBound(to: UInt8.self)
            stream.pointee.avail_out = UInt32(room)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            count += room - Int(stream.pointee.avail_out)
            switch status {
            case Z_OK:
                break
            case Z_STREAM_END:
                inMember = false
            case Z_BUF_ERROR:
                // No progress with room to write: the input is used up.
                if atEnd { throw .truncated }
            case Z_MEM_ERROR:
                throw .outOfMemory
            default:  // Z_DATA_ERROR, Z_NEED_DICT, Z_STREAM_ERROR
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "invalid deflate data"
                throw .corrupt(at: position(), reason)
            }
        }
        // Trim the guess to the size found (in place), then zero the padding.
        if let trimmed = realloc(out, count + padding) { out = trimmed }
        (out + count).initializeMemory(as: UInt8.self, repeating: 0, count: padding)
        success = true
        return FileBytes(malloced: out, count: count)
    }

    /// Reads until `buffer` is full or the file ends; returns the bytes read.
    private static func readFully(_ fd: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ capacity: Int) throws(GzipError) -> Int {
        var done = 0
        while done < capacity {
            let n = Glibc.read(fd, buffer + done, capacity - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw .read(errno)
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// What is wrong with a gzip file, said after its name.
    enum GzipError: Error {
        case notGzip
        case truncated
        /// The offset in the compressed file where zlib stopped, and zlib's reason.
        case corrupt(at: Int, String)
        case outOfMemory
        case read(Int32)

        var message: String {
            switch self {
            case .notGzip: return "not a gzip file"
            case .truncated: return "truncated gzip file"
            case let .corrupt(offset, reason): return "corrupt gzip data at byte \(offset) (\(reason))"
            case .outOfMemory: return "cannot read: out of memory"
            case let .read(code): return "cannot read: \(String(cString: strerror(code)))"
            }
        }
    }
}
