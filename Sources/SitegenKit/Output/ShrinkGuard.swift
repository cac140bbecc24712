import Foundation
import SitegenExport
#if canImport(Glibc)
import Glibc
#endif

/// A site never shrinks by surprise (docs/robustness.md): before anything is staged, a
/// build or a merge that would publish far fewer profiles than the output holds stops,
/// unless `--allow-shrink` says it is meant. The anchors are rsync's `--max-delete` and
/// Terraform's plan: a deletion that large is shown and confirmed, not carried out.
struct ShrinkGuard {
    /// What a build may drop unasked: a tenth of the previous profiles, or up to
    /// `allowedDropCount` of them (a small site losing a few accounts), but never all. A
    /// user who deletes accounts drops a few; an export cut short or read as nearly empty
    /// drops most of them.
    static let allowedDrop = 0.10
    static let allowedDropCount = 10

    /// The profiles the site at `output` publishes: its `u/<slug>/` folders, read with
    /// one `readdir` (nil: no such folder, a first build).
    static func profiles(in output: String) -> Int? {
        guard let dir = opendir(output + "/u") else { return nil }
        defer { closedir(dir) }
        var count = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." || name.hasPrefix(".") { continue }
            let type = entry.pointee.d_type
            if type == UInt8(DT_DIR) {
                count += 1
            } else if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                if stat(output + "/u/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { count += 1 }
            }
        }
        return count
    }

    /// Throws when publishing `profiles` profiles into `output` would drop all of those it
    /// holds, or more than both `allowedDrop` of them and `allowedDropCount`.
    static func check(output: String, profiles new: Int) throws(SitegenError) {
        guard let old = profiles(in: output), old > 0, new < old else { return }
        let dropped = old - new
        guard new == 0 || (Double(dropped) > Double(old) * allowedDrop && dropped > allowedDropCount) else { return }
        let share = Int((Double(dropped) * 100 / Double(old)).rounded())
        throw SitegenError(
            file: output,
            message: "the new site would drop \(dropped) of its \(old) profiles (\(share)%, \(new) left): not published; "
                + "check the export, or build again with --allow-shrink if that is meant (nothing was published; \(output)/ is as it was)")
    }
}
