import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import SitegenExport

/// The preview server of `sitegen serve`: the site folder as a static web server would
/// serve it (content types, `index.html` for folder URLs, the site's `404.html` for
/// misses, revalidation by ETag, text compressed with gzip for a client that accepts it,
/// byte ranges of the rest: a browser asks for a video in ranges, and Safari plays none
/// without them), plus live reload when `reload` is given.
public struct SiteServer: Sendable {
    public let files: SiteFiles
    public let reload: LiveReload?

    public init(files: SiteFiles, reload: LiveReload? = nil) {
        self.files = files
        self.reload = reload
    }

    /// Serves on `host:port` (port 0: any free one) until SIGINT or SIGTERM; `running`
    /// gets the port once the server listens; `background` (the watcher) runs beside it
    /// and is cancelled when the server stops.
    public func run(host: String, port: Int, running: @escaping @Sendable (Int) -> Void,
                    background: (@Sendable () async -> Void)? = nil) async throws {
        var logger = Logger(label: "sitegen-serve")
        logger.logLevel = .error
        let app = Application(
            responder: CallbackResponder { (request: Request, _: BasicRequestContext) in await self.respond(to: request) },
            configuration: .init(address: .hostname(host, port: port), serverName: "sitegen"),
            onServerRunning: { channel in running(channel.localAddress?.port ?? port) },
            logger: logger
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            if let background { group.addTask { await background() } }
            // The server returns first: on a signal, or when it cannot listen.
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    // MARK: - Responses

    public func respond(to request: Request) async -> Response {
        guard request.method == .get || request.method == .head else {
            var headers = HTTPFields()
            headers[.allow] = "GET, HEAD"
            return text(.methodNotAllowed, "method not allowed\n", headers: headers)
        }
        let path = request.uri.path
        if let reload, path == LiveReload.endpoint(basePath: files.basePath) {
            let since = request.uri.queryParameters.get("since").flatMap { Int($0) } ?? -1
            let generation = await reload.wait(since: since)
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: "{\"generation\":\(generation)}")))
        }
        switch files.resolve(path) {
        case let .file(file):
            return await send(file, status: .ok, request: request)
        case let .redirect(location):
            var headers = HTTPFields()
            let query = request.uri.query.map { "?\($0)" } ?? ""
            headers[.location] = location + query
            return text(.movedPermanently, "moved to \(location)\n", headers: headers)
        case .badRequest:
            return text(.badRequest, "bad request\n")
        case .notFound:
            guard let page = files.notFoundPage else { return text(.notFound, "not found\n") }
            return await send(page, status: .notFound, request: request)
        }
    }

    private func text(_ status: HTTPResponse.Status, _ body: String, headers: HTTPFields = HTTPFields()) -> Response {
        var headers = headers
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    private func send(_ file: String, status: HTTPResponse.Status, request: Request) async -> Response {
        var status = status
        let generation = reload?.generation
        let loaded: LoadedFile
        do {
            loaded = try await NIOThreadPool.singleton.runIfActive { try LoadedFile(path: file) }
        } catch {
            return text(.notFound, "not found\n")
        }
        let isHTML = file.hasSuffix(".html")
        var headers = HTTPFields()
        let contentType = SiteFiles.contentType(of: file)
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-cache"
        // Text is sent gzipped to a client that accepts it (the stylesheet, 26 KB, outweighed
        // a page's HTML): a cache keeps one copy per Accept-Encoding.
        let compressible = SiteServer.isCompressible(contentType)
        if compressible { headers[.vary] = "Accept-Encoding" }
        let gzip = compressible && loaded.bytes.count >= SiteServer.smallestCompressed
            && SiteServer.acceptsGzip(request.headers[.acceptEncoding])
        // Pages carry the live-reload script of the current generation: the tag covers it, and
        // the encoding (a gzipped body is another representation).
        let tag = "\"\(String(loaded.modified, radix: 36))-\(String(loaded.bytes.count, radix: 36))\(isHTML && generation != nil ? "-g\(generation!)" : "")\(gzip ? "-gz" : "")\""
        headers[.eTag] = tag
        if status == .ok, let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == tag }) {
            return Response(status: .notModified, headers: headers)
        }
        var bytes = loaded.bytes
        if isHTML, let generation {
            bytes = LiveReload.inject(LiveReload.script(basePath: files.basePath, generation: generation), into: bytes)
        }
        if gzip, let compressed = SiteServer.gzipped(bytes) {
            bytes = compressed
            headers[.contentEncoding] = "gzip"
        }
        // One range of a file sent as it is (`If-Range`: only of this version of it).
        if !compressible && status == .ok {
            headers[.acceptRanges] = "bytes"
            if let range = request.headers[.range], request.headers[.ifRange].map({ $0 == tag }) ?? true {
                switch SiteServer.byteRange(range, size: bytes.count) {
                case .whole: break
                case let .part(part):
                    headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound - 1)/\(bytes.count)"
                    bytes = Array(bytes[part])
                    status = .partialContent
                case .unsatisfiable:
                    headers[.contentRange] = "bytes */\(bytes.count)"
                    headers[.contentLength] = "0"
                    return Response(status: .rangeNotSatisfiable, headers: headers)
                }
            }
        }
        headers[.contentLength] = String(bytes.count)
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        return Response(status: status, headers: headers, body: body)
    }
}

extension SiteServer {
    enum ByteRange: Equatable {
        /// No range that can be read (several ranges, another unit, a malformed one): the
        /// whole file, as a server may answer.
        case whole
        case part(Range<Int>)
        /// A range that begins past the end of the file (416).
        case unsatisfiable
    }

    /// The one range of a `Range` header (`bytes=0-1023`, `bytes=1024-`, `bytes=-500`) in a
    /// file of `size` bytes.
    static func byteRange(_ header: String, size: Int) -> ByteRange {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.lowercased().hasPrefix("bytes="), !value.contains(",") else { return .whole }
        let spec = value.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            guard let suffix = Int(last), suffix > 0 else { return last == "0" ? .unsatisfiable : .whole }
            return size == 0 ? .unsatisfiable : .part(max(0, size - suffix)..<size)
        }
        guard let start = Int(first), start >= 0 else { return .whole }
        let end: Int
        if last.isEmpty {
            end = size - 1
        } else {
            guard let value = Int(last), value >= start else { return .whole }
            end = min(value, size - 1)
        }
        return start < size ? .part(start..<end + 1) : .unsatisfiable
    }

    /// Files smaller than this are sent as they are: gzip's 18 bytes of frame gain nothing.
    static let smallestCompressed = 256

    /// HTML, CSS, JavaScript, JSON, XML (sitemaps, feeds), SVG and plain text; not photos,
    /// fonts or icons, which are compressed already.
    static func isCompressible(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.hasPrefix("text/") || type == "application/json" || type == "application/manifest+json"
            || type == "application/xml" || type == "application/atom+xml" || type == "image/svg+xml"
    }

    /// Whether an Accept-Encoding header takes gzip: `gzip` or `*` listed without `q=0`
    /// (RFC 9110, 12.5.3; `identity` alone, or no header, takes none).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var gzip: Bool?, any: Bool?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") { weight = Double(parameter.dropFirst(2)) ?? 1 }
            if coding == "gzip" || coding == "x-gzip" { gzip = weight > 0 } else if coding == "*" { any = weight > 0 }
        }
        return gzip ?? any ?? false
    }

    /// `bytes` as one gzip member (zlib, level 6), or nil when zlib fails.
    static func gzipped(_ bytes: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 3 + 64)
        do {
            try GzipWriter.compressing(into: { out.append(contentsOf: $0) }, file: "(response)") { write in
                try bytes.withUnsafeBufferPointer { try write($0) }
            }
        } catch {
            return nil
        }
        return out
    }
}

/// A file's bytes and modification time (nanoseconds), read in one go.
struct LoadedFile {
    let bytes: [UInt8]
    let modified: Int

    init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw POSIXError(.ENOENT) }
        defer { close(fd) }
        var s = stat()
        guard fstat(fd, &s) == 0 else { throw POSIXError(.EIO) }
        modified = Int(s.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(s.st_mtim.tv_nsec)
        let size = Int(s.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        self.bytes = done == size ? bytes : Array(bytes[..<done])
    }
}
