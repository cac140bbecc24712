import Foundation

/// `--timings`: wall time and throughput of each stage, on standard error.
final class StageClock {
    private let enabled: Bool
    private let start = DispatchTime.now()
    private var last = DispatchTime.now()

    init(enabled: Bool) { self.enabled = enabled }

    func lap(_ stage: String, bytes: Int) {
        guard enabled else { return }
        let now = DispatchTime.now()
        printError(line(stage, from: last, to: now, bytes: bytes))
        last = now
    }

    func total(bytes: Int) {
        guard enabled else { return }
        printError(line("total", from: start, to: DispatchTime.now(), bytes: bytes))
    }

    private func line(_ stage: String, from a: DispatchTime, to b: DispatchTime, bytes: Int) -> String {
        let seconds = Double(b.uptimeNanoseconds - a.uptimeNanoseconds) / 1e9
        let mb = Double(bytes) / 1e6
        return String(format: "timing: %-6@ %8.3f s  %8.1f MB/s", stage as NSString, seconds, seconds > 0 ? mb / seconds : 0)
    }
}

/// `build --timings`: the wall time of each stage a build reports through its progress
/// callback (`setup` is the templates and the output check before loading), on
/// standard error.
final class StageTimes: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private let start = DispatchTime.now()
    private var stages: [(name: String, start: DispatchTime)] = [("setup", DispatchTime.now())]

    init(enabled: Bool) { self.enabled = enabled }

    /// Starts `name`, unless it is the stage already running.
    func begin(_ name: String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if stages.last?.name != name { stages.append((name, DispatchTime.now())) }
    }

    func end() {
        guard enabled else { return }
        let now = DispatchTime.now()
        for (i, stage) in stages.enumerated() {
            let next = i + 1 < stages.count ? stages[i + 1].start : now
            printError(String(format: "timing: %-6@ %8.3f s", stage.name as NSString, seconds(stage.start, next)))
        }
        printError(String(format: "timing: %-6@ %8.3f s", "total" as NSString, seconds(start, now)))
    }

    private func seconds(_ a: DispatchTime, _ b: DispatchTime) -> Double {
        Double(b.uptimeNanoseconds - a.uptimeNanoseconds) / 1e9
    }
}
