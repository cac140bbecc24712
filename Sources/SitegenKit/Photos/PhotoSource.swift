import Foundation
import SitegenExport

/// Where a photo the site publishes comes from: a base64 image inside the export
/// (timeline dialect) or a file of the local copy of the Storage bucket
/// (`content/storage/<object path>`, Makestagram dialect). A local video is one too (shape
/// `.video`: its copy), and so is the poster taken from it (`videoFrame`).
public struct PhotoSource: Sendable {
    enum Origin: Sendable {
        /// The JSON string node holding the base64 text.
        case base64(Int32)
        case file(String)
        /// A frame of the local video file (`VideoEncoder.frame`), published as a photo.
        case videoFrame(String)
    }

    let origin: Origin
    /// What a warning names: `images/<id>` or the file's path.
    let label: String
    /// A post's photo, a user's avatar (the same file may be both: two pictures), or a
    /// post's video.
    var shape: Picture.Shape = .photo

    /// The video file FFmpeg reads, for a video's copy or its frame; nil for a photo.
    var videoFile: String? {
        switch origin {
        case let .videoFrame(path): path
        case let .file(path) where shape == .video: path
        default: nil
        }
    }

    /// The photo's bytes; nil (no warning) for base64 that does not decode, which the
    /// audit reports already.
    func bytes(in document: JSONDocument) -> Result<[UInt8]?, PhotoFailure> {
        switch origin {
        case let .base64(node):
            guard let text = document.string(node), let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters),
                  !data.isEmpty else { return .success(nil) }
            return .success([UInt8](data))
        case let .file(path), let .videoFrame(path):
            guard let data = FileManager.default.contents(atPath: path) else {
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            return .success([UInt8](data))
        }
    }
}

/// A local copy of a Firebase Storage bucket, as `gsutil -m cp -r gs://BUCKET/* DIR/` leaves it.
public struct StorageFolder: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// Where the folder beside the export is looked for (`content/storage` for `content/export.json`).
    public static func path(beside export: String) -> String {
        let parent = PathNames.parent(export)
        return (parent.isEmpty ? "" : parent + "/") + "storage"
    }

    /// The folder beside the export (`content/storage/` for `content/export.json`), if it exists.
    public static func beside(export: String) -> StorageFolder? {
        let path = path(beside: export)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        return StorageFolder(path: path)
    }

    /// A hash of the folder's file names, sizes and modification times: a build whose
    /// export and options are unchanged is still redone when a photo was added or replaced.
    /// The folder is named by its absolute path: `content/storage` and
    /// `mysite/content/storage` from the folder above are the same folder.
    func listing() -> ContentHash {
        var hash = ContentHash(URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path)
        guard let walker = FileManager.default.enumerator(atPath: path) else { return hash }
        while let name = walker.nextObject() as? String {
            var info = stat()
            guard stat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            hash = hash.plus(ContentHash("\(name)\u{0}\(info.st_size)\u{0}\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"))
        }
        return hash
    }

    /// The local file of a download URL or Storage path, if the folder holds it.
    func file(for url: String) -> String? {
        guard let object = StorageFolder.objectPath(url) else { return nil }
        let file = path + "/" + object
        var info = stat()
        guard stat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return file
    }

    /// The object path an app wrote for a Storage object, in each way apps write one:
    /// - a download URL, `https://firebasestorage.googleapis.com/v0/b/<bucket>/o/images%2Fposts%2F<uid>%2F<key>.jpg?alt=media&token=…`;
    /// - a public URL, `https://storage.googleapis.com/<bucket>/images/posts/<uid>/<key>.jpg`;
    /// - a `gs://<bucket>/images/posts/<uid>/<key>.jpg` URI;
    /// - the object path itself, `images/posts/<uid>/<key>.jpg` (a leading `/` is dropped);
    /// each → `images/posts/<uid>/<key>.jpg`. Nil for another URL, or an object path that
    /// could leave the folder (`..`, an empty or hidden segment, a NUL).
    package static func objectPath(_ url: String) -> String? {
        var object: String?
        if let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() {
            let path = components.percentEncodedPath
            if scheme == "https" || scheme == "http" {
                if path.hasPrefix("/v0/b/"), let range = path.range(of: "/o/") {
                    let encoded = path[range.upperBound...]
                    guard !encoded.contains("/") else { return nil }
                    object = encoded.removingPercentEncoding
                } else if components.host?.lowercased() == "storage.googleapis.com" {
                    // `/<bucket>/<object>`
                    let rest = path.drop(while: { $0 == "/" })
                    guard let slash = rest.firstIndex(of: "/") else { return nil }
                    object = rest[rest.index(after: slash)...].removingPercentEncoding
                }
            } else if scheme == "gs", components.host?.isEmpty == false {
                object = String(path.drop(while: { $0 == "/" })).removingPercentEncoding
            }
        } else if !url.contains(":") && !url.hasPrefix("//") {
            object = String(url.drop(while: { $0 == "/" }))
        }
        guard let object, !object.isEmpty else { return nil }
        let segments = object.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\0") }) else { return nil }
        return object
    }
}
