import Foundation

/// What a build with local videos needs (`content/storage/` holding a post's video file):
/// FFmpeg, to strip the file's metadata and take its poster. Only looked for when a build
/// has such a video, as libvips is loaded only when a build has a photo to encode.
enum VideoTools {
    /// The `ffmpeg` program on `PATH`, if any.
    static func ffmpeg(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let path = String(folder) + "/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
