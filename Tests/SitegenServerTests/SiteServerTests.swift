import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import SitegenServer
import SitegenTestSupport
import Testing

/// `sitegen serve` over a real socket: the request line as a client sends it, through
/// Hummingbird's parser, to the Location the client gets.
@Suite struct SiteServerTests {
    /// Sends `GET <target>` to 127.0.0.1:`port` and reads the whole answer (the server
    /// closes the connection: `Connection: close`). Status and headers, lower-cased names.
    static func get(_ target: String, port: Int, extra: String = "") throws -> (status: Int, headers: [String: String]) {
        try exchange(target, port: port, extra: extra).head
    }

    /// The status, the headers and the body of `GET <target>`, `extra` being more header lines.
    static func exchange(_ target: String, port: Int, extra: String = "") throws -> (head: (status: Int, headers: [String: String]), body: [UInt8]) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\(extra)\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else { throw POSIXError(.EIO) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            answer += buffer[..<n]
        }
        let split = answer.firstRange(of: Array("\r\n\r\n".utf8))
        let head = String(decoding: answer[..<(split?.lowerBound ?? answer.endIndex)], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return ((status, headers), split.map { Array(answer[$0.upperBound...]) } ?? [])
    }

    /// `body` on a thread of its own: a blocking read on one of the few threads of Swift's
    /// cooperative pool could starve the server it waits for.
    static func onAThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// Text goes gzipped to a client that accepts gzip, with `Vary: Accept-Encoding` (and a
    /// tag of its own); a client that does not gets the bytes as they are; photos and small
    /// files are never compressed.
    @Test func textIsGzippedForAClientThatAcceptsIt() async throws {
        let (root, _) = try SiteFilesTests.site()
        let css = String(repeating: ".grid { display: grid; gap: 3px; }\n", count: 200)
        try FileManager.default.createDirectory(atPath: root + "/assets", withIntermediateDirectories: true)
        try css.write(toFile: root + "/assets/site.css", atomically: true, encoding: .utf8)
        try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: root + "/assets/photo.webp"))
        let files = try #require(SiteFiles(folder: root))
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let server = Task { try await SiteServer(files: files).run(host: "127.0.0.1", port: 0, running: { portSink.yield($0) }) }
        defer { server.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())

        let zipped = try await Self.onAThread { try Self.exchange("/assets/site.css", port: port, extra: "Accept-Encoding: br, gzip;q=0.8\r\n") }
        #expect(zipped.head.status == 200)
        #expect(zipped.head.headers["content-encoding"] == "gzip")
        #expect(zipped.head.headers["vary"] == "Accept-Encoding")
        #expect(zipped.body.count < css.utf8.count / 10 && zipped.body.starts(with: [0x1F, 0x8B]), "\(zipped.body.count) bytes")
        #expect(zipped.head.headers["content-length"] == String(zipped.body.count))
        let plain = try await Self.onAThread { try Self.exchange("/assets/site.css", port: port) }
        #expect(plain.head.headers["content-encoding"] == nil && plain.head.headers["vary"] == "Accept-Encoding")
        #expect(plain.body == Array(css.utf8))
        #expect(plain.head.headers["etag"] != zipped.head.headers["etag"], "each representation its own tag")
        let refused = try await Self.onAThread { try Self.get("/assets/site.css", port: port, extra: "Accept-Encoding: gzip;q=0, identity\r\n") }
        #expect(refused.headers["content-encoding"] == nil)
        let photo = try await Self.onAThread { try Self.get("/assets/photo.webp", port: port, extra: "Accept-Encoding: gzip\r\n") }
        #expect(photo.headers["content-encoding"] == nil && photo.headers["vary"] == nil)
        let small = try await Self.onAThread { try Self.get("/u/ana/", port: port, extra: "Accept-Encoding: gzip\r\n") }
        #expect(small.status == 200 && small.headers["content-encoding"] == nil, "4 bytes are sent as they are")
        #expect(SiteServer.acceptsGzip("*") && !SiteServer.acceptsGzip("identity") && !SiteServer.acceptsGzip(nil))
        server.cancel()
        _ = await server.result
    }

    /// A video (any file sent as it is) is served in byte ranges, as browsers ask for one
    /// (Safari plays none without them): 206 with the part, 416 past the end, the whole file
    /// for a range it does not read or an `If-Range` of another version.
    @Test func aVideoIsServedInByteRanges() async throws {
        let (root, _) = try SiteFilesTests.site()
        try FileManager.default.createDirectory(atPath: root + "/assets/video", withIntermediateDirectories: true)
        let video = (0..<1000).map { UInt8($0 % 251) }
        try Data(video).write(to: URL(fileURLWithPath: root + "/assets/video/clip.mp4"))
        let files = try #require(SiteFiles(folder: root))
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let server = Task { try await SiteServer(files: files).run(host: "127.0.0.1", port: 0, running: { portSink.yield($0) }) }
        defer { server.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        func get(_ extra: String) async throws -> (head: (status: Int, headers: [String: String]), body: [UInt8]) {
            try await Self.onAThread { try Self.exchange("/assets/video/clip.mp4", port: port, extra: extra) }
        }
        let whole = try await get("")
        #expect(whole.head.status == 200 && whole.body == video && whole.head.headers["accept-ranges"] == "bytes")
        #expect(whole.head.headers["content-type"] == "video/mp4")
        let first = try await get("Range: bytes=0-99\r\n")
        #expect(first.head.status == 206 && first.body == Array(video[0..<100]) && first.head.headers["content-range"] == "bytes 0-99/1000")
        #expect(first.head.headers["content-length"] == "100")
        let rest = try await get("Range: bytes=900-\r\n")
        #expect(rest.head.status == 206 && rest.body == Array(video[900...]) && rest.head.headers["content-range"] == "bytes 900-999/1000")
        let tail = try await get("Range: bytes=-10\r\n")
        #expect(tail.body == Array(video[990...]))
        let past = try await get("Range: bytes=1000-\r\n")
        #expect(past.head.status == 416 && past.head.headers["content-range"] == "bytes */1000" && past.body.isEmpty)
        let several = try await get("Range: bytes=0-1,5-6\r\n")
        #expect(several.head.status == 200 && several.body == video)
        let stale = try await get("Range: bytes=0-99\r\nIf-Range: \"other\"\r\n")
        #expect(stale.head.status == 200 && stale.body == video)
        let fresh = try await get("Range: bytes=0-99\r\nIf-Range: \(whole.head.headers["etag"] ?? "")\r\n")
        #expect(fresh.head.status == 206)
        #expect(SiteServer.byteRange("bytes=5-2", size: 10) == .whole && SiteServer.byteRange("items=0-1", size: 10) == .whole)
        #expect(SiteServer.byteRange("bytes=2-50", size: 10) == .part(2..<10))
        server.cancel()
        _ = await server.result
    }

    /// No request makes the server redirect off the site: every Location starts with the
    /// base path, never `//` or `/\` (a browser reads both as another host).
    @Test(arguments: ["/", "/profiles/"]) func redirectsStayOnTheSite(base: String) async throws {
        let (root, _) = try SiteFilesTests.site()
        let files = try #require(SiteFiles(folder: root, basePath: base))
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let server = Task {
            try await SiteServer(files: files).run(host: "127.0.0.1", port: 0, running: { portSink.yield($0) })
        }
        defer { server.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let sub = String(base.dropLast())  // "" or "/profiles"
        let expected: [(String, String?)] = [
            ("//u/alice", "u/alice/"), ("///x", "x/"), ("//x", "x/"), ("/\\x", "%5Cx/"), ("/%5Cx", "%5Cx/"),
            ("/%2F%2Fx", nil), ("/u/alice?q=1", "u/alice/?q=1"),
        ]
        for (request, location) in expected {
            for target in [sub + request, "/" + sub + request] {
                let (status, headers) = try await Self.onAThread { try Self.get(target, port: port) }
                if let location {
                    #expect(status == 301, "\(target)")
                    #expect(headers["location"] == base + location, "\(target)")
                } else {
                    #expect(status == 400, "\(target)")
                }
                if let where_ = headers["location"] {
                    #expect(where_.hasPrefix(base) && !where_.hasPrefix("//") && !where_.hasPrefix("/\\"), "\(target) → \(where_)")
                }
            }
        }
        server.cancel()
        _ = await server.result
    }
}
