import Foundation
@testable import SitegenExport
@testable import SitegenSample
import SitegenTestSupport
import Testing

/// Properties of the repair over generated exports with faults: the second audit finds
/// only what no repair can fix, `--fix` equals the patch applied the way Firebase
/// applies a multi-path update, and nothing outside the edited paths moves.
@Suite struct RepairPropertyTests {
    static let cases: [(Dialect, UInt64)] = [
        (.makestagram, 1), (.makestagram, 2), (.makestagram, 3), (.timeline, 1), (.timeline, 2),
    ]

    @Test(arguments: cases)
    func auditAfterFixIsClean(dialect: Dialect, seed: UInt64) throws {
        let bytes = SampleGenerator.generate(SampleOptions(users: 150, seed: seed, dialect: dialect, faultRate: 0.05))
        let path = try TestSupport.temporaryFile(bytes)
        let report = try Audit.run(exportAt: path)
        #expect(report.findings.contains { $0.repair != .none }, "the faults produce repairable findings")

        let fixed = try Audit.repairedBytes(exportAt: path)
        let second = try Audit.run(exportAt: try TestSupport.temporaryFile(fixed))
        let left = second.findings.filter { $0.repair != .none }
        #expect(left.isEmpty, "after --fix: \(left.prefix(5).map { "\($0.code.rawValue) \($0.path)" })")
        // What no repair can fix is still reported, unchanged.
        #expect(second.findings.map(\.path) == report.findings.filter { $0.repair == .none }.map(\.path))
    }

    @Test(arguments: cases)
    func fixEqualsThePatchAppliedLikeFirebase(dialect: Dialect, seed: UInt64) throws {
        let bytes = SampleGenerator.generate(SampleOptions(users: 120, seed: seed, dialect: dialect, faultRate: 0.05))
        let path = try TestSupport.temporaryFile(bytes)
        let report = try Audit.run(exportAt: path)
        let patch = try JSONSerialization.jsonObject(with: Data(report.patchText().utf8), options: [.fragmentsAllowed]) as! [String: Any]
        var tree = try JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any]
        for (key, value) in patch { FirebaseTree.update(&tree, path: key.split(separator: "/").map(String.init), value: value) }

        let fixed = try Audit.repairedBytes(exportAt: path)
        let repairedTree = try JSONSerialization.jsonObject(with: Data(fixed)) as! NSDictionary
        #expect(repairedTree.isEqual(to: tree))
    }

    @Test func unchangedExportIsCopiedByteForByte() throws {
        let bytes = SampleGenerator.generate(SampleOptions(users: 200, seed: 7, dialect: .makestagram, faultRate: 0))
        let path = try TestSupport.temporaryFile(bytes)
        #expect(try Audit.run(exportAt: path).findings.isEmpty, "a fault-free sample is consistent")
        #expect(try Audit.repairedBytes(exportAt: path) == bytes)
    }

    @Test func timelineSampleWithoutFaultsIsConsistent() throws {
        let bytes = SampleGenerator.generate(SampleOptions(users: 100, seed: 7, dialect: .timeline, faultRate: 0))
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(bytes))
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == [])
    }
}

/// A Firebase multi-path update on a JSON tree: `null` deletes and prunes emptied parents.
enum FirebaseTree {
    static func update(_ tree: inout [String: Any], path: [String], value: Any) {
        guard let first = path.first else { return }
        if path.count == 1 {
            if value is NSNull { tree[first] = nil } else { tree[first] = value }
            return
        }
        var child = tree[first] as? [String: Any] ?? [:]
        update(&child, path: Array(path.dropFirst()), value: value)
        tree[first] = child.isEmpty ? nil : child
    }
}
