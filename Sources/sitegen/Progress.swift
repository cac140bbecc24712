import Foundation
import SitegenKit

/// A one-line `[i/n] step` status on a terminal; silent when stderr is not a TTY or under CI.
/// `step` and `update` may be called from any thread (the renderer reports from its
/// workers); the step count and the line go together under one lock.
final class Progress: Sendable {
    private struct Line {
        var current = 0
        var shown = false
    }

    private let steps: Int
    private let enabled: Bool
    private let line = Locked(Line())

    init(steps: Int) {
        self.steps = steps
        enabled = isatty(2) != 0 && getenv("CI") == nil
    }

    func step(_ what: String) {
        line.withLock { line in
            line.current += 1
            guard enabled else { return }
            writeError("\r\u{1B}[2K[\(line.current)/\(steps)] \(what)…")
            line.shown = true
        }
    }

    /// Replaces the current line without advancing the step count.
    func update(_ what: String) {
        guard enabled else { return }
        line.withLock { line in
            writeError("\r\u{1B}[2K[\(line.current)/\(steps)] \(what)…")
            line.shown = true
        }
    }

    func done() {
        guard enabled else { return }
        line.withLock { line in
            guard line.shown else { return }
            writeError("\r\u{1B}[2K")
            line.shown = false
        }
    }
}
