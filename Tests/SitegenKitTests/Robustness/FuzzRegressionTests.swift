import Foundation
import SitegenTestSupport
import Testing

/// Every input under `Fixtures/fuzz/` goes through the fuzz target again (built without
/// libFuzzer, `sitegen-fuzz FILE` replays files): no crash, and the repair keeps its promises.
@Suite struct FuzzRegressionTests {
    static var inputs: [String] {
        let folder = TestSupport.fixtures.appendingPathComponent("fuzz").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0 != "README.md" }.sorted().map { folder + "/" + $0 }
    }

    @Test func replayFoundInputs() throws {
        let inputs = Self.inputs
        #expect(!inputs.isEmpty)
        let binary = (TestSupport.binary as NSString).deletingLastPathComponent + "/sitegen-fuzz"
        for input in inputs {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = [input]
            process.environment = ["SITEGEN_TEMPLATES": SiteTest.templates]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(input)")
        }
    }
}
