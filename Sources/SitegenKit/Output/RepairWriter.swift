#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a repaired export: to another file, or over the input with a backup.
public enum RepairWriter {
    /// Returns a sentence saying what was written.
    public static func write(_ report: AuditReport, input: String, output: String?, inPlace: Bool) throws -> String {
        let rewriter = ExportRewriter(document: report.export.document, edits: report.edits)
        let fixed = report.repairableCount
        if inPlace {
            let backup = backupPath(for: input)
            // The backup is a second name for the original bytes, made before anything changes.
            if link(input, backup) != 0 {
                let original = try ExportLoader.readFile(input)
                defer { original.0.deallocate() }
                try AtomicFile.write(to: backup) { sink in
                    try sink(UnsafeBufferPointer(start: original.0.assumingMemoryBound(to: UInt8.self), count: original.1))
                }
            }
            try AtomicFile.write(to: input) { try rewriter.write($0) }
            return "repaired \(fixed) finding\(fixed == 1 ? "" : "s") in \(input) (original kept as \(backup))"
        }
        guard let output else { return "nothing written" }
        if sameFile(input, output) {
            throw SitegenError(file: output, message: "is the input export; use --in-place to replace it (a backup is kept)")
        }
        try AtomicFile.write(to: output) { try rewriter.write($0) }
        return "wrote the repaired export to \(output) (\(fixed) finding\(fixed == 1 ? "" : "s") repaired)"
    }

    /// `EXPORT.bak`, or `EXPORT.bak.N` when earlier backups exist.
    static func backupPath(for path: String) -> String {
        var candidate = path + ".bak"
        var n = 1
        while access(candidate, F_OK) == 0 {
            candidate = "\(path).bak.\(n)"
            n += 1
        }
        return candidate
    }

    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
