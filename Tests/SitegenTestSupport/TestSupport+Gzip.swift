import Foundation

/// Gzip files for the tests, made and read by `/bin/gzip` (not by the code under test).
extension TestSupport {
    /// `bytes` compressed by `gzip -n` (one member).
    package static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let plain = try temporaryFile(bytes, name: "data")
        defer { try? FileManager.default.removeItem(atPath: (plain as NSString).deletingLastPathComponent) }
        let run = try run("/bin/gzip", ["-n", plain])
        guard run.status == 0 else { throw GzipToolError(message: run.stderr) }
        return Array(try Data(contentsOf: URL(fileURLWithPath: plain + ".gz")))
    }

    /// The decompressed bytes of the gzip file at `path` (`gzip -dc`).
    package static func gunzip(_ path: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw GzipToolError(message: "gzip -dc \(path) failed") }
        return Array(data)
    }

    /// Whether `bytes` begin with gzip's magic number and deflate's method byte.
    package static func isGzip(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0x1f, 0x8b, 0x08]) }

    package struct GzipToolError: Error {
        let message: String
    }
}
