import Foundation
import MustacheEngine
import SitegenExport

// MARK: - A post's items: an album's photos and videos, the marks on its tile

extension PageContexts {
    /// The post page's `items`: each photo or video in order, with its own alt text, size
    /// and variants (`picture`), its place for screen readers (`positionText`: "2 of 5")
    /// and the dots an album shows under it (`dots`, `current`). A post with no item has one
    /// placeholder. A video is `isVideo` with `src` (its file, linked) and `posterSrc`.
    func mediaItems(_ p: Int) -> [Context] {
        let post = model.posts[p]
        let postAlt = altText(p)
        let media = post.media.isEmpty ? [SiteModel.Media(kind: .photo, src: "", width: post.width, height: post.height, alt: "", colour: "")]
            : post.media
        return media.enumerated().map { n, item -> Context in
            var alt = PageContexts.plainText(item.alt)
            if alt.isEmpty { alt = postAlt } else if alt.count > 140 { alt = String(alt.prefix(137)) + "…" }
            let isVideo = item.kind == .video && !item.src.isEmpty
            let picture = model.picture(of: item)
            let poster = posterSource(item)
            let colour = picture?.colour ?? item.colour
            var context: Context = [
                "isVideo": .bool(isVideo), "src": .string(item.src), "srcRelative": .bool(!SafeURL.isHTTP(item.src)),
                "hasImage": .bool(!item.src.isEmpty), "hasSize": .bool(item.width > 0 && item.height > 0),
                "width": .int(item.width), "height": .int(item.height), "alt": .string(alt),
                "colour": .string(colour), "hasColour": .bool(!colour.isEmpty), "first": .bool(n == 0),
                "hasPoster": .bool(!poster.isEmpty), "posterSrc": .string(poster),
                "posterRelative": .bool(!SafeURL.isHTTP(poster)),
                "id": .string("item-\(n + 1)"),
                "positionText": .string(strings.text("item_of", ["index": strings.format.number(n + 1), "count": strings.format.number(media.count)])),
                "dots": TemplateValue(media.indices.map { ["current": .bool($0 == n)] }),
                "unavailableLabel": .string(strings.text("photo_unavailable", ["alt": alt])),
            ]
            if !isVideo, let picture { context["picture"] = .object(PageContexts.postPicture(picture)) }
            return context
        }
    }

    /// A video's poster on its page: a published one's WebP variant
    /// (`VideoSettings.posterPath`), else the app's URL.
    func posterSource(_ item: SiteModel.Media) -> String {
        guard item.kind == .video, let picture = model.picture(of: item) else { return item.poster }
        return VideoSettings.posterPath(picture)
    }

    /// The post page's box: the first item's size that is known (an album's row takes it
    /// for every item, so nothing moves as they load), or none.
    func mediaBox(_ p: Int) -> (width: Int, height: Int)? {
        let post = model.posts[p]
        if let sized = post.media.first(where: { $0.width > 0 && $0.height > 0 }) { return (sized.width, sized.height) }
        return post.media.isEmpty && post.width > 0 && post.height > 0 ? (post.width, post.height) : nil
    }

    /// A tile's `mark`: an album's or a video's icon and its accessible name; nil for a photo.
    func tileMark(_ p: Int) -> Context? {
        let post = model.posts[p]
        if post.isAlbum {
            return ["isAlbum": .bool(true), "isVideo": .bool(false), "label": .string(strings.plural("album_items", post.media.count))]
        }
        if post.isVideo { return ["isAlbum": .bool(false), "isVideo": .bool(true), "label": .string(strings.text("video"))] }
        return nil
    }

    /// The absolute URLs of every photo of a post (a video's poster), in order, for Open
    /// Graph and feeds; a published one's widest JPEG needs the base URL.
    func imageURLs(_ p: Int) -> [String] {
        let post = model.posts[p]
        guard post.media.count > 1 else { return imageURL(p).map { [$0] } ?? [] }
        return post.media.compactMap { item in
            let still = item.still
            if still.isEmpty { return nil }
            return SafeURL.isHTTP(still) ? still : absolute(still)
        }
    }

    /// What a tile and a post page read of a post's items, for their keys.
    func addMedia(_ p: Int, to key: inout PageKey) {
        let post = model.posts[p]
        key.add(post.tileSrc)
        key.add(post.media.count)
        for item in post.media {
            key.add(item.kind == .video ? 1 : 0, item.width, item.height)
            key.add(item.src)
            key.add(item.poster)
            key.add(posterSource(item))
            key.add(item.alt)
            key.add(item.colour)
            if let picture = model.picture(of: item) {
                key.add(picture.key)
                key.add(picture.colour)
                key.add(1, picture.width, picture.height)
            } else {
                key.add(0)
            }
        }
    }
}
