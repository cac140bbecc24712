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
        // No users collection: a profile per distinct owner of the posts; the deleted
        // post's left likes and comments (posts/Zz0gone) are no post.
        ("posts-only", ["analima", "benokafor"], ["7dQ2mX", "B4kq9Z", "Hn3Lw1", "Qp8Rt2"]),
    ]
}
