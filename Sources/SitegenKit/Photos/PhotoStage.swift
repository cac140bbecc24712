import Foundation
import SitegenExport
import Synchronization

/// The image stage of a build: every photo the site publishes becomes its variants
/// (`PhotoEncoder`), on every core, a batch at a time (memory holds one batch of photos
/// and their variants, never the site's). Variants are named by the hash of the photo's
/// bytes and the settings; when the previous site's manifest lists all of a photo's
/// variants, still in the output, the photo is not decoded at all: its variants are
/// handed on unrendered (`RenderedFile.bytes == nil`) and its size and colour come from
/// the manifest (`Picture.manifestSource`). A post's local video (`Picture.Shape.video`)
/// and the poster taken from it go the same way, through FFmpeg (`VideoEncoder`), named
/// by the hash of the video file's bytes.
public enum PhotoStage {
    public struct Outcome: Sendable {
        /// By source: the published picture, or nil (a placeholder tile).
        public var pictures: [Picture?] = []
        /// One line per photo that could not be used.
        public var warnings: [String] = []
        /// Photos decoded and encoded, and photos whose variants were reused.
        public var encoded = 0
        public var reused = 0
        /// Of `encoded` and `reused`, the avatars.
        public var avatars = 0
        /// Photos with the same bytes as another post's, processed once.
        public var duplicates = 0
        /// Local videos copied (`VideoEncoder.publish`), and videos whose copy was reused
        /// (not in `encoded` and `reused`; a poster taken from a video is a photo there).
        public var videos = 0
        public var videosReused = 0
        /// Photos (avatars among them, counted in `avatars` too) and videos taken from the
        /// photo cache (`PhotoCache`) instead of being encoded.
        public var cached = 0
        public var videosCached = 0
        public var seconds = 0.0
    }

    /// libvips cannot be loaded or started (it is not installed): the build stops rather
    /// than publish every photo as a placeholder.
    public struct LibraryUnavailable: Error, Sendable {
        public let reason: String
    }

    /// Photos per batch, per worker.
    static let photosPerWorker = 4

    /// The end of the batch that begins at `first`: `size` sources, or fewer so that it
    /// holds at most `videos` video copies (a batch's files are held in memory until staged;
    /// a video's copy is as large as the video).
    static func batchEnd(_ sources: [PhotoSource], from first: Int, size: Int, videos: Int) -> Int {
        var end = first, count = 0
        while end < sources.count && end - first < size {
            if sources[end].shape == .video {
                if count == videos { break }
                count += 1
            }
            end += 1
        }
        return end
    }

    /// Processes `sources`, handing each batch's files to `stage` (on the calling thread).
    /// `known`: the pictures the previous site holds whole, by key
    /// (`PreviousSite.reusablePictures()`). Throws `Interrupted` on a signal,
    /// `LibraryUnavailable` when a photo is to be encoded and libvips cannot be loaded, or
    /// what `stage` throws.
    static func run(_ sources: [PhotoSource], document: JSONDocument, known: [Substring: Picture], cache: PhotoCache? = nil,
                    code: Site.CodeConstants, jobs: Int, progress: (@Sendable (Int, Int) -> Void)? = nil,
                    stage: ([RenderedFile]) throws -> Void) throws -> Outcome {
        let start = DispatchTime.now()
        var outcome = Outcome()
        outcome.pictures.reserveCapacity(sources.count)
        let workers = max(1, jobs > 0 ? jobs : ProcessInfo.processInfo.activeProcessorCount)
        let batch = workers * photosPerWorker
        // Each key is encoded or reused by exactly one post (`PhotosDone`), so each
        // variant is staged once.
        let done = PhotosDone()
        let names = Names(code.photos, videos: code.videos)
        var first = 0
        while first < sources.count {
            let range = first..<batchEnd(sources, from: first, size: batch, videos: workers)
            first = range.upperBound
            var results = [Processed?](repeating: nil, count: range.count)
            results.withUnsafeMutableBufferPointer { buffer in
                let out = DisjointWrites(buffer)
                let count = range.count
                // Each worker takes the next photo when it is done with one (photos differ
                // in size a hundredfold; on 92 camera photos it timed the same as a fixed
                // share per worker).
                let next = Locked(0)
                parallelFor(min(workers, count)) { _ in
                    while Interruption.signal == nil {
                        let i = next.withLock { value in
                            defer { value += 1 }
                            return value
                        }
                        if i >= count { return }
                        out.base[i] = process(sources[range.lowerBound + i], document: document, known: known, cache: cache,
                                              names: names, done: done)
                    }
                }
            }
            try Interruption.check()
            for i in results.indices {
                guard case let .pending(key)? = results[i] else { continue }
                switch done.result(key) {
                case let .success(picture)?: results[i] = .duplicate(picture)
                case let .failure(failure)?: results[i] = .failed(failure)
                case nil: preconditionFailure("a photo claimed in this batch was not processed")
                }
            }
            var files: [RenderedFile] = []
            for (i, result) in results.enumerated() {
                switch result! {
                case .pending: preconditionFailure("resolved above")
                case .none:
                    outcome.pictures.append(nil)
                case let .failed(.libraryUnavailable(reason)):
                    throw LibraryUnavailable(reason: reason)
                case let .failed(failure):
                    outcome.pictures.append(nil)
                    let source = sources[range.lowerBound + i]
                    let shown = switch source.shape {
                    case .avatar: "the initial is shown instead"
                    case .video: "the video is not published"
                    case .photo: if case .videoFrame = source.origin { "the video has no poster" } else { "its tile is a placeholder" }
                    }
                    outcome.warnings.append("\(source.label): \(failure); \(shown)")
                case let .reused(picture):
                    outcome.pictures.append(picture)
                    if picture.shape == .video { outcome.videosReused += 1 } else { outcome.reused += 1 }
                    if picture.shape == .avatar { outcome.avatars += 1 }
                    for path in picture.paths {
                        files.append(RenderedFile(path: path, bytes: nil, source: picture.manifestSource))
                    }
                case let .duplicate(picture):
                    // Its files are staged with the post that encoded or reused the photo.
                    outcome.pictures.append(picture)
                    outcome.duplicates += 1
                case let .encoded(output), let .cached(output):
                    outcome.pictures.append(output.picture)
                    switch (result!, output.picture.shape) {
                    case (.cached, .video): outcome.videosCached += 1
                    case (.cached, _): outcome.cached += 1
                    case (_, .video): outcome.videos += 1
                    default: outcome.encoded += 1
                    }
                    if output.picture.shape == .avatar { outcome.avatars += 1 }
                    for file in output.files {
                        files.append(RenderedFile(path: file.path, bytes: file.bytes, source: output.picture.manifestSource))
                    }
                }
            }
            try stage(files)
            progress?(range.upperBound, sources.count)
        }
        outcome.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return outcome
    }

    enum Processed: Sendable {
        /// No photo (base64 that does not decode: the audit reports it).
        case none
        case failed(PhotoFailure)
        case reused(Picture)
        case encoded(PhotoEncoder.Output)
        /// Taken from the photo cache: staged as an encoded one is.
        case cached(PhotoEncoder.Output)
        /// The same bytes as a photo another post of this build shows.
        case duplicate(Picture)
        /// The same bytes as a photo another worker was processing: resolved once the
        /// batch is done.
        case pending(String)
    }

    /// The photos of this build already processed, by key: a photo that several posts show
    /// (a repost, a timeline app's shared image) is decoded and encoded once.
    /// The first post to ask for a photo processes it; a post asking while that runs
    /// waits for the end of the batch (`.pending`), so each photo is encoded exactly once.
    final class PhotosDone: Sendable {
        enum Claim { case mine, busy, done(Result<Picture, PhotoFailure>) }

        /// By key: the outcome, or nil while a worker processes the photo.
        private let results = Locked<[String: Result<Picture, PhotoFailure>?]>([:])

        func claim(_ key: String) -> Claim {
            results.withLock { results in
                switch results[key] {
                case nil:
                    results[key] = .some(nil)
                    return .mine
                case .some(nil): return .busy
                case let .some(result?): return .done(result)
                }
            }
        }

        func note(_ key: String, _ result: Result<Picture, PhotoFailure>) { results.withLock { $0[key] = result } }

        func result(_ key: String) -> Result<Picture, PhotoFailure>? { results.withLock { $0[key] ?? nil } }
    }

    /// What names a picture's variants besides its bytes: the fingerprints of the build's
    /// photo and video settings (`PhotoSettings.Values.fingerprint`, `VideoSettings`), one
    /// per shape, and one for a poster taken from a video.
    struct Names: Sendable {
        let photo: ContentHash, avatar: ContentHash, video: ContentHash, poster: ContentHash

        init(_ photos: PhotoSettings.Values, videos: VideoSettings.Values = VideoSettings.current) {
            photo = photos.fingerprint(.photo)
            avatar = photos.fingerprint(.avatar)
            video = VideoSettings.fingerprint(videos)
            poster = VideoSettings.posterFingerprint(videos, photos: photo)
        }

        /// The key of the picture of `bytes` as `shape`: every variant's name starts with it.
        func key(_ bytes: [UInt8], _ shape: Picture.Shape) -> String {
            key(ContentHash(bytes), shape)
        }

        /// The key of what `source` makes of the local video whose bytes hash to `hash`:
        /// its copy (shape `.video`), or the poster taken from it.
        func key(ofVideo hash: ContentHash, for source: PhotoSource) -> String {
            key(hash, source.shape, frame: source.shape != .video)
        }

        /// The key of a picture whose bytes hash to `hash`; `frame`: a poster taken from the
        /// video whose bytes those are.
        func key(_ hash: ContentHash, _ shape: Picture.Shape, frame: Bool = false) -> String {
            switch shape {
            case _ where frame: hash.then(poster).description
            case .photo: hash.then(photo).description
            case .avatar: hash.then(avatar).description
            case .video: hash.then(video).description
            }
        }
    }

    static func process(_ source: PhotoSource, document: JSONDocument, known: [Substring: Picture], cache: PhotoCache? = nil,
                        names: Names, done: PhotosDone) -> Processed {
        let key: String
        let encode: () -> Result<PhotoEncoder.Output, PhotoFailure>
        if let video = source.videoFile {
            // Named by the video's bytes (FFmpeg reads the file itself, if it must).
            let bytes: ContentHash
            switch VideoEncoder.contentHash(ofFile: video) {
            case let .failure(failure): return .failed(failure)
            case let .success(hash): bytes = hash
            }
            key = names.key(ofVideo: bytes, for: source)
            encode = {
                guard source.shape != .video else { return VideoEncoder.publish(video, key: key) }
                return VideoEncoder.frame(video).flatMap { PhotoEncoder.encode($0, key: key) }
            }
        } else {
            let bytes: [UInt8]
            switch source.bytes(in: document) {
            case let .failure(failure): return .failed(failure)
            case .success(nil): return .none
            case let .success(value?): bytes = value
            }
            let photoKey = names.key(bytes, source.shape)
            key = photoKey
            encode = { PhotoEncoder.encode(bytes, key: photoKey, shape: source.shape) }
        }
        switch done.claim(key) {
        case let .done(.success(picture)): return .duplicate(picture)
        case let .done(.failure(failure)): return .failed(failure)
        case .busy: return .pending(key)
        case .mine: break
        }
        if let picture = known[Substring(key)] {
            done.note(key, .success(picture))
            return .reused(picture)
        }
        if let output = cache?.output(key) {
            done.note(key, .success(output.picture))
            return .cached(output)
        }
        switch encode() {
        case let .success(output):
            done.note(key, .success(output.picture))
            cache?.store(output)
            return .encoded(output)
        case let .failure(failure):
            done.note(key, .failure(failure))
            return .failed(failure)
        }
    }

    /// The local video files of `sources` whose copy or poster this build must make (its
    /// picture is neither in `known` nor in the cache), each once, in order: what needs FFmpeg. A file that
    /// cannot be read is left to `run`, which warns of it.
    static func videosToMake(_ sources: [PhotoSource], known: [Substring: Picture], cache: PhotoCache? = nil,
                             code: Site.CodeConstants) -> [String] {
        let names = Names(code.photos, videos: code.videos)
        var files: [String] = [], seen: Set<String> = []
        for source in sources {
            guard let video = source.videoFile, !seen.contains(video),
                  case let .success(hash) = VideoEncoder.contentHash(ofFile: video) else { continue }
            let key = names.key(ofVideo: hash, for: source)
            if known[Substring(key)] == nil && cache?.holds(key) != true {
                files.append(video)
                seen.insert(video)
            }
        }
        return files
    }

    /// The pictures whose every variant the previous build wrote and the output still
    /// holds, by key.
    static func reusable(in manifest: SiteWriter.Manifest, output: String) -> [Substring: Picture] {
        var candidates: [Substring: Picture] = [:]
        manifest.forEach { path, file in
            guard let key = Picture.key(ofVariant: path), candidates[key] == nil,
                  let picture = Picture(key: String(key), manifestSource: file.source.text) else { return }
            candidates[key] = picture
        }
        return candidates.filter { _, picture in
            picture.paths.allSatisfy { SiteWriter.isUnchanged(manifest, output: output, path: $0, source: picture.manifestSource) }
        }
    }
}
