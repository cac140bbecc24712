import Foundation
@testable import SitegenServer
import SitegenTestSupport
import Testing

/// How `sitegen serve` maps request paths to files: folder URLs, redirects, and no way
/// out of the site folder (`..`, encoded `%2e%2e` and `%2f`, symlinks, dot-files), and no
/// redirect off the site (`//x`, `/\x`).
@Suite struct SiteFilesTests {
    /// A small site folder: index, a profile, the 404 page, a dot-file, and symlinks
    /// that point outside (to a secret beside the site) and inside.
    static func site() throws -> (root: String, secret: String) {
        let base = try TestSupport.temporaryFolder("sitefiles")
        let root = base + "/site"
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/u/ana/followers", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/u/empty", withIntermediateDirectories: true)
        // Folders a redirect could name as a host: `//x/`, `/\x/` (a browser reads `\` as `/`).
        for folder in ["x", "\\x", "u/alice", "u/al ice?#%é"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            try "page".write(toFile: root + "/" + folder + "/index.html", atomically: true, encoding: .utf8)
        }
        for (path, text) in ["index.html": "home", "404.html": "missing", "u/ana/index.html": "ana",
                             "u/ana/followers/index.html": "list", "u/ana/feed.xml": "<feed/>", ".sitegen-manifest": "m"] {
            try text.write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
        }
        try "secret".write(toFile: base + "/secret.txt", atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: root + "/leak.html", withDestinationPath: base + "/secret.txt")
        try fm.createSymbolicLink(atPath: root + "/up", withDestinationPath: base)
        try fm.createSymbolicLink(atPath: root + "/alias.html", withDestinationPath: root + "/index.html")
        return (SiteFiles.realPath(root)!, SiteFiles.realPath(base + "/secret.txt")!)
    }

    @Test func foldersFilesAndRedirects() throws {
        let (root, _) = try Self.site()
        let files = try #require(SiteFiles(folder: root))
        #expect(files.resolve("/") == .file(root + "/index.html"))
        #expect(files.resolve("/index.html") == .file(root + "/index.html"))
        #expect(files.resolve("/u/ana/") == .file(root + "/u/ana/index.html"))
        #expect(files.resolve("/u/ana") == .redirect("/u/ana/"))
        #expect(files.resolve("/u/ana/followers/") == .file(root + "/u/ana/followers/index.html"))
        #expect(files.resolve("/u/%61na/feed.xml") == .file(root + "/u/ana/feed.xml"))
        #expect(files.resolve("/u/ana/feed.xml/") == .notFound)
        #expect(files.resolve("/u/empty/") == .notFound)
        #expect(files.resolve("/u/nobody/") == .notFound)
        #expect(files.resolve("/alias.html") == .file(root + "/index.html"))
        #expect(files.notFoundPage == root + "/404.html")
    }

    @Test func nothingOutsideTheFolder() throws {
        let (root, _) = try Self.site()
        let files = try #require(SiteFiles(folder: root))
        for path in ["/../secret.txt", "/u/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
                     "/u/%2e%2e%2f%2e%2e%2fsecret.txt", "/u/ana/%2f..%2f..%2fsecret.txt", "/./index.html",
                     "/index.html%00.css", "/%zz", "relative"] {
            #expect(files.resolve(path) == .badRequest, "\(path)")
        }
        for path in ["/leak.html", "/up/secret.txt", "/.sitegen-manifest", "/u/.hidden"] {
            #expect(files.resolve(path) == .notFound, "\(path)")
        }
        // What counts is where a path really leads: back into the site is the site's own file.
        #expect(files.resolve("/up/site/index.html") == .file(root + "/index.html"))
    }

    @Test func underASubPath() throws {
        let (root, _) = try Self.site()
        let files = try #require(SiteFiles(folder: root, basePath: "profiles"))
        #expect(files.basePath == "/profiles/")
        #expect(files.resolve("/profiles/") == .file(root + "/index.html"))
        #expect(files.resolve("/profiles/u/ana/") == .file(root + "/u/ana/index.html"))
        #expect(files.resolve("/profiles/u/ana") == .redirect("/profiles/u/ana/"))
        #expect(files.resolve("/profiles") == .redirect("/profiles/"))
        #expect(files.resolve("/") == .redirect("/profiles/"))
        #expect(files.resolve("/u/ana/") == .notFound)
        #expect(files.resolve("/profilesx/index.html") == .notFound)
        #expect(files.resolve("/profiles/../profiles/index.html") == .badRequest)
    }

    /// A redirect stays on the site. `//u/alice/` in a Location is the host "u", and a
    /// browser reads `/\x/` as `//x/`: the Location is the base path and the request's
    /// decoded segments, encoded again, never the request echoed.
    @Test func redirectsStayOnTheSite() throws {
        let (root, _) = try Self.site()
        for base in ["/", "/profiles/"] {
            let files = try #require(SiteFiles(folder: root, basePath: base))
            let inner = String(base.dropFirst())
            let expected: [(String, SiteFiles.Resolution)] = [
                ("//x", .redirect(base + "x/")),
                ("///x", .redirect(base + "x/")),
                ("/\\x", .redirect(base + "%5Cx/")),
                ("/%5Cx", .redirect(base + "%5Cx/")),
                ("/%5cx", .redirect(base + "%5Cx/")),
                ("//u/alice", .redirect(base + "u/alice/")),
                ("//u//alice", .redirect(base + "u/alice/")),
                ("/u/%61lice", .redirect(base + "u/alice/")),
                ("/u/al%20ice%3F%23%25%C3%A9", .redirect(base + "u/al%20ice%3F%23%25%C3%A9/")),
                ("//u/alice/", .file(root + "/u/alice/index.html")),
                ("/%2F%2Fx", .badRequest),
                ("/%2f%2fx", .badRequest),
                ("/%2F%5Cx", .badRequest),
            ]
            for (request, answer) in expected {
                // Under a sub-path: the request after it, and with the sub-path's slashes doubled too.
                let spellings = base == "/" ? [request] : ["/" + inner.dropLast() + request, "//" + inner + request]
                for path in spellings {
                    let got = files.resolve(path)
                    #expect(got == answer, "\(path)")
                    guard case let .redirect(location) = got else { continue }
                    #expect(location.hasPrefix(base) && !location.hasPrefix("//") && !location.hasPrefix("/\\"), "\(path) → \(location)")
                    #expect(!location.contains("\\") && !location.contains("//"), "\(path) → \(location)")
                }
            }
            // `//` alone is the root.
            #expect(files.resolve("//") == (base == "/" ? .file(root + "/index.html") : .redirect(base)))
        }
    }

    @Test func missingFolder() {
        #expect(SiteFiles(folder: "/nonexistent/sitegen/site") == nil)
    }

    @Test func contentTypes() {
        #expect(SiteFiles.contentType(of: "/s/index.html") == "text/html; charset=utf-8")
        #expect(SiteFiles.contentType(of: "/s/assets/site.css") == "text/css; charset=utf-8")
        #expect(SiteFiles.contentType(of: "/s/assets/search.js") == "text/javascript; charset=utf-8")
        #expect(SiteFiles.contentType(of: "/s/users.json") == "application/json")
        #expect(SiteFiles.contentType(of: "/s/u/ana/feed.xml") == "application/xml; charset=utf-8")
        #expect(SiteFiles.contentType(of: "/s/site.webmanifest") == "application/manifest+json")
        #expect(SiteFiles.contentType(of: "/s/assets/img/ab.JPG") == "image/jpeg")
        #expect(SiteFiles.contentType(of: "/s/a.png") == "image/png")
        #expect(SiteFiles.contentType(of: "/s/assets/video/ab.mp4") == "video/mp4")
        #expect(SiteFiles.contentType(of: "/s.d/README") == "application/octet-stream")
    }

    @Test func liveReloadScriptGoesBeforeTheLastBodyEnd() {
        let html = Array("<html><body><p>x</p></body></html>\n".utf8)
        let out = String(decoding: LiveReload.inject("<script>s</script>", into: html), as: UTF8.self)
        #expect(out == "<html><body><p>x</p><script>s</script></body></html>\n")
        let bare = String(decoding: LiveReload.inject("<script>s</script>", into: Array("<p>x</p>".utf8)), as: UTF8.self)
        #expect(bare == "<p>x</p><script>s</script>")
        #expect(LiveReload.script(basePath: "/profiles/", generation: 3).contains("\"/profiles/__sitegen/wait?since=\" + generation"))
    }

    @Test func liveReloadWaitsForTheNextGeneration() async {
        let reload = LiveReload()
        #expect(await reload.wait(since: 0, timeout: .milliseconds(120)) == 0)
        let task = Task { await reload.wait(since: 0, timeout: .seconds(10)) }
        try? await Task.sleep(for: .milliseconds(60))
        reload.advance()
        #expect(await task.value == 1)
        #expect(await reload.wait(since: 0, timeout: .seconds(10)) == 1)
    }
}
