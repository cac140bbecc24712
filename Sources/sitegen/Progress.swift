import Foundation
import Glibc

/// A one-line `[i/n] step` status on a terminal; silent when stderr is not a TTY or under CI.
final class Progress: @unchecked Sendable {
    private let steps: Int
    private var current = 0
    private let enabled: Bool
    private var shown = false
    private let lock = NSLock()

    init(steps: Int) {
        self.steps = steps
        enabled = isatty(2) != 0 && getenv("CI") == nil
    }

    func step(_ what: String) {
        current += 1
        guard enabled else { return }
        fputs("\r\u{1B}[2K[\(current)/\(steps)] \(what)…", stderr)
        shown = true
    }

    /// Replaces the current line without advancing the step count.
    func update(_ what: String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        fputs("\r\u{1B}[2K[\(current)/\(steps)] \(what)…", stderr)
        shown = true
    }

    func done() {
        guard enabled, shown else { return }
        fputs("\r\u{1B}[2K", stderr)
        shown = false
    }
}
