/// xoshiro256** seeded through SplitMix64: the only source of randomness of the
/// sample generator, so the same options give the same bytes on every machine.
///
/// Only integer arithmetic and the IEEE basic operations (+, -, *, /, sqrt, which
/// are correctly rounded everywhere) are used to draw values: no `pow`, `log` or
/// `exp`, whose last bit may differ between C libraries.
struct SampleRandom {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// `stream` separates independent sequences drawn from one seed (structure, faults, text).
    init(seed: UInt64, stream: UInt64 = 0) {
        var sm = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
        func splitMix(_ x: inout UInt64) -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = splitMix(&sm)
        s1 = splitMix(&sm)
        s2 = splitMix(&sm)
        s3 = splitMix(&sm)
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }
    }

    @inline(__always)
    mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }

    /// Uniform in `0..<n` (Lemire's multiply-shift with rejection, unbiased). `n > 0`.
    @inline(__always)
    mutating func below(_ n: Int) -> Int {
        let bound = UInt64(n)
        var m = next().multipliedFullWidth(by: bound)
        if m.low < bound {
            let threshold = (0 &- bound) % bound
            while m.low < threshold { m = next().multipliedFullWidth(by: bound) }
        }
        return Int(m.high)
    }

    /// Uniform in `lo...hi`.
    @inline(__always)
    mutating func range(_ lo: Int, _ hi: Int) -> Int { lo + below(hi - lo + 1) }

    /// Uniform in `[0, 1)` with 53 random bits.
    @inline(__always)
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in `(0, 1]`, safe to divide by.
    @inline(__always)
    mutating func openUnit() -> Double { Double((next() >> 11) + 1) * 0x1p-53 }

    /// True with probability `p`; draws nothing when `p <= 0`.
    @inline(__always)
    mutating func chance(_ p: Double) -> Bool { p > 0 && unit() < p }

    mutating func pick<C: RandomAccessCollection>(_ c: C) -> C.Element where C.Index == Int {
        c[c.startIndex + below(c.count)]
    }

    /// Heavy-tailed integer `>= xmin`: Pareto with tail index `tail` (P(X > x) ~ x^-tail),
    /// capped at `cap`. Supported tails use only sqrt and division.
    mutating func pareto(xmin: Double, tail: Tail, cap: Int) -> Int {
        let u = openUnit()
        let x: Double
        switch tail {
        case .one: x = xmin / u
        case .fourThirds: x = xmin / (u.squareRoot() * u.squareRoot().squareRoot())
        case .two: x = xmin / u.squareRoot()
        case .four: x = xmin / u.squareRoot().squareRoot()
        }
        return x >= Double(cap) ? cap : Int(x)
    }

    enum Tail { case one, fourThirds, two, four }

    /// Fisher-Yates shuffle.
    mutating func shuffle<T>(_ a: inout [T]) {
        var i = a.count - 1
        while i > 0 {
            let j = below(i + 1)
            if i != j { a.swapAt(i, j) }
            i -= 1
        }
    }
}

/// Zipf-Mandelbrot choice over `0..<n`: rank r has weight 1 / (r + offset). A few low ranks
/// are drawn very often, most ranks rarely: the in-degree of a follow graph.
struct ZipfTable {
    private var cumulative: [Double]

    init(count n: Int, offset: Double) {
        cumulative = [Double](repeating: 0, count: max(n, 1))
        var sum = 0.0
        for r in 0..<n {
            sum += 1.0 / (Double(r) + offset)
            cumulative[r] = sum
        }
    }

    func draw(_ rng: inout SampleRandom) -> Int {
        let target = rng.unit() * cumulative[cumulative.count - 1]
        var lo = 0, hi = cumulative.count - 1
        while lo < hi {
            let mid = (lo + hi) >> 1
            if cumulative[mid] > target { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
