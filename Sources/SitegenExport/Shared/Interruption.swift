import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The first SIGINT or SIGTERM received while `Interruption` handlers are installed; 0: none.
/// A lock-free atomic, so the signal handler may store into it.
private let receivedSignal = Atomic<Int32>(0)

/// The handler: records the first signal and returns (async-signal-safe: one atomic store).
/// Later signals change nothing, so a second Ctrl-C cannot cut the cleanup of the first short.
private func recordSignal(_ signal: Int32) {
    _ = receivedSignal.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent)
}

/// Ctrl-C (SIGINT) and SIGTERM for commands that write: instead of dying wherever the
/// signal lands (leaving a staging folder, a temporary file or, mid-commit, a mix of two
/// sites), the process notes the signal; the loops that render and write check it, stop,
/// put everything back and throw `Interrupted`, which the command reports on one line
/// and turns into exit status 128 + the signal (130, 143).
public enum Interruption {
    /// The dispositions `install()` replaced, to put back with `restore()`.
    public struct Installation {
        fileprivate var previous: [(Int32, sigaction)] = []

        /// Puts back the handlers that were there before (e.g. before a server takes over the signals).
        public func restore() {
            for (signal, action) in previous {
                var action = action
                sigaction(signal, &action, nil)
            }
        }
    }

    /// Installs the handlers for SIGINT and SIGTERM. A signal that was ignored when the
    /// process started (a background job of a script) stays ignored.
    @discardableResult
    public static func install() -> Installation {
        _ = receivedSignal.load(ordering: .relaxed) // initialised before any handler can run
        var installation = Installation()
        for signal in [SIGINT, SIGTERM] {
            var old = sigaction()
            guard sigaction(signal, nil, &old) == 0, !isIgnored(old) else { continue }
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { recordSignal($0) }
            #else
            action.__sigaction_u.__sa_handler = { recordSignal($0) }
            #endif
            sigemptyset(&action.sa_mask)
            // Interrupted system calls resume: the loops, not EINTR, decide where to stop.
            action.sa_flags = SA_RESTART
            if sigaction(signal, &action, nil) == 0 { installation.previous.append((signal, old)) }
        }
        return installation
    }

    /// The signal received since `install()`, if any.
    public static var signal: Int32? {
        let s = receivedSignal.load(ordering: .relaxed)
        return s == 0 ? nil : s
    }

    /// Throws `Interrupted` once a signal was received: called between units of work.
    @inline(__always)
    public static func check() throws {
        let s = receivedSignal.load(ordering: .relaxed)
        if s != 0 { throw Interrupted(signal: s) }
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        let handler = action.__sigaction_handler.sa_handler
        #else
        let handler = action.__sigaction_u.__sa_handler
        #endif
        return (action.sa_flags & SA_SIGINFO) == 0 && unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}

/// A command stopped on SIGINT or SIGTERM; `outcome` says what that left, e.g.
/// "nothing was published; public/ is as it was".
public struct Interrupted: Error, CustomStringConvertible, Sendable {
    public var signal: Int32
    public var outcome: String

    public init(signal: Int32, outcome: String = "") {
        self.signal = signal
        self.outcome = outcome
    }

    public var signalName: String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }

    /// 128 + the signal, as a shell reports a process the signal ended: 130, 143.
    public var exitStatus: Int32 { 128 + signal }

    public var description: String {
        outcome.isEmpty ? "interrupted (\(signalName))" : "interrupted (\(signalName)): \(outcome)"
    }
}
