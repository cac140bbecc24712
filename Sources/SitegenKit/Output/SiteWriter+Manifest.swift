import Foundation
#if canImport(Glibc)
import Glibc
import SitegenExport
#endif

// MARK: - The manifest and the up-to-date decision

extension SiteWriter {
    /// What the previous build wrote: per file its content hash, size and the
    /// fingerprint of what it was made from.
    ///
    /// Kept compact, as it holds one entry per file of the site: the paths' bytes in one
    /// buffer with an open-addressing index of entry numbers, the hashes as 16-byte values
    /// (a dictionary of three `String`s per path held more than the export:
    /// docs/performance.md#the-manifest-sitewritermanifest-previoussite).
    public struct Manifest: Sendable {
        /// A hash or source field: 32 hex digits read as a hash, `-` (no source), or any
        /// other text kept as it is.
        enum Field: Equatable, Sendable {
            case hash(ContentHash)
            case none
            case text(String)

            init(_ text: String) {
                var text = text
                self = text.withUTF8 { Field(UnsafeRawBufferPointer($0)) }
            }

            init(_ bytes: UnsafeRawBufferPointer) {
                if bytes.isEmpty || (bytes.count == 1 && bytes[0] == UInt8(ascii: "-")) {
                    self = .none
                } else if let hash = ContentHash(lowercaseHex: bytes) {
                    self = .hash(hash)
                } else {
                    self = .text(String(decoding: bytes, as: UTF8.self))
                }
            }

            /// As written in the manifest (`-` for none).
            var text: String {
                switch self {
                case let .hash(hash): return hash.description
                case .none: return "-"
                case let .text(text): return text
                }
            }
        }

        struct Entry: Equatable, Sendable {
            var hash: Field
            var size: Int
            var source: Field
        }

        var inputs: String = ""
        /// Entry i's path is `pathBytes[pathEnds[i - 1]..<pathEnds[i]]` (from 0 for the first).
        private var pathBytes: [UInt8] = []
        private var pathEnds: [Int] = []
        private var entries = EntryTable()
        /// Open addressing by path: entry number + 1, 0 for an empty slot.
        private var slots: [Int32] = [Int32](repeating: 0, count: 16)
        /// Entries `0..<sortedCount` are in path order and every path is ASCII (a manifest
        /// read from its text, as a rebuild's starts): `text` then sorts only the entries
        /// added after them (sorting every path was a large part of a one-bio rebuild).
        private var sortedCount = 0
        private var isASCII = true

        init(inputs: String = "") {
            self.inputs = inputs
        }

        var count: Int { entries.count }

        /// The entry of `path`, if the manifest has one.
        subscript(path: String) -> Entry? {
            index(of: path).map { entries[$0] }
        }

        /// The entry number of `path`, if the manifest has it.
        func index(of path: String) -> Int? {
            var path = path
            return path.withUTF8 { find(UnsafeRawBufferPointer($0)).index }
        }

        /// The entry number of the path whose bytes are `path`: `hint` when it is that path's
        /// (a manifest made from another keeps its entries' numbers), else looked up.
        func index(ofBytes path: UnsafeRawBufferPointer, hint: Int) -> Int? {
            isEntry(hint, ofBytes: path) ? hint : find(path).index
        }

        /// Whether entry `i` is `path`'s.
        func isEntry(_ i: Int, of path: String) -> Bool {
            var path = path
            return path.withUTF8 { isEntry(i, ofBytes: UnsafeRawBufferPointer($0)) }
        }

        /// Whether entry `i` is the path whose bytes are `path`.
        func isEntry(_ i: Int, ofBytes path: UnsafeRawBufferPointer) -> Bool {
            guard i >= 0 && i < entries.count else { return false }
            return pathBytes.withUnsafeBytes { all in
                let range = pathRange(i)
                return range.count == path.count && (path.count == 0 || memcmp(all.baseAddress! + range.lowerBound, path.baseAddress!, path.count) == 0)
            }
        }

        /// The entry numbered `i` (`index(of:)`); entries are numbered in the order they were added.
        subscript(entry i: Int) -> Entry {
            get { entries[i] }
            set { entries[i] = newValue }
        }

        /// The manifest of the entries whose `keep` is true, with their order.
        func keeping(_ keep: [Bool]) -> Manifest {
            var out = Manifest(inputs: inputs)
            out.reserve(keep.count, pathBytes: pathBytes.count)
            pathBytes.withUnsafeBytes { bytes in
                for i in entries.indices where keep[i] {
                    out.set(UnsafeRawBufferPointer(rebasing: bytes[pathRange(i)]), entries[i])
                }
            }
            return out
        }

        /// The paths of the entries whose `keep` is false, sorted.
        func paths(notKept keep: [Bool]) -> [String] {
            entries.indices.filter { !keep[$0] }.map(path).sorted()
        }

        /// Sets the entry of `path` (adding the path, or replacing its entry).
        mutating func set(_ path: String, _ entry: Entry) {
            var path = path
            path.withUTF8 { set(UnsafeRawBufferPointer($0), entry) }
        }

        mutating func set(_ path: UnsafeRawBufferPointer, _ entry: Entry) {
            let (index, slot) = find(path)
            if let index {
                entries[index] = entry
                return
            }
            let ascii = !path.contains(where: { $0 >= 0x80 })
            isASCII = isASCII && ascii
            // Still in path order when it sorts after the last path.
            if sortedCount == entries.count && ascii && ((entries.count == 0) || pathBytes.withUnsafeBytes { bytes in
                Manifest.less(UnsafeRawBufferPointer(rebasing: bytes[pathRange(entries.count - 1)]), path)
            }) {
                sortedCount += 1
            }
            pathBytes.append(contentsOf: path)
            pathEnds.append(pathBytes.count)
            entries.append(entry)
            slots[slot] = Int32(entries.count)
            if entries.count * 2 > slots.count { grow() }
        }

        /// Every path, in no particular order.
        var paths: [String] { (0..<entries.count).map(path) }

        /// The paths of this manifest that `other` does not have, sorted.
        func paths(missingFrom other: Manifest) -> [String] {
            pathBytes.withUnsafeBytes { bytes in
                entries.indices.filter { other.find(UnsafeRawBufferPointer(rebasing: bytes[pathRange($0)])).index == nil }
            }.map(path).sorted()
        }

        /// Every (path, entry).
        func forEach(_ body: (String, Entry) throws -> Void) rethrows {
            for i in entries.indices { try body(path(i), entries[i]) }
        }

        /// Every path's bytes (only valid in `body`) and entry number, in the order added:
        /// no `String` made per entry (the switch walks three manifests of 500,000 entries).
        func forEachPath(_ body: (UnsafeRawBufferPointer, Int) throws -> Void) rethrows {
            try pathBytes.withUnsafeBytes { bytes in
                for i in entries.indices { try body(UnsafeRawBufferPointer(rebasing: bytes[pathRange(i)]), i) }
            }
        }

        /// The entry number of the path whose bytes are `path`, if the manifest has it.
        func index(ofBytes path: UnsafeRawBufferPointer) -> Int? {
            find(path).index
        }

        /// The manifest's text: a header line, then `hash size source path` per file, by path.
        func text() -> [UInt8] {
            var out: [UInt8] = []
            text { out += $0 }
            return out
        }

        /// The manifest's text, handed to `emit` a megabyte or so at a time: as one buffer it
        /// was the largest allocation of a build's last moments.
        func text(_ emit: ([UInt8]) throws -> Void) rethrows {
            var out = Array("sitegen-manifest 2 \(inputs)\n".utf8)
            let flushAt = 1 << 20
            out.reserveCapacity(flushAt + 4096)
            // Hashes are written as hex digits straight into the buffer, not as two
            // `description` strings a line (docs/performance.md).
            func append(_ field: Field) {
                guard case let .hash(hash) = field else {
                    out += field.text.utf8
                    return
                }
                appendHex(hash.high)
                appendHex(hash.low)
            }
            func appendHex(_ word: UInt64) {
                for shift in stride(from: 60, through: 0, by: -4) {
                    let digit = UInt8((word >> UInt64(shift)) & 0xF)
                    out.append(digit < 10 ? 0x30 + digit : 0x61 + digit - 10)
                }
            }
            for i in sortedIndices() {
                let e = entries[i]
                append(e.hash)
                out.append(0x20)
                out += String(e.size).utf8
                out.append(0x20)
                append(e.source)
                out.append(0x20)
                out += pathBytes[pathRange(i)]
                out.append(0x0A)
                if out.count >= flushAt {
                    try emit(out)
                    out.removeAll(keepingCapacity: true)
                }
            }
            try emit(out)
        }

        /// Makes room for `count` entries (a build has about as many files as the one before).
        mutating func reserve(_ count: Int, pathBytes bytes: Int) {
            entries.reserveCapacity(count)
            pathEnds.reserveCapacity(count)
            pathBytes.reserveCapacity(bytes)
            if count * 2 > slots.count && (entries.count == 0) {
                var size = slots.count
                while count * 2 > size { size *= 2 }
                slots = [Int32](repeating: 0, count: size)
            }
        }

        /// Byte order of two paths (`String` order for ASCII).
        static func less(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
            let n = min(a.count, b.count)
            let c = n == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, n)
            return c != 0 ? c < 0 : a.count < b.count
        }

        var pathByteCount: Int { pathBytes.count }

        /// Entry numbers in path order (as `String` sorts: by byte for ASCII paths).
        func sortedIndices() -> [Int] {
            if sortedCount == entries.count { return Array(entries.indices) }
            return pathBytes.withUnsafeBytes { bytes in
                if !isASCII {
                    return entries.indices.sorted { a, b in
                        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[pathRange(a)]), as: UTF8.self)
                            < String(decoding: UnsafeRawBufferPointer(rebasing: bytes[pathRange(b)]), as: UTF8.self)
                    }
                }
                // By the first 8 bytes as one big-endian number, then by the rest: most
                // comparisons are one integer comparison.
                let keys: [(prefix: UInt64, index: Int32)] = (sortedCount..<entries.count).map { i in
                    let range = pathRange(i)
                    var prefix: UInt64 = 0
                    for j in 0..<8 { prefix = prefix << 8 | UInt64(j < range.count ? bytes[range.lowerBound + j] : 0) }
                    return (prefix, Int32(i))
                }
                let added = keys.sorted { a, b in
                    if a.prefix != b.prefix { return a.prefix < b.prefix }
                    return Manifest.less(UnsafeRawBufferPointer(rebasing: bytes[pathRange(Int(a.index))]),
                                         UnsafeRawBufferPointer(rebasing: bytes[pathRange(Int(b.index))]))
                }.map { Int($0.index) }
                // Merged with the entries already in order.
                var out: [Int] = []
                out.reserveCapacity(entries.count)
                var (i, j) = (0, 0)
                while i < sortedCount || j < added.count {
                    if j == added.count || (i < sortedCount && Manifest.less(UnsafeRawBufferPointer(rebasing: bytes[pathRange(i)]),
                                                                             UnsafeRawBufferPointer(rebasing: bytes[pathRange(added[j])]))) {
                        out.append(i)
                        i += 1
                    } else {
                        out.append(added[j])
                        j += 1
                    }
                }
                return out
            }
        }

        static func read(_ path: String) -> Manifest? {
            // The export's reader, not `FileManager.contents(atPath:)`: on Swift 6.3's Foundation
            // that leaks 4 KB for every empty file it reads (LeakSanitizer, `scripts/sanitize address`).
            guard let file = try? ExportLoader.readFile(path, inflating: false) else { return nil }
            return withExtendedLifetime(file) { parse(UnsafeRawBufferPointer(file.buffer)) }
        }

        static func parse(_ bytes: UnsafeRawBufferPointer) -> Manifest? {
            var manifest = Manifest()
            // A line per entry: the columns and the path index are made at their size once.
            // Lines and fields are found with `memchr` (a byte loop was a third of the parse).
            func next(_ byte: Int32, from start: Int, to end: Int) -> Int {
                guard start < end, let found = memchr(bytes.baseAddress! + start, byte, end - start) else { return end }
                return UnsafeRawPointer(found) - bytes.baseAddress!
            }
            var lines = 0
            var at = 0
            while at < bytes.count {
                at = next(0x0A, from: at, to: bytes.count) + 1
                lines += 1
            }
            manifest.reserve(lines, pathBytes: bytes.count / 3)
            var lineStart = 0
            var first = true
            while lineStart < bytes.count {
                let i = next(0x0A, from: lineStart, to: bytes.count)
                defer { lineStart = i + 1 }
                guard i > lineStart else { continue }
                let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<i])
                if first {
                    first = false
                    let header = String(decoding: line, as: UTF8.self)
                    guard header.hasPrefix("sitegen-manifest ") else { return nil }
                    if header.hasPrefix("sitegen-manifest 2 ") { manifest.inputs = String(header.dropFirst("sitegen-manifest 2 ".count)) }
                    continue
                }
                // hash size source path (the path may hold spaces; the others do not)
                // The ends of the first three fields (an array of them per line was 504,000
                // allocations at 100,000 users).
                let space1 = next(0x20, from: lineStart, to: i), space2 = next(0x20, from: space1 + 1, to: i)
                let space3 = next(0x20, from: space2 + 1, to: i)
                let found = space3 < i ? 3 : 0
                let ends = (space1 - lineStart, space2 - lineStart, space3 - lineStart)
                let start = ends.2 + 1
                guard found == 3, let size = decimal(UnsafeRawBufferPointer(rebasing: line[(ends.0 + 1)..<ends.1])) else { continue }
                let entry = Entry(hash: Field(UnsafeRawBufferPointer(rebasing: line[0..<ends.0])), size: size,
                                  source: Field(UnsafeRawBufferPointer(rebasing: line[(ends.1 + 1)..<ends.2])))
                manifest.set(UnsafeRawBufferPointer(rebasing: line[start...]), entry)
            }
            return first ? nil : manifest
        }

        /// A size as written (decimal digits), as `Int(String)` reads it.
        private static func decimal(_ digits: UnsafeRawBufferPointer) -> Int? {
            guard !digits.isEmpty, digits.count <= 18 else {
                return digits.isEmpty ? nil : Int(String(decoding: digits, as: UTF8.self))
            }
            var n = 0
            for d in digits {
                guard d >= 0x30 && d <= 0x39 else { return Int(String(decoding: digits, as: UTF8.self)) }
                n = n * 10 + Int(d - 0x30)
            }
            return n
        }

        /// The entries as columns: 41 bytes an entry, where an array of `Entry` took 56.
        private struct EntryTable: Sendable {
            private var hashes: [ContentHash] = []
            private var sources: [ContentHash] = []
            private var sizes: [Int] = []
            /// Per entry: the hash's kind (low nibble) and the source's (high): 0 a hash, 1 none, 2 text.
            private var kinds: [UInt8] = []
            /// The fields of kind text (never written by sitegen), by entry.
            private var texts: [Int: (hash: String, source: String)] = [:]

            var count: Int { sizes.count }
            var indices: Range<Int> { sizes.indices }

            mutating func reserveCapacity(_ n: Int) {
                hashes.reserveCapacity(n)
                sources.reserveCapacity(n)
                sizes.reserveCapacity(n)
                kinds.reserveCapacity(n)
            }

            mutating func append(_ entry: Entry) {
                hashes.append(ContentHash(high: 0, low: 0))
                sources.append(ContentHash(high: 0, low: 0))
                sizes.append(0)
                kinds.append(0)
                self[count - 1] = entry
            }

            subscript(i: Int) -> Entry {
                get {
                    // (`texts` is empty in a manifest sitegen wrote: not looked up then.)
                    let text = texts.isEmpty ? nil : texts[i]
                    return Entry(hash: field(kinds[i] & 0xF, hashes[i], text?.hash), size: sizes[i],
                                 source: field(kinds[i] >> 4, sources[i], text?.source))
                }
                set {
                    let (hk, h, ht) = EntryTable.split(newValue.hash)
                    let (sk, sh, st) = EntryTable.split(newValue.source)
                    hashes[i] = h
                    sources[i] = sh
                    sizes[i] = newValue.size
                    kinds[i] = hk | sk << 4
                    if hk == 2 || sk == 2 { texts[i] = (ht, st) } else if !texts.isEmpty { texts[i] = nil }
                }
            }

            private func field(_ kind: UInt8, _ hash: ContentHash, _ text: String?) -> Field {
                switch kind {
                case 0: return .hash(hash)
                case 1: return .none
                default: return .text(text ?? "")
                }
            }

            private static func split(_ field: Field) -> (UInt8, ContentHash, String) {
                switch field {
                case let .hash(hash): return (0, hash, "")
                case .none: return (1, ContentHash(high: 0, low: 0), "")
                case let .text(text): return (2, ContentHash(high: 0, low: 0), text)
                }
            }
        }

        // MARK: The path index

        private func pathRange(_ i: Int) -> Range<Int> { (i == 0 ? 0 : pathEnds[i - 1])..<pathEnds[i] }

        private func path(_ i: Int) -> String { String(decoding: pathBytes[pathRange(i)], as: UTF8.self) }

        /// The entry number of `path` if it is there, and the slot it is in or would go in.
        private func find(_ path: UnsafeRawBufferPointer) -> (index: Int?, slot: Int) {
            let mask = slots.count - 1
            var s = Int(truncatingIfNeeded: KeyTable.hash(path)) & mask
            return pathBytes.withUnsafeBytes { bytes in
                while true {
                    let n = Int(slots[s])
                    if n == 0 { return (nil, s) }
                    let range = pathRange(n - 1)
                    if range.count == path.count && KeyTable.equal(bytes.baseAddress! + range.lowerBound, path.baseAddress, path.count) {
                        return (n - 1, s)
                    }
                    s = (s + 1) & mask
                }
            }
        }

        private mutating func grow() {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            let mask = slots.count - 1
            pathBytes.withUnsafeBytes { bytes in
                for i in entries.indices {
                    let range = pathRange(i)
                    var s = Int(truncatingIfNeeded: KeyTable.hash(UnsafeRawBufferPointer(rebasing: bytes[range]))) & mask
                    while slots[s] != 0 { s = (s + 1) & mask }
                    slots[s] = Int32(i + 1)
                }
            }
        }
    }

    var manifestPath: String { output + "/" + SiteWriter.manifestName }

    /// The previous build's manifest, if the output folder has one.
    public func previousManifest() -> Manifest? { Manifest.read(manifestPath) }

    /// The inputs the previous build's manifest names (its first line; "" for an older
    /// manifest), or nil when the output folder has no manifest: what a build needs before
    /// it has loaded the export, without holding the whole manifest while it does.
    public func previousInputs() -> String? {
        let fd = open(manifestPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // As `Manifest.read`: the first line that is not empty must say it is a manifest.
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        reading: while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            for byte in buffer[0..<n] {
                if byte == 0x0A {
                    if line.isEmpty { continue }
                    break reading
                }
                line.append(byte)
            }
        }
        guard !line.isEmpty else { return nil }
        let header = String(decoding: line, as: UTF8.self)
        guard header.hasPrefix("sitegen-manifest ") else { return nil }
        return header.hasPrefix("sitegen-manifest 2 ") ? String(header.dropFirst("sitegen-manifest 2 ".count)) : ""
    }

    /// Whether `path` in the output was made from `source` and is still there, intact in size.
    public static func isUnchanged(_ manifest: Manifest, output: String, path: String, source: String) -> Bool {
        guard let old = manifest[path], old.source == Manifest.Field(source) else { return false }
        var info = stat()
        return stat(output + "/" + path, &info) == 0 && Int(info.st_size) == old.size
    }

    /// `isUnchanged`, the path looked up from `folder`, an open descriptor of the output
    /// folder: the kernel walks fewer folders (docs/performance.md).
    /// Returns the path's entry number in `manifest` (`Manifest.index(of:)`), nil if not unchanged.
    /// `published`: the file's folder is known unchanged since the site was published (the
    /// file is the one published there: no `stat`).
    static func unchangedEntry(_ manifest: Manifest, folder: Int32, path: String, key: ContentHash, published: Bool = false) -> Int? {
        guard let index = manifest.index(of: path) else { return nil }
        let old = manifest[entry: index]
        guard old.source == .hash(key) else { return nil }
        if published { return index }
        var info = stat()
        return fstatat(folder, path, &info, 0) == 0 && Int(info.st_size) == old.size ? index : nil
    }

    /// Whether the previous build had exactly these inputs and its files are all there.
    public func isUpToDate(_ manifest: Manifest?, inputs: String) -> Bool {
        guard let manifest, manifest.inputs == inputs else { return false }
        var intact = true
        manifest.forEach { path, file in
            guard intact else { return }
            var info = stat()
            if stat(output + "/" + path, &info) != 0 || Int(info.st_size) != file.size { intact = false }
        }
        return intact
    }
}

extension ContentHash {
    /// Parses 32 lower-case hex digits, as `description` writes them (nothing else, so
    /// that a field read this way is written back byte for byte).
    init?(lowercaseHex bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 32 else { return nil }
        // Two words of 16 digits (a manifest holds a million of these fields at 100,000 users).
        func word(_ from: Int) -> UInt64? {
            var word: UInt64 = 0
            for n in from..<(from + 16) {
                let byte = bytes[n]
                let digit: UInt8
                if byte &- 0x30 < 10 { digit = byte &- 0x30 } else if byte &- 0x61 < 6 { digit = byte &- 0x61 &+ 10 } else { return nil }
                word = word << 4 | UInt64(digit)
            }
            return word
        }
        guard let high = word(0), let low = word(16) else { return nil }
        self.init(high: high, low: low)
    }
}
