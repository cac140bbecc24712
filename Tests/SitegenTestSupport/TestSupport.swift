import Foundation

/// Helpers shared by the tests: temporary files, the built `sitegen` binary, fixtures.
package enum TestSupport {
    /// The folder that holds every temporary folder of this test process, removed with all
    /// it holds when the process exits (a day of test runs left 24,761 folders in /tmp).
    package static let temporaryRoot: String = {
        let root = NSTemporaryDirectory() + "sitegen-tests-\(getpid())-" + UUID().uuidString.prefix(8)
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestSupport.temporaryRoot) }
        return root
    }()

    /// A new empty temporary folder (under `temporaryRoot`).
    package static func temporaryFolder(_ prefix: String = "t") throws -> String {
        let path = temporaryRoot + "/" + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `bytes` to a new temporary file and returns its path.
    package static func temporaryFile(_ bytes: [UInt8], name: String = "export.json") throws -> String {
        let path = try temporaryFolder() + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    package static func temporaryFile(_ text: String, name: String = "export.json") throws -> String {
        try temporaryFile(Array(text.utf8), name: name)
    }

    /// The package root: two folders up from this file (`Tests/SitegenTestSupport/`).
    package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized.path

    /// `Fixtures/` in the source tree, where golden files are re-recorded (the tests read
    /// the copy in the bundle, `fixtures`).
    package static var sourceFixtures: String { packageRoot + "/Tests/SitegenTestSupport/Fixtures" }

    /// `Fixtures/` as copied into the test bundle.
    package static var fixtures: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    }

    /// The `sitegen` executable built beside the test bundle.
    package static var binary: String {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("sitegen").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath + "/.build/debug/sitegen"
    }

    package struct Run {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    /// Runs `sitegen` with `arguments` and no standard input.
    package static func sitegen(_ arguments: [String], in folder: String? = nil) throws -> Run {
        try run(binary, arguments, in: folder)
    }

    /// Runs `executable` with no standard input and `CI=true` (no progress line).
    package static func run(_ executable: String, _ arguments: [String], in folder: String? = nil) throws -> Run {
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
    package static func sitegenMeasured(_ arguments: [String]) throws -> (run: Run, peakBytes: Int) {
        let report = try temporaryFolder() + "/time.txt"
        defer { try? FileManager.default.removeItem(atPath: (report as NSString).deletingLastPathComponent) }
        let run = try run("/usr/bin/time", ["-f", "%M", "-o", report, binary] + arguments)
        let kilobytes = Int((try String(contentsOfFile: report, encoding: .utf8)).split(separator: "\n").last ?? "") ?? -1
        return (run, kilobytes * 1024)
    }
}

// MARK: - Reading a folder back

extension TestSupport {
    package enum Kind: Equatable { case file, folder, symlink, other }

    package struct Entry: Equatable {
        package var path: String  // relative to the walked folder
        package var kind: Kind

        package init(path: String, kind: Kind) {
            self.path = path
            self.kind = kind
        }
    }

    /// Every entry below `root` (relative paths, sorted), found with `lstat`: symlinks are
    /// reported, never followed.
    package static func walk(_ root: String) -> [Entry] {
        var out: [Entry] = []
        func visit(_ relative: String) {
            let full = relative.isEmpty ? root : root + "/" + relative
            let names = (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? []
            for name in names.sorted() {
                let path = relative.isEmpty ? name : relative + "/" + name
                let type = (try? FileManager.default.attributesOfItem(atPath: root + "/" + path))?[.type] as? FileAttributeType
                switch type {
                case .typeDirectory?:
                    out.append(Entry(path: path, kind: .folder))
                    visit(path)
                case .typeRegular?: out.append(Entry(path: path, kind: .file))
                case .typeSymbolicLink?: out.append(Entry(path: path, kind: .symlink))
                default: out.append(Entry(path: path, kind: .other))
                }
            }
        }
        visit("")
        return out.sorted { $0.path < $1.path }
    }

    /// Relative paths of the regular files below `root`, sorted.
    package static func files(_ root: String) -> [String] {
        walk(root).filter { $0.kind == .file }.map(\.path)
    }

    package static func bytes(_ root: String, _ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: root + "/" + path).map { [UInt8]($0) } ?? []
    }

    package static func text(_ root: String, _ path: String) -> String {
        String(decoding: bytes(root, path), as: UTF8.self)
    }

    /// Every file's bytes: a checksum that cannot collide.
    package static func contents(_ root: String) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: files(root).map { ($0, bytes(root, $0)) })
    }
}

// MARK: - JPEG

extension TestSupport {
    /// Width, height and EXIF orientation (1 without one) from a baseline or progressive JPEG's headers.
    package static func jpegHeader(_ bytes: [UInt8]) -> (width: Int, height: Int, orientation: Int)? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2, orientation = 1
        while i + 9 < bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1], length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xE1, Array(bytes[(i + 4)..<(i + 10)]) == Array("Exif".utf8) + [0, 0] {
                // Little-endian TIFF with IFD0 at 8: find tag 0x0112.
                let tiff = i + 10, entries = Int(bytes[tiff + 8]) | Int(bytes[tiff + 9]) << 8
                for e in 0..<entries {
                    let at = tiff + 10 + e * 12
                    if bytes[at] == 0x12 && bytes[at + 1] == 0x01 { orientation = Int(bytes[at + 8]) }
                }
            }
            if marker == 0xC0 || marker == 0xC2 {
                return (Int(bytes[i + 7]) << 8 | Int(bytes[i + 8]), Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]), orientation)
            }
            i += 2 + length
        }
        return nil
    }
}
