import Foundation
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// The `sitegen audit` command as a user runs it: exit codes, formats, --fix.
@Suite struct AuditCommandTests {
    static let drifted = """
    {
      "users": {
        "u1": {"username": "ana", "post_count": 0, "follower_count": 1, "following_count": 0},
        "u2": {"username": "bo", "post_count": 0, "follower_count": 0, "following_count": 1, "note": 12345678901234567890}
      },
      "followers": {"u1": {"u2": true, "ghost": true}},
      "following": {"u2": {"u1": true}}
    }

    """
    static let consistent = """
    {"users": {"u1": {"username": "ana", "post_count": 0, "follower_count": 0, "following_count": 0}}}
    """

    @Test func exitCodes() throws {
        let clean = try TestSupport.sitegen(["audit", try TestSupport.temporaryFile(Self.consistent)])
        #expect(clean.status == 0)
        #expect(clean.stdout.contains("consistent: no findings"))

        let drifted = try TestSupport.sitegen(["audit", try TestSupport.temporaryFile(Self.drifted)])
        #expect(drifted.status == 1)
        #expect(drifted.stdout.contains("follow_dangling"))
        #expect(drifted.stdout.contains("followers/u1/ghost"))

        let broken = try TestSupport.temporaryFile("{\"users\": ")
        let bad = try TestSupport.sitegen(["audit", broken])
        #expect(bad.status == 2)
        #expect(bad.stderr == "sitegen: \(broken):1:11: invalid JSON: unexpected end of file: a value is missing\n")
        #expect(bad.stdout.isEmpty)

        let missing = try TestSupport.sitegen(["audit", "/nonexistent/export.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "sitegen: /nonexistent/export.json: cannot open: No such file or directory\n")
    }

    @Test func jsonFormat() throws {
        let run = try TestSupport.sitegen(["audit", "--format", "json", try TestSupport.temporaryFile(Self.drifted)])
        #expect(run.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        #expect(object["dialect"] as? String == "makestagram")
        let findings = object["findings"] as! [[String: Any]]
        #expect(findings.map { $0["code"] as! String } == ["follow_dangling"])
        #expect(findings.map { $0["path"] as! String } == ["followers/u1/ghost"])
        #expect(findings[0]["repair"] as? String == "remove")
        #expect((object["summary"] as! [String: Int]) == ["follow_dangling": 1])
    }

    @Test func patchFormat() throws {
        let run = try TestSupport.sitegen(["audit", "--format", "patch", try TestSupport.temporaryFile(Self.drifted)])
        #expect(run.stdout == "{\n  \"followers/u1/ghost\": null\n}\n")
    }

    @Test func fixToAnotherFileKeepsEverythingElse() throws {
        let input = try TestSupport.temporaryFile(Self.drifted)
        let output = input + ".fixed.json"
        let run = try TestSupport.sitegen(["audit", input, "--fix", "--output", output])
        #expect(run.status == 0, "every finding was repairable")
        #expect(try String(contentsOfFile: input, encoding: .utf8) == Self.drifted, "the input is untouched")
        let fixed = try String(contentsOfFile: output, encoding: .utf8)
        #expect(fixed == Self.drifted.replacingOccurrences(of: #"{"u2": true, "ghost": true}"#, with: #"{"u2": true}"#))
        #expect(try TestSupport.sitegen(["audit", output]).status == 0)
    }

    @Test func fixRefusesToOverwriteItsInput() throws {
        let input = try TestSupport.temporaryFile(Self.drifted)
        let run = try TestSupport.sitegen(["audit", input, "--fix", "--output", input])
        #expect(run.status == 2)
        #expect(run.stderr.contains("is the input export; use --in-place"))
        #expect(try String(contentsOfFile: input, encoding: .utf8) == Self.drifted)
    }

    @Test func fixInPlaceKeepsABackup() throws {
        let input = try TestSupport.temporaryFile(Self.drifted)
        let first = try TestSupport.sitegen(["audit", input, "--fix", "--in-place"])
        #expect(first.status == 0)
        #expect(try String(contentsOfFile: input + ".bak", encoding: .utf8) == Self.drifted)
        #expect(try TestSupport.sitegen(["audit", input]).status == 0)
        // A second in-place fix never overwrites the first backup.
        _ = try TestSupport.sitegen(["audit", input, "--fix", "--in-place"])
        #expect(try String(contentsOfFile: input + ".bak", encoding: .utf8) == Self.drifted)
        #expect(FileManager.default.fileExists(atPath: input + ".bak.1"))
        // No temporary file is left behind.
        let folder = (input as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func fixNeedsADestination() throws {
        let run = try TestSupport.sitegen(["audit", try TestSupport.temporaryFile(Self.drifted), "--fix"])
        #expect(run.status != 0 && run.status != 1)
        #expect(run.stderr.contains("--fix needs --output FILE or --in-place"))
    }

    @Test func manualFindingsKeepExitOneAfterFix() throws {
        let input = try TestSupport.temporaryFile(#"{"users": {"u1": "not a record"}}"#)
        let run = try TestSupport.sitegen(["audit", input, "--fix", "--output", input + ".out"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("user_invalid"))
    }

    /// Every unreadable input: one line naming the file (and line:column), exit 2, nothing on stdout.
    @Test(arguments: [
        ("truncated", Array(#"{"users": {"u1": {"username": "a"}"#.utf8), ":1:35: invalid JSON: unexpected end of file: '}' is missing"),
        ("invalid UTF-8", Array(#"{"users": {"u1": {"username": ""#.utf8) + [0xC3, 0x28] + Array(#""}}}"#.utf8), ":1:32: invalid JSON: invalid UTF-8 sequence"),
        ("wrong root", Array("[1, 2]".utf8), ": the root is an array, not an object: not a Firebase export"),
        ("empty", [], ":1:1: invalid JSON: the file is empty: no JSON value"),
    ])
    func unreadableInputs(name: String, bytes: [UInt8], message: String) throws {
        let path = try TestSupport.temporaryFile(bytes)
        for command in [["audit", path], ["build", path, "--output", path + ".site"]] {
            let run = try TestSupport.sitegen(command)
            #expect(run.status == 2, "\(name): \(command[0])")
            #expect(run.stderr == "sitegen: \(path)\(message)\n", "\(name): \(command[0])")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test func directoryIsNotAnExport() throws {
        let folder = try TestSupport.temporaryFolder()
        let run = try TestSupport.sitegen(["audit", folder])
        #expect(run.status == 2)
        #expect(run.stderr == "sitegen: \(folder): is a directory, not an export file (and holds no Firestore export: no *.overall_export_metadata)\n")
    }
}
