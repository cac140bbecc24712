import Foundation
import SitegenExport
import SitegenKit

/// A one-line `[i/n] step` status on a terminal; silent when stderr is not a TTY or under CI.
/// `step` and `update` may be called from any thread (the renderer reports from its
/// workers); the step count and the line go together under one lock.
final class Progress: Sendable {
    private struct Line {
        var current = 0
        var steps: Int
        var shown = false
    }

    private let enabled: Bool
    private let line: Locked<Line>

    init(steps: Int) {
        line = Locked(Line(steps: steps))
        enabled = isatty(2) != 0 && getenv("CI") == nil
    }

    func step(_ what: String) {
        line.withLock { line in
            line.current += 1
            guard enabled else { return }
            writeError("\r\u{1B}[2K[\(line.current)/\(line.steps)] \(what)…")
            line.shown = true
        }
    }

    /// Step `index` of `count` begins (a build says how many steps it has).
    func step(_ index: Int, of count: Int, _ what: String) {
        line.withLock { line in
            line.current = index
            line.steps = count
            guard enabled else { return }
            writeError("\r\u{1B}[2K[\(index)/\(count)] \(what)…")
            line.shown = true
        }
    }

    /// Replaces the current line without advancing the step count.
    func update(_ what: String) {
        guard enabled else { return }
        line.withLock { line in
            writeError("\r\u{1B}[2K[\(line.current)/\(line.steps)] \(what)…")
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
