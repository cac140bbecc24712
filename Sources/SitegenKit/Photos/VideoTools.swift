import Foundation

/// What a build with local videos needs (`content/storage/` holding a post's video file):
/// FFmpeg's `ffmpeg` and `ffprobe` programs, to copy the file without its metadata and take
/// its poster (`VideoEncoder`). Only looked for when a build has such a video, as libvips is
/// loaded only when a build has a photo to encode; run as programs (an arguments array,
/// no shell), found on `PATH`.
public enum VideoTools {
    /// The `ffmpeg` program on `PATH`, if any.
    static func ffmpeg(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        program("ffmpeg", environment: environment)
    }

    /// The `ffprobe` program on `PATH` (Debian's `ffmpeg` package has both), if any.
    static func ffprobe(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        program("ffprobe", environment: environment)
    }

    /// The one line a build with local videos and no FFmpeg stops with (after the file's name).
    static let missingMessage = "needs FFmpeg, which is not installed; install it (on Debian or Ubuntu: apt-get install ffmpeg; on macOS: brew install ffmpeg)"

    /// Whether both programs are on `PATH`.
    public static var available: Bool { ffmpeg() != nil && ffprobe() != nil }

    static func program(_ name: String, environment: [String: String]) -> String? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let path = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// What a run of a program gave: its exit status, its standard output, its standard error.
    struct Run {
        let status: Int32
        let output: [UInt8]
        let error: String

        /// The first line of its standard error, for a warning ("exit status N" when it wrote none).
        var reason: String {
            let line = error.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            return line.isEmpty ? "exit status \(status)" : String(line.prefix(200))
        }
    }

    /// Runs `program` with `arguments` (no shell), its standard input empty, and reads its
    /// standard output and standard error whole (on two threads, so that neither pipe fills).
    static func run(_ program: String, _ arguments: [String]) -> Run? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        // Written by the reader before it leaves the group, read after `wait`.
        final class ErrorText: @unchecked Sendable { var data = Data() }
        let errorText = ErrorText()
        let reader = DispatchGroup()
        reader.enter()
        DispatchQueue.global().async {
            errorText.data = error.fileHandleForReading.readDataToEndOfFile()
            reader.leave()
        }
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        reader.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: [UInt8](bytes), error: String(decoding: errorText.data, as: UTF8.self))
    }
}
