import ArgumentParser
import SitegenKit
import Glibc

@main
struct Sitegen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen",
        abstract: "Publish static profile pages from a Firebase export, after auditing and repairing its data.",
        subcommands: [Build.self, Serve.self, Audit.self, Sample.self],
        defaultSubcommand: Build.self
    )
}

/// Prints a user-facing error as one line and exits with status 2, or 128 + the signal
/// (130 SIGINT, 143 SIGTERM) for `Interrupted`.
func fail(_ error: Error) -> ExitCode {
    printError("sitegen: \(error)")
    if let interrupted = error as? Interrupted { return ExitCode(interrupted.exitStatus) }
    return ExitCode(2)
}

func printError(_ message: String) {
    var stderr = StandardError()
    print(message, to: &stderr)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        fputs(string, Glibc.stderr)
    }
}
