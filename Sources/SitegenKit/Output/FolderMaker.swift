import Foundation
#if canImport(Glibc)
import Glibc
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
    private var made: Set<Substring> = [""]
    /// The folders this maker created (not those that were there), parents first.
    private(set) var created: [Substring] = []

    init(root: String, shownRoot: String? = nil, existing: Bool = false) {
        self.root = root
        self.shownRoot = shownRoot ?? root
        self.existing = existing
    }

    mutating func make(parentOf path: String) throws {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = path[..<slash]
        if made.contains(folder) { return }
        // Parents first.
        var index = folder.startIndex
        while index < folder.endIndex {
            let next = folder[index...].firstIndex(of: "/") ?? folder.endIndex
            let prefix = folder[..<next]
            if made.insert(prefix).inserted {
                var info = stat()
                if existing && stat(root + "/" + prefix, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                    // There already.
                } else if mkdir(root + "/" + prefix, 0o755) == 0 {
                    created.append(prefix)
                } else if errno != EEXIST {
                    let reason = String(cString: strerror(errno))
                    throw SitegenError(file: shownRoot + "/" + prefix, message: "cannot create the folder: \(reason)")
                }
            }
            index = next < folder.endIndex ? folder.index(after: next) : next
        }
    }
}
