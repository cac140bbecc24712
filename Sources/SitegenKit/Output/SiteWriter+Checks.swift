import Foundation
#if canImport(Glibc)
import Glibc
import SitegenExport
#endif

// MARK: - Checks before anything is written

extension SiteWriter {
    /// Refuses a folder that has files but no manifest: it is not a previous sitegen output.
    public func checkOutputFolder(_ manifest: Manifest?) throws {
        try checkOutputFolder(hasManifest: manifest != nil)
    }

    /// `checkOutputFolder`, knowing only whether the folder has a manifest (`previousInputs()`).
    public func checkOutputFolder(hasManifest: Bool) throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isDir) else { return }
        guard isDir.boolValue else { throw SitegenError(file: output, message: "exists and is not a folder") }
        if !hasManifest, let entries = try? FileManager.default.contentsOfDirectory(atPath: output),
           entries.contains(where: { !SiteWriter.isWorkFolder($0) }) {
            throw SitegenError(file: output, message: "is not empty and holds no \(SiteWriter.manifestName): not a previous sitegen output, refusing to write into it (choose another --output or empty it)")
        }
    }

    /// Fails before anything is rendered when the output (for a new output: the nearest folder
    /// above it that exists) cannot be written: a read-only file system, no permission.
    public func checkWritable() throws {
        var folder = output
        while access(folder, F_OK) != 0 {
            let parent = PathNames.parent(folder)
            folder = parent.isEmpty ? "." : parent
            if folder == "." || folder == "/" { break }
        }
        if access(folder, W_OK) != 0 { throw unpublished(SiteWriter.cannotWrite(folder)) }
    }

    /// Output paths come from slugs and keys made safe, but the writer checks again:
    /// nothing may leave the output folder.
    static func checkRelative(_ path: String) throws {
        if !isRelative(path.utf8) { throw SitegenError(file: path, message: "unsafe output path") }
    }

    /// Whether `checkRelative` takes the path whose bytes are `path`.
    static func isRelative(_ path: some Collection<UInt8>) -> Bool {
        var segmentStart = true
        var dots = 0
        var unsafe = path.isEmpty
        for c in path {
            switch c {
            case 0: unsafe = true
            case UInt8(ascii: "/"):
                if segmentStart || dots == 1 || dots == 2 { unsafe = true }
                segmentStart = true
                dots = 0
            case UInt8(ascii: "."):
                if segmentStart || dots > 0 { dots += 1 }
                segmentStart = false
            default:
                segmentStart = false
                dots = -1
            }
        }
        if segmentStart || dots == 1 || dots == 2 { unsafe = true }
        return !unsafe
    }
}
