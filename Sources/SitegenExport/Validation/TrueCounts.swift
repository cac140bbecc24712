/// The counts the validator computed on the repaired data: what the site shows.
public struct TrueCounts: Sendable {
    /// Per user (index into `ExportIndex.users`).
    public var posts: [Int]
    public var followers: [Int]
    public var following: [Int]
    /// Per post (index into `ExportIndex.posts`).
    public var likes: [Int]
    /// Per post: its comments (objects): the makestagram dialect's comments node, the timeline dialect's list in the post.
    public var comments: [Int] = []
}

