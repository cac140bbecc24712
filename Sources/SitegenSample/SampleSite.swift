import CZlib
import Foundation
import SitegenKit

/// What `sitegen init --sample` adds to a new site folder: the checkout's sample export
/// (`content/export.json`, 36 users and 166 posts in ten languages, 8 of them albums and
/// one a video) and a local copy of its Storage bucket in `content/storage/`
/// (`SamplePhotos`: the posts' and the albums' photos and 12 users' avatars;
/// `SampleVideo`: the video), so that the first `sitegen build` publishes real photos
/// with no network and no app of one's own.
///
/// The export is carried gzip-compressed (`SampleSite+Export.swift`, written by
/// `scripts/embed-sample`; the sizes: docs/performance.md, "The sample"); the photos are
/// painted when the folder is made and weigh nothing in the binary; the video is carried
/// as it is (`SampleVideo`).
enum SampleSite {
    /// The files, paths relative to the site folder: the export, then (unless `photos` is
    /// false) the photos, then (unless `video` is false) the video. Without the video the
    /// export is `SampleVideo.withoutVideo`'s: the video post is its still, a photo.
    static func files(photos: Bool = true, video: Bool = true) throws -> [(path: String, bytes: [UInt8])] {
        let export = video ? self.export : exportWithoutVideo
        let storage = StorageFolder.path(beside: SiteConfig.Default.export)
        var files = [(path: SiteConfig.Default.export, bytes: export)]
        if photos { files += try SamplePhotos.photos(for: export).map { (storage + "/" + $0.path, $0.bytes) } }
        if video { files.append((storage + "/" + SampleVideo.objectPath, SampleVideo.bytes)) }
        return files
    }

    /// The sample export without its video (`SampleVideo.withoutVideo`).
    static var exportWithoutVideo: [UInt8] {
        guard let export = SampleVideo.withoutVideo(export) else {
            preconditionFailure("the sample export holds the video post's video_url other than once (SampleVideo.member)")
        }
        return export
    }

    /// The sample export, byte for byte the checkout's `content/export.json`.
    static var export: [UInt8] {
        guard let data = Data(base64Encoded: exportGzip), let json = gunzip([UInt8](data)) else {
            preconditionFailure("SampleSite.exportGzip is not gzip base64: run scripts/embed-sample")
        }
        return json
    }

    /// Inflates a gzip member held in memory.
    static func gunzip(_ data: [UInt8]) -> [UInt8]? {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        guard sitegen_inflate_init_gzip(stream) == Z_OK else { return nil }
        defer { inflateEnd(stream) }
        var input = data
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var out: [UInt8] = []
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.pointee.next_in = source.baseAddress
            stream.pointee.avail_in = UInt32(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.pointee.next_out = buffer.baseAddress
                    stream.pointee.avail_out = UInt32(buffer.count)
                    return inflate(stream, Z_NO_FLUSH)
                }
                out += chunk[0..<(chunk.count - Int(stream.pointee.avail_out))]
                if status == Z_STREAM_END { return out }
                guard status == Z_OK else { return nil }
            }
        }
    }
}
