import ArgumentParser
import SitegenExport
import SitegenKit
import SitegenSample
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Sitegen {
    struct Sample: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a synthetic export, for benchmarks and tests.",
            discussion: """
            The same options always give the same bytes. With --faults 0 the export is \
            perfectly consistent; --faults 0.01 drifts about 1% of the records the way the \
            apps' non-atomic writes do (counters, mirror edges, timelines, dangling likes…).
            """
        )

        enum DialectName: String, ExpressibleByArgument, CaseIterable {
            case makestagram, timeline
        }

        @Option(help: "Number of users (> 0).")
        var users: Int

        @Option(help: "Seed of the generator.")
        var seed: UInt64 = 1

        @Option(help: "Export dialect: makestagram or timeline.")
        var dialect: DialectName = .makestagram

        @Option(name: .customLong("faults"), help: "Share of drifted records, 0...1.")
        var faults: Double = 0

        @Option(name: .shortAndLong, help: "Write here (atomically) instead of to standard output.")
        var output: String?

        @Option(help: ArgumentHelp("Add a celebrity (makestagram): a user followed by FOLLOWERS others, with POSTS posts that never reached their timelines.",
                                   valueName: "FOLLOWERS:POSTS"))
        var celebrity: String?

        @Flag(name: .customLong("no-timeline"), help: "Leave out the timeline node (makestagram).")
        var noTimeline = false

        @Flag(help: "Write the same tree as a managed Firestore export (a folder; needs --output): each root node's children its documents.")
        var firestore = false

        @Flag(help: ArgumentHelp("With --firestore: keep follows and likes as arrays of uids in each user and post, posts flat with their owner in `uid` (the Flutter clone's layout; no timeline).",
                                 discussion: "Read it with a sitegen.toml holding:\n\(FirestoreArraysSample.schema)"))
        var arrays = false

        /// `--celebrity` as numbers.
        var celebrityCounts: (followers: Int, posts: Int)? {
            guard let celebrity else { return nil }
            let parts = celebrity.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let followers = Int(parts[0]), let posts = Int(parts[1]) else { return nil }
            return (followers, posts)
        }

        func validate() throws {
            guard users > 0 else { throw ValidationError("--users must be greater than 0.") }
            guard faults.isFinite, (0...1).contains(faults) else {
                throw ValidationError("--faults must be between 0 and 1.")
            }
            if celebrity != nil {
                guard let counts = celebrityCounts, counts.followers >= 0, counts.posts >= 0 else {
                    throw ValidationError("--celebrity must be FOLLOWERS:POSTS, two whole numbers (e.g. 60000:3000).")
                }
                guard counts.followers < users else { throw ValidationError("--celebrity: FOLLOWERS must be fewer than --users.") }
                guard dialect == .makestagram else { throw ValidationError("--celebrity needs --dialect makestagram.") }
            }
            if let output, output.isEmpty || output.hasSuffix("/") {
                throw ValidationError("--output must name a file.")
            }
            if firestore && output == nil { throw ValidationError("--firestore needs --output FOLDER.") }
            if arrays && !(firestore && dialect == .makestagram) { throw ValidationError("--arrays needs --firestore and the makestagram dialect.") }
        }

        func run() throws {
            let options = SampleOptions(users: users, seed: seed,
                                        dialect: dialect == .timeline ? .timeline : .makestagram,
                                        faultRate: faults, celebrity: celebrityCounts, timeline: !noTimeline)
            do {
                if let output, firestore {
                    var bytes: [UInt8] = []
                    try SampleGenerator.stream(options) { chunk in bytes.append(contentsOf: chunk) }
                    var tree = try JSONDocument.parse(bytes)
                    bytes = []
                    if arrays { tree = try JSONDocument.parse(FirestoreArraysSample.tree(tree)) }
                    try ManagedExportWriter.write(tree, project: "sitegen-sample", to: output)
                } else if let output {
                    try SampleGenerator.write(options, to: output)
                } else {
                    try SampleGenerator.stream(options) { chunk in try writeAll(chunk, to: STDOUT_FILENO) }
                }
            } catch {
                throw fail(error)
            }
        }

        private func writeAll(_ chunk: UnsafeBufferPointer<UInt8>, to fd: Int32) throws {
            var done = 0
            while done < chunk.count {
                let n = write(fd, chunk.baseAddress! + done, chunk.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw SampleOutputError(message: "cannot write to standard output: \(String(cString: strerror(errno)))")
                }
                done += n
            }
        }
    }
}

private struct SampleOutputError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
