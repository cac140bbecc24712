import Foundation

/// Runs `body(0)`, `body(1)`, …, `body(iterations - 1)` on up to every core and returns
/// when all are done. The one parallel loop of the package: the file reader, the
/// audit's side-by-side checks, the page renderer and (through `parallelMap`) the
/// page contexts and slugs all use it.
/// `body` is `@Sendable`, so the compiler checks what the iterations share.
package func parallelFor(_ iterations: Int, _ body: @Sendable (Int) -> Void) {
    switch iterations {
    case ..<1: return
    case 1: body(0)
    default: DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
    }
}

/// Memory that parallel iterations write, each at its own indices (never the same
/// index from two iterations, and nobody reads it until `parallelFor` returns).
///
/// `@unchecked Sendable`: a raw pointer carries no ownership the compiler could check;
/// what makes the writes safe is that the indices are disjoint, which `parallelFor`'s
/// callers guarantee by construction (iteration `i` writes only its own slice).
package struct DisjointWrites<T>: @unchecked Sendable {
    package let base: UnsafeMutablePointer<T>

    package init(_ buffer: UnsafeMutableBufferPointer<T>) { base = buffer.baseAddress! }

    package init(base: UnsafeMutablePointer<T>) { self.base = base }
}

extension Array where Element: Sendable {
    /// `[transform(0), transform(1), …, transform(count - 1)]`, computed in chunks on
    /// every core.
    package static func parallelMap(count: Int, chunk: Int = 512, _ transform: @Sendable (Int) -> Element) -> [Element] {
        let chunks = (count + chunk - 1) / chunk
        if chunks < 2 { return (0..<count).map(transform) }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let out = DisjointWrites(buffer)
            parallelFor(chunks) { c in
                for i in (c * chunk)..<Swift.min(count, (c + 1) * chunk) {
                    (out.base + i).initialize(to: transform(i))
                }
            }
            initialized = count
        }
    }
}

/// A value that one parallel task sets and the caller reads once `parallelFor` returns.
final class TaskResult<Value: Sendable>: Sendable {
    private let storage: Locked<Value>

    init(_ initial: Value) { storage = Locked(initial) }

    func set(_ value: Value) { storage.withLock { $0 = value } }

    var value: Value { storage.withLock { $0 } }
}
