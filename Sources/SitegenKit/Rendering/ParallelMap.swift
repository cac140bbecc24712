import Foundation

extension Array {
    /// `[transform(0), transform(1), …, transform(count - 1)]`, computed in chunks on
    /// every core. `transform` must be safe to call from several threads at once.
    static func parallelMap(count: Int, chunk: Int = 512, _ transform: (Int) -> Element) -> [Element] {
        let chunks = (count + chunk - 1) / chunk
        if chunks < 2 { return (0..<count).map(transform) }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let out = SendableBuffer(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                for i in (c * chunk)..<Swift.min(count, (c + 1) * chunk) {
                    (out.base + i).initialize(to: transform(i))
                }
            }
            initialized = count
        }
    }
}
