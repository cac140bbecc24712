import Foundation

/// A folder of encoded pictures kept between builds (`sitegen build --photo-cache DIR`;
/// docs/site.md, "The photo cache"): what a build whose output starts empty (a CI
/// machine's fresh checkout, another output folder, a shard) would otherwise encode again.
/// A picture's key names its bytes and every setting that shapes its variants
/// (`PhotoStage.Names`), so a picture found under its key is the one the build would make.
///
/// Layout: each variant under its file name (`<key>-640.webp`, `<key>.mp4`), then
/// `<key>.picture` holding its size and colour (`Picture.manifestSource`), written last:
/// a picture is in the cache only once all its files are. Every file is written under a
/// temporary name and renamed, so that builds sharing the folder at once, or one killed
/// while writing, never leave a short file under a picture's name. Nothing is removed:
/// the folder grows with the photos it has seen, as a user's cache does; delete it to
/// start over.
struct PhotoCache: Sendable {
    let folder: String

    init(folder: String) {
        self.folder = folder
    }

    private func path(_ name: String) -> String { folder + "/" + name }

    private func recordPath(_ key: String) -> String { path(key + ".picture") }

    private static func fileName(_ variant: String) -> String {
        String(variant[(variant.lastIndex(of: "/").map { variant.index(after: $0) } ?? variant.startIndex)...])
    }

    /// Whether the cache holds the picture of `key` (its record: its files were written first).
    func holds(_ key: String) -> Bool {
        FileManager.default.fileExists(atPath: recordPath(key))
    }

    /// The picture of `key` and its variants' bytes, or nil when the cache does not hold
    /// it whole.
    func output(_ key: String) -> PhotoEncoder.Output? {
        guard let record = FileManager.default.contents(atPath: recordPath(key)),
              let picture = Picture(key: key, manifestSource: String(decoding: record, as: UTF8.self)) else { return nil }
        var files: [(path: String, bytes: [UInt8])] = []
        for variant in picture.paths {
            guard let bytes = FileManager.default.contents(atPath: path(Self.fileName(variant))) else { return nil }
            files.append((variant, [UInt8](bytes)))
        }
        return PhotoEncoder.Output(picture: picture, files: files)
    }

    /// Keeps `output` (best effort: a cache that cannot be written is a cache that misses).
    func store(_ output: PhotoEncoder.Output) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for file in output.files where !write(file.bytes, to: Self.fileName(file.path)) { return }
        _ = write(Array(output.picture.manifestSource.utf8), to: output.picture.key + ".picture")
    }

    private func write(_ bytes: [UInt8], to name: String) -> Bool {
        let temporary = path(".\(name).\(getpid()).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else { return false }
        guard rename(temporary, path(name)) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
