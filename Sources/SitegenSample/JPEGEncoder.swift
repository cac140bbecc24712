import Foundation

/// A baseline JPEG encoder for the sample site's generated photos (`SamplePhotos`):
/// `sitegen init --sample` writes real JPEG files without libvips, which sitegen loads
/// only to publish photos. YCbCr with 4:2:0 chroma, the quantisation tables of the
/// standard's Annex K scaled for a quality as libjpeg scales them, and its standard
/// Huffman tables (no optimisation pass: the photos are small and smooth). An optional
/// EXIF block holds only an orientation, as a phone's camera writes it.
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
        var tables: [UInt8] = []
        for (id, table) in [(0x00, Self.dcLuma), (0x10, Self.acLuma), (0x01, Self.dcChroma), (0x11, Self.acChroma)] {
            tables += [UInt8(id)] + table.counts + table.symbols
        }
        out.segment(0xC4, tables)
        out.segment(0xDA, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])
        scan(into: &out, luma: luma.map(Float.init), chroma: chroma.map(Float.init))
        out.flushBits()
        out.bytes([0xFF, 0xD9])
        return out.data
    }

    /// The entropy-coded data: 16x16 MCUs of four Y blocks, then one Cb and one Cr block
    /// averaged over 2x2 pixels; edges repeat the last row and column. Planes and blocks
    /// are worked on through pointers: a debug build (the tests') paints and encodes the
    /// sample's 166 photos in seconds instead of a minute.
    private func scan(into out: inout BitWriter, luma: [Float], chroma: [Float]) {
        let dcY = Self.dcLuma.codes, acY = Self.acLuma.codes
        let dcC = Self.dcChroma.codes, acC = Self.acChroma.codes
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
        var previous = [0, 0, 0]
        var block = [Float](repeating: 0, count: 64)
        func load(_ plane: [Float], stride: Int, x: Int, y: Int) {
            plane.withUnsafeBufferPointer { plane in
                block.withUnsafeMutableBufferPointer { block in
                    for i in 0..<64 { block[i] = plane[(y + i / 8) * stride + x + i % 8] }
                }
            }
        }
        for mcuY in stride(from: 0, to: paddedHeight, by: 16) {
            for mcuX in stride(from: 0, to: paddedWidth, by: 16) {
                for (bx, by) in [(0, 0), (8, 0), (0, 8), (8, 8)] {
                    load(y, stride: paddedWidth, x: mcuX + bx, y: mcuY + by)
                    previous[0] = Self.code(&block, luma, previous: previous[0], dc: dcY, ac: acY, into: &out)
                }
                load(cb, stride: paddedWidth / 2, x: mcuX / 2, y: mcuY / 2)
                previous[1] = Self.code(&block, chroma, previous: previous[1], dc: dcC, ac: acC, into: &out)
                load(cr, stride: paddedWidth / 2, x: mcuX / 2, y: mcuY / 2)
                previous[2] = Self.code(&block, chroma, previous: previous[2], dc: dcC, ac: acC, into: &out)
            }
        }
    }

    /// Transforms (rows, then columns), quantises and writes one block; returns its DC value.
    private static func code(_ block: inout [Float], _ quantisation: [Float], previous: Int,
                             dc: [(code: UInt32, length: Int)], ac: [(code: UInt32, length: Int)],
                             into out: inout BitWriter) -> Int {
        var coefficients = [Int](repeating: 0, count: 64)
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
                        coefficients.withUnsafeMutableBufferPointer { coefficients in
                            for v in 0..<8 {
                                for u in 0..<8 {
                                    var sum: Float = 0
                                    for y in 0..<8 { sum += rows[y * 8 + u] * cosines[y * 8 + v] }
                                    let scale: Float = (u == 0 ? 0.707_106_77 : 1) * (v == 0 ? 0.707_106_77 : 1) / 4
                                    coefficients[v * 8 + u] = Int((sum * scale / quantisation[v * 8 + u]).rounded())
                                }
                            }
                        }
                    }
                }
            }
        }
        let dcValue = coefficients[0]
        let difference = dcValue - previous
        let category = bitLength(difference)
        out.write(dc[category])
        out.write(magnitude(difference, category), category)
        var run = 0
        for k in 1..<64 {
            let value = coefficients[zigzag[k]]
            if value == 0 { run += 1; continue }
            while run >= 16 { out.write(ac[0xF0]); run -= 16 }
            let size = bitLength(value)
            out.write(ac[run << 4 | size])
            out.write(magnitude(value, size), size)
            run = 0
        }
        if run > 0 { out.write(ac[0x00]) }
        return dcValue
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
    }

    // The standard's tables (Annex K.3), as libjpeg writes them without optimisation.
    static let dcLuma = HuffmanTable(counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], symbols: Array(0...11))
    static let dcChroma = HuffmanTable(counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], symbols: Array(0...11))
    static let acLuma = HuffmanTable(counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 125], symbols: [
        0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32,
        0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16,
        0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45,
        0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
        0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94,
        0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6,
        0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8,
        0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
        0xf9, 0xfa,
    ])
    static let acChroma = HuffmanTable(counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 119], symbols: [
        0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13, 0x22, 0x32, 0x81,
        0x08, 0x14, 0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0, 0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34,
        0xe1, 0x25, 0xf1, 0x17, 0x18, 0x19, 0x1a, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44,
        0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
        0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92,
        0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4,
        0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6,
        0xd7, 0xd8, 0xd9, 0xda, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
        0xf9, 0xfa,
    ])
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
