/// Writes a `MakestagramSample` as a makestagram export, root keys and every object's keys
/// in Firebase's order, as the console's "Export JSON" gives them.
extension MakestagramSample {
    /// Photo sizes a phone uploads; `image_height` = screen width * height / width.
    private static let photoSizes: [(Double, Double)] = [
        (4032, 3024), (3024, 4032), (1080, 1080), (1080, 1350), (1920, 1080), (3000, 2000),
        (2448, 3264), (750, 1334), (1242, 1656), (640, 640),
    ]

    func write(to w: JSONWriter) {
        w.beginObject()
        writeFollowTree(w, key: "followers", byTarget: true)
        writeFollowTree(w, key: "following", byTarget: false)
        writePostLikes(w)
        writePosts(w)
        if options.timeline { writeTimeline(w) }
        writeUsers(w)
        w.endObject()
    }

    private func uidKey(_ w: JSONWriter, _ u: Int) { w.key(uids[u], SampleIDs.uidWidth) }

    /// `followers/<b>/<a>` (byTarget) or `following/<a>/<b>`.
    private func writeFollowTree(_ w: JSONWriter, key: StaticString, byTarget: Bool) {
        let flag: SampleGraph.Flags = byTarget ? .inFollowers : .inFollowing
        guard graph.edges.contains(where: { $0.flags.contains(flag) }) else { return }
        w.key(key)
        w.beginObject()
        for u in 0..<uids.count {
            var open = false
            for j in byTarget ? graph.inRange(u) : graph.outRange(u) {
                let e = graph.edges[byTarget ? Int(graph.inEdges[j]) : j]
                guard e.flags.contains(flag) else { continue }
                if !open { uidKey(w, u); w.beginObject(); open = true }
                uidKey(w, Int(byTarget ? e.from : e.to))
                w.raw("true")
            }
            if open { w.endObject() }
        }
        w.endObject()
    }

    private func writePostLikes(_ w: JSONWriter) {
        guard likeStart.last! > 0 else { return }
        w.key("postLikes")
        w.beginObject()
        for i in 0..<postOwner.count where likeStart[i] < likeStart[i + 1] {
            w.key(postKeys[i], SampleIDs.pushWidth)
            w.beginObject()
            for j in Int(likeStart[i])..<Int(likeStart[i + 1]) {
                uidKey(w, Int(likers[j]))
                w.raw("true")
            }
            w.endObject()
        }
        w.endObject()
    }

    private func writePosts(_ w: JSONWriter) {
        guard postCount.contains(where: { $0 > 0 }) else { return }
        w.key("posts")
        w.beginObject()
        var scratch: [UInt8] = []
        scratch.reserveCapacity(512)
        for u in 0..<uids.count where postCount[u] > 0 {
            uidKey(w, u)
            w.beginObject()
            let mine = Int(userPostStart[u])..<Int(userPostStart[u + 1])
            for j in mine {
                let i = Int(userPosts[j])
                if postFault[i] == .deleted { continue }
                let stale = userFault[u] == .renamed && (j - mine.lowerBound) * 2 < mine.count
                writePost(w, i, owner: u, staleName: stale, scratch: &scratch)
            }
            w.endObject()
        }
        w.endObject()
    }

    private func writePost(_ w: JSONWriter, _ i: Int, owner u: Int, staleName: Bool, scratch: inout [UInt8]) {
        let fault = postFault[i]
        w.key(postKeys[i], SampleIDs.pushWidth)
        w.beginObject()
        if trng.below(100) < 85 {
            scratch.removeAll(keepingCapacity: true)
            text.caption(into: &scratch, own: username[u], &trng) { self.mention(from: u, &$0) }
            w.key("caption")
            w.string(scratch)
        }
        w.key("created_at")
        w.secondsWithMicros(postMillis[i] * 1000 + Int64(trng.below(1000)))
        let (pw, ph) = Self.photoSizes[trng.below(Self.photoSizes.count)]
        w.key("image_height")
        w.double(Double(screenWidth[u]) * (ph / pw))
        w.key("image_url")
        w.raw("\"https://firebasestorage.googleapis.com/v0/b/")
        w.raw(Array(bucket.utf8))
        w.raw(".appspot.com/o/images%2Fposts%2F")
        w.raw(postKeys[i], SampleIDs.pushWidth)
        w.raw(".jpg?alt=media\"")
        if fault == .oldPost {
            w.endObject()
            return
        }
        w.key("like_count")
        let truth = validLikes(i)
        switch fault {
        case .likeCountOff:
            SampleFaults.writeCounter(w, truth: truth, kind: .counterOff, delta: frng.pick([-1, 1, 1, 2]))
        case .likeCountInvalid:
            SampleFaults.writeCounter(w, truth: truth, kind: frng.below(2) == 0 ? .counterNegative : .counterString, delta: 0)
        case .likeByDeletedUser:
            w.int(frng.below(2) == 0 ? truth + 1 : truth)
        default:
            w.int(truth)
        }
        if fault != .posterMissing {
            w.key("poster")
            w.beginObject()
            w.key("uid")
            var posterUID = u
            if fault == .posterWrongUID {
                posterUID = Int(liveList[frng.below(liveList.count)])
                if posterUID == u { posterUID = Int(ghostList[0]) }
            }
            w.quoted(uids[posterUID], SampleIDs.uidWidth)
            w.key("username")
            w.string(staleName ? oldUsername[u] : username[u])
            w.endObject()
        }
        w.endObject()
    }

    /// Someone `u` may mention: mostly a user it follows, else anyone; never an empty username.
    func mention(from u: Int, _ r: inout SampleRandom) -> String? {
        let out = graph.outRange(u)
        for _ in 0..<3 {
            var v = Int(liveList[r.below(liveList.count)])
            if !out.isEmpty && r.below(3) > 0 {
                let e = graph.edges[out.lowerBound + r.below(out.count)]
                if e.flags.contains(.valid) { v = Int(e.to) }
            }
            if v != u && isLive[v] && !username[v].isEmpty { return username[v] }
        }
        return nil
    }
}
