import MustacheEngine

/// The profile page (12 tiles) that `sitegen-bench` renders to measure the template engine,
/// and that TemplateEngineProfilePageTests renders with both engines: one definition, so the
/// page measured is the page checked. Tiles are rendered with `engine`'s `_tile` first, as
/// the site does.
public func benchProfilePage(_ engine: TemplateEngine) -> TemplateValue {
    let root = "../../"
    let site: TemplateValue = ["title": "Photo Archive", "baseURL": "https://example.com/", "tileRatio": "1-1", "generator": "sitegen"]
    let tiles: [TemplateValue] = (0..<12).map { i in
        let tile: TemplateValue = [
            "key": .string("-Nk\(i)abcdefghij"), "url": .string("p/-Nk\(i)abcdefghij/"), "src": .string("https://cdn.example.com/img/\(i).jpg"),
            "srcRelative": false, "width": 1080, "height": 1350, "alt": .string("Sunset over the bay #\(i) & friends"),
            "root": .string(root), "site": site,
        ]
        return ["html": .string(engine.render("_tile", tile))]
    }
    return [
        "root": .string(root), "site": site, "pageTitle": "Ana Lima (@ana)", "description": "Photographer in Lisbon. Coffee & film.",
        "hasDescription": true, "canonical": "https://example.com/u/ana/", "ogImage": "https://cdn.example.com/img/0.jpg",
        "user": [
            "uid": "u123", "username": "ana", "name": "Ana Lima", "hasName": true, "url": "u/ana/", "initial": "A", "hue": 210,
            "posts": 48, "followers": 1024, "following": 321, "postsLabel": "posts", "followersLabel": "followers",
            "bioHTML": "<p>Photographer in Lisbon. Coffee &amp; film.</p>\n", "hasBio": true,
            "website": ["href": "https://ana.example.com", "text": "ana.example.com"],
            "followersURL": "u/ana/followers/", "followingURL": "u/ana/following/", "feedURL": "u/ana/feed.xml",
        ],
        "tiles": .list(tiles), "hasTiles": true, "pagination": ["page": 1, "pages": 4, "nextURL": "u/ana/page/2/"],
    ]
}
