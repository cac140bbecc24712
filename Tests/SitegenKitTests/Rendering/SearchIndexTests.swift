import Foundation
@testable import SitegenExport
@testable import SitegenKit
@testable import SitegenSample
import SitegenTestSupport
import Testing

/// The directory's search index (`SearchIndex`, read by `assets/search.js`): a query reads
/// `search/index.json` and one bucket file, and finds exactly the users a search of every
/// user would find (the first `splitTop` of them when the query stops at a split key).
@Suite struct SearchIndexTests {
    struct Fixture {
        let model: SiteModel
        let contexts: PageContexts
        let index: SearchIndex
    }

    static func fixture(users: Int, shardLimit: Int, splitTop: Int = SearchIndex.splitTop) throws -> Fixture {
        let path = try TestSupport.temporaryFile(SampleGenerator.generate(SampleOptions(users: users, seed: 11)))
        let report = try Audit.run(exportAt: path)
        let model = SiteModel.build(from: report)
        let contexts = PageContexts(model: model, options: SiteOptions())
        return Fixture(model: model, contexts: contexts, index: SearchIndex(model: model, order: contexts.directoryOrder, shardLimit: shardLimit, splitTop: splitTop))
    }

    /// What search.js does with a query of two or more characters: the longest key of the
    /// index that starts it, its bucket file, the shard's users whose words start with it.
    static func query(_ q: String, _ f: Fixture) throws -> (uids: [String], total: Int, bytes: Int) {
        let indexText = f.index.indexJSON()
        let index = try #require(try JSONSerialization.jsonObject(with: Data(indexText.utf8)) as? [String: Any])
        let complete = Set(try #require(index["complete"] as? [String]))
        let split = Set(try #require(index["split"] as? [String]))
        let buckets = try #require(index["buckets"] as? Int)
        let chars = Array(q.unicodeScalars)
        var best = ""
        for n in 2...chars.count {
            let key = String(String.UnicodeScalarView(chars.prefix(n)))
            if split.contains(key) { best = key; continue }
            if complete.contains(key) { best = key }
            break
        }
        guard !best.isEmpty else { return ([], 0, indexText.utf8.count) }
        let fileText = f.index.bucketJSON(SearchIndex.bucket(best, count: buckets), contexts: f.contexts)
        let file = try #require(try JSONSerialization.jsonObject(with: Data(fileText.utf8)) as? [String: Any])
        let shard = try #require(file[best] as? [String: Any], "the key's bucket holds its shard")
        let users = try #require(shard["users"] as? [[Any]])
        let found = users.filter { row in
            SearchIndex.words(row[1] as! String, row[2] as! String).contains { $0.unicodeScalars.starts(with: q.unicodeScalars) }
        }.map { $0[0] as! String }
        let total = split.contains(best) && best.unicodeScalars.count == chars.count ? shard["count"] as! Int : found.count
        return (found, total, indexText.utf8.count + fileText.utf8.count)
    }

    /// Every user whose username, name or a word of the name starts with `q`, in directory order.
    static func expected(_ q: String, _ f: Fixture) -> [String] {
        f.contexts.directoryOrder.filter { u in
            SearchIndex.words(f.model.users[u].username, f.model.users[u].name).contains { $0.unicodeScalars.starts(with: q.unicodeScalars) }
        }.map { f.model.users[$0].uid }
    }

    @Test func everyQueryFindsWhatASearchOfAllUsersFinds() throws {
        let f = try Self.fixture(users: 400, shardLimit: 12, splitTop: 5)
        #expect(f.index.shards.contains { $0.isSplit }, "small shards: keys are split")
        #expect(f.index.bucketCount > 1)
        var queries: Set<String> = ["zzqqxx", "@@", "a b"]
        for user in f.model.users {
            for word in SearchIndex.words(user.username, user.name) {
                let scalars = Array(word.unicodeScalars)
                for n in stride(from: 2, through: min(scalars.count, 6), by: 1) {
                    queries.insert(String(String.UnicodeScalarView(scalars.prefix(n))))
                }
            }
        }
        var truncated = 0
        for q in queries.sorted() {
            let (uids, total, _) = try Self.query(q, f)
            let all = Self.expected(q, f)
            #expect(total == all.count, "\(q): the count of matches")
            if uids.count < all.count {
                truncated += 1
                #expect(uids == Array(all.prefix(5)), "\(q): the first matches, in directory order")
            } else {
                #expect(uids == all, "\(q): every match, in directory order")
            }
        }
        #expect(truncated > 0)
    }

    @Test func foldingIsTheScripts() {
        #expect(SearchIndex.fold("Zoë ÅSA") == "zoe asa")
        #expect(SearchIndex.fold("Ｆｕｌｌ") == "full", "NFKD: compatibility forms")
        #expect(SearchIndex.words("ana_lima", "Ana María Lima") == ["ana_lima", "ana maria lima", "ana", "maria", "lima"])
        #expect(SearchIndex.words("omar.mansour", "") == ["omar.mansour", "omar", "mansour"], "a part of a handle")
        #expect(SearchIndex.words("jean-luc_92", "Jean-Luc Picard") == ["jean-luc_92", "jean-luc picard", "jean", "luc", "92", "picard"])
        // FNV-1a of the UTF-8, as search.js computes it.
        #expect(SearchIndex.bucket("a", count: 1 << 31) == 0xe40c_292c % (1 << 31), "FNV-1a of \"a\" is 0xe40c292c")
        #expect(SearchIndex.bucket("an", count: 1) == 0)
    }

    @Test func bucketFilesStayUnderTheirBudget() throws {
        let f = try Self.fixture(users: 3_000, shardLimit: SearchIndex.shardLimit)
        let sizes = (0..<f.index.bucketCount).map { f.index.bucketJSON($0, contexts: f.contexts).utf8.count }
        #expect(sizes.max()! < 300_000)
        // Searched data is data: nothing an HTML parser could take for a tag.
        #expect(!(0..<f.index.bucketCount).contains { f.index.bucketJSON($0, contexts: f.contexts).contains("<") })
    }
}
