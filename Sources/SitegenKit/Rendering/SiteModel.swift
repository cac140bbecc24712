import Foundation
import SitegenExport

/// What the site shows, built from the audit's repaired view of the export: the
/// users that can be rendered, their posts newest first, the true counts, tags.
/// Everything here is data; escaping happens in the templates and the Markdown renderer.
public struct SiteModel: Sendable {
    public struct User: Sendable {
        /// Index into `ExportIndex.users`.
        public let index: Int32
        public let uid: String
        public let username: String
        public let slug: String
        public let name: String
        /// Whether the app keeps usernames: false when profiles are named by their name
        /// (then `username` is the name, or the uid when the name is empty), which the pages
        /// show without "@".
        public var hasUsername = true
        /// Whether the record marks the account private (`private`, `isPrivate`,
        /// `professionalAcc.private`, `accountType: "private"`): its page shows the header and
        /// "This account is private" alone; it has no posts here (`posts` is empty, `postCount`
        /// still the true count), no list or feed page, and other users' lists leave it out.
        public internal(set) var isPrivate = false
        public let bio: String
        public let website: String
        /// The profile photo's http(s) URL (linked), or the published avatar's JPEG (relative
        /// to the site root, once `setPictures` gave it), or empty: the initial is shown.
        public var avatar: String = ""
        /// Index into `photos` (and `pictures`): the avatar the site publishes from the local
        /// Storage copy; -1: none (the URL is linked, or there is no avatar).
        var avatarPhoto: Int32 = -1
        /// Indices into `posts`, newest first.
        public var posts: [Int] = []
        /// The validator's true post count (posts that cannot be shown still count).
        public let postCount: Int
        public let followers: Int
        public let following: Int
    }

    public struct Post: Sendable {
        /// The post's name on the site (`PostEntry.name`): its key, or where keys repeat a
        /// name made from its path; its page is `p/<key>/`, its tile's `data-post`.
        public let key: String
        /// Index into `users`.
        public let owner: Int
        /// Image URL relative to the site root (the widest JPEG variant of `picture`) or
        /// absolute (http/https, a photo the site links to); empty when the export has no
        /// usable image (the pages show a placeholder in its box).
        public internal(set) var src: String
        public internal(set) var width: Int
        public internal(set) var height: Int
        public let caption: String
        /// The app's own description of the photo (`Schema.Field.alt`), or empty.
        public let alt: String
        /// Milliseconds since 1970.
        public let time: Int64
        public let likes: Int
        public let comments: [Comment]
        /// Index into `photos` (and `pictures`): the photo the site publishes for this post;
        /// -1: none. (An index, not the `Picture`: 4 bytes a post instead of 64.)
        var photo: Int32 = -1
        /// Every item of the post in order: an album's photos and videos, or its one photo.
        /// `src`, `width`, `height` and `photo` above are the first item's still (a video's
        /// poster), which its tile, feeds and Open Graph show first.
        public internal(set) var media: [Media] = []
        /// The tile's linked image: the app's thumbnail of the first item (`thumb_url`,
        /// `thumbnailUrl`), else `src`.
        public internal(set) var tileSrc: String = ""

        /// Whether the post shows several items (an album).
        public var isAlbum: Bool { media.count > 1 }
        /// Whether its first item is a video.
        public var isVideo: Bool { media.first?.kind == .video }
    }

    /// One item of a post: a photo or a video, each with its own alt text, size and variants.
    public struct Media: Sendable {
        public let kind: MediaItem.Kind
        /// A photo's image (an http(s) URL linked, or once `setPictures` gave it its widest
        /// JPEG relative to the site root), a video's file (an http(s) URL, linked, or once
        /// `setPictures` gave it the published copy of a local one, relative to the site
        /// root); empty: a placeholder.
        public internal(set) var src: String
        /// A video's poster (linked URL, or its published JPEG); empty: none.
        public internal(set) var poster: String = ""
        /// The app's size of the item in pixels, or the published photo's; 0: unknown (no
        /// box is invented: the browser sizes it when it loads).
        public internal(set) var width: Int
        public internal(set) var height: Int
        /// The app's description of the item, or empty (the post's alt text is used).
        public let alt: String
        /// The colour its box shows while it loads (`#rrggbb`: a `blurHash`'s average), or empty.
        public let colour: String
        /// Index into `photos`: the published photo (a video's poster); -1: none.
        var photo: Int32 = -1
        /// Index into `photos`: a local video's copy (`Picture.Shape.video`); -1: none (a
        /// photo, or a video linked at its URL).
        var video: Int32 = -1

        /// The still a tile shows: a photo's image, a video's poster.
        public var still: String { kind == .video ? poster : src }
    }

    public struct Comment: Sendable {
        public let key: String
        /// The author's username (a rendered user's links to the profile), or as the
        /// export names an author that is no user.
        public let username: String
        public let text: String
        /// Index into `users` of the author the export names by uid; -1: none (the author
        /// is then looked up by `username`).
        public var author: Int32 = -1
        /// Milliseconds since 1970 (the comment's own time, else its push id's); 0: unknown.
        public var time: Int64 = 0
    }

    /// The rendered user who wrote `comment`, if any: by uid, else by username.
    public func author(of comment: Comment) -> Int? {
        comment.author >= 0 ? Int(comment.author) : user(username: comment.username)
    }

    public internal(set) var users: [User] = []
    public internal(set) var posts: [Post] = []
    /// Tag (case-folded) → post indices, newest first; tag as first written.
    public internal(set) var tags: [(tag: String, display: String, posts: [Int])] = []
    /// The photos the site publishes (base64 images, files of the local Storage copy),
    /// each once; `setPictures` gives the posts what `PhotoStage` made of them.
    public internal(set) var photos: [PhotoSource] = []
    /// What `PhotoStage` made of each of `photos` (nil: it could not be used).
    public internal(set) var pictures: [Picture?] = []
    /// Users and posts the site leaves out, with why (for stderr).
    public internal(set) var skipped: [String] = []
    /// Index into `users` by `ExportIndex` user index.
    var userByIndex: [Int32: Int] = [:]
    /// The repaired follow graph (rows by `ExportIndex` user index, as `User.index`).
    public internal(set) var graph = FollowGraph.empty
    /// Whether the app keeps follows (`Export.keepsFollows`): without, profiles show no
    /// follower or following counts.
    public internal(set) var keepsFollows = true
    /// Case-folded username → the rendered user it resolves to (the first user in uid
    /// order with that name, as the audit decides; absent when that user is not rendered).
    var userByFoldedName: [String: Int] = [:]

    /// Gives each post whose photo is published its picture (by `photos` index, as
    /// `PhotoStage.Outcome.pictures`); a photo that could not be used leaves a placeholder.
    /// Each user whose avatar is published gets it the same way; an avatar that could not
    /// be used leaves the initial.
    public mutating func setPictures(_ pictures: [Picture?]) {
        self.pictures = pictures
        for u in users.indices where users[u].avatarPhoto >= 0 {
            users[u].avatar = avatarPicture(of: users[u])?.fallback ?? ""
        }
        for p in posts.indices where posts[p].photo >= 0 {
            let i = Int(posts[p].photo)
            if let picture = i < pictures.count ? pictures[i] : nil {
                posts[p].src = picture.fallback
                (posts[p].width, posts[p].height) = (picture.width, picture.height)
            } else {
                posts[p].src = ""
            }
            posts[p].tileSrc = posts[p].src
        }
        for p in posts.indices {
            for m in posts[p].media.indices where posts[p].media[m].photo >= 0 {
                let i = Int(posts[p].media[m].photo)
                let picture = i < pictures.count ? pictures[i] : nil
                let published = picture?.fallback ?? ""
                if posts[p].media[m].kind == .video { posts[p].media[m].poster = published } else { posts[p].media[m].src = published }
                // A video keeps its own size; its poster gives one where the app keeps none.
                if let picture, posts[p].media[m].kind == .photo || posts[p].media[m].width == 0 {
                    (posts[p].media[m].width, posts[p].media[m].height) = (picture.width, picture.height)
                }
            }
            // A local video: its published copy and the size it is shown at (none: the
            // placeholder; the original is never linked, it keeps its location).
            for m in posts[p].media.indices where posts[p].media[m].video >= 0 {
                let i = Int(posts[p].media[m].video)
                let copy = i < pictures.count ? pictures[i] : nil
                posts[p].media[m].src = copy?.videoPath ?? ""
                if let copy { (posts[p].media[m].width, posts[p].media[m].height) = (copy.width, copy.height) }
            }
        }
    }

    /// The published photo of `post`, if the site publishes one.
    public func picture(of post: Post) -> Picture? {
        post.photo >= 0 && Int(post.photo) < pictures.count ? pictures[Int(post.photo)] : nil
    }

    /// The published photo of a post's item (a video's poster), if the site publishes one.
    public func picture(of item: Media) -> Picture? {
        item.photo >= 0 && Int(item.photo) < pictures.count ? pictures[Int(item.photo)] : nil
    }

    /// The published avatar of `user`, if the site publishes one.
    public func avatarPicture(of user: User) -> Picture? {
        user.avatarPhoto >= 0 && Int(user.avatarPhoto) < pictures.count ? pictures[Int(user.avatarPhoto)] : nil
    }

    /// The rendered user a follower or following list shows for `index` (an `ExportIndex`
    /// user index, a row of `graph`): nil for a user that is not rendered, or private (a
    /// private account's follows are what it hides: docs/site.md, "Private accounts").
    func listed(_ index: Int32) -> Int? {
        guard let u = userByIndex[index], !users[u].isPrivate else { return nil }
        return u
    }

    /// The user a (case-folded) username resolves to, if it is rendered.
    public func user(username: String) -> Int? {
        userByFoldedName[ExportIndex.fold(username)]
    }
}
