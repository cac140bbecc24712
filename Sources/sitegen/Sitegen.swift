import ArgumentParser
import Glibc
import SitegenExport
import SitegenKit

@main
struct Sitegen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen",
        abstract: "Publish static profile pages from a Firebase export, after auditing and repairing its data.",
        version: SitegenVersion.current,
        subcommands: [Init.self, Build.self, Merge.self, Audit.self, Inspect.self, Serve.self, ThemeCommand.self, Sample.self],
        defaultSubcommand: Build.self
    )

    static func main() async {
        tuneMalloc()
        await main(nil)
    }

    /// The renderer allocates on every core. glibc grows each thread's arena by the few
    /// pages a request needs, one `mprotect` call at a time; growing by 64 MB at a time
    /// reserves address space, not memory (untouched pages are not resident), and makes
    /// almost none of those calls (the counts: docs/performance.md).
    static func tuneMalloc() {
        _ = glibcMallopt(glibcTopPad, 64 << 20)
    }
}

// `<malloc.h>` is not in Swift's Glibc module.
@_silgen_name("mallopt") private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
/// `M_TOP_PAD` in `<malloc.h>`.
private let glibcTopPad: Int32 = -2

/// Prints a user-facing error as one line and exits with status 2, or 128 + the signal
/// (130 SIGINT, 143 SIGTERM) for `Interrupted`.
func fail(_ error: Error) -> ExitCode {
    printError("sitegen: \(error)")
    if let interrupted = error as? Interrupted { return ExitCode(interrupted.exitStatus) }
    return ExitCode(2)
}

func printError(_ message: String) {
    writeError(message + "\n")
}

/// What the export's reader read but did not understand (`FirestoreLayout.warnings`): the
/// first 20 lines as warnings, then how many more.
func printReadWarnings(_ lines: [String]) {
    for line in lines.prefix(20) { printError("sitegen: warning: \(line)") }
    if lines.count > 20 { printError("sitegen: warning: \(lines.count - 20) more values that sitegen does not know") }
}

/// Writes to standard error at once (unbuffered, as C's `stderr` is), with `write(2)` on
/// descriptor 2: C's `stderr` global is not concurrency-safe in the Swift 6 language mode.
/// Errors are ignored, as `fputs` ignored them.
func writeError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var done = 0
        while done < bytes.count {
            let n = write(2, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            done += n
        }
    }
}

/// Writes out what `print` has buffered for standard output.
func flushStandardOutput() {
    // `fflush(nil)` flushes every output stream; naming C's `stdout` global is not
    // concurrency-safe in the Swift 6 language mode.
    fflush(nil)
}

/// Writes `bytes` to standard output, after what `print` has buffered.
func writeStandardOutput(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    flushStandardOutput()
    var done = 0
    while done < bytes.count {
        let n = write(1, bytes.baseAddress! + done, bytes.count - done)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { throw SitegenError(file: "standard output", message: String(cString: strerror(errno))) }
        done += n
    }
}
