import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// Text from the export is data, never markup, and no username can write outside its own
/// folder (`docs/site.md`, "Rules"). Every output file of a hostile export is scanned.
@Suite struct SiteSafetyTests {
    /// The raw `<script…>` and `<svg…>` tags of a clean build: the templates' own.
    static let ownTags: [String: Set<String>] = {
        var own: [String: Set<String>] = ["script": [], "svg": []]
        guard let out = try? SiteTest.build(SiteTest.smallExport).output else { return own }
        for path in SiteTest.files(out) where path.hasSuffix(".html") || path.hasSuffix(".xml") {
            for tag in HTMLScan.tags(in: SiteTest.text(out, path)) where own[tag.name] != nil {
                own[tag.name]!.insert(tag.raw)
            }
        }
        return own
    }()

    static let forbiddenTags: Set<String> = ["iframe", "frame", "frameset", "object", "embed", "applet", "base",
                                             "style", "math", "template", "noscript", "xmp", "textarea", "select"]
    static let forbiddenSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]

    /// Every way a file of the output could run script; empty when it cannot.
    static func problems(in out: String) -> [String] {
        var problems: [String] = []
        let ownScripts = ownTags["script"] ?? []
        for path in SiteTest.files(out) where !path.hasPrefix("assets/img/") {
            let text = SiteTest.text(out, path)
            if path == "users.json" { continue }  // data, not markup: checked by `usersJSONRoundTrips`
            // Any `<script`, anywhere, must be one of the templates' own tags.
            var rest = Substring(text)
            while let open = rest.range(of: "<script", options: .caseInsensitive) {
                let tag = rest[open.lowerBound...].prefix { $0 != ">" } + ">"
                if !ownScripts.contains(String(tag)) { problems.append("\(path): \(tag)") }
                rest = rest[open.upperBound...]
            }
            guard path.hasSuffix(".html") || path.hasSuffix(".xml") else { continue }
            for tag in HTMLScan.tags(in: text) {
                if forbiddenTags.contains(tag.name) { problems.append("\(path): forbidden tag \(tag.raw)") }
                if tag.name == "svg" && !(ownTags["svg"] ?? []).contains(tag.raw) { problems.append("\(path): \(tag.raw)") }
                if tag.name == "meta" && tag.attributes.contains(where: { $0.name == "http-equiv" }) {
                    problems.append("\(path): \(tag.raw)")
                }
                for a in tag.attributes {
                    if a.name.range(of: #"^on[a-z]+$"#, options: .regularExpression) != nil {
                        problems.append("\(path): event handler \(a.name) in \(tag.raw)")
                    }
                    if HTMLScan.urlAttributes.contains(a.name), let v = a.value, let s = HTMLScan.scheme(v), forbiddenSchemes.contains(s) {
                        problems.append("\(path): \(a.name) with \(s): in \(tag.raw)")
                    }
                    if a.name == "style", let v = a.value?.lowercased(), v.contains("url(") || v.contains("expression") || v.contains("script") {
                        problems.append("\(path): style \(v)")
                    }
                }
            }
        }
        return problems
    }

    /// Builds in a sandbox; checks the output is plain files and folders and nothing else was written.
    static func buildSandboxed(_ export: String) throws -> (out: String, result: Site.Result) {
        let (sandbox, output) = try SiteTest.sandboxedOutput()
        let (out, result) = try SiteTest.build(export, into: output)
        let odd = SiteTest.walk(out).filter { $0.kind != .file && $0.kind != .folder }
        #expect(odd.isEmpty, "symlinks or special files: \(odd)")
        #expect(SiteTest.strayEntries(sandbox: sandbox).isEmpty, "written outside the output: \(SiteTest.strayEntries(sandbox: sandbox))")
        return (out, result)
    }

    @Test func cleanBuildHasOnlyTheTemplatesScripts() throws {
        #expect(Self.ownTags["script"]?.isEmpty == false, "the index page loads the search script")
        let (out, _) = try SiteTest.build(SiteTest.smallExport)
        #expect(Self.problems(in: out) == [])
    }

    /// The scanner is not vacuous: it flags each kind of live markup, and not escaped text.
    @Test func scannerFindsLiveMarkupOnly() throws {
        let out = try TestSupport.temporaryFolder()
        let live = [
            "<img src=x onerror=alert(1)>", "<svg/onload=alert(1)>", "<SCRIPT>alert(1)</SCRIPT>", "<a href=\"jav&#x61;script:x\">",
            "<a href=' javascript:x'>", "<iframe src=x>", "<p style=\"background:url(x)\">", "<img src=\"data:text/html,x\">",
            "<a href=\"&#106;avascript&colon;x\">", "<meta http-equiv=\"refresh\" content=\"0;url=x\">", "<div =onclick=x onclick=y>",
        ]
        for (n, html) in live.enumerated() { try Data(html.utf8).write(to: URL(fileURLWithPath: out + "/live\(n).html")) }
        let inert = #"<p title="&quot; onerror=alert(1) &lt;script&gt;">&lt;img src=x onerror=alert(1)&gt; javascript:alert(1)</p><!-- raw HTML omitted -->"#
        try Data(inert.utf8).write(to: URL(fileURLWithPath: out + "/inert.html"))
        let problems = Self.problems(in: out)
        for n in live.indices { #expect(problems.contains { $0.hasPrefix("live\(n).html:") }, "\(live[n]) not flagged") }
        #expect(!problems.contains { $0.hasPrefix("inert.html") }, "\(problems)")
    }

    @Test func makestagramCorpusIsInert() throws {
        let export = try SiteTest.writeExport(Corpus.makestagram())
        let (out, result) = try Self.buildSandboxed(export)
        #expect(try SiteTest.usersJSON(out).count == 8, "every hostile user is rendered")
        #expect(result.files > 40)
        let problems = Self.problems(in: out)
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(40).joined(separator: "\n"))")

        // The payloads are shown, as text.
        let index = SiteTest.text(out, "index.html")
        #expect(index.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(index.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(index.contains("&amp;lt;script&amp;gt;"), "an entity in a name is escaped again, not decoded")
        let postFolders = Set(SiteTest.files(out).filter { $0.hasPrefix("p/") }.map { $0.split(separator: "/")[1] })
        #expect(postFolders.count == 8, "every post object has a page, whatever its key; without a usable http(s) image it shows a placeholder")
        #expect(SiteTest.files(out).filter { $0.hasPrefix("p/") }.filter { SiteTest.text(out, $0).contains("class=\"photo-missing\"") }.count == 5)
        #expect(postFolders.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } })
    }

    @Test func timelineCorpusIsInert() throws {
        let export = try SiteTest.writeExport(Corpus.timeline(jpegBase64: try Corpus.sampleJPEGBase64()))
        let (out, _) = try Self.buildSandboxed(export)
        #expect(try SiteTest.usersJSON(out).count == 6)
        let posts = SiteTest.files(out).filter { $0.hasPrefix("p/") }
        #expect(posts.count == 6, "every hostile post key gets a page: \(posts)")
        let problems = Self.problems(in: out)
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(40).joined(separator: "\n"))")
        let anyPost = SiteTest.text(out, try #require(posts.first))
        #expect(anyPost.contains("<span class=\"comment-name\">Unknown account</span>"), "the unknown commenter is a neutral label")
        #expect(!anyPost.contains("alert(1)&lt;/script&gt;unknown"), "not the name the export wrote")
    }

    /// users.json is data: it must parse, and give back every username exactly.
    @Test func usersJSONRoundTrips() throws {
        let corpus = Corpus.makestagram()
        let (out, _) = try SiteTest.build(try SiteTest.writeExport(corpus))
        let users = try #require(corpus["users"] as? [String: [String: Any]])
        for row in try SiteTest.usersJSON(out) {
            #expect(row.username == users[row.uid]?["username"] as? String)
        }
    }

    /// The manifest in the output folder is data too: a line naming `../x` must not make a
    /// build delete (or rmdir) anything outside the output folder.
    @Test func manifestEntriesCannotReachOutsideTheOutput() throws {
        let (sandbox, output) = try SiteTest.sandboxedOutput()
        let (out, _) = try SiteTest.build(SiteTest.smallExport, into: output)
        let victims = ["a/b/c/victim.txt", "keep/precious.txt"]
        for victim in victims {
            try FileManager.default.createDirectory(atPath: sandbox + "/" + (victim as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data("precious\n".utf8).write(to: URL(fileURLWithPath: sandbox + "/" + victim))
        }
        // Lines shaped like the manifest's own last line, with the path replaced.
        let manifest = out + "/" + SiteWriter.manifestName
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        let last = try #require(text.split(separator: "\n").last)
        let prefix = last[..<(try #require(last.lastIndex(of: " ")))]
        try (text + "\(prefix) ../victim.txt\n\(prefix) ../../../../keep/precious.txt\n").write(toFile: manifest, atomically: true, encoding: .utf8)

        let edited = try SiteTest.editedCopy(of: SiteTest.smallExport) { $0.replacingOccurrences(of: "Hej!", with: "Hallå!") }
        try SiteTest.build(edited, into: out)
        for victim in victims {
            #expect(FileManager.default.fileExists(atPath: sandbox + "/" + victim), "\(victim) was deleted")
        }
    }

    /// `--base-url` with a percent-encoded path: the 404 page's root-relative links must keep
    /// it encoded (and escaped), not decode it into the markup.
    @Test func baseURLPathStaysEncodedIn404() throws {
        let base = "https://example.test/x%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E/"
        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: SiteOptions(baseURL: base))
        let page = SiteTest.text(out, "404.html")
        #expect(page.contains(#"href="/x%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E/assets/site.css""#), "\(page)")
        #expect(Self.problems(in: out) == [])
    }

    // MARK: - Slugs

    @Test func hostileUsernamesGetSafeDistinctSlugs() throws {
        let (corpus, uids) = Corpus.slugExport()
        let (out, result) = try Self.buildSandboxed(try SiteTest.writeExport(corpus))
        let problems = Self.problems(in: out)
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(40).joined(separator: "\n"))")
        let emptyUID = uids[try #require(Corpus.slugUsernames.firstIndex(of: ""))]
        #expect(result.skipped.contains { $0.hasPrefix("users/\(emptyUID)") }, "no username: skipped")
        #expect(result.report?.findings.contains { $0.code.rawValue == "username_missing" } == true)

        let rows = try SiteTest.usersJSON(out)
        #expect(rows.count == Corpus.slugUsernames.count - 1)
        #expect(Set(rows.map { ExportIndex.fold($0.slug) }).count == rows.count, "slugs are unique, case folded")
        for row in rows {
            #expect(!row.slug.isEmpty && !row.slug.hasPrefix(".") && !row.slug.contains("/") && !row.slug.contains("\\"), "\(row.slug)")
            #expect(row.slug.utf8.count <= 100, "a 300-character username gets a short slug")
            #expect(row.url.removingPercentEncoding == "u/\(row.slug)/", "users.json url of \(row.slug): \(row.url)")
            #expect(row.username == Corpus.slugUsernames[Int(row.uid.dropFirst())!])
        }

        // Every file of a user is below u/<one folder>/, one of the known pages.
        let pattern = #"^u/[^/]+/(index\.html|feed\.xml|followers/index\.html|following/index\.html|page/[0-9]+/index\.html)$"#
        let userFiles = SiteTest.files(out).filter { $0.hasPrefix("u/") }
        #expect(userFiles.filter { $0.range(of: pattern, options: .regularExpression) == nil } == [])
        let folders = Set(userFiles.map { String($0.split(separator: "/")[1]) })
        #expect(folders.count == rows.count, "one folder per user")
        for row in rows where row.slug.allSatisfy(\.isASCII) {
            #expect(folders.contains(row.slug), "u/\(row.slug)/ is the folder users.json names")
        }
        for row in rows where !row.slug.allSatisfy(\.isASCII) {
            #expect(folders.contains(row.slug), "u/\(row.slug)/ is the folder users.json names")
        }

        // Nothing shadows the site's own pages and assets.
        let top = Set(SiteTest.walk(out).map(\.path).filter { !$0.contains("/") })
        #expect(top.isSubset(of: [".sitegen-manifest", "404.html", "index.html", "users.json", "sitemap.xml", "assets", "u", "p", "tags", "page", "search",
                                  "favicon.ico", "robots.txt"]))
        let index = SiteTest.text(out, "index.html")
        #expect(index.contains(#"id="directory""#))
        #expect(index.components(separatedBy: "data-uid=").count - 1 == rows.count)
        for asset in ["assets/site.css", "assets/search.js"] {
            #expect(SiteTest.bytes(out, asset) == SiteTest.bytes(SiteTest.templates, asset), "\(asset) is the template's")
        }
        #expect(Self.problems(in: out) == [])
    }
}
