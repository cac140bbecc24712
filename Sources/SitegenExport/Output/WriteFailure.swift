/// What a failed or interrupted write left behind, added to its error.
package enum WriteFailure {
    /// `error` (from writing `file`) with `note` added: as an interruption's outcome, or
    /// after a failure's message (`" (note)"`). With `overriding`, the note replaces an
    /// outcome the interruption already had and follows the message after `"; "`: it is
    /// news that supersedes what the error said (files that could not be put back).
    package static func noting(_ note: String, on error: Error, file: String, overriding: Bool = false) -> Error {
        let suffix = overriding ? "; \(note)" : " (\(note))"
        switch error {
        case var interrupted as Interrupted:
            if overriding || interrupted.outcome.isEmpty { interrupted.outcome = note }
            return interrupted
        case var failure as SitegenError:
            failure.message += suffix
            return failure
        default:
            return SitegenError(file: file, message: "cannot write: \(error)\(suffix)")
        }
    }
}
