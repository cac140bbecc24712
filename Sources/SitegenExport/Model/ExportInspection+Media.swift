// MARK: - Albums and videos: what `inspect` says of the posts' media

extension ExportInspection {
    /// The objects in the posts' media lists (`media: [{url, type}]`), and per field (by
    /// case order) and spelling how many of them carry it: the fields of an item are
    /// counted there, not in the posts.
    func mediaItemCounts() -> (items: Int, counts: [[Int]]) {
        var counts = Schema.Field.allCases.map { schema.names($0).map { _ in 0 } }
        guard export.dialect == .makestagram, let records = schema.postRecords else { return (0, counts) }
        let doc = export.document
        var posts: [Int32] = []
        Schema.forEachMatch(records, in: doc) { node, _ in if doc.isObject(node) { posts.append(node) } }
        let items = schema.mediaItems(of: posts, in: doc)
        var byName: [String: [(field: Int, spelling: Int)]] = [:]
        var paths: [(field: Int, spelling: Int, name: Schema.Name)] = []
        for field in Schema.Field.mediaItemFields {
            for (s, name) in schema.names(field).enumerated() {
                if name.isPath { paths.append((field.ordinal, s, name)) } else { byName[name.text, default: []].append((field.ordinal, s)) }
            }
        }
        for item in items {
            for (f, s, name) in paths where doc.member(item, name) != nil { counts[f][s] += 1 }
            doc.forEachChild(item) { member in
                for (f, s) in byName[doc.key(member)] ?? [] { counts[f][s] += 1 }
            }
        }
        return (items.count, counts)
    }

    /// The report's lines on media: the items' fields with their spellings, then the
    /// albums and videos as the site reads them (every item in order, posters), with the
    /// first album's items as an example. Empty when no post holds a list or a video.
    func mediaReport() -> String {
        guard export.dialect == .makestagram, let records = schema.postRecords else { return "" }
        let doc = export.document
        var albums = 0, albumItems = 0, photos = 0, videos = 0, posters = 0, thumbnails = 0, sized = 0, blurred = 0, items = 0
        var example: String?
        Schema.forEachMatch(records, in: doc) { node, keys in
            let media = schema.media(of: node, in: doc)
            items += media.count
            if media.count > 1 {
                albums += 1
                albumItems += media.count
                if example == nil {
                    var k = 0
                    let path = records.map { part -> String in
                        if let part { return part.text }
                        defer { k += 1 }
                        return k < keys.count ? keys[k].text(doc) : "*"
                    }.joined(separator: "/")
                    example = "\(path): " + media.map { $0.kind == .video ? ($0.poster.isEmpty ? "video" : "video (poster)") : "photo" }
                        .joined(separator: ", ")
                }
            }
            for item in media {
                if item.kind == .video {
                    videos += 1
                    if !item.poster.isEmpty { posters += 1 }
                } else {
                    photos += 1
                    if !item.thumbnail.isEmpty { thumbnails += 1 }
                }
                if item.width > 0 { sized += 1 }
                if !item.blurHash.isEmpty { blurred += 1 }
            }
        }
        guard albums > 0 || videos > 0 || thumbnails > 0 || blurred > 0 else { return "" }
        var out = "\nmedia:\n"
        let (total, counts) = mediaItemCounts()
        if total > 0 {
            var lines: [(String, String)] = []
            for field in Schema.Field.mediaItemFields {
                let used = zip(schema.names(field), counts[field.ordinal]).filter { $0.1 > 0 }
                if used.isEmpty { continue }
                lines.append((field.rawValue, used.map { "\($0.0.text) (\(Self.number($0.1)) of \(Self.number(total)) items)" }.joined(separator: ", ")))
            }
            let width = lines.map(\.0.count).max() ?? 0
            for (field, spellings) in lines { out += "  \(field + String(repeating: " ", count: width - field.count)) ← \(spellings)\n" }
        }
        func n(_ count: Int, _ word: String) -> String { "\(Self.number(count)) \(word)\(count == 1 ? "" : "s")" }
        out += "  \(n(items, "item")) in posts: \(n(photos, "photo")) (\(Self.number(thumbnails)) with a thumbnail), "
            + "\(n(videos, "video")) (\(Self.number(posters)) with a poster); \(Self.number(sized)) with a size, \(Self.number(blurred)) with a blurHash\n"
        if albums > 0 { out += "  \(n(albums, "album")) (posts of several items, shown in order): \(n(albumItems, "item"))\n" }
        if let example { out += "  first album: \(example)\n" }
        return out
    }
}
