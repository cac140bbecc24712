import Foundation

/// Hostile exports, built in code so every payload is visible in one place.
enum Corpus {
    static let script = "<script>alert(1)</script>"
    static let imgBreakout = "\"><img src=x onerror=alert(1)>"
    static let svg = "<svg onload=alert(1)>"
    static let iframe = "<iframe src=\"javascript:alert(1)\"></iframe>"
    static let singleQuote = "x' onmouseover='alert(1)"
    static let dataHTML = "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="
    /// Keys carry payloads Firebase allows in keys (no `.` `$` `#` `[` `]` `/` or
    /// controls: the loader refuses those, see Fixtures/bad-exports).
    static let scriptKey = "<script>alert(1)<%2Fscript>"
    static let traversalKey = "%2e%2e%2f%2e%2e%2fetc%2fpasswd"
    static let backslashKey = "\\\\evil\\share"

    /// Markdown that tries every way into an href/src or raw markup.
    static let hostileMarkdown = """
        Hi \(script) \(svg) \(iframe) <img src=x onerror=alert(1)> <a href="javascript:alert(1)">raw link</a>

        [mixed case](JaVaScRiPt:alert(1)) [spaced]( javascript:alert(1)) [vb](vbscript:msgbox(1)) \
        [data](\(dataHTML)) [entity](&#106;avascript:alert(1)) [colon](javascript&colon;alert(1)) \
        [tab](java\tscript:alert(1)) <javascript:alert(1)> <JAVASCRIPT:alert(1)> [ok](https://ok.example/"onmouseover="x)

        ![img](javascript:alert(1)) ![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+) \
        ![png](data:image/png;base64,iVBORw0KGgo=) [ref][r] [ref2][r2] www.example.com/\(script) #tag\(script) @"><b> @mallory @ok_user

        <div onmouseover="alert(1)">block html</div>

        <style>body{background:url(javascript:alert(1))}</style>

        | a | b |
        |---|---|
        | <td onclick=alert(1)> | \(imgBreakout) |

        [r2]: JAVASCRIPT:alert(1)

        [r]: javascript:alert(1) "title\(imgBreakout)"
        """

    // MARK: - Makestagram

    /// Users, names, bios, websites, post keys, captions and image URLs carrying payloads.
    static func makestagram() -> [String: Any] {
        let users: [(uid: String, username: String, name: String, url: String)] = [
            ("x1", script, imgBreakout, "javascript:alert(1)"),
            ("x2", imgBreakout, svg, "JaVaScRiPt:alert(1)"),
            ("x3", "javascript:alert(1)", iframe, "data:text/html,<script>alert(1)</script>"),
            ("x4", singleQuote, "&lt;script&gt;alert(1)&lt;/script&gt;", " javascript:alert(1)"),
            ("x5", "mallory", "Mallory <b>bold</b>", "https://ok.example/\" onmouseover=\"alert(1)"),
            ("x6", "vb", "VB", "vbscript:msgbox(1)"),
            ("x7", "mail", "Mail", "mailto:a@b.example?subject=\"><script>alert(1)</script>"),
            ("x8", "plain", "Plain", "https://plain.example/'onmouseover='alert(1)"),
        ]
        var userNodes: [String: Any] = [:]
        for u in users {
            userNodes[u.uid] = ["username": u.username, "name": u.name, "url": u.url, "bio": hostileMarkdown]
        }
        let images: [(key: String, url: String)] = [
            (imgBreakout, "https://img.example/a.jpg"),
            ("-Lx1AAAAAAAAAAAAAAA2", "javascript:alert(1)"),
            ("-Lx1AAAAAAAAAAAAAAA3", "\"onerror=\"alert(1)"),
            (traversalKey, "https://img.example/c.jpg'onerror='alert(1)"),
            (svg, "https://img.example/d.jpg\" onerror=\"alert(1)"),
            ("-Lx1AAAAAAAAAAAAAAA6", "https://img.example/e.jpg?q=<script>"),
            ("-Lx1AAAAAAAAAAAAAAA7", "data:image/svg+xml,<svg onload=alert(1)>"),
            ("-Lx1AAAAAAAAAAAAAAA8", "https://img.example/f.jpg"),
        ]
        var posts: [String: Any] = [:]
        for (n, u) in users.enumerated() {
            var mine: [String: Any] = [:]
            let (key, url) = images[n % images.count]
            mine[key] = [
                "image_url": url, "image_height": 375, "created_at": 1_500_000_000 + n * 1000, "like_count": 0,
                "poster": ["uid": u.uid, "username": u.username],
                "caption": n % 2 == 0 ? hostileMarkdown : "\(script) caption with raw <b onmouseover=alert(1)>HTML</b> #xss",
            ]
            posts[u.uid] = mine
        }
        let following: [String: Any] = ["x1": ["x2": true, "x3": true], "x2": ["x1": true], "x4": ["x1": true]]
        let followers: [String: Any] = ["x1": ["x2": true, "x4": true], "x2": ["x1": true], "x3": ["x1": true]]
        return ["users": userNodes, "posts": posts, "following": following, "followers": followers]
    }

    // MARK: - Timeline dialect

    /// Comments, captions, usernames, post keys and image keys carrying payloads.
    static func timeline(jpegBase64: String) -> [String: Any] {
        let names = [script, imgBreakout, svg, singleQuote, "javascript:alert(1)", "ok_user"]
        var users: [String: Any] = [:]
        for (n, name) in names.enumerated() {
            users["00000000-0000-4000-8000-00000000000\(n)"] = [
                "username": name, "bio": hostileMarkdown, "url": n % 2 == 0 ? "javascript:alert(1)" : "JaVaScRiPt:x",
                "follows": ["00000000-0000-4000-8000-00000000000\((n + 1) % names.count)": true],
            ]
        }
        let postKeys = [scriptKey, imgBreakout, "-K2zAAAAAAAAAAAAAAA1", backslashKey, svg, "-K2zAAAAAAAAAAAAAAA2"]
        var posts: [String: Any] = [:]
        var images: [String: Any] = [:]
        for (n, key) in postKeys.enumerated() {
            let imageKey = n % 2 == 0 ? "\(imgBreakout)\(n)" : "-K2zIMAGE\(n)"
            images[imageKey] = jpegBase64
            var comments: [String: Any] = [:]
            for (c, commenter) in (names + ["\(script)unknown"]).enumerated() {
                comments["-K30COMMENT\(n)x\(c)"] = ["post": key, "username": commenter,
                                                    "text": c % 2 == 0 ? hostileMarkdown : "\(iframe) nice \(imgBreakout)"]
            }
            posts[key] = [
                "username": names[n % names.count], "imageEndpoint": imageKey, "caption": hostileMarkdown,
                "comments": comments, "likes": ["-K31LIKE\(n)": ["post": key, "username": names[(n + 1) % names.count]]],
            ]
        }
        return ["users": users, "posts": posts, "images": images]
    }

    /// The first image of the timeline-dialect sample (a real 64×64 JPEG).
    static func sampleJPEGBase64() throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: SiteTest.timelineExport))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let images = object?["images"] as? [String: String] ?? [:]
        guard let first = images.keys.sorted().first else { throw CocoaError(.fileReadCorruptFile) }
        return images[first]!
    }

    // MARK: - Slugs

    /// Usernames that try to leave `u/<slug>/`, shadow a page, or collide.
    static let slugUsernames: [String] = [
        "../../etc", "a/b", ".hidden", "index.html", "assets", "<b>x</b>", "Ana", "ana", "ANA", "",
        String(repeating: "abcdefghij", count: 30), "مريم", "さくら", "con", ".", "..",
        "users.json", "404.html", "u", "p", "tags", "..\\..\\win", "ana-2", "%2e%2e", "a%2Fb", "sitemap.xml",
    ]

    static func slugExport() -> (export: [String: Any], uids: [String]) {
        var users: [String: Any] = [:]
        var uids: [String] = []
        for (n, name) in slugUsernames.enumerated() {
            let uid = String(format: "s%02d", n)
            uids.append(uid)
            users[uid] = ["username": name, "name": "Name \(n)", "bio": "I am user \(n)"]
        }
        return (["users": users], uids)
    }
}
