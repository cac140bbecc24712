import Foundation
@testable import SitegenKit
import SitegenTestSupport
import SnapshotTesting
import Testing

/// Shared by the site suites: where the checkout's files are, building a site into a
/// fresh temporary folder, and reading an output folder back (files, bytes, mtimes).
enum SiteTest {
    // MARK: - Paths (from this file, so they do not depend on the working folder)

    /// `Tests/SitegenKitTests/Site/`.
    static let suiteFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static var packageRoot: String { TestSupport.packageRoot }
    static var templates: String { packageRoot + "/Templates" }
    static var sampleExport: String { packageRoot + "/content/export.json" }
    static var timelineExport: String { packageRoot + "/content/export-timeline.json" }
    static var smallExport: String {
        TestSupport.sourceFixtures + "/site/small-export.json"
    }

    /// `SNAPSHOT_RECORD=1` (or `all`) re-records every golden page; `failed` re-records only
    /// those that differ; unset: compare, and record only snapshots that do not exist yet.
    static var snapshotRecord: SnapshotTestingConfiguration.Record {
        switch ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"]?.lowercased() {
        case "1", "all", "true", "yes": return .all
        case "failed": return .failed
        case "never", "0": return .never
        default: return .missing
        }
    }

    // MARK: - Building

    /// A new output path `<new temporary folder>/site` (not created: the build makes it).
    static func newOutput() throws -> String {
        try TestSupport.temporaryFolder() + "/site"
    }

    /// An output folder three levels below a new sandbox folder, so that a path that climbs
    /// out of the output (`u/../../x`, `../../../x`) still lands inside the sandbox, where
    /// `strayEntries` finds it.
    static func sandboxedOutput() throws -> (sandbox: String, output: String) {
        let sandbox = try TestSupport.temporaryFolder()
        return (sandbox, sandbox + "/a/b/c/site")
    }

    /// Entries of the sandbox that are not the output folder, its contents or its parents.
    static func strayEntries(sandbox: String) -> [String] {
        walk(sandbox).map(\.path).filter { !["a", "a/b", "a/b/c", "a/b/c/site"].contains($0) && !$0.hasPrefix("a/b/c/site/") }
    }

    /// Builds `export` with the checkout's templates (unless `templates` is given).
    @discardableResult
    static func build(_ export: String, into output: String? = nil, options: SiteOptions = SiteOptions(),
                      templates: String? = nil, jobs: Int = 0, dryRun: Bool = false,
                      photoCache: String? = nil) throws -> (output: String, result: Site.Result) {
        let out = try output ?? newOutput()
        var request = Site.Request(export: export, output: out, templates: templates ?? self.templates,
                                   options: options, jobs: jobs, dryRun: dryRun)
        request.photoCache = photoCache ?? (export == sampleExport ? samplePhotoCache : nil)
        return (out, try Site.build(request))
    }

    /// The photo cache every build of the sample shares (`PhotoCache`; the CLI's
    /// `--photo-cache`): its 198 photos are encoded once a test run, not once a build
    /// (some 18 s of CPU each: most of the site suites' time). Tests of the photos
    /// themselves build other exports, or the sample with a cache of their own.
    /// `SITEGEN_TEST_PHOTO_CACHE` names a folder to use instead, kept after the run:
    /// scripts/test gives `.build/photo-cache`, which its later stages (the Nu checker's
    /// sites, the end-to-end tests) take the sample's photos from.
    static let samplePhotoCache: String = {
        if let folder = ProcessInfo.processInfo.environment["SITEGEN_TEST_PHOTO_CACHE"], !folder.isEmpty { return folder }
        do { return try TestSupport.temporaryFolder() + "/photo-cache" } catch { fatalError("no temporary folder: \(error)") }
    }()

    /// Writes a JSON object (dictionaries, arrays, strings, numbers, booleans) as an export file.
    static func writeExport(_ object: Any, name: String = "export.json") throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        return try TestSupport.temporaryFile([UInt8](data), name: name)
    }

    /// A copy of a text file with `edit` applied, in a new temporary folder.
    static func editedCopy(of path: String, name: String = "export.json", _ edit: (String) -> String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let edited = edit(text)
        precondition(edited != text, "the edit changed nothing")
        return try TestSupport.temporaryFile(edited, name: name)
    }

    // MARK: - Reading an output folder (TestSupport's, under the names the suites use)

    typealias Kind = TestSupport.Kind
    typealias Entry = TestSupport.Entry

    static func walk(_ root: String) -> [Entry] { TestSupport.walk(root) }
    static func files(_ root: String) -> [String] { TestSupport.files(root) }
    static func bytes(_ root: String, _ path: String) -> [UInt8] { TestSupport.bytes(root, path) }
    static func text(_ root: String, _ path: String) -> String { TestSupport.text(root, path) }
    static func contents(_ root: String) -> [String: [UInt8]] { TestSupport.contents(root) }

    /// Every file's modification time.
    static func mtimes(_ root: String) -> [String: Date] {
        var out: [String: Date] = [:]
        for path in files(root) {
            out[path] = (try? FileManager.default.attributesOfItem(atPath: root + "/" + path))?[.modificationDate] as? Date
        }
        return out
    }

    /// The paths whose modification time differs (or that exist on one side only).
    static func touched(_ before: [String: Date], _ after: [String: Date]) -> Set<String> {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    }

    /// Long enough that a rewrite shows in the modification time on any file system.
    static func waitForNewMTime() {
        Thread.sleep(forTimeInterval: 1.1)
    }

    // MARK: - users.json

    struct UserRow: Equatable {
        var uid: String
        var username: String
        var slug: String
        var url: String
        /// -1 for a private account (its row has `"private": true` and no counts).
        var posts: Int
        var followers: Int
        var following: Int
        var isPrivate = false
    }

    static func usersJSON(_ root: String) throws -> [UserRow] {
        let data = Data(bytes(root, "users.json"))
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try array.map { row in
            let isPrivate = row["private"] as? Bool == true
            if isPrivate {
                #expect(row["posts"] == nil && row["followers"] == nil && row["following"] == nil, "a private account's row has no counts")
            }
            func count(_ key: String) throws -> Int { isPrivate ? -1 : try #require(row[key] as? Int) }
            return UserRow(uid: try #require(row["uid"] as? String), username: try #require(row["username"] as? String),
                           slug: row["slug"] as? String ?? "", url: try #require(row["url"] as? String),
                           posts: try count("posts"), followers: try count("followers"), following: try count("following"),
                           isPrivate: isPrivate)
        }
    }

    /// The file a site URL (relative to the root, percent-encoded, as in users.json) is
    /// served from: decoded, and `index.html` inside a folder URL.
    static func servedFile(_ url: String) -> String? {
        guard let decoded = url.removingPercentEncoding else { return nil }
        return decoded.isEmpty || decoded.hasSuffix("/") ? decoded + "index.html" : decoded
    }

    /// The file of a page, for tests about its content rather than its path: the served
    /// (decoded) path when it exists, else the path exactly as the URL is written.
    static func pageFile(_ root: String, url: String) -> String {
        if let served = servedFile(url), FileManager.default.fileExists(atPath: root + "/" + served) { return served }
        return url.hasSuffix("/") || url.isEmpty ? url + "index.html" : url
    }
}
