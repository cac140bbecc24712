import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

// Golden tests for `sitegen audit`, one per folder of `Fixtures/audit/` (listed in its
// README.md). Each folder holds `export.json`, `expected.json` (what
// `sitegen audit --format json` prints) and, when some finding is repaired,
// `repaired.json` (the exact bytes `sitegen audit --fix` writes).

// MARK: - Fixture discovery

/// One folder of `Fixtures/audit/`.
struct AuditFixtureCase: CustomTestStringConvertible, Sendable {
    let name: String
    let directory: String

    var testDescription: String { name }
    var exportPath: String { file("export.json") }
    var expectedPath: String { file("expected.json") }
    var repairedPath: String { file("repaired.json") }
    var hasRepaired: Bool { FileManager.default.fileExists(atPath: repairedPath) }
    /// The fixture's `sitegen.toml` `[schema]` mapping, when it has one (the app's own names).
    var mapping: Schema.Mapping {
        let config = file("sitegen.toml")
        guard FileManager.default.fileExists(atPath: config) else { return Schema.Mapping() }
        return (try? SiteConfig.load(path: config).schema) ?? Schema.Mapping()
    }

    func file(_ name: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(name).path
    }

    /// Every folder under `Fixtures/audit/` that holds an `export.json`, sorted by name.
    static let all: [AuditFixtureCase] = {
        let fixtures = TestSupport.fixtures
        let root = fixtures.appendingPathComponent("audit")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().compactMap { name in
            let directory = root.appendingPathComponent(name).path
            let export = URL(fileURLWithPath: directory).appendingPathComponent("export.json").path
            guard FileManager.default.fileExists(atPath: export) else { return nil }
            return AuditFixtureCase(name: name, directory: directory)
        }
    }()
}

// MARK: - Tests

@Suite("Audit fixtures")
struct AuditFixtureTests {
    @Test("the fixture folders are bundled and cover every finding code")
    func fixturesCoverEveryCode() throws {
        let cases = AuditFixtureCase.all
        try #require(cases.count >= 30, "found \(cases.count) fixture folders under Fixtures/audit")
        var seen = Set<String>()
        for fixture in cases {
            let expected = try FixtureJSON.parse(file: fixture.expectedPath)
            for finding in expected["findings"]?.arrayValue ?? [] {
                if let code = finding["code"]?.stringValue { seen.insert(code) }
            }
        }
        let missing = FindingCode.allCases.map(\.rawValue).filter { !seen.contains($0) }
        #expect(missing.isEmpty, "no fixture expects: \(missing.joined(separator: ", "))")
    }

    @Test("audit --format json", arguments: AuditFixtureCase.all)
    func findings(_ fixture: AuditFixtureCase) throws {
        let expected = try FixtureJSON.parse(file: fixture.expectedPath)
        let report = try Audit.run(exportAt: fixture.exportPath, mapping: fixture.mapping)
        let actual = try FixtureJSON.parse(text: report.jsonText(), what: "jsonText() of \(fixture.name)")

        #expect(report.dialect.rawValue == expected["dialect"]?.stringValue,
                "\(fixture.name): report.dialect is \(report.dialect.rawValue)")
        #expect(actual["dialect"] == expected["dialect"],
                "\(fixture.name): dialect \(actual["dialect"]?.description ?? "absent"), expected \(expected["dialect"]?.description ?? "absent")")

        let expectedFindings = expected["findings"]?.arrayValue ?? []
        let actualFindings = try #require(actual["findings"]?.arrayValue, "\(fixture.name): jsonText() has no findings array")
        if actualFindings != expectedFindings {
            Issue.record(Comment(rawValue: "\(fixture.name): findings differ\n" + findingsDiff(expected: expectedFindings, actual: actualFindings)))
        }
        #expect(report.findings.count == expectedFindings.count,
                "\(fixture.name): report.findings has \(report.findings.count) findings, expected \(expectedFindings.count)")
        #expect(actual["summary"] == expected["summary"],
                "\(fixture.name): summary \(actual["summary"]?.description ?? "absent"), expected \(expected["summary"]?.description ?? "absent")")
        #expect(actual.objectValue.map { Set($0.keys) } == ["dialect", "findings", "summary"],
                "\(fixture.name): top-level keys of jsonText() are \(actual.objectValue.map { $0.keys.sorted() } ?? [])")
    }

    @Test("audit --fix writes repaired.json byte for byte, and a second audit finds only unrepairable findings",
          arguments: AuditFixtureCase.all.filter(\.hasRepaired))
    func repair(_ fixture: AuditFixtureCase) throws {
        let expectedBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.repairedPath)))
        let bytes = try Audit.repairedBytes(exportAt: fixture.exportPath, mapping: fixture.mapping)
        if bytes != expectedBytes {
            Issue.record(Comment(rawValue: "\(fixture.name): repaired bytes differ from repaired.json\n" + bytesDiff(expected: expectedBytes, actual: bytes)))
        }

        let temp = FileManager.default.temporaryDirectory
            .appendingPathComponent("sitegen-audit-\(fixture.name)-\(UUID().uuidString).json")
        try Data(bytes).write(to: temp)
        defer { try? FileManager.default.removeItem(at: temp) }
        let again = try Audit.run(exportAt: temp.path, mapping: fixture.mapping)
        let left = again.findings.filter { $0.repair != Repair.none }
        let listing = left.map { "  \($0.code.rawValue) \($0.path) (\($0.repair.rawValue))" }.joined(separator: "\n")
        let onlyUnrepairable = left.isEmpty
        #expect(onlyUnrepairable, "\(fixture.name): after --fix the audit still reports\n\(listing)")
    }

    @Test("audit --fix leaves an export whose findings are all unrepairable byte for byte unchanged",
          arguments: AuditFixtureCase.all.filter { !$0.hasRepaired })
    func noRepair(_ fixture: AuditFixtureCase) throws {
        let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.exportPath)))
        let bytes = try Audit.repairedBytes(exportAt: fixture.exportPath, mapping: fixture.mapping)
        if bytes != input {
            Issue.record(Comment(rawValue: "\(fixture.name): nothing to repair, yet the bytes changed\n" + bytesDiff(expected: input, actual: bytes)))
        }
    }

    /// `--format patch` sets a counter kept inside `{".value": n, ".priority": p}` as that
    /// object with the new value: a bare number would drop the priority on a live database,
    /// where `--fix` keeps it.
    @Test func patchKeepsPriorities() throws {
        let fixture = try #require(AuditFixtureCase.all.first { $0.name == "makestagram-priority-kept" })
        let report = try Audit.run(exportAt: fixture.exportPath, mapping: fixture.mapping)
        #expect(report.patchText() == """
            {
              "posts/u1/-Kp1/like_count": {".value":1,".priority":9},
              "users/u1/post_count": {".value":1,".priority":1}
            }

            """)
    }

    @Test("audit --format patch", arguments: AuditFixtureCase.all)
    func patch(_ fixture: AuditFixtureCase) throws {
        let expected = try FixtureJSON.parse(file: fixture.expectedPath)
        let report = try Audit.run(exportAt: fixture.exportPath, mapping: fixture.mapping)
        let patchValue = try FixtureJSON.parse(text: report.patchText(), what: "patchText() of \(fixture.name)")
        let patch = try #require(patchValue.objectValue, "\(fixture.name): patchText() is not a JSON object")

        var explained = Set<String>()
        for finding in expected["findings"]?.arrayValue ?? [] {
            guard let code = finding["code"]?.stringValue, let path = finding["path"]?.stringValue,
                  let repair = finding["repair"]?.stringValue else {
                Issue.record("\(fixture.name): malformed finding in expected.json: \(finding)")
                continue
            }
            let found = finding["found"] ?? .null
            let wanted = finding["expected"] ?? .null
            let label = "\(fixture.name): \(code) at \(path)"
            switch repair {
            case "none":
                #expect(patch[path] == nil, "\(label): repair none, yet the patch writes \(patch[path]?.description ?? "")")
            case "remove":
                explained.insert(path)
                #expect(patch[path] == FixtureJSON.null, "\(label): the patch must write null there, it has \(patch[path]?.description ?? "nothing")")
            default:
                // The value the path holds once the repair is applied.
                let target = wanted
                let subPathsAllowed = code == FindingCode.posterMismatch.rawValue || code == FindingCode.timelineMismatch.rawValue
                if let written = patch[path] {
                    explained.insert(path)
                    // A value kept inside `{".value": v, ".priority": p}` is written as that
                    // object, the priority kept (`patchKeepsPriorities` pins the bytes).
                    let value = target.objectValue == nil ? (written.objectValue?[".value"] ?? written) : written
                    #expect(value == target, "\(label): the patch writes \(written.description), expected \(target.description)")
                } else if subPathsAllowed {
                    let prefix = path + "/"
                    let fields = patch.filter { $0.key.hasPrefix(prefix) }
                    explained.formUnion(fields.keys)
                    var result = found.objectValue ?? [:]
                    for (key, value) in fields {
                        let member = String(key.dropFirst(prefix.count))
                        if member.contains("/") {
                            Issue.record("\(label): the patch writes below a field of it: \(key)")
                        }
                        result[member] = value
                    }
                    #expect(!fields.isEmpty && FixtureJSON.object(result) == target,
                            "\(label): the patch writes \(fields.keys.sorted()), giving \(FixtureJSON.object(result).description), expected \(target.description)")
                } else {
                    Issue.record("\(label): the patch has no entry for it")
                }
            }
        }
        let unexplained = patch.keys.filter { !explained.contains($0) }.sorted()
        #expect(unexplained.isEmpty, "\(fixture.name): the patch writes paths no repairable finding names: \(unexplained)")
        // Firebase rejects a multi-path update in which one path is an ancestor of another.
        let keys = patch.keys.sorted()
        for key in keys {
            let nested = keys.filter { $0.hasPrefix(key + "/") }
            #expect(nested.isEmpty, "\(fixture.name): patch path \(key) is an ancestor of \(nested)")
        }
    }
}

// MARK: - Failure messages

/// The findings only one side has, one per line, in a form that can be pasted into expected.json.
private func findingsDiff(expected: [FixtureJSON], actual: [FixtureJSON]) -> String {
    var unmatched = actual
    var missing: [FixtureJSON] = []
    for finding in expected {
        if let index = unmatched.firstIndex(of: finding) {
            unmatched.remove(at: index)
        } else {
            missing.append(finding)
        }
    }
    var lines: [String] = []
    for finding in missing { lines.append("  - missing: \(finding.findingLine)") }
    for finding in unmatched { lines.append("  + extra:   \(finding.findingLine)") }
    if lines.isEmpty {
        lines.append("  same findings, different order; reported order:")
        for finding in actual { lines.append("    \(finding.findingLine)") }
    }
    return lines.joined(separator: "\n")
}

/// Where two byte strings first differ, with the lines around it.
private func bytesDiff(expected: [UInt8], actual: [UInt8]) -> String {
    let common = zip(expected, actual).prefix { $0 == $1 }.count
    let line = expected[..<common].filter { $0 == 0x0A }.count + 1
    func lines(_ bytes: [UInt8]) -> [Substring] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }
    let want = lines(expected), got = lines(actual)
    let range = max(0, line - 3)..<(line + 2)
    func excerpt(_ all: [Substring]) -> String {
        range.filter { $0 < all.count }.map { String(format: "  %4d| ", $0 + 1) + all[$0] }.joined(separator: "\n")
    }
    return """
      first difference at byte \(common), line \(line) (expected \(expected.count) bytes, got \(actual.count))
      expected:
    \(excerpt(want))
      got:
    \(excerpt(got))
    """
}

// MARK: - JSON values

/// A parsed JSON value compared by value: numbers by numeric value (`3` == `3.0`),
/// objects regardless of key order, booleans distinct from numbers.
indirect enum FixtureJSON: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([FixtureJSON])
    case object([String: FixtureJSON])

    static func parse(file path: String) throws -> FixtureJSON {
        try parse(data: Data(contentsOf: URL(fileURLWithPath: path)), what: path)
    }

    static func parse(text: String, what: String) throws -> FixtureJSON {
        try parse(data: Data(text.utf8), what: what)
    }

    static func parse(data: Data, what: String) throws -> FixtureJSON {
        do {
            return FixtureJSON(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
        } catch {
            throw FixtureError(message: "\(what) is not valid JSON: \(error)")
        }
    }

    init(_ any: Any) {
        switch any {
        case is NSNull:
            self = .null
        case let number as NSNumber:
            // Foundation returns booleans as NSNumber too; only their class tells them apart.
            if type(of: number) == type(of: NSNumber(value: true)) {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.decimalValue)
            }
        case let string as String:
            self = .string(string)
        case let array as [Any]:
            self = .array(array.map(FixtureJSON.init))
        case let object as [String: Any]:
            self = .object(object.mapValues(FixtureJSON.init))
        default:
            self = .string("<unexpected \(type(of: any))>")
        }
    }

    subscript(key: String) -> FixtureJSON? { objectValue?[key] }
    var objectValue: [String: FixtureJSON]? { if case .object(let o) = self { return o } else { return nil } }
    var arrayValue: [FixtureJSON]? { if case .array(let a) = self { return a } else { return nil } }
    var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }

    /// Compact JSON with sorted keys.
    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return "\(n)"
        case .string(let s): return Self.quote(s)
        case .array(let a): return "[" + a.map(\.description).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + o.keys.sorted().map { Self.quote($0) + ":" + o[$0]!.description }.joined(separator: ",") + "}"
        }
    }

    /// A finding in the order of expected.json's members.
    var findingLine: String {
        let keys = ["code", "path", "found", "expected", "repair"]
        guard let o = objectValue, Set(o.keys) == Set(keys) else { return description }
        return "{" + keys.map { "\"\($0)\": \(o[$0]!.description)" }.joined(separator: ", ") + "}"
    }

    private static func quote(_ s: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [s], options: [])
        let array = data.map { String(decoding: $0, as: UTF8.self) } ?? "[\"?\"]"
        return String(array.dropFirst().dropLast()).replacingOccurrences(of: "\\/", with: "/")
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
