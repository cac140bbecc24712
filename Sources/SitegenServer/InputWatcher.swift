import Foundation

/// Watches the files a build reads (the export, every file of the templates folder)
/// by polling their sizes and modification times, which works on every file system
/// and with editors that replace a file instead of writing it.
public struct InputWatcher: Sendable {
    public let paths: [String]

    public init(paths: [String]) {
        self.paths = paths
    }

    /// Each watched file (folders: every file inside) with its size and modification time.
    public func signature() -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for path in paths {
            note(path, into: &out)
            if let walker = FileManager.default.enumerator(atPath: path) {
                for case let relative as String in walker { note(path + "/" + relative, into: &out) }
            }
        }
        return out
    }

    private func note(_ path: String, into out: inout [String: [Int]]) {
        var s = stat()
        guard stat(path, &s) == 0, (s.st_mode & S_IFMT) == S_IFREG else { return }
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
