import Foundation
#if canImport(Glibc)
import Glibc
import SitegenExport
#endif

/// `mkdir -p` for the parent folders of relative paths below `root`, one `mkdir`
/// call per folder and none for folders already made; errors name the folder below
/// `shownRoot` (where a staged file will go).
struct FolderMaker {
    let root: String
    let shownRoot: String
    /// Most folders are there already (an existing output): look before calling `mkdir`,
    /// which costs far more than `stat` on some file systems even when it fails.
    let existing: Bool
    /// The folders made or found, by a hash of their path: a site has one folder per user
    /// and post, and a set of `Substring`s kept every path alive (docs/performance.md).
    private var made: Set<ContentHash> = [FolderMaker.key("")]
    /// The folders this maker created in an existing folder (not those that were there),
    /// parents first; a maker for a new folder (staging) creates them all and keeps none.
    private(set) var created: [String] = []

    init(root: String, shownRoot: String? = nil, existing: Bool = false) {
        self.root = root
        self.shownRoot = shownRoot ?? root
        self.existing = existing
    }

    mutating func make(parentOf path: String) throws {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = path[..<slash]
        if made.contains(FolderMaker.key(folder)) { return }
        // Parents first.
        var index = folder.startIndex
        while index < folder.endIndex {
            let next = folder[index...].firstIndex(of: "/") ?? folder.endIndex
            let prefix = folder[..<next]
            if made.insert(FolderMaker.key(prefix)).inserted {
                var info = stat()
                if existing && stat(root + "/" + prefix, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                    // There already.
                } else if mkdir(root + "/" + prefix, 0o755) == 0 {
                    if existing { created.append(String(prefix)) }
                } else if errno == EEXIST && !existing && !isFolder(root + "/" + prefix) {
                    // In a staging folder made from the spare: a file (or link) where this
                    // build makes a folder goes.
                    unlink(root + "/" + prefix)
                    guard mkdir(root + "/" + prefix, 0o755) == 0 else {
                        let reason = String(cString: strerror(errno))
                        throw SitegenError(file: shownRoot + "/" + prefix, message: "cannot create the folder: \(reason)")
                    }
                } else if errno != EEXIST {
                    let reason = String(cString: strerror(errno))
                    throw SitegenError(file: shownRoot + "/" + prefix, message: "cannot create the folder: \(reason)")
                }
            }
            index = next < folder.endIndex ? folder.index(after: next) : next
        }
    }

    private func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func key(_ folder: Substring) -> ContentHash {
        var folder = folder
        return folder.withUTF8 { ContentHash(UnsafeRawBufferPointer($0), seed: 15) }
    }
}
