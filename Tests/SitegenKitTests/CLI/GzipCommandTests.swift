import Foundation
@testable import SitegenExport
@testable import SitegenKit
@testable import SitegenSample
import SitegenTestSupport
import Testing

/// `sitegen audit` and `build` on a gzip-compressed export (`export.json.gz`), and
/// `audit --fix` writing one: the same answers as for the plain file.
@Suite struct GzipCommandTests {
    /// A drifted sample export, plain and gzipped, in one new folder.
    func sample(users: Int = 80, dialect: String = "makestagram") throws -> (plain: String, gz: String) {
        let folder = try TestSupport.temporaryFolder()
        let plain = folder + "/export.json"
        let made = try TestSupport.sitegen(["sample", "--users", "\(users)", "--seed", "7", "--faults", "0.05", "--dialect", dialect, "--output", plain])
        #expect(made.status == 0, "\(made.stderr)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: plain)))
        let gz = folder + "/backup.json.gz"
        try Data(try TestSupport.gzip(bytes)).write(to: URL(fileURLWithPath: gz))
        return (plain, gz)
    }

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test(arguments: ["makestagram", "timeline"])
    func auditFindsTheSameInTheGzipExport(dialect: String) throws {
        let (plain, gz) = try sample(dialect: dialect)
        for format in ["text", "json", "patch"] {
            let a = try TestSupport.sitegen(["audit", "--format", format, plain])
            let b = try TestSupport.sitegen(["audit", "--format", format, gz])
            #expect(a.status == 1, "the sample has findings")
            #expect(b.status == a.status)
            #expect(b.stdout.replacingOccurrences(of: gz, with: plain) == a.stdout, "\(format)")
            #expect(b.stderr.isEmpty)
        }
    }

    /// `--fix --output x.json.gz` writes gzip whose content is, byte for byte, what
    /// `--fix --output x.json` writes; the repaired file reads back clean of repairable findings.
    @Test func fixWritesGzipWhenTheOutputEndsInGz() throws {
        let (plain, gz) = try sample()
        let folder = (plain as NSString).deletingLastPathComponent
        let fixedPlain = folder + "/fixed.json", fixedGz = folder + "/fixed.json.gz"
        #expect(try TestSupport.sitegen(["audit", plain, "--fix", "--output", fixedPlain]).status == 1)
        let run = try TestSupport.sitegen(["audit", gz, "--fix", "--output", fixedGz])
        #expect(run.status == 1, "manual findings remain")
        #expect(run.stderr.contains("sitegen: wrote the repaired export to \(fixedGz) ("))
        let written = try bytes(fixedGz)
        #expect(TestSupport.isGzip(written))
        #expect(try TestSupport.gunzip(fixedGz) == (try bytes(fixedPlain)))
        // From a plain input to a .gz output, and from a .gz input to a plain output.
        let crossed = folder + "/crossed.json.gz"
        #expect(try TestSupport.sitegen(["audit", plain, "--fix", "--output", crossed]).status == 1)
        #expect(try TestSupport.gunzip(crossed) == (try bytes(fixedPlain)))
        let unpacked = folder + "/unpacked.json"
        #expect(try TestSupport.sitegen(["audit", gz, "--fix", "--output", unpacked]).status == 1)
        #expect(try bytes(unpacked) == (try bytes(fixedPlain)))
        // The gzip output audits as its plain twin does.
        let again = try TestSupport.sitegen(["audit", fixedGz])
        #expect(again.stdout.replacingOccurrences(of: fixedGz, with: fixedPlain) == (try TestSupport.sitegen(["audit", fixedPlain])).stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    /// `--in-place` on a .gz export writes gzip, and its backup is the original compressed file.
    @Test func inPlaceOnGzipKeepsTheCompressedOriginal() throws {
        let (plain, gz) = try sample()
        let original = try bytes(gz)
        let fixedPlain = plain + ".fixed.json"
        _ = try TestSupport.sitegen(["audit", plain, "--fix", "--output", fixedPlain])
        let run = try TestSupport.sitegen(["audit", gz, "--fix", "--in-place"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("(original kept as \(gz).bak)"))
        #expect(try bytes(gz + ".bak") == original)
        #expect(TestSupport.isGzip(try bytes(gz)))
        #expect(try TestSupport.gunzip(gz) == (try bytes(fixedPlain)))
    }

    /// An export in several gzip members (`cat part1.gz part2.gz`) is read whole.
    @Test func concatenatedMembersAuditAsOneFile() throws {
        let (plain, _) = try sample()
        let text = try bytes(plain)
        let half = text.count / 2
        let joined = try TestSupport.gzip(Array(text[..<half])) + (try TestSupport.gzip(Array(text[half...])))
        let gz = try TestSupport.temporaryFile(joined, name: "export.json.gz")
        let a = try TestSupport.sitegen(["audit", plain]), b = try TestSupport.sitegen(["audit", gz])
        #expect(b.status == a.status)
        #expect(b.stdout.replacingOccurrences(of: gz, with: plain) == a.stdout)
    }

    /// Every unreadable gzip export: one line naming the file, exit 2, nothing on stdout,
    /// for `audit` and `build` alike.
    @Test func badGzipExports() throws {
        let good = try TestSupport.gzip(Array(#"{"users": {"u1": {"username": "ana"}}}"#.utf8))
        let n = good.count
        var crc = good
        crc[n - 8] ^= 0xff
        let cases: [(String, [UInt8], String)] = [
            ("plain JSON", Array("{}".utf8), "not a gzip file"),
            ("empty", [], "not a gzip file"),
            ("truncated", Array(good[..<(n / 2)]), "truncated gzip file"),
            ("corrupt", crc, "corrupt gzip data at byte \(n - 4) (incorrect data check)"),
        ]
        for (name, bytes, message) in cases {
            let path = try TestSupport.temporaryFile(bytes, name: "export.json.gz")
            for command in [["audit", path], ["build", path, "--output", path + ".site"]] {
                let run = try TestSupport.sitegen(command)
                #expect(run.status == 2, "\(name): \(command[0])")
                #expect(run.stderr == "sitegen: \(path): \(message)\n", "\(name): \(command[0])")
                #expect(run.stdout.isEmpty)
            }
            #expect(!FileManager.default.fileExists(atPath: path + ".site"))
        }
    }

    /// `sitegen build` from the .gz builds the same site, file for file, as from the plain file.
    @Test func buildFromGzipBuildsTheSameSite() throws {
        let (plain, gz) = try sample(users: 40)
        let folder = (plain as NSString).deletingLastPathComponent
        let a = try TestSupport.sitegen(["build", plain, "--output", folder + "/a"])
        let b = try TestSupport.sitegen(["build", gz, "--output", folder + "/b"])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        let fm = FileManager.default
        let files = try fm.subpathsOfDirectory(atPath: folder + "/a").sorted()
        #expect(files.count > 20)
        #expect(try fm.subpathsOfDirectory(atPath: folder + "/b").sorted() == files)
        for file in files {
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: folder + "/a/" + file, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            #expect(fm.contents(atPath: folder + "/a/" + file) == fm.contents(atPath: folder + "/b/" + file), "\(file)")
        }
    }

    /// `sitegen sample --output x.json.gz` writes a gzip export, as a Firebase backup is.
    @Test func sampleWritesGzipWhenTheOutputEndsInGz() throws {
        let path = try TestSupport.temporaryFolder() + "/sample.json.gz"
        let run = try TestSupport.sitegen(["sample", "--users", "50", "--seed", "7", "--output", path])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(bytes.prefix(2) == Data([0x1F, 0x8B]), "a gzip file")
        let export = try ExportLoader.load(path: path)
        #expect(Array(export.document.bytes) == SampleGenerator.generate(SampleOptions(users: 50, seed: 7)))
    }
}
