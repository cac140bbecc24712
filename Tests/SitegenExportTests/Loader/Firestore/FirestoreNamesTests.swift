import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Firestore's names as keys of the tree (`FirestoreNames`): one key per name, and the
/// name back from its key, whatever the name holds.
@Suite struct FirestoreNamesTests {
    typealias Seeded = SeededRandom

    /// The pieces random names are made of: what keys refuse, what encoded keys hold,
    /// control characters, non-ASCII, and plain letters.
    static let pieces = [".", "..", "%", "%2E", "%25", "%2e", "%0", "%%", "\0", "\u{7F}", "\n", "$", "#", "[", "]", "/", "@",
                         " ", "`", "\\", "\"", "é", "日本", "🇬🇷", "a", "b", "x", "_", "__", "1"]

    static func randomName(_ random: inout Seeded) -> String {
        let count = Int.random(in: 0...6, using: &random)
        return (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    @Test func encodingRoundTripsAndIsOneToOne() {
        var random = Seeded(state: 36)
        var byKey: [String: String] = [:]
        var names = Set(Self.pieces + ["", "..", "%2E%2E", "\0", "%00", "%", "%25", "ana@x.com", "ana@x%2Ecom"])
        for _ in 0..<20_000 { names.insert(Self.randomName(&random)) }
        for name in names {
            let key = FirestoreNames.key(name)
            #expect(FirestoreNames.name(key: key) == name, "\(Array(name.utf8)) → \(key)")
            // A key of the tree: not empty, none of the characters Firebase keys refuse.
            #expect(!key.isEmpty && !key.utf8.contains { $0 < 0x20 || $0 == 0x7F || ".$#[]/".utf8.contains($0) }, "\(key)")
            if let other = byKey.updateValue(name, forKey: key) {
                Issue.record("\(Array(other.utf8)) and \(Array(name.utf8)) share the key \(key)")
            }
        }
        #expect(byKey.count == names.count)
    }

    /// The pairs the issue names, and a name that is its own key.
    @Test func namesThatOnceSharedAKeyNoLonger() {
        #expect(FirestoreNames.key("..") == "%2E%2E")
        #expect(FirestoreNames.key("%2E%2E") == "%252E%252E")
        #expect(FirestoreNames.key("") == "%")
        #expect(FirestoreNames.key("\0") == "%00")
        #expect(FirestoreNames.key("ana@x.com") == "ana@x%2Ecom")
        #expect(FirestoreNames.key("日本 語") == "日本 語")
        #expect(FirestoreNames.key("u1") == "u1")
    }

    /// Firestore's rules for ids, as the emulator applies them (docs/firestore.md).
    @Test func idsFirestoreRefuses() {
        for id in ["", ".", "..", "__x__", "__.__", "a/b", String(repeating: "x", count: 1501), String(repeating: "é", count: 751)] {
            #expect(FirestoreNames.idFault(id) != nil, "\(id.prefix(8))")
        }
        for id in ["...", "a.b", "___", "__x_", "_x__", "__id7__", "__id-3__", "%", "a%2Eb", "a b", "a#b", "a?b", "日本", "\0",
                   String(repeating: "x", count: 1500), String(repeating: "é", count: 750)] {
            #expect(FirestoreNames.idFault(id) == nil, "\(id.prefix(8))")
        }
    }
}
