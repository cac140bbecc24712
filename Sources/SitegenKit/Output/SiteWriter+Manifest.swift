import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - The manifest and the up-to-date decision

extension SiteWriter {
    /// What the previous build wrote: per file its content hash, size and the
    /// fingerprint of what it was made from.
    public struct Manifest: Sendable {
        var inputs: String = ""
        var files: [String: (hash: String, size: Int, source: String)] = [:]

        static func read(_ path: String) -> Manifest? {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            let bytes = [UInt8](data)
            var manifest = Manifest()
            var lineStart = 0
            var first = true
            for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
                defer { lineStart = i + 1 }
                guard i > lineStart else { continue }
                let line = bytes[lineStart..<i]
                if first {
                    first = false
                    let header = String(decoding: line, as: UTF8.self)
                    guard header.hasPrefix("sitegen-manifest ") else { return nil }
                    if header.hasPrefix("sitegen-manifest 2 ") { manifest.inputs = String(header.dropFirst("sitegen-manifest 2 ".count)) }
                    continue
                }
                // hash size source path (the path may hold spaces; the others do not)
                var fields: [Range<Int>] = []
                var start = line.startIndex
                for j in line.indices where bytes[j] == 0x20 && fields.count < 3 {
                    fields.append(start..<j)
                    start = j + 1
                }
                guard fields.count == 3, let size = Int(String(decoding: bytes[fields[1]], as: UTF8.self)) else { continue }
                manifest.files[String(decoding: bytes[start..<i], as: UTF8.self)] =
                    (String(decoding: bytes[fields[0]], as: UTF8.self), size, String(decoding: bytes[fields[2]], as: UTF8.self))
            }
            return first ? nil : manifest
        }

        func text() -> String {
            var out = "sitegen-manifest 2 \(inputs)\n"
            for path in files.keys.sorted() {
                let f = files[path]!
                out += "\(f.hash) \(f.size) \(f.source.isEmpty ? "-" : f.source) \(path)\n"
            }
            return out
        }
    }

    var manifestPath: String { output + "/" + SiteWriter.manifestName }

    /// The previous build's manifest, if the output folder has one.
    public func previousManifest() -> Manifest? { Manifest.read(manifestPath) }

    /// Whether `path` in the output was made from `source` and is still there, intact in size.
    public static func isUnchanged(_ manifest: Manifest, output: String, path: String, source: String) -> Bool {
        guard let old = manifest.files[path], old.source == source else { return false }
        var info = stat()
        return stat(output + "/" + path, &info) == 0 && Int(info.st_size) == old.size
    }

    /// Whether the previous build had exactly these inputs and its files are all there.
    public func isUpToDate(_ manifest: Manifest?, inputs: String) -> Bool {
        guard let manifest, manifest.inputs == inputs else { return false }
        for (path, file) in manifest.files {
            var info = stat()
            guard stat(output + "/" + path, &info) == 0, Int(info.st_size) == file.size else { return false }
        }
        return true
    }
}
