/// One direction of a graph over user indices, in compressed rows: row `u` is the
/// sorted slice `targets[offsets[u]..<offsets[u + 1]]`. Built from edge pairs with a
/// counting sort: no per-user allocation, however many users.
public struct AdjacencyRows: Sendable {
    public let offsets: [Int32]
    public let targets: [Int32]

    public init(rowCount: Int, sources: [Int32], targets edgeTargets: [Int32]) {
        var offsets = [Int32](repeating: 0, count: rowCount + 1)
        for s in sources { offsets[Int(s) + 1] += 1 }
        for u in 0..<rowCount { offsets[u + 1] += offsets[u] }
        var fill = offsets
        var targets = [Int32](repeating: 0, count: sources.count)
        for i in sources.indices {
            let s = Int(sources[i])
            targets[Int(fill[s])] = edgeTargets[i]
            fill[s] += 1
        }
        targets.withUnsafeMutableBufferPointer { buffer in
            for u in 0..<rowCount where offsets[u + 1] - offsets[u] > 1 {
                buffer[Int(offsets[u])..<Int(offsets[u + 1])].sort()
            }
        }
        self.offsets = offsets
        self.targets = targets
    }

    public var rowCount: Int { offsets.count - 1 }

    @inline(__always) public func count(_ u: Int) -> Int { Int(offsets[u + 1] - offsets[u]) }

    @inline(__always) public func row(_ u: Int) -> ArraySlice<Int32> {
        targets[Int(offsets[u])..<Int(offsets[u + 1])]
    }

    /// Whether row `u` holds `x` (binary search).
    @inline(__always) public func contains(_ u: Int, _ x: Int32) -> Bool {
        var lo = Int(offsets[u]), hi = Int(offsets[u + 1])
        let end = hi
        while lo < hi {
            let mid = (lo + hi) >> 1
            if targets[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo < end && targets[lo] == x
    }
}

/// The follow graph as the repair leaves it, both directions.
public struct FollowGraph: Sendable {
    /// Row u: the users who follow u.
    public let followers: AdjacencyRows
    /// Row u: the users u follows.
    public let following: AdjacencyRows

    /// Builds both directions from (follower, followed) pairs.
    init(userCount: Int, followers: [Int32], followed: [Int32]) {
        self.followers = AdjacencyRows(rowCount: userCount, sources: followed, targets: followers)
        self.following = AdjacencyRows(rowCount: userCount, sources: followers, targets: followed)
    }

    package static let empty = FollowGraph(userCount: 0, followers: [], followed: [])
}
