/// A post's media as the app keeps it: a list of items, each a photo or a video with its
/// own URL, alt text, size and placeholder. Read the same way by `inspect` (what it
/// reports) and by the site (what it publishes), from the spellings of `Schema+Spellings.swift`
/// ("Albums and videos"): a list of URLs or of item objects (`imageUrls`, `media`,
/// `postMedia/imagesUrl`…), else the post itself as its one item (`image_url`,
/// `videoUrl` with `thumbnail`, `contentURL` with `contentType`).
public struct MediaItem: Sendable, Equatable {
    public enum Kind: String, Sendable { case photo, video }

    public var kind: Kind = .photo
    /// The item's URL or Storage path as written (a photo's full image, a video's file).
    public var url: String = ""
    /// A video's poster frame (`coverOfVideoUrl`, `downloadURLStill`, `thumbnail`), or "".
    public var poster: String = ""
    /// The app's small copy of a photo (`thumb_url`, `thumbnailUrl`), or "".
    public var thumbnail: String = ""
    /// Its size in pixels; 0 when the app keeps none (an aspect ratio alone gives a
    /// width of 1000 and the height in that ratio).
    public var width: Int = 0
    public var height: Int = 0
    public var alt: String = ""
    /// A BlurHash of the item (`blurHash`), or "".
    public var blurHash: String = ""

    public init() {}
}

extension Schema {
    /// The media of post record `post` in order; empty when it holds none (no list, no URL).
    public func media(of post: Int32, in doc: JSONDocument) -> [MediaItem] {
        guard doc.isObject(post) else { return [] }
        var items: [MediaItem] = []
        for (field, kind) in [(Field.media, MediaItem.Kind?.none), (.videos, .video)] {
            for list in doc.members(post, names(field)).map(doc.value) where doc.isContainer(list) {
                doc.forEachEntry(list) { member in
                    let entry = doc.value(member)
                    if let url = doc.string(entry) {
                        guard !url.isEmpty else { return }
                        var item = MediaItem()
                        item.url = url
                        item.kind = kind ?? (MediaItem.isVideoFile(url) ? .video : .photo)
                        items.append(item)
                    } else if doc.isObject(entry), var item = self.item(entry, in: doc) {
                        if kind == .video { item.kind = .video }
                        items.append(item)
                    }
                }
            }
        }
        if items.isEmpty, let item = item(post, in: doc) { items.append(item) }
        return items
    }

    /// The items of `posts`' media lists that are objects (whose fields are counted).
    func mediaItems(of posts: [Int32], in doc: JSONDocument) -> [Int32] {
        let lists = names(.media) + names(.videos)
        var items: [Int32] = []
        for post in posts {
            for list in doc.members(post, lists).map(doc.value) where doc.isContainer(list) {
                doc.forEachEntry(list) { if doc.isObject($0) { items.append($0) } }
            }
        }
        return items
    }

    /// Whether post record `post` holds media in any spelling other than `image_url` (a
    /// list, a video, a `contentURL`): such a post is no `post_invalid` without an image URL.
    public func holdsMedia(_ post: Int32, in doc: JSONDocument) -> Bool {
        guard doc.isObject(post) else { return false }
        // One name at a time: a list may be kept in an object of the post (`postMedia/imagesUrl`).
        return !doc.members(post, names(.media) + names(.videos) + names(.videoURL) + names(.mediaURL)).isEmpty
    }

    /// One item from an object (a list's item, or a post of one item); nil without a URL.
    private func item(_ record: Int32, in doc: JSONDocument) -> MediaItem? {
        func text(_ field: Field) -> String? {
            doc.member(record, names(field)).map(doc.value).flatMap(doc.string).flatMap { $0.isEmpty ? nil : $0 }
        }
        func number(_ field: Field) -> Double? {
            guard let n = doc.member(record, names(field)).map(doc.value) else { return nil }
            let value = doc.isNumber(n) ? Double(doc.rawText(n)) : doc.string(n).flatMap(Double.init)
            guard let value, value.isFinite, value > 0, value < 100_000 else { return nil }
            return value
        }
        func flag(_ field: Field) -> Bool? {
            guard let n = doc.member(record, names(field)).map(doc.value) else { return nil }
            if doc.kind(n) == .bool { return doc.rawText(n) == "true" }
            return doc.string(n).map { $0.lowercased() == "true" }
        }
        let type = text(.mediaType)?.lowercased()
        var item = MediaItem()
        var saysVideo = flag(.isVideo) == true || flag(.isImage) == false || type?.contains("video") == true
        if let url = text(.videoURL) {
            item.url = url
            saysVideo = true
        } else if let url = text(.mediaURL) ?? text(.imageURL) {
            item.url = url
        } else if let type, !type.isEmpty, let named = doc.member(record, Name(type)).map(doc.value).flatMap(doc.string), !named.isEmpty {
            // A key named by the type: `{type: "video", video: "https://…"}`.
            item.url = named
        } else {
            return nil
        }
        item.kind = saysVideo || MediaItem.isVideoFile(item.url) ? .video : .photo
        item.poster = text(.videoPoster) ?? ""
        item.thumbnail = text(.thumbnailURL) ?? ""
        if let w = number(.imageWidth), let h = number(.imageHeight) {
            (item.width, item.height) = (max(1, Int(w.rounded())), max(1, Int(h.rounded())))
        } else if let ratio = number(.aspectRatio), ratio > 0.01, ratio < 100 {
            (item.width, item.height) = (1000, max(1, Int((1000 / ratio).rounded())))
        }
        item.alt = text(.alt) ?? ""
        item.blurHash = text(.blurHash) ?? ""
        return item
    }
}

extension MediaItem {
    /// Whether a URL or path names a video file by its extension (before any query).
    public static func isVideoFile(_ url: String) -> Bool {
        var path = Substring(url)
        if let q = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<q] }
        // A Storage download URL keeps the object's path escaped (`o/videos%2Fclip.mp4`).
        guard let dot = path.lastIndex(of: ".") else { return false }
        let ext = path[path.index(after: dot)...].lowercased()
        return ["mp4", "mov", "m4v", "webm", "3gp", "mkv", "m3u8"].contains(ext)
    }
}
