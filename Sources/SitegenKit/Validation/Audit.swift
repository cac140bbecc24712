/// The audit as one call: load, validate, and (for `--fix`) rewrite.
public enum Audit {
    public static func run(exportAt path: String, dialect: Dialect? = nil) throws -> AuditReport {
        Validator.audit(try ExportLoader.load(path: path, dialect: dialect))
    }

    /// The repaired export's bytes.
    public static func repairedBytes(exportAt path: String) throws -> [UInt8] {
        let report = try run(exportAt: path)
        return ExportRewriter(document: report.export.document, edits: report.edits).bytes()
    }
}
