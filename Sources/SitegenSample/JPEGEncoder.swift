import Foundation

/// A baseline JPEG encoder for the sample site's generated photos (`SamplePhotos`):
/// `sitegen init --sample` writes real JPEG files without libvips, which sitegen loads
/// only to publish photos. YCbCr with 4:2:0 chroma, the quantisation tables of the
/// standard's Annex K scaled for a quality as libjpeg scales them, and Huffman tables
/// made for each photo (two passes, as libjpeg's `optimize_coding`: the symbols of the
/// scan are counted, then coded with the code lengths of `HuffmanTable.optimal`). An
/// optional EXIF block holds only an orientation, as a phone's camera writes it.
struct JPEGEncoder {
    /// Rows of pixels, 3 bytes (R, G, B) each, `width * height * 3` in all.
    let width: Int
    let height: Int
    let rgb: [UInt8]

    init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(width > 0 && height > 0 && width <= 65_535 && height <= 65_535 && rgb.count == width * height * 3)
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// The JPEG file: `quality` 1 to 100 as libjpeg's; `orientation` 1 to 8 (EXIF's
    /// Orientation tag) adds an APP1 block instead of JFIF's APP0.
    func encode(quality: Int, orientation: Int? = nil) -> [UInt8] {
        var out = BitWriter()
        out.bytes([0xFF, 0xD8])
        if let orientation {
            // APP1 "Exif\0\0", a little-endian TIFF header and IFD0 with one entry:
            // 0x0112 Orientation, SHORT, count 1, the value; no next IFD.
            let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00,
                                 0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00,
                                 UInt8(orientation), 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]
            out.segment(0xE1, Array("Exif".utf8) + [0, 0] + tiff)
        } else {
            out.segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        }
        let luma = Self.scaled(Self.lumaQuantisation, quality)
        let chroma = Self.scaled(Self.chromaQuantisation, quality)
        out.segment(0xDB, [0] + Self.zigzag.map { luma[$0] } + [1] + Self.zigzag.map { chroma[$0] })
        out.segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
                           1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        let blocks = quantisedBlocks(luma: luma.map(Float.init), chroma: chroma.map(Float.init))
        // Tables 0 to 3: DC luma, AC luma, DC chroma, AC chroma.
        var frequencies = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 4)
        Self.symbols(of: blocks) { table, symbol, _, _ in frequencies[table][symbol] += 1 }
        let huffman = frequencies.map(HuffmanTable.optimal)
        var tables: [UInt8] = []
        for (id, table) in zip([0x00, 0x10, 0x01, 0x11], huffman) {
            tables += [UInt8(id)] + table.counts + table.symbols
        }
        out.segment(0xC4, tables)
        out.segment(0xDA, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])
        let codes = huffman.map(\.codes)
        Self.symbols(of: blocks) { table, symbol, bits, length in
            out.write(codes[table][symbol])
            out.write(bits, length)
        }
        out.flushBits()
        out.bytes([0xFF, 0xD9])
        return out.data
    }

    /// The quantised coefficients of the scan's blocks in zig-zag order, 64 a block: 16x16
    /// MCUs of four Y blocks, then one Cb and one Cr block averaged over 2x2 pixels; edges
    /// repeat the last row and column. Planes and blocks are worked on through pointers: a
    /// debug build (the tests') paints and encodes the sample's 166 photos in seconds
    /// instead of a minute.
    private func quantisedBlocks(luma: [Float], chroma: [Float]) -> [Int32] {
        // Planes padded to whole MCUs: Y at full size, Cb and Cr at half.
        let paddedWidth = (width + 15) / 16 * 16, paddedHeight = (height + 15) / 16 * 16
        var y = [Float](repeating: 0, count: paddedWidth * paddedHeight)
        var cb = [Float](repeating: 0, count: paddedWidth * paddedHeight / 4), cr = cb
        rgb.withUnsafeBufferPointer { rgb in
            y.withUnsafeMutableBufferPointer { y in
                for row in 0..<paddedHeight {
                    let from = min(row, height - 1) * width
                    for column in 0..<paddedWidth {
                        let i = (from + min(column, width - 1)) * 3
                        let r = Float(rgb[i]), g = Float(rgb[i + 1]), b = Float(rgb[i + 2])
                        y[row * paddedWidth + column] = 0.299 * r + 0.587 * g + 0.114 * b - 128
                    }
                }
            }
            cb.withUnsafeMutableBufferPointer { cb in
                cr.withUnsafeMutableBufferPointer { cr in
                    let halfWidth = paddedWidth / 2
                    for row in 0..<paddedHeight / 2 {
                        for column in 0..<halfWidth {
                            var r: Float = 0, g: Float = 0, b: Float = 0
                            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                                let i = (min(row * 2 + dy, height - 1) * width + min(column * 2 + dx, width - 1)) * 3
                                r += Float(rgb[i]); g += Float(rgb[i + 1]); b += Float(rgb[i + 2])
                            }
                            cb[row * halfWidth + column] = (-0.168_736 * r - 0.331_264 * g + 0.5 * b) / 4
                            cr[row * halfWidth + column] = (0.5 * r - 0.418_688 * g - 0.081_312 * b) / 4
                        }
                    }
                }
            }
        }
        var blocks = [Int32](repeating: 0, count: paddedWidth * paddedHeight * 3 / 2)
        var next = 0
        var block = [Float](repeating: 0, count: 64)
        func transform(_ plane: [Float], stride: Int, x: Int, y: Int, _ quantisation: [Float]) {
            plane.withUnsafeBufferPointer { plane in
                block.withUnsafeMutableBufferPointer { block in
                    for i in 0..<64 { block[i] = plane[(y + i / 8) * stride + x + i % 8] }
                }
            }
            blocks.withUnsafeMutableBufferPointer { blocks in
                Self.quantise(block, quantisation, into: UnsafeMutableBufferPointer(rebasing: blocks[next..<(next + 64)]))
            }
            next += 64
        }
        for mcuY in stride(from: 0, to: paddedHeight, by: 16) {
            for mcuX in stride(from: 0, to: paddedWidth, by: 16) {
                for (bx, by) in [(0, 0), (8, 0), (0, 8), (8, 8)] {
                    transform(y, stride: paddedWidth, x: mcuX + bx, y: mcuY + by, luma)
                }
                transform(cb, stride: paddedWidth / 2, x: mcuX / 2, y: mcuY / 2, chroma)
                transform(cr, stride: paddedWidth / 2, x: mcuX / 2, y: mcuY / 2, chroma)
            }
        }
        return blocks
    }

    /// The scan's symbols in order, for counting and for writing: `visit(table, symbol,
    /// extra bits, their length)`, table 0 to 3 as DC luma, AC luma, DC chroma, AC chroma.
    /// Each component's DC is coded as the difference from its previous block's.
    private static func symbols(of blocks: [Int32], _ visit: (Int, Int, UInt32, Int) -> Void) {
        var previous = [0, 0, 0]
        blocks.withUnsafeBufferPointer { blocks in
            for blockIndex in 0..<blocks.count / 64 {
                let at = blockIndex * 64, component = max(blockIndex % 6 - 3, 0)
                let dc = component == 0 ? 0 : 2, ac = dc + 1
                let difference = Int(blocks[at]) - previous[component]
                previous[component] = Int(blocks[at])
                let category = bitLength(difference)
                visit(dc, category, magnitude(difference, category), category)
                var run = 0
                for k in 1..<64 {
                    let value = Int(blocks[at + k])
                    if value == 0 { run += 1; continue }
                    while run >= 16 { visit(ac, 0xF0, 0, 0); run -= 16 }
                    let size = bitLength(value)
                    visit(ac, run << 4 | size, magnitude(value, size), size)
                    run = 0
                }
                if run > 0 { visit(ac, 0x00, 0, 0) }
            }
        }
    }

    /// Transforms (rows, then columns) and quantises one block into `coefficients`, in zig-zag order.
    private static func quantise(_ block: [Float], _ quantisation: [Float], into coefficients: UnsafeMutableBufferPointer<Int32>) {
        var rows = [Float](repeating: 0, count: 64)
        block.withUnsafeBufferPointer { block in
            rows.withUnsafeMutableBufferPointer { rows in
                cosines.withUnsafeBufferPointer { cosines in
                    // rows[y * 8 + u] = Σx block[y * 8 + x] c(x, u)
                    for y in 0..<8 {
                        for u in 0..<8 {
                            var sum: Float = 0
                            for x in 0..<8 { sum += block[y * 8 + x] * cosines[x * 8 + u] }
                            rows[y * 8 + u] = sum
                        }
                    }
                    quantisation.withUnsafeBufferPointer { quantisation in
                        naturalToZigzag.withUnsafeBufferPointer { toZigzag in
                            for v in 0..<8 {
                                for u in 0..<8 {
                                    var sum: Float = 0
                                    for y in 0..<8 { sum += rows[y * 8 + u] * cosines[y * 8 + v] }
                                    let scale: Float = (u == 0 ? 0.707_106_77 : 1) * (v == 0 ? 0.707_106_77 : 1) / 4
                                    coefficients[toZigzag[v * 8 + u]] = Int32((sum * scale / quantisation[v * 8 + u]).rounded())
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private static func bitLength(_ value: Int) -> Int {
        var magnitude = abs(value), bits = 0
        while magnitude > 0 { bits += 1; magnitude >>= 1 }
        return bits
    }

    /// A coefficient's extra bits: the value itself, or its ones' complement when negative.
    private static func magnitude(_ value: Int, _ bits: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: value < 0 ? value + (1 << bits) - 1 : value)
    }

    /// cos((2x + 1) u π / 16), indexed x * 8 + u.
    private static let cosines: [Float] = (0..<64).map { (i: Int) -> Float in
        let x = Double(2 * (i / 8) + 1), u = Double(i % 8)
        return Float(cos(x * u * Double.pi / 16))
    }

    /// Zig-zag position → natural (row-major) index.
    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]

    /// Natural index → zig-zag position.
    private static let naturalToZigzag: [Int] = {
        var inverse = [Int](repeating: 0, count: 64)
        for (position, natural) in zigzag.enumerated() { inverse[natural] = position }
        return inverse
    }()

    static let lumaQuantisation: [Int] = [
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
    ]
    static let chromaQuantisation: [Int] = [17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99,
                                            24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99]
        + [Int](repeating: 99, count: 32)

    /// libjpeg's `jpeg_quality_scaling`: 5000 / q below 50, 200 - 2q above; clamped to 1...255.
    private static func scaled(_ table: [Int], _ quality: Int) -> [UInt8] {
        let q = min(max(quality, 1), 100)
        let percent = q < 50 ? 5000 / q : 200 - 2 * q
        return table.map { UInt8(min(max(($0 * percent + 50) / 100, 1), 255)) }
    }

    /// A Huffman table as DHT holds it: how many codes of each length 1 to 16, and the symbols.
    struct HuffmanTable {
        let counts: [UInt8]
        let symbols: [UInt8]

        /// Each symbol's code, canonical as the standard assigns them (Annex C).
        var codes: [(code: UInt32, length: Int)] {
            var table = [(code: UInt32, length: Int)](repeating: (0, 0), count: 256)
            var code: UInt32 = 0, k = 0
            for (index, count) in counts.enumerated() {
                for _ in 0..<Int(count) {
                    table[Int(symbols[k])] = (code, index + 1)
                    code += 1
                    k += 1
                }
                code <<= 1
            }
            return table
        }

        /// The table for symbols counted `frequencies[symbol]` times, as libjpeg's
        /// `jpeg_gen_optimal_table` (the standard's Annex K.2) makes it: Huffman's code
        /// lengths, the least frequent pair merged first (ties: the highest symbol), with
        /// a reserved symbol 256 so that no code is all 1 bits; lengths over 16 moved up
        /// the tree as K.2's Adjust_BITS does; symbols listed by length, then value.
        static func optimal(_ frequencies: [Int]) -> HuffmanTable {
            var frequency = frequencies + [1]
            var codeSize = [Int](repeating: 0, count: 257), others = [Int](repeating: -1, count: 257)
            while true {
                var c1 = -1, c2 = -1, v = Int.max
                for i in 0...256 where frequency[i] > 0 && frequency[i] <= v { v = frequency[i]; c1 = i }
                v = Int.max
                for i in 0...256 where frequency[i] > 0 && frequency[i] <= v && i != c1 { v = frequency[i]; c2 = i }
                if c2 < 0 { break }
                frequency[c1] += frequency[c2]
                frequency[c2] = 0
                codeSize[c1] += 1
                while others[c1] >= 0 { c1 = others[c1]; codeSize[c1] += 1 }
                others[c1] = c2
                codeSize[c2] += 1
                while others[c2] >= 0 { c2 = others[c2]; codeSize[c2] += 1 }
            }
            // bits[n]: how many codes of length n; a code is at most 256 long here.
            var bits = [Int](repeating: 0, count: 258)
            for size in codeSize where size > 0 { bits[size] += 1 }
            for i in stride(from: 257, to: 16, by: -1) {
                while bits[i] > 0 {
                    var j = i - 2
                    while bits[j] == 0 { j -= 1 }
                    bits[i] -= 2
                    bits[i - 1] += 1
                    bits[j + 1] += 2
                    bits[j] -= 1
                }
            }
            var longest = 16
            while bits[longest] == 0 { longest -= 1 }
            bits[longest] -= 1  // the reserved symbol's code, the longest
            var symbols: [UInt8] = []
            for length in 1...257 {
                for symbol in 0..<256 where codeSize[symbol] == length { symbols.append(UInt8(symbol)) }
            }
            return HuffmanTable(counts: (1...16).map { UInt8(bits[$0]) }, symbols: symbols)
        }
    }
}

/// Marker segments and entropy-coded bits, with the 0xFF byte stuffing of the scan.
private struct BitWriter {
    var data: [UInt8] = []
    private var buffer: UInt32 = 0
    private var count = 0

    mutating func bytes(_ bytes: [UInt8]) { data += bytes }

    mutating func segment(_ marker: UInt8, _ body: [UInt8]) {
        let length = body.count + 2
        data += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }

    mutating func write(_ code: (code: UInt32, length: Int)) { write(code.code, code.length) }

    mutating func write(_ bits: UInt32, _ length: Int) {
        guard length > 0 else { return }
        buffer = buffer << UInt32(length) | (bits & ((1 << UInt32(length)) - 1))
        count += length
        while count >= 8 {
            let byte = UInt8(truncatingIfNeeded: buffer >> UInt32(count - 8))
            data.append(byte)
            if byte == 0xFF { data.append(0) }
            count -= 8
        }
        buffer &= (1 << UInt32(count)) - 1
    }

    /// Pads the last byte with 1 bits.
    mutating func flushBits() {
        if count > 0 { write((1 << UInt32(8 - count)) - 1, 8 - count) }
    }
}
