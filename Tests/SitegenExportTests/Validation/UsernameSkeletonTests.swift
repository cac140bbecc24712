@testable import SitegenExport
import Testing

/// The look-alike names' skeletons (docs/audit-rules.md, `username_confusable`).
@Suite struct UsernameSkeletonTests {
    /// The ASCII table gives what ICU gives, on every pair of printable characters.
    @Test func theASCIITableIsICUsSkeleton() throws {
        let table = try #require(UsernameSkeleton.asciiTable)
        #expect(table.count == 95)
        let printable = (UInt8(0x20)..<0x7F).map { String(UnicodeScalar($0)) }
        var differ: [String] = []
        for a in printable {
            for b in printable {
                let name = ExportIndex.fold(a + b)
                if UsernameSkeleton.of(name) != UsernameSkeleton.icu(name) { differ.append(name) }
            }
        }
        #expect(differ.isEmpty, "\(differ.prefix(10))")
    }

    @Test func lookAlikesShareASkeleton() {
        let alice = UsernameSkeleton.of("alice")
        for name in ["\u{430}lice", "ali\u{200B}ce", "a\u{202E}lice", "ALICE", "al\u{0456}ce"] {
            #expect(UsernameSkeleton.of(name) == alice, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(UsernameSkeleton.of("rn.smith") == UsernameSkeleton.of("m.smith"))
        #expect(UsernameSkeleton.of("paypa1") == UsernameSkeleton.of("paypal"))
        #expect(UsernameSkeleton.of("zoe") != UsernameSkeleton.of("zoë"))
        #expect(UsernameSkeleton.of("bob") != alice)
    }
}
