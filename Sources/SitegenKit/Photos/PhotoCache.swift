import Foundation
import SitegenExport

/// A folder of encoded pictures kept between builds (`sitegen build --photo-cache DIR`;
/// docs/site.md, "The photo cache"): what a build whose output starts empty (a CI
/// machine's fresh checkout, another output folder, a shard) would otherwise encode again.
/// A picture's key names its bytes and every setting that shapes its variants
/// (`PhotoStage.Names`), so a picture found under its key is the one the build would make.
///
/// Layout: each variant under its file name (`<key>-640.webp`, `<key>.mp4`), then
/// `<key>.picture` holding its size and colour (`Picture.manifestSource`), written last:
/// a picture is in the cache only once all its files are. Every file is written as the
/// build's other files are (`AtomicFile`: a temporary name, flushed, renamed), so that
/// builds sharing the folder at once, one killed while writing, or a power cut never
/// leave a short file under a picture's name. Nothing is removed:
/// the folder grows with the photos it has seen, as a user's cache does; delete it to
/// start over.
struct PhotoCache: Sendable {
    let folder: String

    init(folder: String) {
        self.folder = folder
    }

    private func path(_ name: String) -> String { folder + "/" + name }

    private func recordPath(_ key: String) -> String { path(key + ".picture") }

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
            guard let bytes = FileManager.default.contents(atPath: path(PathNames.name(variant))) else { return nil }
            files.append((variant, [UInt8](bytes)))
        }
        return PhotoEncoder.Output(picture: picture, files: files)
    }

    /// Keeps `output` (best effort: a cache that cannot be written is a cache that misses).
    func store(_ output: PhotoEncoder.Output) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            for file in output.files { try AtomicFile.write(to: path(PathNames.name(file.path)), bytes: file.bytes) }
            try AtomicFile.write(to: recordPath(output.picture.key), bytes: Array(output.picture.manifestSource.utf8))
        } catch {}
    }
}
