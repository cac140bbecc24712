/// The counts the validator computed on the repaired data: what the site shows.
public struct TrueCounts: Sendable {
    /// Per user (index into `ExportIndex.users`).
    public var posts: [Int]
    public var followers: [Int]
    public var following: [Int]
    /// Per post (index into `ExportIndex.posts`).
    public var likes: [Int]
}

/// The follow graph as the repair leaves it: per user index, sorted user indices.
public struct FollowGraph: Sendable {
    /// `followers[u]`: the users who follow u.
    public var followers: [[Int32]]
    /// `following[u]`: the users u follows.
    public var following: [[Int32]]
}
