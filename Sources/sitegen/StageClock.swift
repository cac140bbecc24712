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
