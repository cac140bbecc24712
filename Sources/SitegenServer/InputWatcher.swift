import Foundation

/// Watches the files a build reads (the export, every file of the templates folder)
/// by polling their sizes and modification times, which works on every file system
/// and with editors that replace a file instead of writing it.
public struct InputWatcher: Sendable {
    public let paths: [String]
    /// Trees watched by their folders alone (the Storage copy, which may hold many thousand
    /// photos): a folder's modification time changes when a file in it is added, removed
    /// or renamed into place, as `gsutil cp` and `rsync` do; a file rewritten in place is
    /// not seen until the next of these.
    public let folderTrees: [String]

    public init(paths: [String], folderTrees: [String] = []) {
        self.paths = paths
        self.folderTrees = folderTrees
    }

    /// Each watched file (folders: every file inside) with its size and modification time,
    /// and each folder of `folderTrees` with its modification time.
    public func signature() -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for path in paths {
            note(path, kind: S_IFREG, into: &out)
            if let walker = FileManager.default.enumerator(atPath: path) {
                for case let relative as String in walker { note(path + "/" + relative, kind: S_IFREG, into: &out) }
            }
        }
        for tree in folderTrees {
            note(tree, kind: S_IFDIR, into: &out)
            guard let walker = FileManager.default.enumerator(atPath: tree) else { continue }
            for case let relative as String in walker {
                // Only folders are noted: a photo's own size and time are not compared.
                if walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory {
                    note(tree + "/" + relative, kind: S_IFDIR, into: &out)
                }
            }
        }
        return out
    }

    private func note(_ path: String, kind: mode_t, into out: inout [String: [Int]]) {
        var s = stat()
        guard stat(path, &s) == 0, (s.st_mode & S_IFMT) == kind else { return }
        out[path] = [Int(s.st_size), Int(s.st_mtim.tv_sec), Int(s.st_mtim.tv_nsec), Int(s.st_ino)]
    }

    /// Calls `changed` whenever the signature differs from the one before, until cancelled.
    public func run(every interval: Duration = .milliseconds(100), changed: @Sendable () async -> Void) async {
        var last = signature()
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            let now = signature()
            if now != last {
                last = now
                await changed()
            }
        }
    }
}
