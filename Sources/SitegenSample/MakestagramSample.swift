/// Makestagram: the model of a synthetic export, built in flat arrays
/// indexed by position in the sorted uid table (users and deleted accounts alike) and by
/// post position in time order (= push id order). `MakestagramWriter.swift` writes it.
final class MakestagramSample {
    typealias UserFault = SampleFaults.User
    typealias PostFault = SampleFaults.Post

    let options: SampleOptions
    var rng: SampleRandom
    var frng: SampleRandom
    var trng: SampleRandom
    let text = SampleText()
    let bucket: String

    // Users and deleted accounts ("ghosts"), in uid order.
    let uids: IDTable
    var isLive: [Bool]
    var liveList: [Int32] = []
    var ghostList: [Int32] = []
    var username: [String] = []
    var oldUsername: [String] = []
    var displayName: [[UInt8]] = []
    /// bit 0: has name, bit 1: has bio, bit 2: has url, bit 3: ghost with a leftover timeline.
    var extras: [UInt8] = []
    var screenWidth: [Int16] = []
    var userFault: [UserFault] = []
    /// Which counter a counter fault hits (0 post, 1 follower, 2 following) and by how much.
    var counterWhich: [UInt8] = []
    var counterDelta: [Int8] = []
    var graph: SampleGraph!

    // Posts, in time order.
    var postKeys: IDTable!
    var postMillis: [Int64] = []
    var postOwner: [Int32] = []
    var postFault: [PostFault] = []
    var likeStart: [Int32] = [0]
    var likers: [Int32] = []
    /// Each user's posts (deleted ones included), ascending.
    var userPostStart: [Int32] = []
    var userPosts: [Int32] = []
    /// Children of `posts/<uid>`: the true `post_count`.
    var postCount: [Int32] = []

    /// Most timeline entries one user's posts may fan out to (bounds the export size).
    var fanoutCap: Int { max(2_000, options.users / 2) }
    /// The celebrity (`SampleOptions.celebrity`): the first live user, or -1.
    var celebrity: Int { options.celebrity != nil && !liveList.isEmpty ? Int(liveList[0]) : -1 }

    init(_ options: SampleOptions) {
        self.options = options
        rng = SampleRandom(seed: options.seed, stream: 1)
        frng = SampleRandom(seed: options.seed, stream: 2)
        trng = SampleRandom(seed: options.seed, stream: 3)
        var brng = SampleRandom(seed: options.seed, stream: 9)
        bucket = "makestagram-" + String(0x10000 + brng.below(0xEFFFF), radix: 16)
        let ghosts = SampleIDs.ghostCount(options)
        uids = SampleIDs.makeSortedTable(width: SampleIDs.uidWidth, count: options.users + ghosts, rng: &rng) {
            SampleIDs.writeAuthUID(into: $0, rng: &$1)
        }
        (isLive, liveList, ghostList) = SampleIDs.pickGhosts(ghosts, of: uids.count, rng: &frng)
        makePeople()
        makeGraph()
        makePosts()
        makeLikes()
    }

    private func makePeople() {
        let count = uids.count
        var taken = Set<String>(minimumCapacity: count)
        var suffixes: [String: Int] = [:]
        username.reserveCapacity(count)
        for _ in 0..<count {
            let person = text.person(&rng)
            let name = SampleText.unique(text.username(for: person, &rng), taken: &taken, next: &suffixes)
            username.append(name)
            displayName.append(person.display)
            var bits: UInt8 = 0
            if rng.below(100) < 80 { bits |= 1 }
            if rng.below(100) < 70 { bits |= 2 }
            if rng.below(100) < 35 { bits |= 4 }
            extras.append(bits)
            screenWidth.append([320, 375, 375, 414, 390][rng.below(5)])
        }
        oldUsername = [String](repeating: "", count: count)
        userFault = [UserFault](repeating: .none, count: count)
        counterWhich = [UInt8](repeating: 0, count: count)
        counterDelta = [Int8](repeating: 0, count: count)
        let f = options.faultRate
        guard f > 0 else { return }
        for u in liveList.map(Int.init) where frng.chance(f) {
            let kind = frng.pick(UserFault.drawable)
            userFault[u] = kind
            counterWhich[u] = UInt8(frng.below(3))
            counterDelta[u] = Int8(frng.pick([-2, -1, 1, 1, 2, 3]))
            switch kind {
            case .duplicateUsername:
                let v = Int(frng.pick(liveList))
                if v != u && !username[v].isEmpty { username[u] = SampleFaults.caseVariant(username[v], &frng) }
            case .emptyUsername: username[u] = ""
            case .renamed: oldUsername[u] = username[u] + String(frng.range(1, 99))
            default: break
            }
        }
        for g in ghostList.map(Int.init) where frng.below(3) == 0 { extras[g] |= 8 }
    }

    private func makeGraph() {
        var edges = SampleGraph.powerLawEdges(live: liveList, nodeCount: uids.count, rng: &rng)
        let f = options.faultRate
        if f > 0 {
            for i in edges.indices where frng.chance(f) {
                edges[i].flags.remove(frng.below(2) == 0 ? .inFollowing : .inFollowers)
            }
            for u in liveList {
                switch userFault[Int(u)] {
                case .danglingFollow:
                    let g = frng.pick(ghostList)
                    edges.append(frng.below(3) > 0 ? .init(from: u, to: g, flags: .both) : .init(from: g, to: u, flags: .both))
                case .selfFollow:
                    edges.append(.init(from: u, to: u, flags: .both))
                default: break
                }
            }
            // Deleted accounts whose follow edges were left behind.
            for g in ghostList where frng.below(2) == 0 {
                for _ in 0..<frng.range(1, 3) { edges.append(.init(from: g, to: frng.pick(liveList), flags: .both)) }
            }
        }
        if let followers = options.celebrity?.followers, celebrity >= 0 {
            // Followed by `followers` other users, drawn from their own stream: the rest of the
            // export is the same bytes as without the celebrity.
            var crng = SampleRandom(seed: options.seed, stream: 7)
            var fans = liveList.filter { Int($0) != celebrity }
            crng.shuffle(&fans)
            for v in fans.prefix(followers) { edges.append(.init(from: v, to: Int32(celebrity), flags: [.inFollowing, .inFollowers, .valid])) }
        }
        graph = SampleGraph(nodeCount: uids.count, edges: edges)
    }

    private func makePosts() {
        let count = uids.count
        var perUser = [Int32](repeating: 0, count: count)
        var total = 0
        for u in 0..<count {
            var p: Int
            if isLive[u] {
                p = SampleGraph.postsPerUser(&rng)
                p = min(p, max(1, fanoutCap / (Int(graph.followerCount[u]) + 1)))
                if u == celebrity, let posts = options.celebrity?.posts { p = posts }
            } else {
                p = frng.below(2) == 0 ? 0 : frng.range(1, 4) // orphans of a deleted account
            }
            perUser[u] = Int32(p)
            total += p
        }
        postOwner.reserveCapacity(total)
        for u in 0..<count { for _ in 0..<perUser[u] { postOwner.append(Int32(u)) } }
        rng.shuffle(&postOwner)

        // 2016-09-01 to about 2019-01-01, strictly increasing milliseconds.
        let start: Int64 = 1_472_688_000_000, span: Int64 = 73_612_800_000
        let meanGap = max(2, Int(span / Int64(max(total, 1))))
        postKeys = IDTable(width: SampleIDs.pushWidth, count: total)
        postMillis.reserveCapacity(total)
        var t = start
        for i in 0..<total {
            t += Int64(1 + rng.below(2 * meanGap - 1))
            postMillis.append(t)
            SampleIDs.writePushID(into: postKeys[i], millis: t, rng: &rng)
        }

        postFault = [PostFault](repeating: .none, count: total)
        if options.faultRate > 0 {
            for i in 0..<total where isLive[Int(postOwner[i])] && frng.chance(options.faultRate) {
                postFault[i] = frng.pick(PostFault.drawable)
            }
        }
        userPostStart = [Int32](repeating: 0, count: count + 1)
        postCount = [Int32](repeating: 0, count: count)
        for (i, o) in postOwner.enumerated() {
            userPostStart[Int(o) + 1] += 1
            if postFault[i] != .deleted { postCount[Int(o)] += 1 }
        }
        for u in 0..<count { userPostStart[u + 1] += userPostStart[u] }
        var fill = userPostStart
        userPosts = [Int32](repeating: 0, count: total)
        for (i, o) in postOwner.enumerated() {
            userPosts[Int(fill[Int(o)])] = Int32(i)
            fill[Int(o)] += 1
        }
    }

    private func makeLikes() {
        let total = postOwner.count
        var stamp = [Int32](repeating: -1, count: uids.count)
        likeStart.reserveCapacity(total + 1)
        likers.reserveCapacity(total * 2)
        for i in 0..<total {
            let owner = Int(postOwner[i])
            let lo = likers.count
            if isLive[owner] {
                let followers = graph.inRange(owner)
                let k = rng.below(100) < 35 ? 0 : rng.pareto(xmin: 1, tail: .two, cap: min(followers.count + 3, 250))
                var tries = 0
                while likers.count - lo < k && tries < 3 * k + 4 {
                    tries += 1
                    var who = liveList[rng.below(liveList.count)]
                    if !followers.isEmpty && rng.below(4) > 0 {
                        let e = graph.edges[Int(graph.inEdges[followers.lowerBound + rng.below(followers.count)])]
                        if !e.flags.contains(.valid) { continue }
                        who = e.from
                    }
                    if stamp[Int(who)] == Int32(i) { continue }
                    stamp[Int(who)] = Int32(i)
                    likers.append(who)
                }
                switch postFault[i] {
                case .deleted where likers.count == lo:
                    likers.append(frng.pick(liveList))
                case .likeByDeletedUser:
                    likers.append(frng.pick(ghostList))
                default: break
                }
                if likers.count - lo > 1 { likers[lo...].sort() } // index order is uid order
            }
            likeStart.append(Int32(likers.count))
        }
    }

    /// Likes of post `i` by existing users: the true `like_count`.
    func validLikes(_ i: Int) -> Int {
        var n = 0
        for j in Int(likeStart[i])..<Int(likeStart[i + 1]) where isLive[Int(likers[j])] { n += 1 }
        return n
    }
}
