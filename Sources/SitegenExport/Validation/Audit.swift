/// The audit as one call: load, validate, and (for `--fix`) rewrite. `sitegen audit`
/// runs these steps through `run(exportAt:dialect:mapping:stage:)`; `sitegen build` runs the
/// same load and validation inside `Site.build`.
public enum Audit {
    /// The stages of `run`, reported as each begins.
    public enum Stage: Sendable {
        case loading
        /// The export is loaded (its size is known) and being validated.
        case auditing(Export)
    }

    /// Loads the export at `path` (as `dialect`, or the one detected, with sitegen.toml's
    /// `[schema]` mapping) and audits it.
    /// `stage` is told as each stage begins. Between stages a signal received while
    /// `Interruption` is installed stops the audit with `Interrupted`.
    /// `detail`: which findings the report keeps one by one (the others are summarized).
    public static func run(exportAt path: String, dialect: Dialect? = nil, mapping: Schema.Mapping = Schema.Mapping(),
                           detail: FindingDetail = .all,
                           stage: (Stage) -> Void = { _ in }) throws -> AuditReport {
        stage(.loading)
        let export = try ExportLoader.load(path: path, dialect: dialect, mapping: mapping)
        try Interruption.check()
        stage(.auditing(export))
        let report = Validator.audit(export, detail: detail)
        try Interruption.check()
        return report
    }

    /// The repaired export's bytes.
    public static func repairedBytes(exportAt path: String, mapping: Schema.Mapping = Schema.Mapping()) throws -> [UInt8] {
        let report = try run(exportAt: path, mapping: mapping, detail: .streamTimeline)
        return report.rewriter.bytes()
    }
}
