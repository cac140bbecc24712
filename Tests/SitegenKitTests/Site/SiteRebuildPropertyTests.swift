import Foundation
import Testing
@testable import SitegenKit

/// A page is skipped on a rebuild when its key (hashed from the model, not from the page's
/// template values) is unchanged; a field the key missed would leave a stale page, a wrong
/// number or a hidden post published. Here random edits of every kind an app's data goes
/// through, one rebuild after another into the same output, must each give exactly a clean
/// build's files and bytes, manifest included.
@Suite struct SiteRebuildPropertyTests {
    typealias SplitMix = TemplateEngineRandomEquivalenceTests.SplitMix

    /// What an edit may write into a text field: Markdown, mentions, tags, HTML, emoji.
    static let texts = ["Hello", "**bold** and _it_", "#tag #newtag", "rock 🪨 climbing", "", "<script>x</script> & \"q\"",
                        "two\nlines", "[a link](https://example.com/x)", String(repeating: "long ", count: 60), "@nobody here"]

    final class Editor {
        var rng: SplitMix
        var object: [String: Any]
        var renamed = 0
        init(seed: UInt64, object: [String: Any]) { rng = SplitMix(state: seed); self.object = object }

        func pick<T>(_ xs: [T]) -> T { xs[Int.random(in: 0..<xs.count, using: &rng)] }
        func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

        func node(_ name: String) -> [String: Any] { object[name] as? [String: Any] ?? [:] }
        var uids: [String] { node("users").keys.sorted() }
        var usernames: [String] { node("users").values.compactMap { ($0 as? [String: Any])?["username"] as? String } }
        /// (owner uid, post key) of every post.
        var posts: [(String, String)] {
            node("posts").sorted { $0.key < $1.key }.flatMap { uid, list in
                ((list as? [String: Any]) ?? [:]).keys.sorted().map { (uid, $0) }
            }
        }
        func set(_ path: String, _ value: Any?) {
            object = SiteBuildTests.setting(object, path.split(separator: "/").map(String.init)[...], value)
        }
        func text() -> String { chance(3) ? "Hi @" + pick(usernames) + " " + pick(SiteRebuildPropertyTests.texts) : pick(SiteRebuildPropertyTests.texts) }
        func chance(_ oneIn: Int) -> Bool { number(1...oneIn) == 1 }

        /// One random edit; returns what it did (for the failure message).
        func edit() -> String {
            let uid = pick(uids), other = pick(uids)
            let (owner, key) = pick(posts)
            let post = "posts/\(owner)/\(key)"
            switch number(0...15) {
            case 0: let t = text(); set("users/\(uid)/bio", t); return "bio of \(uid)"
            case 1: set("users/\(uid)/name", pick(Self.names)); return "name of \(uid)"
            case 2:
                renamed += 1
                set("users/\(uid)/username", "renamed_\(renamed)"); return "username of \(uid)"
            case 3: set("users/\(uid)/follower_count", number(0...5000)); return "follower_count of \(uid)"
            case 4: set("users/\(uid)/post_count", number(0...9)); return "post_count of \(uid)"
            case 5: set("users/\(uid)/private", true); return "\(uid) private"
            case 6: set("users/\(uid)", nil); return "\(uid) removed"
            case 7: set("\(post)/caption", text()); return "caption of \(key)"
            case 8: set("\(post)/created_at", Double(number(1_400_000_000...1_800_000_000)) + 0.5); return "date of \(key)"
            case 9: set("\(post)/image_height", Double(number(100...900)) + 0.25); return "image height of \(key)"
            case 10: set("\(post)/like_count", number(0...99)); return "like_count of \(key)"
            case 11: set(post, nil); return "\(key) removed"
            case 12: set("postLikes/\(key)/\(other)", chance(2) ? true : nil); return "like of \(key) by \(other)"
            case 13:  // a follow, mirrored or (drift) on one side only
                let follows: Any? = chance(3) ? nil : true
                set("following/\(uid)/\(other)", follows)
                if !chance(4) { set("followers/\(other)/\(uid)", follows) }
                return "follow \(uid) → \(other): \(follows == nil ? "removed" : "added")"
            case 14: set("\(post)/image_url", "https://example.com/photo-\(number(1...9)).jpg"); return "image of \(key)"
            default: set("users/\(uid)/url", pick(["https://example.com/", "", "javascript:alert(1)", "example.org"])); return "website of \(uid)"
            }
        }

        static let names = ["Zoë Renamed", "", "A <b>name</b>", "名前", "Someone Else"]
    }

    @Test(arguments: [UInt64(2026), 7, 99])
    func randomEditsGiveACleanBuildEachTime(_ seed: UInt64) throws {
        let original = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: SiteTest.sampleExport))) as? [String: Any])
        let editor = Editor(seed: seed, object: original)
        let options = SiteOptions(pageSize: 3, listSize: 4)
        let (out, _) = try SiteTest.build(try SiteTest.writeExport(original), options: options)
        for step in 1...8 {
            let done = (0..<editor.number(1...3)).map { _ in editor.edit() }
            let export = try SiteTest.writeExport(editor.object)
            try SiteTest.build(export, into: out, options: options)
            let (fresh, _) = try SiteTest.build(export, options: options)
            let differences = SiteRebuildTests.differences(SiteTest.contents(out), SiteTest.contents(fresh))
            #expect(differences == [], "seed \(seed), step \(step) (\(done.joined(separator: "; "))): not a clean build's files")
            try? FileManager.default.removeItem(atPath: fresh)
            if !differences.isEmpty { break }
        }
    }
}
