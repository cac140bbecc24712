import Foundation
import SitegenExport
import SitegenKit

/// `--timings`: wall time and throughput of each stage, on standard error.
final class StageClock {
    private let enabled: Bool
    private let start = DispatchTime.now()
    private var last = DispatchTime.now()

    init(enabled: Bool) { self.enabled = enabled }

    func lap(_ stage: String, bytes: Int) {
        guard enabled else { return }
        let now = DispatchTime.now()
        printError(StageClock.line(stage, from: last, to: now, bytes: bytes))
        last = now
    }

    func total(bytes: Int) {
        guard enabled else { return }
        printError(StageClock.line("total", from: start, to: DispatchTime.now(), bytes: bytes))
    }

    /// `timing: STAGE  SECONDS s`, with the throughput when `bytes` is given.
    static func line(_ stage: String, from a: DispatchTime, to b: DispatchTime, bytes: Int? = nil) -> String {
        let seconds = Double(b.uptimeNanoseconds - a.uptimeNanoseconds) / 1e9
        let time = String(format: "timing: %-6@ %8.3f s", stage as NSString, seconds)
        guard let bytes else { return time }
        return time + String(format: "  %8.1f MB/s", seconds > 0 ? Double(bytes) / 1e6 / seconds : 0)
    }
}

/// `build --timings`: the wall time of each step a build reports through its progress
/// callback (`Site.Step`, by name), on standard error.
final class StageTimes: Sendable {
    private let enabled: Bool
    private let start = DispatchTime.now()
    private let stages = Locked<[(name: String, start: DispatchTime)]>([])

    init(enabled: Bool) { self.enabled = enabled }

    /// Starts `name`, unless it is the stage already running.
    func begin(_ name: String) {
        guard enabled else { return }
        stages.withLock { stages in
            if stages.last?.name != name { stages.append((name, DispatchTime.now())) }
        }
    }

    func end() {
        guard enabled else { return }
        let now = DispatchTime.now()
        let stages = self.stages.withLock { $0 }
        for (i, stage) in stages.enumerated() {
            printError(StageClock.line(stage.name, from: stage.start, to: i + 1 < stages.count ? stages[i + 1].start : now))
        }
        printError(StageClock.line("total", from: start, to: now))
    }
}
