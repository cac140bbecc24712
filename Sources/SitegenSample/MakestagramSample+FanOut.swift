/// Makestagram: the `timeline` fan-out and the `users` records.
extension MakestagramSample {
    func writeTimeline(_ w: JSONWriter) {
        let f = options.faultRate
        var entries: [Int32] = []
        var emitted: [(post: Int32, poster: Int32)] = []
        var mark = [Int32](repeating: -1, count: uids.count)
        var opened = false
        for u in 0..<uids.count {
            entries.removeAll(keepingCapacity: true)
            emitted.removeAll(keepingCapacity: true)
            if isLive[u] {
                mark[u] = Int32(u)
                addPosts(of: u, to: &entries)
                for j in graph.outRange(u) where graph.edges[j].flags.contains(.valid) {
                    let v = Int(graph.edges[j].to)
                    mark[v] = Int32(u)
                    // The celebrity's fan-out never ran: its followers' timelines lack its posts.
                    if v != celebrity { addPosts(of: v, to: &entries) }
                }
                if userFault[u] == .staleTimelineEntry, let p = unfollowedPost(for: u, mark: mark) {
                    entries.append(Int32(p))
                }
            } else if extras[u] & 8 != 0 {
                // A deleted account's timeline, left behind.
                addPosts(of: u, to: &entries)
                for j in graph.outRange(u) where isLive[Int(graph.edges[j].to)] {
                    addPosts(of: Int(graph.edges[j].to), to: &entries)
                }
            } else {
                continue
            }
            entries.sort()
            for p in entries {
                let owner = postOwner[Int(p)]
                if isLive[u] && f > 0 && postFault[Int(p)] != .deleted && frng.chance(f) {
                    if frng.below(2) == 0 { continue } // missing entry
                    var other = liveList[frng.below(liveList.count)]
                    if other == owner { other = ghostList[0] }
                    emitted.append((p, other)) // wrong poster_uid
                } else {
                    emitted.append((p, owner))
                }
            }
            if emitted.isEmpty { continue }
            if !opened {
                w.key("timeline")
                w.beginObject()
                opened = true
            }
            w.key(uids[u], SampleIDs.uidWidth)
            w.beginObject()
            for (p, poster) in emitted {
                w.key(postKeys[Int(p)], SampleIDs.pushWidth)
                w.raw("{\"poster_uid\":")
                w.quoted(uids[Int(poster)], SampleIDs.uidWidth)
                w.byte(0x7D)
            }
            w.endObject()
        }
        if opened { w.endObject() }
    }

    /// The posts of `v` a timeline holds; a deleted post's entry was left behind half the time.
    private func addPosts(of v: Int, to entries: inout [Int32]) {
        for j in Int(userPostStart[v])..<Int(userPostStart[v + 1]) {
            let p = userPosts[j]
            if postFault[Int(p)] == .deleted && frng.below(2) == 0 { continue }
            entries.append(p)
        }
    }

    /// A post by someone `u` does not follow (`mark[owner] != u`), as left by an unfollow.
    private func unfollowedPost(for u: Int, mark: [Int32]) -> Int? {
        guard !postOwner.isEmpty else { return nil }
        for _ in 0..<16 {
            let p = frng.below(postOwner.count)
            let owner = Int(postOwner[p])
            if isLive[owner] && mark[owner] != Int32(u) && postFault[p] != .deleted { return p }
        }
        return nil
    }

    func writeUsers(_ w: JSONWriter) {
        guard !liveList.isEmpty else { return }
        w.key("users")
        w.beginObject()
        var scratch: [UInt8] = []
        for u32 in liveList {
            let u = Int(u32)
            let fault = userFault[u]
            let counters = fault != .oldUser
            w.key(uids[u], SampleIDs.uidWidth)
            w.beginObject()
            if extras[u] & 2 != 0 {
                scratch.removeAll(keepingCapacity: true)
                text.bio(into: &scratch, own: username[u], &trng)
                w.key("bio")
                w.string(scratch)
            }
            if counters {
                w.key("follower_count")
                counter(w, u, which: 1, truth: Int(graph.followerCount[u]))
                w.key("following_count")
                counter(w, u, which: 2, truth: Int(graph.followingCount[u]))
            }
            if extras[u] & 1 != 0 {
                w.key("name")
                w.string(displayName[u])
            }
            if counters {
                w.key("post_count")
                counter(w, u, which: 0, truth: Int(postCount[u]))
            }
            if extras[u] & 4 != 0 {
                w.key("url")
                w.string(text.website(for: username[u].isEmpty ? "user" : username[u], &trng))
            }
            w.key("username")
            w.string(username[u])
            w.endObject()
        }
        w.endObject()
    }

    private func counter(_ w: JSONWriter, _ u: Int, which: UInt8, truth: Int) {
        let kind = counterWhich[u] == which ? userFault[u] : .none
        SampleFaults.writeCounter(w, truth: truth, kind: kind, delta: Int(counterDelta[u]))
    }
}
