import Foundation
@testable import SitegenKit

/// Helpers shared by the tests: temporary files, the built `sitegen` binary, fixtures.
enum TestSupport {
    /// The folder that holds every temporary folder of this test process, removed with all
    /// it holds when the process exits (a day of test runs left 24,761 folders in /tmp).
    static let temporaryRoot: String = {
        let root = NSTemporaryDirectory() + "sitegen-tests-\(getpid())-" + UUID().uuidString.prefix(8)
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestSupport.temporaryRoot) }
        return root
    }()

    /// A new empty temporary folder (under `temporaryRoot`).
    static func temporaryFolder(_ prefix: String = "t") throws -> String {
        let path = temporaryRoot + "/" + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `bytes` to a new temporary file and returns its path.
    static func temporaryFile(_ bytes: [UInt8], name: String = "export.json") throws -> String {
        let path = try temporaryFolder() + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func temporaryFile(_ text: String, name: String = "export.json") throws -> String {
        try temporaryFile(Array(text.utf8), name: name)
    }

    static var fixtures: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    }

    /// The `sitegen` executable built beside the test bundle.
    static var binary: String {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("sitegen").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath + "/.build/debug/sitegen"
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `sitegen` with `arguments` and no standard input.
    static func sitegen(_ arguments: [String], in folder: String? = nil) throws -> Run {
        try run(binary, arguments, in: folder)
    }

    /// Runs `executable` with no standard input and `CI=true` (no progress line).
    static func run(_ executable: String, _ arguments: [String], in folder: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes drain at once, so a chatty stderr cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            drained.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }
}

extension TestSupport {
    /// Runs `sitegen` under `/usr/bin/time` and returns its peak resident memory too.
    static func sitegenMeasured(_ arguments: [String]) throws -> (run: Run, peakBytes: Int) {
        let report = try temporaryFolder() + "/time.txt"
        defer { try? FileManager.default.removeItem(atPath: (report as NSString).deletingLastPathComponent) }
        let run = try run("/usr/bin/time", ["-f", "%M", "-o", report, binary] + arguments)
        let kilobytes = Int((try String(contentsOfFile: report, encoding: .utf8)).split(separator: "\n").last ?? "") ?? -1
        return (run, kilobytes * 1024)
    }
}
