extension TestSupport {
    /// The users and posts `sitegen build` publishes from each Firestore fixture
    /// (`Fixtures/firestore/<layout>/` with its sitegen.toml): every user with a profile,
    /// every post with an owner a page.
    package static let firestoreSites: [(layout: String, users: [String], posts: [String])] = [
        ("flutter", ["alice", "bob", "carol", "dan"], ["p1", "p2"]),
        ("uikit", ["alice", "bob", "carol"], ["p1", "p2"]),
        ("react-native", ["alice", "bob", "carol"], ["p1", "p2"]),
        ("fluttergram", ["alice", "bob", "carol"], ["p1"]),
        ("karlhadwen", ["dali", "karl", "raphael"], ["PH1"]),
        ("android", ["alice", "bob"], []),
        ("handles", ["ana", "ben", "cleo"], ["s1", "s2", "s3"]),
        // Post ids `p.1`, `a b`, `a%20b`, `日本 語 post`: pages named by a hash of the id.
        ("odd-ids", ["ana", "ben", "cleo", "dora", "dots", "eiji", "finn", "long", "pct"],
         ["k0f6d2d205ea31e789ed8", "k2e3dd8c2a4898925bda6", "k98c9d0f286fd5e559fff", "ka23fcd7dc4e9882b1060"]),
        ("fluttershare", ["alice", "bob", "carol", "dan", "eve"], ["p1", "p2", "p3", "p4", "p5"]),
        ("swift-feed", ["alice", "bob", "carol"], ["p1", "p2", "p3", "p4"]),
        ("rn-feed", ["ana", "ben", "cy"], ["a1", "b1", "b2", "c1"]),
        // No users collection: a profile per distinct owner of the posts; the deleted
        // post's left likes and comments (posts/Zz0gone) are no post.
        ("posts-only", ["analima", "benokafor"], ["7dQ2mX", "B4kq9Z", "Hn3Lw1", "Qp8Rt2"]),
    ]

    /// Each profile's grid (the posts it links to), for the layouts with a timeline: its
    /// own posts, never the copies or entries of its timeline.
    package static let firestoreGrids: [String: [String: [String]]] = [
        "fluttershare": ["alice": ["p1", "p2"], "bob": ["p3"], "carol": ["p4"], "dan": [], "eve": ["p5"]],
        "swift-feed": ["alice": ["p1", "p4"], "bob": ["p2"], "carol": ["p3"]],
        "rn-feed": ["ana": ["a1"], "ben": ["b1", "b2"], "cy": ["c1"]],
    ]
}
