import Foundation
import MustacheEngine

// `sitegen-bench`: how fast the template engine renders a profile page (12 tiles) on one
// thread. Build it in release mode (scripts/bench-engine does). It measures only: that the
// engine renders the page as swift-mustache does is a test
// (TemplateEngineProfilePageTests, the same page).
//   sitegen-bench [TEMPLATES_FOLDER] [PAGES]   (default: Templates 10000)

let arguments = CommandLine.arguments.dropFirst()
let folder = arguments.first ?? "Templates"
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000

var templates: [String: String] = [:]
do {
    for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".mustache") {
        templates[String(file.dropLast(".mustache".count))] = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("sitegen-bench: \(folder): \(error)\n".utf8))
    exit(2)
}

let engine: TemplateEngine
do {
    engine = try TemplateEngine(templates: templates)
} catch {
    FileHandle.standardError.write(Data("sitegen-bench: \(error)\n".utf8))
    exit(2)
}

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
let profile: TemplateValue = [
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

let start = ContinuousClock.now
var bytes = 0
for _ in 0..<count { bytes += engine.render("profile", profile).utf8.count }
let seconds = (ContinuousClock.now - start) / .seconds(1)
print("TemplateEngine: \(count) profile pages (\(bytes / max(1, count)) bytes each) in \(String(format: "%.3f", seconds)) s: "
      + "\(Int(Double(count) / seconds)) pages/s on one thread")
