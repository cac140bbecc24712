import Testing
@testable import SitegenKit

/// A username's slug: the ASCII path (`Slugs.asciiBase`, byte by byte) gives exactly what
/// the scalar path (`Slugs.scalarBase`: folding, normalising, Unicode's properties) gives.
@Suite struct SlugsTests {
    @Test func knownSlugs() {
        #expect(Slugs.base("Mariana.Costa") == "mariana-costa")
        #expect(Slugs.base("../../etc/passwd") == "etc-passwd")
        #expect(Slugs.base("__a__") == "__a__")
        #expect(Slugs.base("...") == "user")
        #expect(Slugs.base("Zoë Renamed") == "zoë-renamed")
        #expect(Slugs.base(String(repeating: "ab-", count: 40)).utf8.count == 80)
    }

    @Test func theASCIIPathIsTheScalarPath() {
        var rng = TemplateEngineRandomEquivalenceTests.SplitMix(state: 29)
        let alphabet = Array((0..<128).map { Character(Unicode.Scalar(UInt8($0))) })
        for _ in 0..<5_000 {
            let length = Int(rng.next() % 100)
            let name = String((0..<length).map { _ in alphabet[Int(rng.next() % 128)] })
            #expect(Slugs.asciiBase(name) == Slugs.scalarBase(name), "\(name.debugDescription)")
        }
    }
}
