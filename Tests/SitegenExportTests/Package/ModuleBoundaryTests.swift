import Foundation
import SitegenTestSupport
import Testing

/// The library's split by capability (Package.swift): the export's side needs nothing of
/// the site's (so `audit` and `inspect` need no renderer and no photo pipeline), and the
/// site's side nothing of the sample painter. Checked on the manifest and on every import.
@Suite struct ModuleBoundaryTests {
    /// What each target may not use, directly or through a dependency.
    static let forbidden: [(target: String, modules: [String])] = [
        ("SitegenExport", ["SitegenKit", "SitegenSample", "SitegenServer", "MustacheEngine", "CVips", "CMarkGFM", "TOMLKit"]),
        ("SitegenKit", ["SitegenSample", "SitegenServer"]),
    ]

    /// The names in a target's `dependencies: [...]` in Package.swift.
    static func dependencies(of target: String) throws -> [String] {
        let manifest = try String(contentsOfFile: TestSupport.packageRoot + "/Package.swift", encoding: .utf8)
        if manifest.contains(".target(name: \"\(target)\")") { return [] }
        let declaration = try #require(manifest.firstRange(of: "name: \"\(target)\",\n"), "no target \(target) in Package.swift")
        let rest = manifest[declaration.upperBound...]
        let list = try #require(rest.firstMatch(of: /^\s*dependencies: \[([^\]]*)\]/), "\(target) has no dependencies list")
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
        let folder = TestSupport.packageRoot + "/Sources/" + target
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for match in text.matches(of: /(?m)^(?:@testable |@_exported )?import (\w+)/) where banned.contains(String(match.1)) {
                Issue.record("\(target)/\(file) imports \(match.1)")
            }
        }
    }
}
