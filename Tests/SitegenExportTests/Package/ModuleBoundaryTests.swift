import Foundation
import SitegenTestSupport
import Testing

/// The library's split by capability (Package.swift): the export's side needs nothing of
/// the site's (so `audit` and `inspect` need no renderer and no photo pipeline), its tests
/// nothing but it (suites that need the CLI, sitegen.toml or the sample painter are in
/// SitegenKitTests/Export), and the site's side nothing of the sample painter. Checked on
/// the manifest and on every import.
@Suite struct ModuleBoundaryTests {
    /// What each target may not use, directly or through a dependency.
    static let forbidden: [(target: String, modules: [String])] = [
        ("SitegenExport", ["SitegenKit", "SitegenSample", "SitegenServer", "MustacheEngine", "CVips", "CMarkGFM", "TOMLKit"]),
        ("SitegenKit", ["SitegenSample", "SitegenServer"]),
        ("SitegenExportTests", ["SitegenKit", "SitegenSample", "SitegenServer", "MustacheEngine", "CVips", "CMarkGFM", "TOMLKit", "sitegen"]),
    ]

    /// The names in a target's `dependencies: [...]` in Package.swift.
    static func dependencies(of target: String) throws -> [String] {
        let manifest = try String(contentsOfFile: TestSupport.packageRoot + "/Package.swift", encoding: .utf8)
        if manifest.contains(".target(name: \"\(target)\")") { return [] }
        let declaration = try #require(manifest.firstRange(of: "name: \"\(target)\",\n"), "no target \(target) in Package.swift")
        var rest = manifest[declaration.upperBound...]
        // The declaration ends where the next target's begins; one without a list has none.
        if let next = rest.firstRange(of: /\n\s*\.(?:target|testTarget|executableTarget|systemLibrary)\(/) { rest = rest[..<next.lowerBound] }
        guard let list = rest.firstMatch(of: /\n?\s*dependencies: \[([^\]]*)\]/) else { return [] }
        return list.1.matches(of: /"([A-Za-z]+)"/).map { String($0.1) }
    }

    @Test(arguments: forbidden.map(\.target))
    func theManifestKeepsTheSidesApart(_ target: String) throws {
        let banned = Self.forbidden.first { $0.target == target }!.modules
        // A target's dependencies' dependencies count too (SitegenExport may not reach
        // the renderer through another target).
        var reached: Set<String> = [], queue = try Self.dependencies(of: target)
        while let next = queue.popLast() {
            guard reached.insert(next).inserted else { continue }
            if next.hasPrefix("Sitegen") || next == "MustacheEngine" { queue += try Self.dependencies(of: next) }
        }
        #expect(reached.intersection(banned).isEmpty, "\(target) reaches \(reached.intersection(banned).sorted())")
    }

    @Test(arguments: forbidden.map(\.target))
    func noSourceImportsTheOtherSide(_ target: String) throws {
        let banned = Self.forbidden.first { $0.target == target }!.modules
        let folder = TestSupport.packageRoot + (target.hasSuffix("Tests") ? "/Tests/" : "/Sources/") + target
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(files.count > (target.hasSuffix("Tests") ? 5 : 10))
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            // Tests that run the CLI need it built: they are SitegenKitTests'.
            let runs = ["sitegen(", "binary"].map { "TestSupport." + $0 }   // not spelled whole here
            if banned.contains("sitegen") && runs.contains(where: text.contains) {
                Issue.record("\(target)/\(file) runs the sitegen binary")
            }
            for match in text.matches(of: /(?m)^(?:@testable |@_exported )?import (\w+)/) where banned.contains(String(match.1)) {
                Issue.record("\(target)/\(file) imports \(match.1)")
            }
        }
    }
}
