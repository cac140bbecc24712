#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a repaired export: to another file, or over the input with a backup. A file
/// named `.gz` is written gzip-compressed (and an in-place repair of `export.json.gz`
/// keeps the original compressed bytes as its backup).
public enum RepairWriter {
    /// Returns a sentence saying what was written. The file written is either as it was or
    /// the whole repaired export (`AtomicFile`); on an error or a signal (`Interrupted`) the
    /// thrown error ends by saying that nothing was written, and an in-place repair removes
    /// the backup it made, so the folder is as it was too.
    public static func write(_ report: AuditReport, input: String, output: String?, inPlace: Bool) throws -> String {
        let rewriter = report.rewriter
        let fixed = report.repairableCount
        if inPlace {
            let backup = backupPath(for: input)
            // The backup is a second name for the original bytes, made before anything changes.
            do {
                if link(input, backup) != 0 {
                    let original = try ExportLoader.readFile(input, inflating: false)
                    try AtomicFile.write(to: backup) { sink in try sink(original.buffer) }
                }
            } catch {
                throw unwritten(error, input, existed: true)
            }
            do {
                try write(rewriter, to: input)
            } catch {
                unlink(backup)
                throw unwritten(error, input, existed: true)
            }
            return "repaired \(fixed) finding\(fixed == 1 ? "" : "s") in \(input) (original kept as \(backup))"
        }
        guard let output else { return "nothing written" }
        if sameFile(input, output) {
            throw SitegenError(file: output, message: "is the input export; use --in-place to replace it (a backup is kept)")
        }
        let existed = access(output, F_OK) == 0
        do {
            try write(rewriter, to: output)
        } catch {
            throw unwritten(error, output, existed: existed)
        }
        return "wrote the repaired export to \(output) (\(fixed) finding\(fixed == 1 ? "" : "s") repaired)"
    }

    /// The repaired export, through a deflating sink when `path` ends in `.gz`.
    static func write(_ rewriter: ExportRewriter, to path: String) throws {
        try AtomicFile.write(to: path) { sink in
            if ExportLoader.isGzip(path) {
                try GzipWriter.compressing(into: sink, file: path) { try rewriter.write($0) }
            } else {
                try rewriter.write(sink)
            }
        }
    }

    /// What an interrupted or failed write left: "nothing was written; FILE is as it was".
    public static func unchangedNote(_ file: String, existed: Bool) -> String {
        "nothing was written; \(file) " + (existed ? "is as it was" : "was not created")
    }

    static func unwritten(_ error: Error, _ file: String, existed: Bool) -> Error {
        WriteFailure.noting(unchangedNote(file, existed: existed), on: error, file: file)
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
