/// A follow graph over the indices of a sorted id table, in compressed rows both ways:
/// `out` lists what each user follows (ascending), `in` lists each user's followers
/// (ascending). Every edge carries flags saying in which tree it is written and whether
/// it is a real edge between two distinct existing users (one that counters count).
struct SampleGraph {
    struct Flags: OptionSet {
        let rawValue: UInt8
        /// Written as `following/<a>/<b>` (makestagram) or `users/<a>/follows/<b>` (timeline dialect).
        static let inFollowing = Flags(rawValue: 1)
        /// Written as `followers/<b>/<a>` (makestagram).
        static let inFollowers = Flags(rawValue: 2)
        /// Both ends are users and differ: counted, fanned out to timelines.
        static let valid = Flags(rawValue: 4)
        static let both: Flags = [.inFollowing, .inFollowers]
    }

    struct Edge {
        var from: Int32
        var to: Int32
        var flags: Flags
    }

    let nodeCount: Int
    /// Edges sorted by (from, to); `outStart[a]..<outStart[a+1]` are a's.
    private(set) var edges: [Edge] = []
    private(set) var outStart: [Int32]
    /// Edge indices sorted by (to, from); `inStart[b]..<inStart[b+1]` are b's followers.
    private(set) var inEdges: [Int32] = []
    private(set) var inStart: [Int32]
    /// Valid edges only.
    private(set) var followerCount: [Int32]
    private(set) var followingCount: [Int32]

    /// Builds from edges in any order; duplicates of (from, to) are merged (flags or-ed).
    init(nodeCount n: Int, edges input: [Edge]) {
        nodeCount = n
        // Counting sort by `from`, then sort each row by `to`.
        var start = [Int32](repeating: 0, count: n + 1)
        for e in input { start[Int(e.from) + 1] += 1 }
        for i in 0..<n { start[i + 1] += start[i] }
        var fill = start
        var sorted = [Edge](repeating: Edge(from: 0, to: 0, flags: []), count: input.count)
        for e in input {
            sorted[Int(fill[Int(e.from)])] = e
            fill[Int(e.from)] += 1
        }
        var merged: [Edge] = []
        merged.reserveCapacity(sorted.count)
        outStart = [Int32](repeating: 0, count: n + 1)
        for a in 0..<n {
            let lo = Int(start[a]), hi = Int(start[a + 1])
            if hi - lo > 1 { sorted[lo..<hi].sort { $0.to < $1.to } }
            var i = lo
            while i < hi {
                var e = sorted[i]
                i += 1
                while i < hi && sorted[i].to == e.to {
                    e.flags.formUnion(sorted[i].flags)
                    i += 1
                }
                merged.append(e)
            }
            outStart[a + 1] = Int32(merged.count)
        }
        edges = merged
        // Followers: counting sort of edge ids by `to`; stable, so each row is ascending in `from`.
        inStart = [Int32](repeating: 0, count: n + 1)
        for e in edges { inStart[Int(e.to) + 1] += 1 }
        for i in 0..<n { inStart[i + 1] += inStart[i] }
        fill = inStart
        inEdges = [Int32](repeating: 0, count: edges.count)
        followerCount = [Int32](repeating: 0, count: n)
        followingCount = [Int32](repeating: 0, count: n)
        for (id, e) in edges.enumerated() {
            inEdges[Int(fill[Int(e.to)])] = Int32(id)
            fill[Int(e.to)] += 1
            if e.flags.contains(.valid) {
                followerCount[Int(e.to)] += 1
                followingCount[Int(e.from)] += 1
            }
        }
    }

    @inline(__always) func outRange(_ a: Int) -> Range<Int> { Int(outStart[a])..<Int(outStart[a + 1]) }
    @inline(__always) func inRange(_ b: Int) -> Range<Int> { Int(inStart[b])..<Int(inStart[b + 1]) }

    /// A power-law follow graph among `live` nodes: most users follow a few, a few follow
    /// hundreds; targets are drawn Zipf-Mandelbrot over a random popularity ranking, so a
    /// few users are followed by very many and most by few. All edges valid and in both trees.
    static func powerLawEdges(live: [Int32], nodeCount: Int, rng: inout SampleRandom) -> [Edge] {
        let n = live.count
        guard n > 1 else { return [] }
        var popularity = live
        rng.shuffle(&popularity)
        let zipf = ZipfTable(count: n, offset: 4)
        var stamp = [Int32](repeating: -1, count: nodeCount)
        var edges: [Edge] = []
        edges.reserveCapacity(n * 3)
        let maxOut = min(n - 1, 1500)
        for a in live {
            if rng.below(100) < 18 { continue }
            let k = rng.pareto(xmin: 1, tail: .fourThirds, cap: maxOut)
            stamp[Int(a)] = a
            var made = 0, tries = 0
            while made < k && tries < k * 4 + 8 {
                tries += 1
                let b = popularity[zipf.draw(&rng)]
                if stamp[Int(b)] == a { continue }
                stamp[Int(b)] = a
                edges.append(Edge(from: a, to: b, flags: [.inFollowing, .inFollowers, .valid]))
                made += 1
            }
        }
        return edges
    }

    /// Posts per user: half post nothing, most others 1 to 3, a few hundreds.
    static func postsPerUser(_ rng: inout SampleRandom) -> Int {
        if rng.below(100) < 50 { return 0 }
        return rng.below(100) < 15 ? rng.pareto(xmin: 1, tail: .fourThirds, cap: 400) : rng.pareto(xmin: 1, tail: .two, cap: 60)
    }
}
