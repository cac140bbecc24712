import Synchronization

/// A value behind a `Mutex`, with the hand-over from one holder to the next also made
/// through an `Atomic` (a release store on the way out, an acquire load on the way in).
///
/// The atomic changes nothing for the program (the mutex already orders the holders);
/// it is there for ThreadSanitizer. On Linux, `Mutex` hands a contended lock over in the
/// kernel (a priority-inheritance futex), where ThreadSanitizer cannot see it, and it then
/// reports two holders' accesses to the value as a race (`scripts/sanitize thread`).
/// Every shared value of the package that threads contend for is a `Locked`.
public struct Locked<Value: ~Copyable>: ~Copyable, Sendable {
    private let mutex: Mutex<Value>
    private let handOver = Atomic<Int>(0)

    public init(_ value: consuming sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, under the lock.
    public borrowing func withLock<Result>(_ body: (inout sending Value) -> sending Result) -> sending Result {
        mutex.withLock { value in
            _ = handOver.load(ordering: .acquiring)
            defer { handOver.store(0, ordering: .releasing) }
            return body(&value)
        }
    }
}
