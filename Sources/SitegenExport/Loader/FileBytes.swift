import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes in memory, followed by `JSONParser.padding` zero bytes, and freed
/// with their owner. Large files are read into anonymous pages by one thread per
/// core, each with `pread` on its own slice: faulting and zeroing the pages is much of
/// the cost of a read, and it parallelises (the figures: docs/performance.md, "Reading an
/// export"). The file itself is
/// not mapped: a file truncated while it is mapped kills the process with SIGBUS,
/// and `serve --watch` reads exports that editors are rewriting.
///
/// A gzip-compressed export is inflated into `malloc`ed memory instead
/// (FileBytes+Gzip.swift): its size is known only at the end, and `realloc` grows it.
package final class FileBytes {
    let base: UnsafeMutableRawPointer
    private(set) var count: Int
    private let mappedLength: Int
    /// `base` came from `malloc`/`realloc` (an inflated file) and is released with `free`.
    private let malloced: Bool

    /// Files at least this large are read by several threads.
    static let parallelThreshold = 8 << 20

    /// An allocation of `count` bytes followed by the padding (zeroed); owned by the result.
    init(count: Int) {
        let length = count + JSONParser.padding
        if count >= FileBytes.parallelThreshold,
           let p = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), p != MAP_FAILED {
            base = p
            mappedLength = length
        } else {
            base = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 16)
            (base + count).initializeMemory(as: UInt8.self, repeating: 0, count: JSONParser.padding)
            mappedLength = 0
        }
        self.count = count
        malloced = false
    }

    /// Keeps the first `count` bytes (written into an allocation made larger than needed),
    /// followed by the padding.
    func shrink(to count: Int) {
        precondition(count <= self.count)
        (base + count).initializeMemory(as: UInt8.self, repeating: 0, count: JSONParser.padding)
        self.count = count
    }

    /// Takes ownership of `count` bytes at `base`, allocated with `malloc` or `realloc`
    /// (at least 16-byte aligned) and followed by the padding, already zeroed.
    init(malloced base: UnsafeMutableRawPointer, count: Int) {
        self.base = base
        self.count = count
        mappedLength = 0
        malloced = true
    }

    deinit {
        if mappedLength > 0 { munmap(base, mappedLength) } else if malloced { free(base) } else { base.deallocate() }
    }

    package var buffer: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Reads the open file `fd` of `size` bytes. Returns the bytes read (fewer when the
    /// file shrank meanwhile) or throws the `errno` of a failed read.
    static func read(_ fd: Int32, size: Int) throws(ReadError) -> FileBytes {
        let bytes = FileBytes(count: size)
        let parts = size >= parallelThreshold ? max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)) : 1
        // Slices start on page boundaries, so each thread faults in its own pages.
        let slice = (size / parts) & ~4095
        var done = [Int](repeating: 0, count: parts)
        var failure = [Int32](repeating: 0, count: parts)
        done.withUnsafeMutableBufferPointer { done in
            failure.withUnsafeMutableBufferPointer { failure in
                // Each part writes its own slice of the file and its own entry of each array.
                let file = DisjointWrites(base: bytes.base.assumingMemoryBound(to: UInt8.self))
                let done = DisjointWrites(done), failure = DisjointWrites(failure)
                parallelFor(parts) { part in
                    let start = part * slice
                    let end = part == parts - 1 ? size : start + slice
                    var at = start
                    while at < end {
                        let n = pread(fd, file.base + at, end - at, off_t(at))
                        if n < 0 {
                            if errno == EINTR { continue }
                            failure.base[part] = errno
                            return
                        }
                        if n == 0 { break }
                        at += n
                    }
                    done.base[part] = at - start
                }
            }
        }
        if let code = failure.first(where: { $0 != 0 }) { throw ReadError(code: code) }
        // A slice that ended early means the file is shorter now: keep what precedes the gap.
        var total = 0
        for part in 0..<parts {
            total += done[part]
            let expected = part == parts - 1 ? size - part * slice : slice
            if done[part] < expected { break }
        }
        if total < size {
            (bytes.base + total).initializeMemory(as: UInt8.self, repeating: 0, count: JSONParser.padding)
            bytes.count = total
        }
        return bytes
    }

    struct ReadError: Error {
        let code: Int32
    }
}
