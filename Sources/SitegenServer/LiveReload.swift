import Foundation
import Synchronization

/// `serve --watch`: a build generation that pages wait on. Each HTML page the server
/// sends gets a small script that asks `<base>__sitegen/wait?since=N`; the request is
/// answered when a rebuild makes generation N+1 (or after a while, to be asked again),
/// and the page reloads itself.
public final class LiveReload: Sendable {
    private let value = Atomic<Int>(0)

    public init() {}

    public var generation: Int { value.load(ordering: .acquiring) }

    /// A rebuild changed the site.
    public func advance() {
        value.add(1, ordering: .releasing)
    }

    /// The generation, as soon as it differs from `since`, or after `timeout`.
    public func wait(since: Int, timeout: Duration = .seconds(25)) async -> Int {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while generation == since, clock.now < deadline {
            do { try await Task.sleep(for: .milliseconds(50)) } catch { break }
        }
        return generation
    }

    /// The URL path of the wait endpoint under the site's base path.
    public static func endpoint(basePath: String) -> String { basePath + "__sitegen/wait" }

    /// The page script for generation `generation`.
    public static func script(basePath: String, generation: Int) -> String {
        """
        <script>/* sitegen serve --watch: reloads the page when the site is rebuilt */
        (function () {
          var generation = \(generation);
          function poll() {
            fetch("\(endpoint(basePath: basePath))?since=" + generation, { cache: "no-store" })
              .then(function (r) { return r.json(); })
              .then(function (d) { if (d.generation !== generation) { location.reload(); } else { poll(); } })
              .catch(function () { setTimeout(poll, 1000); });
          }
          poll();
        })();
        </script>

        """
    }

    /// `html` with `script` before its last `</body>` (or at its end).
    public static func inject(_ script: String, into html: [UInt8]) -> [UInt8] {
        let marker = Array("</body>".utf8)
        var at = html.count
        if html.count >= marker.count {
            var i = html.count - marker.count
            while i >= 0 {
                if html[i] == marker[0], Array(html[i..<(i + marker.count)]) == marker {
                    at = i
                    break
                }
                i -= 1
            }
        }
        return Array(html[..<at]) + Array(script.utf8) + Array(html[at...])
    }
}
