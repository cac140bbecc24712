import ArgumentParser
import SitegenKit

/// Faults injected by the tests that kill a real process (`BuildFaultTests`: SIGKILL at
/// the Nth step of a publication) and used by `scripts/bench-build` (0: count the steps and
/// time each part, kill nothing), as a value passed to the library (`PublishFaults`), never
/// read from the environment. Hidden from `--help`.
struct TestFaultOptions: ParsableArguments {
    @Option(name: .customLong("test-kill-at"), help: .hidden)
    var testKillAt: Int?

    var faults: PublishFaults { testKillAt.map { PublishFaults(killAt: $0) } ?? .none }
}
