import Foundation
import SitegenExport

/// Writes new files into a folder, all or none: `sitegen init` and `sitegen theme eject`.
package enum NewFiles {
    /// Writes each file at `folder/path` (making folders as needed) and returns the paths
    /// written. When any of them exists already it writes nothing and throws, naming that
    /// file with `refusal`.
    package static func write(_ files: [(path: String, bytes: [UInt8])], into folder: String, refusal: String) throws -> [String] {
        let fm = FileManager.default
        let targets = files.map { (path: folder + "/" + $0.path, bytes: $0.bytes) }
        if let existing = targets.first(where: { fm.fileExists(atPath: $0.path) }) {
            throw SitegenError(file: existing.path, message: refusal)
        }
        for (path, bytes) in targets {
            do {
                try fm.createDirectory(atPath: PathNames.parent(path), withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
            } catch {
                throw SitegenError(file: path, message: "cannot write: \(error.localizedDescription)")
            }
        }
        return targets.map(\.path)
    }
}
