import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Faults a test injects into a publication, as a value it passes in (as Saga's `FileIO`
/// is), never read from the environment: `SiteWriter.faults`, set from `Site.Request.faults`
/// (the binary's hidden `--test-kill-at N`, which the SIGKILL tests and
/// `scripts/bench-build` give it). A build has `none`.
///
/// `killAt`: the process kills itself with SIGKILL (as the OOM killer would stop it; a power
/// cut stops it as suddenly) at the Nth step of publishing: every file staged or carried
/// over, the sync, the switch, the spare. A publication that ends before step N says on
/// stderr how many steps it took, the last step before the switch and the seconds of each
/// part (`sitegen-test: N publish steps, switch after step M; begin 0.000 s, …`), so that a
/// test can spread its kills over them and knows which site each kill must leave (0 counts
/// and times without killing: what `scripts/bench-build`'s figures of the switch come from).
public final class PublishFaults: Sendable {
    public let killAt: Int?
    private let steps = Atomic<Int>(0)
    private let switchStep = Atomic<Int>(0)
    private let laps = Mutex<(laps: [(String, Double)], last: UInt64)>(([], 0))

    public init(killAt: Int?) {
        self.killAt = killAt
    }

    /// No fault: every call below returns at once.
    public static let none = PublishFaults(killAt: nil)

    /// A step of publishing; `switching`: the last one before the switch.
    func step(switching: Bool = false) {
        guard let killAt else { return }
        let step = steps.add(1, ordering: .relaxed).newValue
        if switching { switchStep.store(step, ordering: .relaxed) }
        if step == killAt { kill(getpid(), SIGKILL) }
    }

    /// Says on stderr how many steps the publication took (see the type's description).
    func report() {
        guard killAt != nil else { return }
        let times = laps.withLock { laps in laps.laps.map { "\($0.0) " + String(format: "%.3f s", $0.1) }.joined(separator: ", ") }
        let line = "sitegen-test: \(steps.load(ordering: .relaxed)) publish steps, switch after step \(switchStep.load(ordering: .relaxed)); \(times)\n"
        FileHandle.standardError.write(line.data(using: .utf8)!)
    }

    /// Notes the seconds since the previous lap (the first: since the process started
    /// publishing), for `report`.
    func lap(_ name: String) {
        guard killAt != nil else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        laps.withLock { laps in
            let last = laps.last
            laps.last = now
            laps.laps.append((name, last == 0 ? 0 : Double(now - last) / 1e9))
        }
    }
}
