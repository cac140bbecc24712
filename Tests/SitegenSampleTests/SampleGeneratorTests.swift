import Foundation
@testable import SitegenExport
@testable import SitegenKit
@testable import SitegenSample
import SitegenTestSupport
import Testing

@Suite("SampleGenerator")
struct SampleGeneratorTests {
    typealias Object = [String: Any]

    static func parse(_ bytes: [UInt8]) throws -> Object {
        let any = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        return try #require(any as? Object)
    }

    static func millis(_ key: String) -> Int64? {
        let alphabet = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")
        let chars = Array(key)
        guard chars.count == 20 else { return nil }
        var t: Int64 = 0
        for c in chars.prefix(8) {
            guard let d = alphabet.firstIndex(of: c) else { return nil }
            t = t * 64 + Int64(d)
        }
        return chars.dropFirst(8).allSatisfy(alphabet.contains) ? t : nil
    }

    @Test("same options give identical bytes; another seed gives others", arguments: Dialect.allCases)
    func determinism(dialect: Dialect) {
        for rate in [0.0, 0.05] {
            let a = SampleGenerator.generate(SampleOptions(users: 300, seed: 42, dialect: dialect, faultRate: rate))
            let b = SampleGenerator.generate(SampleOptions(users: 300, seed: 42, dialect: dialect, faultRate: rate))
            let c = SampleGenerator.generate(SampleOptions(users: 300, seed: 43, dialect: dialect, faultRate: rate))
            #expect(a == b)
            #expect(a != c)
        }
        let clean = SampleGenerator.generate(SampleOptions(users: 300, seed: 42, dialect: dialect))
        let drifted = SampleGenerator.generate(SampleOptions(users: 300, seed: 42, dialect: dialect, faultRate: 0.05))
        #expect(clean != drifted)
    }

    @Test("output is valid JSON", arguments: Dialect.allCases)
    func validJSON(dialect: Dialect) throws {
        for (users, rate) in [(1, 0.0), (2, 1.0), (250, 0.0), (250, 0.2)] {
            let bytes = SampleGenerator.generate(SampleOptions(users: users, seed: 7, dialect: dialect, faultRate: rate))
            let root = try Self.parse(bytes)
            #expect(root["users"] != nil)
            #expect(!bytes.contains(0x0A), "compact: no newline outside strings")
        }
    }

    @Test("a celebrity: followed by many, its posts missing from their timelines; the rest unchanged")
    func celebrity() throws {
        let plain = SampleOptions(users: 300, seed: 5)
        var famous = plain
        famous.celebrity = (followers: 200, posts: 7)
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(SampleGenerator.generate(famous)))
        let star = try #require(report.counts.followers.indices.max { report.counts.followers[$0] < report.counts.followers[$1] })
        #expect(report.counts.followers[star] >= 200)
        #expect(report.counts.posts[star] == 7)
        let missing = report.findings.filter { $0.code == .timelineMissing }
        #expect(missing.count == report.counts.followers[star] * 7, "every follower lacks every post of the celebrity")
        #expect(Set(report.findings.map(\.code)) == [.timelineMissing], "nothing else drifts")
        // Without the timeline node, nothing is missing.
        famous.timeline = false
        let bytes = SampleGenerator.generate(famous)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(root["timeline"] == nil && root["users"] != nil)
        #expect(try Audit.run(exportAt: try TestSupport.temporaryFile(bytes)).findings.isEmpty)
        #expect(SampleGenerator.generate(plain) == SampleGenerator.generate(SampleOptions(users: 300, seed: 5)))
    }

    @Test("write and stream give the bytes of generate")
    func writeAndStream() throws {
        let options = SampleOptions(users: 400, seed: 3, dialect: .makestagram, faultRate: 0.02)
        let expected = SampleGenerator.generate(options)
        var streamed: [UInt8] = []
        var chunks = 0
        try SampleGenerator.stream(options, chunkSize: 1024) { streamed += $0; chunks += 1 }
        #expect(streamed == expected)
        #expect(chunks > 10)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("export.json").path
        try SampleGenerator.write(options, to: path)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["export.json"])
        #expect(throws: (any Error).self) { try SampleGenerator.write(SampleOptions(users: 0), to: path) }
        #expect(throws: (any Error).self) {
            try SampleGenerator.write(SampleOptions(users: 5, faultRate: 1.5), to: path)
        }
    }

    @Test("the writer escapes strings per RFC 8259")
    func escaping() throws {
        let w = JSONWriter()
        w.beginObject()
        w.key("s")
        w.string("quote \" backslash \\ nl \n tab \t cr \r bell \u{07} nul \u{00} us \u{1F} é 日本 🧗")
        w.key("n")
        w.int(-1234567890123)
        w.endObject()
        let text = String(decoding: w.takeBytes(), as: UTF8.self)
        #expect(text == #"{"s":"quote \" backslash \\ nl \n tab \t cr \r bell \u0007 nul \u0000 us \u001f é 日本 🧗","n":-1234567890123}"#)
        let root = try Self.parse(w.takeBytes())
        #expect(root["s"] as? String == "quote \" backslash \\ nl \n tab \t cr \r bell \u{07} nul \u{00} us \u{1F} é 日本 🧗")
    }

    @Test("makestagram has every node, auth uids and Firebase Storage image urls")
    func makestagramShape() throws {
        let root = try Self.parse(SampleGenerator.generate(SampleOptions(users: 500, seed: 11)))
        for node in ["users", "posts", "followers", "following", "postLikes", "timeline"] {
            #expect(root[node] is Object, "missing \(node)")
        }
        let users = try #require(root["users"] as? [String: Object])
        #expect(users.count == 500)
        let uidChars = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        for (uid, user) in users {
            #expect(uid.count == 28 && uid.allSatisfy(uidChars.contains))
            #expect(user["username"] is String)
            for counter in ["post_count", "follower_count", "following_count"] { #expect(user[counter] is Int) }
        }
        let posts = try #require(root["posts"] as? [String: [String: Object]])
        var withCaption = 0
        for (uid, mine) in posts {
            for (key, post) in mine {
                let url = try #require(post["image_url"] as? String)
                #expect(url.hasPrefix("https://firebasestorage.googleapis.com/v0/b/makestagram-"))
                #expect(url.hasSuffix(".appspot.com/o/images%2Fposts%2F\(key).jpg?alt=media"))
                #expect(post["image_height"] is Double)
                let created = try #require(post["created_at"] as? Double)
                let ms = try #require(Self.millis(key))
                #expect(abs(created * 1000 - Double(ms)) < 2, "created_at agrees with the push id")
                let poster = try #require(post["poster"] as? Object)
                #expect(poster["uid"] as? String == uid)
                if post["caption"] is String { withCaption += 1 }
            }
        }
        #expect(withCaption > 0)
    }

    @Test("a makestagram export with faultRate 0 is consistent")
    func makestagramConsistent() throws {
        let root = try Self.parse(SampleGenerator.generate(SampleOptions(users: 600, seed: 5)))
        let users = try #require(root["users"] as? [String: Object])
        let posts = root["posts"] as? [String: [String: Object]] ?? [:]
        let followers = root["followers"] as? [String: [String: Bool]] ?? [:]
        let following = root["following"] as? [String: [String: Bool]] ?? [:]
        let postLikes = root["postLikes"] as? [String: [String: Bool]] ?? [:]
        let timeline = root["timeline"] as? [String: [String: Object]] ?? [:]

        var names = Set<String>()
        for user in users.values {
            let name = try #require(user["username"] as? String)
            #expect(!name.isEmpty)
            #expect(names.insert(name.lowercased()).inserted, "duplicate username \(name)")
        }
        for (a, bs) in followers {
            #expect(users[a] != nil)
            for b in bs.keys {
                #expect(users[b] != nil && a != b)
                #expect(following[b]?[a] == true, "mirror of followers/\(a)/\(b)")
            }
        }
        for (b, as_) in following { for a in as_.keys { #expect(followers[a]?[b] == true, "mirror of following/\(b)/\(a)") } }
        var owner: [String: String] = [:]
        for (uid, mine) in posts {
            #expect(users[uid] != nil)
            for (key, post) in mine {
                owner[key] = uid
                #expect(post["like_count"] as? Int == postLikes[key]?.count ?? 0)
                let poster = try #require(post["poster"] as? Object)
                #expect(poster["username"] as? String == users[uid]?["username"] as? String)
            }
        }
        for (key, likers) in postLikes {
            #expect(owner[key] != nil)
            for uid in likers.keys { #expect(users[uid] != nil) }
        }
        for (uid, user) in users {
            #expect(user["follower_count"] as? Int == followers[uid]?.count ?? 0)
            #expect(user["following_count"] as? Int == following[uid]?.count ?? 0)
            #expect(user["post_count"] as? Int == posts[uid]?.count ?? 0)
            var expected: [String: String] = [:]
            var sources = [uid]
            if let followed = following[uid] { sources += followed.keys }
            for source in sources {
                for key in (posts[source] ?? [:]).keys { expected[key] = source }
            }
            let entries = timeline[uid] ?? [:]
            #expect(entries.count == expected.count, "timeline/\(uid)")
            for (key, entry) in entries { #expect(entry["poster_uid"] as? String == expected[key]) }
        }
        #expect(Set(timeline.keys).isSubset(of: Set(users.keys)))
    }

    @Test("push ids decode to increasing times, in key order")
    func pushIDTimes() throws {
        let root = try Self.parse(SampleGenerator.generate(SampleOptions(users: 400, seed: 9)))
        let posts = try #require(root["posts"] as? [String: [String: Object]])
        var all: [(String, Double)] = []
        for mine in posts.values { for (key, post) in mine { all.append((key, try #require(post["created_at"] as? Double))) } }
        #expect(all.count > 100)
        all.sort { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        var last: Int64 = 0
        for (key, created) in all {
            let ms = try #require(Self.millis(key))
            #expect(ms > last, "\(key) after the previous key")
            #expect(ms >= 1_472_688_000_000 && ms < 1_560_000_000_000)
            #expect(Int64((created * 1000).rounded(.down)) - ms <= 1)
            last = ms
        }
    }

    @Test("the timeline dialect: users with follows, posts with comments, likes and base64 JPEG images")
    func timelineShapeAndConsistency() throws {
        let root = try Self.parse(SampleGenerator.generate(SampleOptions(users: 300, seed: 2, dialect: .timeline)))
        let users = try #require(root["users"] as? [String: Object])
        let posts = try #require(root["posts"] as? [String: Object])
        let images = try #require(root["images"] as? [String: String])
        #expect(users.count == 300)
        let uuid = try Regex("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
        var byName: [String: String] = [:]
        var follows = 0
        for (uid, user) in users {
            #expect(uid.wholeMatch(of: uuid) != nil)
            let name = try #require(user["username"] as? String)
            #expect(byName.updateValue(uid, forKey: name.lowercased()) == nil)
            for target in (user["follows"] as? [String: Bool] ?? [:]).keys {
                #expect(users[target] != nil && target != uid)
                follows += 1
            }
        }
        #expect(follows > 0)
        var comments = 0, likes = 0
        for (id, post) in posts {
            #expect(Self.millis(id) != nil)
            #expect(byName[(post["username"] as? String ?? "").lowercased()] != nil)
            let image = try #require(post["imageEndpoint"] as? String)
            let encoded = try #require(images[image])
            let data = try #require(Data(base64Encoded: encoded))
            #expect(data.prefix(2) == Data([0xFF, 0xD8]) && data.suffix(2) == Data([0xFF, 0xD9]))
            let imageTime = try #require(Self.millis(image))
            #expect(imageTime < Self.millis(id)!)
            for c in (post["comments"] as? [String: Object] ?? [:]).values {
                #expect(c["post"] as? String == id && c["text"] is String)
                comments += 1
            }
            var likers = Set<String>()
            for l in (post["likes"] as? [String: Object] ?? [:]).values {
                #expect(l["post"] as? String == id)
                let who = try #require(l["username"] as? String)
                #expect(byName[who.lowercased()] != nil)
                #expect(likers.insert(who).inserted, "duplicate like")
                likes += 1
            }
        }
        #expect(comments > 0 && likes > 0)
        #expect(images.count == posts.count)
    }

    @Test("faults are injected, deterministically", arguments: Dialect.allCases)
    func faults(dialect: Dialect) throws {
        let options = SampleOptions(users: 1000, seed: 8, dialect: dialect, faultRate: 0.05)
        let root = try Self.parse(SampleGenerator.generate(options))
        let users = try #require(root["users"] as? [String: Object])
        #expect(users.count == 1000)
        if dialect == .makestagram {
            let followers = root["followers"] as? [String: [String: Bool]] ?? [:]
            let following = root["following"] as? [String: [String: Bool]] ?? [:]
            let dangling = followers.keys.filter { users[$0] == nil }.count + following.keys.filter { users[$0] == nil }.count
            #expect(dangling > 0)
            let missingMirror = followers.flatMap { a, bs in bs.keys.filter { following[$0]?[a] == nil } }
            #expect(!missingMirror.isEmpty)
            let drifted = users.filter { uid, u in (u["follower_count"] as? Int) != followers[uid]?.count ?? 0 }
            #expect(!drifted.isEmpty)
        } else {
            let images = root["images"] as? [String: String] ?? [:]
            let bad = images.values.filter { Data(base64Encoded: $0) == nil }
            #expect(!bad.isEmpty)
        }
    }

    /// `sample --firestore --arrays` (the Flutter clone's layout) is the same graph: read
    /// from its managed export with `FirestoreArraysSample.schema`, the same users, posts,
    /// follows and likes as the tree it was made from, and no finding where it had none.
    @Test func theArraysLayoutHoldsTheSameGraph() throws {
        var bytes: [UInt8] = []
        try SampleGenerator.stream(SampleOptions(users: 300, seed: 5)) { bytes += $0 }
        let tree = try ExportLoader.load(bytes: bytes, name: "sample.json")
        let folder = try TestSupport.temporaryFolder() + "/arrays"
        try ManagedExportWriter.write(try JSONDocument.parse(FirestoreArraysSample.tree(tree.document)), project: "p", to: folder)
        let mapping = try SiteConfig.parse(FirestoreArraysSample.schema, file: "sitegen.toml").schema
        let arrays = try ExportLoader.load(path: folder, mapping: mapping)
        let (a, b) = (Validator.audit(tree), Validator.audit(arrays))
        #expect(a.findings.isEmpty && b.findings.isEmpty, "\(b.findings.prefix(3))")
        #expect(b.index.users.count == a.index.users.count && b.index.posts.count == a.index.posts.count)
        #expect(a.counts.likes.reduce(0, +) > 0 && a.counts.followers.reduce(0, +) > 0)
        #expect(b.counts.likes.reduce(0, +) == a.counts.likes.reduce(0, +))
        #expect(b.counts.followers.reduce(0, +) == a.counts.followers.reduce(0, +))
        #expect(arrays.firestore?.idArrays.keys.sorted() == ["posts/*/likes", "users/*/followers", "users/*/following"])
    }
}
