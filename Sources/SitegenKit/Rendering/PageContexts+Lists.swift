import SitegenExport
/// The rows of the follower and following lists, and the directory's jump list.
extension PageContexts {
    /// The users of `u`'s follower (or following) list that are rendered and not private
    /// (`SiteModel.listed`), in directory order.
    func listEntries(_ u: Int, followers: Bool) -> [Int] {
        let make = {
            let row = followers ? graph.followers.row(Int(model.users[u].index)) : graph.following.row(Int(model.users[u].index))
            return row.compactMap { model.listed($0) }.sorted { rank[$0] < rank[$1] }
        }
        // A list of many pages is sorted once, not once per page.
        guard listCount(u, followers: followers) > options.listSize else { return make() }
        return sortedLists.cached(u * 2 + (followers ? 1 : 0), make)
    }

    /// The sum (order-free) of the row hashes (`summaryHashes`) of `u`'s follower (or
    /// following) list's users that are rendered: what a page key holds of a one-page list.
    func listRowsHash(_ u: Int, followers: Bool) -> ContentHash {
        let row = followers ? graph.followers.row(Int(model.users[u].index)) : graph.following.row(Int(model.users[u].index))
        var sum = ContentHash(high: 0, low: 0)
        for i in row {
            if let e = model.listed(i) { sum = sum.plus(summaryHashes[e]) }
        }
        return sum
    }

    /// The accounts of `u`'s follower (or following) list that are counted but not shown:
    /// users who are not published (excluded, or without a username) and private accounts.
    func hiddenCount(_ u: Int, followers: Bool) -> Int {
        let row = followers ? graph.followers.row(Int(model.users[u].index)) : graph.following.row(Int(model.users[u].index))
        return row.count - listCount(u, followers: followers)
    }

    /// The number of rows of `u`'s follower (or following) list.
    func listCount(_ u: Int, followers: Bool) -> Int {
        Int((followers ? listCounts.followers : listCounts.following)[u])
    }

    /// `listCount` of every user, counted once: each page of a list needs it, and counting
    /// a celebrity's followers again on each of its pages showed in a large build's CPU
    /// time (docs/performance.md, "Rendering").
    static func countListRows(_ model: SiteModel, followers: Bool) -> [Int32] {
        .parallelMap(count: model.users.count) { u in
            Int32(countRows(model, u, followers: followers))
        }
    }

    private static func countRows(_ model: SiteModel, _ u: Int, followers: Bool) -> Int {
        let graph = model.graph
        let row = followers ? graph.followers.row(Int(model.users[u].index)) : graph.following.row(Int(model.users[u].index))
        var count = 0
        for i in row where model.listed(i) != nil { count += 1 }
        return count
    }

    /// `[{label, page}]`: for each first letter (A to Z; `#` for anything else) the directory
    /// page where the first user whose folded username starts with it is listed, then each
    /// further page that lists users of that letter.
    static func directoryJumps(_ order: [Int], folded: [String], size: Int) -> [(label: String, page: Int)] {
        var seen: Set<String> = []
        var out: [(label: String, page: Int)] = []
        for (r, u) in order.enumerated() {
            let first = folded[u].unicodeScalars.first.map { $0.value } ?? 0
            let label = (97...122).contains(first) ? String(UnicodeScalar(UInt8(first - 32))) : "#"
            // Each page the letter spans (a letter over two pages links both).
            if seen.insert(label + " \(r / size + 1)").inserted { out.append((label, r / size + 1)) }
        }
        return out
    }
}

/// Sorted rows of the long follower and following lists, made once on first use from any
/// rendering thread (as `Fragments` caches HTML). A `Locked`, not a bare `Mutex`: its
/// hand-over is visible to ThreadSanitizer (`Locked` says why).
final class SortedLists: Sendable {
    private let cache = Locked<[Int: [Int]]>([:])

    func cached(_ key: Int, _ make: () -> [Int]) -> [Int] {
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let rows = make()
        cache.withLock { $0[key] = rows }
        return rows
    }
}
