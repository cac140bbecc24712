/// The timeline dialect: users with uuid ids and `follows`, posts keyed by push id and
/// owned by username, with comments, likes and a base64 JPEG under `images`.
final class TimelineSample {
    typealias UserFault = SampleFaults.TimelineUser
    typealias PostFault = SampleFaults.TimelinePost
    typealias Reaction = SampleFaults.TimelineReaction

    let options: SampleOptions
    var rng: SampleRandom
    var frng: SampleRandom
    var trng: SampleRandom
    let text = SampleText()

    let uids: IDTable
    var isLive: [Bool]
    var liveList: [Int32] = []
    var ghostList: [Int32] = []
    var username: [String] = []
    /// bit 0: has bio, bit 1: has url.
    var extras: [UInt8] = []
    var userFault: [UserFault] = []
    var graph: SampleGraph!

    var postKeys: IDTable!
    var imageKeys: IDTable!
    var postMillis: [Int64] = []
    var postOwner: [Int32] = []
    var postFault: [PostFault] = []
    var imageChoice: [UInt8] = []

    init(_ options: SampleOptions) {
        self.options = options
        rng = SampleRandom(seed: options.seed, stream: 11)
        frng = SampleRandom(seed: options.seed, stream: 12)
        trng = SampleRandom(seed: options.seed, stream: 13)
        let ghosts = SampleIDs.ghostCount(options)
        uids = SampleIDs.makeSortedTable(width: SampleIDs.uuidWidth, count: options.users + ghosts, rng: &rng) {
            SampleIDs.writeUUID(into: $0, rng: &$1)
        }
        (isLive, liveList, ghostList) = SampleIDs.pickGhosts(ghosts, of: uids.count, rng: &frng)
        makeUsers()
        makePosts()
    }

    private func makeUsers() {
        var taken = Set<String>(minimumCapacity: uids.count)
        var suffixes: [String: Int] = [:]
        for _ in 0..<uids.count {
            let name = SampleText.unique(text.username(for: text.person(&rng), &rng), taken: &taken, next: &suffixes)
            username.append(name)
            extras.append((rng.below(100) < 65 ? 1 : 0) | (rng.below(100) < 40 ? 2 : 0))
        }
        userFault = [UserFault](repeating: .none, count: uids.count)
        var edges = SampleGraph.powerLawEdges(live: liveList, nodeCount: uids.count, rng: &rng)
        if options.faultRate > 0 {
            for u in liveList where frng.chance(options.faultRate) {
                let kind = frng.pick(UserFault.drawable)
                userFault[Int(u)] = kind
                edges.append(.init(from: u, to: kind == .selfFollow ? u : frng.pick(ghostList), flags: .inFollowing))
            }
        }
        graph = SampleGraph(nodeCount: uids.count, edges: edges)
    }

    private func makePosts() {
        for u in liveList {
            let p = SampleGraph.postsPerUser(&rng)
            for _ in 0..<p { postOwner.append(u) }
        }
        rng.shuffle(&postOwner)
        let total = postOwner.count
        // 2015-10-01 to about 2016-09-01, the era of "-K…" push ids.
        let start: Int64 = 1_443_657_600_000, span: Int64 = 29_030_400_000
        let meanGap = max(4, Int(span / Int64(max(total, 1))))
        postKeys = IDTable(width: SampleIDs.pushWidth, count: total)
        imageKeys = IDTable(width: SampleIDs.pushWidth, count: total)
        var t = start
        for i in 0..<total {
            let gap = 2 + rng.below(2 * meanGap)
            // The image is uploaded just before its post is written.
            let back = 1 + rng.below(min(gap - 1, 4000))
            SampleIDs.writePushID(into: imageKeys[i], millis: t + Int64(gap - back), rng: &rng)
            t += Int64(gap)
            postMillis.append(t)
            SampleIDs.writePushID(into: postKeys[i], millis: t, rng: &rng)
            imageChoice.append(UInt8(rng.below(SampleJPEGs.base64.count)))
        }
        postFault = [PostFault](repeating: .none, count: total)
        if options.faultRate > 0 {
            for i in 0..<total where frng.chance(options.faultRate) { postFault[i] = frng.pick(PostFault.drawable) }
        }
    }

    func write(to w: JSONWriter) {
        w.beginObject()
        writeImages(w)
        writePosts(w)
        writeUsers(w)
        w.endObject()
    }

    private func writeImages(_ w: JSONWriter) {
        guard postFault.contains(where: { $0 != .imageMissing }) else { return }
        w.key("images")
        w.beginObject()
        for i in 0..<postOwner.count where postFault[i] != .imageMissing {
            w.key(imageKeys[i], SampleIDs.pushWidth)
            if postFault[i] == .imageInvalid {
                w.string(frng.pick(SampleFaults.invalidImages))
            } else {
                w.byte(0x22)
                w.raw(SampleJPEGs.bytes[Int(imageChoice[i])])
                w.byte(0x22)
            }
        }
        w.endObject()
    }

    private func writePosts(_ w: JSONWriter) {
        guard !postOwner.isEmpty else { return }
        w.key("posts")
        w.beginObject()
        var scratch: [UInt8] = []
        var stamp = [Int32](repeating: -1, count: uids.count)
        for i in 0..<postOwner.count {
            let owner = Int(postOwner[i])
            w.key(postKeys[i], SampleIDs.pushWidth)
            w.beginObject()
            if trng.below(100) < 80 {
                scratch.removeAll(keepingCapacity: true)
                text.caption(into: &scratch, own: username[owner], &trng) { self.anyone(&$0) }
                w.key("caption")
                w.string(scratch)
            }
            let comments = rng.below(100) < 50 ? 0 : rng.pareto(xmin: 1, tail: .two, cap: 40)
            if comments > 0 {
                w.key("comments")
                w.beginObject()
                var t = postMillis[i]
                for _ in 0..<comments {
                    t += Int64(1 + rng.below(86_400_000))
                    reactionKey(w, millis: t)
                    w.beginObject()
                    w.key("post")
                    postRef(w, i, wrong: frng.chance(options.faultRate))
                    w.key("text")
                    scratch.removeAll(keepingCapacity: true)
                    text.comment(into: &scratch, &trng) { self.anyone(&$0) }
                    w.string(scratch)
                    w.key("username")
                    w.string(username[Int(liveList[rng.below(liveList.count)])])
                    w.endObject()
                }
                w.endObject()
            }
            w.key("imageEndpoint")
            w.quoted(imageKeys[i], SampleIDs.pushWidth)
            writeLikes(w, post: i, stamp: &stamp)
            w.key("username")
            w.string(postFault[i] == .orphan ? username[Int(frng.pick(ghostList))] : username[owner])
            w.endObject()
        }
        w.endObject()
    }

    private func writeLikes(_ w: JSONWriter, post i: Int, stamp: inout [Int32]) {
        let k = rng.below(100) < 30 ? 0 : rng.pareto(xmin: 1, tail: .two, cap: min(liveList.count, 150))
        guard k > 0 else { return }
        w.key("likes")
        w.beginObject()
        var t = postMillis[i]
        var again: [Int32] = []
        for _ in 0..<k {
            let who = liveList[rng.below(liveList.count)]
            if stamp[Int(who)] == Int32(i) { continue }
            stamp[Int(who)] = Int32(i)
            var fault = Reaction.none
            if frng.chance(options.faultRate) { fault = frng.pick(Reaction.likeKinds) }
            if fault == .duplicate { again.append(who) }
            t += Int64(1 + rng.below(3_600_000))
            like(w, millis: t, post: i, wrongPost: fault == .wrongPost,
                 username: fault == .unknownUser ? username[Int(frng.pick(ghostList))] : username[Int(who)])
        }
        for who in again {
            t += Int64(1 + rng.below(3_600_000))
            like(w, millis: t, post: i, wrongPost: false, username: username[Int(who)])
        }
        w.endObject()
    }

    private func like(_ w: JSONWriter, millis: Int64, post i: Int, wrongPost: Bool, username: String) {
        reactionKey(w, millis: millis)
        w.beginObject()
        w.key("post")
        postRef(w, i, wrong: wrongPost)
        w.key("username")
        w.string(username)
        w.endObject()
    }

    private func reactionKey(_ w: JSONWriter, millis: Int64) {
        var key = [UInt8](repeating: 0, count: SampleIDs.pushWidth)
        key.withUnsafeMutableBufferPointer { SampleIDs.writePushID(into: $0.baseAddress!, millis: millis, rng: &rng) }
        key.withUnsafeBufferPointer { w.key($0.baseAddress!, SampleIDs.pushWidth) }
    }

    /// The back-reference to post `i`, or (a fault) to another post.
    private func postRef(_ w: JSONWriter, _ i: Int, wrong: Bool) {
        var target = i
        if wrong && postOwner.count > 1 {
            target = frng.below(postOwner.count - 1)
            if target >= i { target += 1 }
        }
        w.quoted(postKeys[target], SampleIDs.pushWidth)
    }

    private func anyone(_ r: inout SampleRandom) -> String? { username[Int(liveList[r.below(liveList.count)])] }

    private func writeUsers(_ w: JSONWriter) {
        w.key("users")
        w.beginObject()
        var scratch: [UInt8] = []
        for u32 in liveList {
            let u = Int(u32)
            w.key(uids[u], SampleIDs.uuidWidth)
            w.beginObject()
            if extras[u] & 1 != 0 {
                scratch.removeAll(keepingCapacity: true)
                text.bio(into: &scratch, own: username[u], &trng)
                w.key("bio")
                w.string(scratch)
            }
            let out = graph.outRange(u)
            if !out.isEmpty {
                w.key("follows")
                w.beginObject()
                for j in out {
                    w.key(uids[Int(graph.edges[j].to)], SampleIDs.uuidWidth)
                    w.raw("true")
                }
                w.endObject()
            }
            if extras[u] & 2 != 0 {
                w.key("url")
                w.string(text.website(for: username[u], &trng))
            }
            w.key("username")
            w.string(username[u])
            w.endObject()
        }
        w.endObject()
    }
}
