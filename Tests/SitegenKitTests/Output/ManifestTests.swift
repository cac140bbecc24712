import Foundation
@testable import SitegenExport
@testable import SitegenKit
import Testing

/// The manifest as the compact table keeps it: read back as written, line for line, by path.
@Suite struct ManifestTests {
    static let hashA = "0123456789abcdef0123456789abcdef"
    static let hashB = "fedcba9876543210fedcba9876543210"

    @Test func textIsReadBackByteForByte() throws {
        let text = """
        sitegen-manifest 2 inputs-1
        \(Self.hashA) 12 - 404.html
        \(Self.hashB) 7 \(Self.hashA) a b/index.html
        \(Self.hashA) 0 \(Self.hashB) u/z/index.html
        ABCDEF 3 hand-made u/é/index.html

        """
        let manifest = try #require(Array(text.utf8).withUnsafeBytes { SiteWriter.Manifest.parse($0) })
        #expect(manifest.count == 4)
        #expect(String(decoding: manifest.text(), as: UTF8.self) == text)
        #expect(manifest["a b/index.html"] == SiteWriter.Manifest.Entry(
            hash: .hash(ContentHash(high: 0xfedc_ba98_7654_3210, low: 0xfedc_ba98_7654_3210)), size: 7,
            source: .hash(ContentHash(high: 0x0123_4567_89ab_cdef, low: 0x0123_4567_89ab_cdef))))
        #expect(manifest["u/é/index.html"] == SiteWriter.Manifest.Entry(hash: .text("ABCDEF"), size: 3, source: .text("hand-made")))
        #expect(manifest["404.html"]?.source == SiteWriter.Manifest.Field.none)
        #expect(manifest["missing.html"] == nil)
    }

    @Test func linesAreSortedByPathAsStringsSort() {
        var manifest = SiteWriter.Manifest(inputs: "x")
        let paths = ["u/b/index.html", "u/a/index.html", "p/k/index.html", "u/ab", "u/a", "404.html", "u/abcdefgh/x", "u/abcdefga/x"]
        for (i, path) in paths.enumerated() { manifest.set(path, .init(hash: .none, size: i, source: .none)) }
        let lines = String(decoding: manifest.text(), as: UTF8.self).split(separator: "\n").dropFirst()
        #expect(lines.map { String($0.split(separator: " ")[3]) } == paths.sorted())
        // Not ASCII: as `String` compares.
        manifest.set("u/é", .init(hash: .none, size: 9, source: .none))
        manifest.set("u/e", .init(hash: .none, size: 9, source: .none))
        let again = String(decoding: manifest.text(), as: UTF8.self).split(separator: "\n").dropFirst()
        #expect(again.map { String($0.split(separator: " ")[3]) } == (paths + ["u/é", "u/e"]).sorted())
    }

    @Test func setReplacesAndMissingPathsAreSorted() {
        var old = SiteWriter.Manifest(inputs: "1")
        var new = SiteWriter.Manifest(inputs: "2")
        for i in 0..<5_000 { old.set("p/\(i)/index.html", .init(hash: .none, size: i, source: .none)) }
        for i in stride(from: 0, to: 5_000, by: 2) { new.set("p/\(i)/index.html", .init(hash: .none, size: 1, source: .none)) }
        new.set("p/0/index.html", .init(hash: .none, size: 2, source: .text("again")))
        #expect(new.count == 2_500)
        #expect(new["p/0/index.html"] == .init(hash: .none, size: 2, source: .text("again")))
        #expect(old.paths(missingFrom: new) == stride(from: 1, to: 5_000, by: 2).map { "p/\($0)/index.html" }.sorted())
        #expect(new.paths(missingFrom: old) == [])
    }

    /// The first line alone, read before the export is loaded: as `Manifest.read` reads it.
    @Test func previousInputsIsTheFirstLinesInputs() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let writer = SiteWriter(output: out)
        #expect(writer.previousInputs() == nil, "no manifest")
        let cases: [(String, String?)] = [
            ("sitegen-manifest 2 abc-def\n\(Self.hashA) 1 - a.html\n", "abc-def"),
            ("\n\nsitegen-manifest 2 x y\n", "x y"),
            ("sitegen-manifest 2 " + String(repeating: "z", count: 10_000), String(repeating: "z", count: 10_000)),
            ("sitegen-manifest 1\n", ""),
            ("not a manifest\n", nil),
            ("", nil),
            ("\n\n", nil),
        ]
        for (text, inputs) in cases {
            try text.write(toFile: out + "/" + SiteWriter.manifestName, atomically: false, encoding: .utf8)
            #expect(writer.previousInputs() == inputs, "\(text.prefix(40))")
            #expect((writer.previousManifest() != nil) == (inputs != nil), "the whole manifest reads alike")
            if let inputs { #expect(writer.previousManifest()?.inputs == (text.hasPrefix("sitegen-manifest 1") ? "" : inputs)) }
        }
    }
}
