import ArgumentParser
import Foundation
import SitegenExport
import SitegenKit
import SitegenServer

extension Sitegen {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the site and preview it on a local web server.",
            discussion: """
            Builds EXPORT into the output folder, then serves that folder as a static web \
            server would, until Ctrl-C. With --watch, a change of the export, of a \
            template, of sitegen.toml or of the photos in the storage folder beside the export \
            rebuilds the site and reloads the open pages. Exit status: 0 stopped, \
            2 the first build failed or the address could not be used.
            """
        )

        @OptionGroup var site: BuildOptions

        @Option(help: "Address to listen on.")
        var host: String = "127.0.0.1"

        @Option(help: "Port to listen on (0: any free port).")
        var port: Int = 8080

        @Option(help: "URL path to serve the site under, e.g. /profiles/ (default: the root).")
        var basePath: String = "/"

        @Flag(help: "Rebuild when the export or a template changes, and reload the open pages.")
        var watch = false

        func validate() throws {
            if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535.") }
        }

        func run() async throws {
            let base = SiteFiles.normalizedBasePath(basePath)
            // Under a sub-path the 404 page needs the site's path for its links: without
            // --base-url, the address served at stands in for it.
            let hostForURL = host.contains(":") ? "[\(host)]" : host
            let servedURL = base == "/" ? nil : "http://\(hostForURL):\(port)\(base)"
            let request = try site.request(baseURL: servedURL)
            // Ctrl-C during the first build stops it cleanly (nothing published); then the
            // server's own handling of SIGINT/SIGTERM takes over (rebuilds are not interrupted).
            let signals = Interruption.install()
            try site.build(request, preview: true)
            signals.restore()
            guard let files = SiteFiles(folder: request.output, basePath: base) else {
                throw fail(SitegenError(file: request.output, message: "the output folder is missing after the build"))
            }
            let reload = watch ? LiveReload() : nil
            let server = SiteServer(files: files, reload: reload)
            // The config file too: a change of sitegen.toml rebuilds with its new settings.
            let config = site.configFile.config ?? (FileManager.default.fileExists(atPath: SiteConfig.fileName) ? SiteConfig.fileName : nil)
            let watcher = InputWatcher(paths: [request.export] + [Site.templatesFolder(request), config].compactMap { $0 },
                                       folderTrees: [StorageFolder.path(beside: request.export)])
            let output = request.output
            do {
                try await server.run(host: host, port: port, running: { port in
                    print("sitegen: serving \(output)/ at http://\(hostForURL):\(port)\(base)\(watch ? " (watching for changes)" : "")")
                    flushStandardOutput()
                }, background: reload.map { reload in
                    { @Sendable in
                        await watcher.run { await Serve.rebuild(request, servedURL: servedURL, site: site, reload: reload) }
                    }
                })
            } catch {
                throw fail(SitegenError(file: "\(host):\(port)", message: "cannot serve there: \(error)"))
            }
            printError("sitegen: stopped")
        }

        /// Rebuilds on its own thread (the build uses every core), with the config file read
        /// again (the output folder stays the one being served); a failed build, or a config
        /// file with an error, keeps the previous site and is reported on stderr.
        static func rebuild(_ first: Site.Request, servedURL: String?, site: BuildOptions, reload: LiveReload) async {
            let start = ContinuousClock.now
            let ok = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
                Thread.detachNewThread {
                    do {
                        var request = try site.request(baseURL: servedURL)
                        request.output = first.output
                        try site.build(request, preview: true)
                        done.resume(returning: true)
                    } catch {
                        done.resume(returning: false)
                    }
                }
            }
            guard ok else { return }
            reload.advance()
            let ms = Int((ContinuousClock.now - start) / .milliseconds(1))
            printError("sitegen: rebuilt in \(ms) ms; open pages reload")
        }
    }
}
