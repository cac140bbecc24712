import Foundation
import XCTest
@testable import SitegenKit
#if canImport(Glibc)
import Glibc
import SitegenTestSupport
@testable import SitegenExport
#endif

/// Faults during a build (and during `audit --fix`), caused for real on the built binary: a
/// read-only output, a file that cannot be replaced, a full disk (a small tmpfs), SIGINT and
/// SIGTERM while files are written. After each, the previous site is exactly as it was (every
/// file's bytes, the same set of paths and folders, the same inodes and modification times),
/// nothing is left beside it, and stderr holds one line saying what happened.
///
/// Mounts and `chattr` need root (the tests run as root in CI); without them a case throws
/// `XCTSkip` saying why. Mounts and immutable flags are undone in `tearDown`, also on failure.
final class BuildFaultTests: XCTestCase {
    private var cleanups: [() -> Void] = []

    override func tearDown() {
        for cleanup in cleanups.reversed() { cleanup() }
        cleanups = []
        super.tearDown()
    }

    // MARK: - Output not writable

    /// The whole output read-only (a read-only mount for root, who ignores permissions; mode
    /// 555 otherwise): the build fails before rendering and says why.
    func testOutputNotWritable() throws {
        let root = isRoot ? try tmpfs(size: "64m") : try folder()
        let (old, new) = try exports(users: 60)
        let out = root + "/public"
        try build(old, out)
        let before = try Snapshot(out)

        let reason: String
        if isRoot {
            try tool("/usr/bin/mount", ["-o", "remount,ro", root], orSkip: "cannot remount the tmpfs read-only")
            reason = "Read-only file system"
        } else {
            XCTAssertEqual(chmod(out, 0o555), 0)
            cleanups.append { chmod(out, 0o755) }
            reason = "Permission denied"
        }
        let run = try TestSupport.sitegen(["build", new, "--output", out])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "sitegen: \(out): cannot write: \(reason) (nothing was published; \(out)/ is as it was)\n")
        try assertUnchanged(out, before)

        // A new output in a folder that cannot be written: the folder is named.
        if isRoot {
            let fresh = root + "/fresh"
            let run = try TestSupport.sitegen(["build", new, "--output", fresh])
            XCTAssertEqual(run.status, 2)
            XCTAssertEqual(run.stderr, "sitegen: \(root): cannot write: Read-only file system (nothing was published; \(fresh)/ was not created)\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: fresh))
        }
    }

    /// An output that cannot be switched: for root, the output folder immutable (`chattr +i`),
    /// so the switch fails after the whole new site was made beside it; for another user,
    /// the folder above it and the post folders of mode 555, so the build stages inside the
    /// output and commits file by file (`SiteCommit`), and fails after it replaced others:
    /// every replaced file is put back (the same inode) and added ones removed.
    func testOutputThatCannotBeSwitchedStaysAsItWas() throws {
        let base = try folder()
        let (old, new) = try exports(users: 300)
        let out = base + "/public"
        try build(old, out)
        let before = try Snapshot(out)

        let run: TestSupport.Run
        if isRoot {
            try tool("/usr/bin/chattr", ["+i", out], orSkip: "cannot make a folder immutable here (chattr +i)")
            cleanups.append { _ = try? self.tool("/usr/bin/chattr", ["-i", out]) }
            run = try TestSupport.sitegen(["build", new, "--output", out, "--title", "Renamed"])
            XCTAssertEqual(run.stderr, "sitegen: \(out): cannot write: Operation not permitted (nothing was published; \(out)/ is as it was)\n")
        } else {
            let posts = try FileManager.default.contentsOfDirectory(atPath: out + "/p").map { out + "/p/" + $0 }
            for folder in posts { chmod(folder, 0o555) }
            chmod(base, 0o555)
            cleanups.append { for folder in posts { chmod(folder, 0o755) }; chmod(base, 0o755) }
            run = try TestSupport.sitegen(["build", new, "--output", out, "--title", "Renamed"])
            XCTAssertTrue(run.stderr.hasSuffix(": cannot write: Permission denied (nothing was published; \(out)/ is as it was)\n"), run.stderr)
        }
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, run.stderr)
        try assertUnchanged(out, before)
    }

    /// An output folder that is a mount point (a volume): nothing can be renamed into it from
    /// beside it, so the build stages inside it, in a hidden folder it then removes.
    func testOutputThatIsAMountPoint() throws {
        let out = try tmpfs(size: "64m")
        let (old, new) = try exports(users: 60)
        try build(old, out)
        try build(new, out)
        XCTAssertEqual(junk(beside: out), [])
        let again = try TestSupport.sitegen(["build", new, "--output", out])
        XCTAssertEqual(again.stderr, "sitegen: \(out)/ is up to date (export, templates and options unchanged)\n")
    }

    // MARK: - Disk full

    /// A tmpfs the previous site fits in but the new build's staged files do not.
    func testDiskFull() throws {
        let mount = try tmpfs(size: "64m")
        let (old, new) = try exports(users: 200)
        let out = mount + "/public"
        try build(old, out)
        let before = try Snapshot(out)
        // Room for a quarter of the site more: the changed pages need about all of it again.
        let used = try usedBytes(mount)
        try tool("/usr/bin/mount", ["-o", "remount,size=\(used + used / 4)", mount], orSkip: "cannot resize the tmpfs")

        let run = try TestSupport.sitegen(["build", new, "--output", out, "--title", "Renamed"])
        XCTAssertEqual(run.status, 2)
        let line = try XCTUnwrap(run.stderr.split(separator: "\n").first.map(String.init))
        XCTAssertEqual(run.stderr, line + "\n", "one line")
        XCTAssertTrue(line.hasPrefix("sitegen: \(out)/"), line)
        XCTAssertTrue(line.hasSuffix(": cannot write: No space left on device (nothing was published; \(out)/ is as it was)"), line)
        try assertUnchanged(out, before)

        // With room again the same build publishes: the space was the only problem.
        try tool("/usr/bin/mount", ["-o", "remount,size=64m", mount])
        let again = try TestSupport.sitegen(["build", new, "--output", out, "--title", "Renamed"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(junk(beside: out), [".public.sitegen-spare"])
    }

    // MARK: - Signals

    func testSIGINTWhileStagingLeavesThePreviousSite() throws {
        try interruptWhileWriting(SIGINT, status: 130, name: "SIGINT", phase: .staging)
    }

    /// With a second signal (Ctrl-C) right after the first, during the cleanup: the cleanup
    /// finishes all the same, and the first signal is the one reported.
    func testSIGTERMWhileStagingLeavesThePreviousSite() throws {
        try interruptWhileWriting(SIGTERM, status: 143, name: "SIGTERM", phase: .staging, thenAlso: SIGINT)
    }

    /// The signal lands while the new site is completed beside the output (its manifest is
    /// staged, unchanged files are being linked): the output was not touched.
    func testSIGINTWhileSwitchingLeavesThePreviousSite() throws {
        try interruptWhileWriting(SIGINT, status: 130, name: "SIGINT", phase: .commit)
    }

    enum Phase { case staging, commit }

    private func interruptWhileWriting(_ signal: Int32, status: Int32, name: String, phase: Phase, thenAlso second: Int32? = nil) throws {
        // A tmpfs when root: thousands of files written and removed quickly.
        let base = isRoot ? try tmpfs(size: "256m", orFolder: true) : try folder()
        let (old, new) = try exports(users: 1000)
        let out = base + "/public"
        try build(old, out)
        let before = try Snapshot(out)

        // Every page changes (new title and bios): thousands of files to stage and move.
        let run = try runSignalled(["build", new, "--output", out, "--title", "Renamed"], signal: signal, thenAlso: second) { pid in
            // The staging folder of this process with files in it (staging), with the new
            // manifest in it (completing the new site).
            let path = base + "/.public.sitegen-staging-\(pid)"
            if phase == .commit { return access(path + "/" + SiteWriter.manifestName, F_OK) == 0 }
            return ((try? FileManager.default.contentsOfDirectory(atPath: path))?.count ?? 0) > 0
        }
        XCTAssertTrue(run.signalled, "the signal was sent while the build was writing")
        XCTAssertEqual(run.status, status, run.stderr)
        XCTAssertEqual(run.stderr, "sitegen: interrupted (\(name)): nothing was published; \(out)/ is as it was\n")
        try assertUnchanged(out, before)
    }

    // MARK: - SIGKILL

    /// The users of the sites the SIGKILL tests publish and kill (1,463 files; 204 pages
    /// change from one to the other). Each test publishes some 17 of them; the steps killed
    /// are the same fractions of the publication whatever its size.
    static let killedSiteUsers = 300

    /// Where the SIGKILL tests publish: a tmpfs when root. A publication ends with `syncfs`,
    /// which waits for every dirty page of its file system, other programs' too: on a disk
    /// shared with builds the three tests took 560 of this suite's 660 s (docs/ci.md). A
    /// SIGKILL leaves the page cache as it is, so what the tests check is the same on a
    /// tmpfs.
    private func killedSiteFolder() throws -> String {
        isRoot ? try tmpfs(size: "512m", orFolder: true) : try folder()
    }

    /// A rebuild of a 300-user site (`killedSiteUsers`) killed with SIGKILL (as the OOM killer stops it; a power
    /// cut stops it as suddenly) at 12 steps spread over its publication
    /// (`--test-kill-at`, `PublishFaults`), the last step before the switch and the first after it
    /// among them, back and forth between the two sites, with the spare in play (two
    /// rebuilds to the end first, then every round's): each time the output is exactly
    /// the previous site (every file's bytes, inode and time) or exactly the new one (every
    /// file's bytes, the unchanged ones with their inode and time), which one as the step
    /// says; a reader meanwhile sees one site or the other, never a mix nor a missing page;
    /// the next run makes what the killed one left its spare, and a run to the end leaves
    /// nothing but the spare.
    func testSIGKILLAtAnyStepLeavesThePreviousSiteOrTheNew() throws {
        let base = try killedSiteFolder()
        let (old, new) = try exports(users: Self.killedSiteUsers)
        try killRounds(base: base) { target, out in ["build", target == 1 ? new : old, "--output", out] }
    }

    /// The same for `sitegen merge`: two shards of each export merged into the output,
    /// killed at 12 steps of its publication (the shards' files linked in, the switch).
    func testSIGKILLAtAnyStepOfAMergeLeavesThePreviousSiteOrTheNew() throws {
        let base = try killedSiteFolder()
        let (old, new) = try exports(users: Self.killedSiteUsers)
        var shards: [[String]] = []
        for (name, export) in [("old", old), ("new", new)] {
            shards.append(try (1...2).map { k in
                let folder = base + "/\(name)-shard-\(k)"
                let run = try TestSupport.sitegen(["build", export, "--shard", "\(k)/2", "--output", folder])
                XCTAssertEqual(run.status, 0, run.stderr)
                return folder
            })
        }
        let before = try shards.flatMap { $0 }.map { try Snapshot($0) }
        try killRounds(base: base) { target, out in ["merge"] + shards[target] + ["--output", out] }
        // The shard folders are as they were (their files are the output's by hard link).
        for (folder, snapshot) in zip(shards.flatMap { $0 }, before) {
            XCTAssertEqual(try Snapshot(folder).files, snapshot.files, folder)
        }
    }

    /// Publishes site 0 (`command(0, out)`) into `base/public`, then site 1 and site 0 again
    /// to the end (the spare then holds a whole site), then kills publications back and
    /// forth at 12 steps (see `testSIGKILLAtAnyStepLeavesThePreviousSiteOrTheNew`).
    private func killRounds(base: String, _ command: (_ target: Int, _ out: String) -> [String]) throws {
        let out = base + "/public"
        let spare = ".public.sitegen-spare"
        for target in [0, 1, 0] {
            let run = try runKilled(command(target, out), at: nil)
            XCTAssertFalse(run.killed, run.stderr)
        }
        XCTAssertEqual(junk(beside: out), [spare])
        let copy = base + "/copy"
        try tool("/usr/bin/cp", ["-a", out, copy])
        // The new site, and its publication's steps each way (old to new, new to old), on a
        // copy (without a spare: the steps are the same, one per file of the output).
        let forward = try runKilled(command(1, copy), at: 0)
        var sites = [try Snapshot(out), try Snapshot(copy)]
        // Still without a spare (with one and its record, the switch works from the
        // difference: fewer steps; `killRoundsFromTheDifference`).
        try tool("/usr/bin/rm", ["-rf", base + "/.copy.sitegen-spare"])
        let backward = try runKilled(command(0, copy), at: 0)
        XCTAssertEqual(try Snapshot(copy).files, sites[0].files, "the same site again")
        let counts = try [forward, backward].map { run -> (steps: Int, switchAfter: Int) in
            let numbers = try XCTUnwrap(run.stderr.firstMatch(of: /sitegen-test: (\d+) publish steps, switch after step (\d+)/), run.stderr)
            return (Int(numbers.1)!, Int(numbers.2)!)
        }
        let changed = sites[0].files.keys.filter { sites[0].files[$0] != sites[1].files[$0] }.sorted()
        let unchanged = sites[0].files.keys.filter { sites[0].files[$0] == sites[1].files[$0] }
        XCTAssertGreaterThan(changed.count, 150, "profile pages change")
        XCTAssertGreaterThan(unchanged.count, 1000, "post pages stay")

        // A reader of a sample of changed pages, each time through a folder descriptor opened
        // at one moment (the tree it names then), and of the home page by its path.
        let sample = stride(from: 0, to: changed.count, by: changed.count / 24).map { changed[$0] }
        let reader = Reader(out: out, sample: sample, sites: sites)

        var current = 0
        // Fractions of the steps, and -1, -2, -3: the last step before the switch, the first after it, the one before the last.
        let fractions = [0.0, 0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95, -1, -2, -3, 1.0]
        for (round, fraction) in fractions.enumerated() {
            let count = counts[current]
            let step: Int
            switch fraction {
            case -1: step = count.switchAfter  // the last step before the switch
            case -2: step = count.switchAfter + 1  // the first after it
            case -3: step = count.switchAfter - 1
            default: step = max(1, min(count.steps, Int(Double(count.steps) * fraction)))
            }
            let target = 1 - current
            reader.start()
            let run = try runKilled(command(target, out), at: step)
            let seen = reader.stop()
            XCTAssertTrue(run.killed, "round \(round): killed at step \(step) of \(count.steps): \(run.stderr)")
            let now = try Snapshot(out)
            let expected = step <= count.switchAfter ? current : target
            XCTAssertEqual(Set(now.files.keys), Set(sites[expected].files.keys), "round \(round), step \(step): the file set of the \(expected == current ? "previous" : "new") site")
            let differ = now.files.keys.filter { now.files[$0] != sites[expected].files[$0] }
            XCTAssertEqual(differ.count, 0, "round \(round), step \(step): \(differ.prefix(3))")
            // Unchanged files keep their inode and time (all of them when the site is the previous one).
            let kept = expected == current ? Array(now.files.keys) : unchanged
            let touched = kept.filter { now.identities[$0] != sites[current].identities[$0] }
            XCTAssertEqual(touched.count, 0, "round \(round), step \(step): \(touched.prefix(3)) replaced or touched")
            XCTAssertEqual(seen.mixed, 0, "round \(round): a reader saw \(seen.mixed) mixes of the two sites")
            XCTAssertEqual(seen.missing, 0, "round \(round): a reader missed index.html \(seen.missing) times")
            // Left: at most the killed run's staging folder, the spare and the lock file;
            // what the runs before it left was made the spare.
            let left = Set(junk(beside: out))
            XCTAssertTrue(left.isSubset(of: [".public.sitegen-staging-\(run.pid)", spare, ".public.sitegen-lock"]), "round \(round): \(left)")
            XCTAssertEqual(left.count { $0.hasPrefix(".public.sitegen-staging-") || $0 == spare }, 1, "round \(round): one spare tree: \(left)")
            sites[expected] = now
            current = expected
        }
        // A run to the end: the other site, nothing left but the spare.
        let target = 1 - current
        let done = try runKilled(command(target, out), at: nil)
        XCTAssertFalse(done.killed, done.stderr)
        XCTAssertEqual(try Snapshot(out).files, sites[target].files)
        XCTAssertEqual(junk(beside: out), [spare])
    }

    /// A rebuild whose spare has its record (`SpareRecord`: the last run switched to the end)
    /// is switched from the manifests' difference; killed at steps spread over that
    /// publication (the files linked from the difference among them), back and forth, the
    /// output is exactly the previous site or the new one, and the next run, whose spare is
    /// the killed run's staging folder (no record: compared name by name), publishes its
    /// site exactly. Each round starts from a spare with its record: a run to the end first.
    func testSIGKILLDuringASwitchFromTheDifferenceLeavesThePreviousSiteOrTheNew() throws {
        let base = try killedSiteFolder()
        let (old, new) = try exports(users: Self.killedSiteUsers)
        let out = base + "/public"
        let command = { (target: Int) in ["build", target == 1 ? new : old, "--output", out] }
        for target in [0, 1, 0] {
            let run = try runKilled(command(target), at: nil)
            XCTAssertFalse(run.killed, run.stderr)
        }
        // The steps each way, from the difference (a run to the end also leaves the spare its record).
        var sites = [try Snapshot(out)]
        let forward = try runKilled(command(1), at: 0)
        sites.append(try Snapshot(out))
        let backward = try runKilled(command(0), at: 0)
        XCTAssertEqual(try Snapshot(out).files, sites[0].files, "the same site again")
        let counts = try [forward, backward].map { run -> (steps: Int, switchAfter: Int) in
            XCTAssertTrue(run.stderr.contains("carry over (difference)"), "switched from the difference: \(run.stderr)")
            let numbers = try XCTUnwrap(run.stderr.firstMatch(of: /sitegen-test: (\d+) publish steps, switch after step (\d+)/), run.stderr)
            return (Int(numbers.1)!, Int(numbers.2)!)
        }
        var current = 0
        for (round, fraction) in [0.3, 0.6, 0.9, -1, -2, 1.0].enumerated() {
            let count = counts[current]
            let step: Int
            switch fraction {
            case -1: step = count.switchAfter
            case -2: step = count.switchAfter + 1
            default: step = max(1, min(count.steps, Int(Double(count.steps) * fraction)))
            }
            let target = 1 - current
            let run = try runKilled(command(target), at: step)
            XCTAssertTrue(run.killed, "round \(round): killed at step \(step) of \(count.steps): \(run.stderr)")
            let expected = step <= count.switchAfter ? current : target
            let now = try Snapshot(out)
            XCTAssertEqual(Set(now.files.keys), Set(sites[expected].files.keys), "round \(round), step \(step)")
            let differ = now.files.keys.filter { now.files[$0] != sites[expected].files[$0] }
            XCTAssertEqual(differ.count, 0, "round \(round), step \(step): \(differ.prefix(3))")
            // The next run (its spare the killed run's staging folder) publishes the other site
            // to the end; then back, so that the next round starts from a spare with its record.
            let other = 1 - expected
            let healed = try runKilled(command(other), at: nil)
            XCTAssertFalse(healed.killed, healed.stderr)
            XCTAssertEqual(try Snapshot(out).files, sites[other].files, "round \(round): healed")
            let back = try runKilled(command(expected), at: nil)
            XCTAssertFalse(back.killed, back.stderr)
            XCTAssertEqual(try Snapshot(out).files, sites[expected].files, "round \(round): back")
            current = expected
        }
        XCTAssertEqual(junk(beside: out), [".public.sitegen-spare"])
    }

    /// Reads `sample` (paths relative to `out`) again and again from another thread while
    /// a build runs: the changed pages through one folder descriptor per round, each read
    /// matched to the site it comes from (`mixed`: a round that saw both), and `index.html`
    /// by its path (`missing`: it could not be opened).
    final class Reader: @unchecked Sendable {
        let out: String
        let sample: [String]
        let sites: [[String: [UInt8]]]
        private let lock = NSLock()
        private var running = false
        private var result = (mixed: 0, missing: 0, rounds: 0)
        private let done = DispatchSemaphore(value: 0)

        init(out: String, sample: [String], sites: [Snapshot]) {
            self.out = out
            self.sample = sample
            self.sites = sites.map(\.files)
        }

        func start() {
            lock.withLock {
                running = true
                result = (0, 0, 0)
            }
            DispatchQueue.global().async { [self] in
                while lock.withLock({ running }) {
                    round()
                }
                done.signal()
            }
        }

        func stop() -> (mixed: Int, missing: Int, rounds: Int) {
            lock.withLock { running = false }
            done.wait()
            return lock.withLock { result }
        }

        private func round() {
            let page = open(out + "/index.html", O_RDONLY | O_CLOEXEC)
            if page >= 0 { close(page) }
            let folder = open(out, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard folder >= 0 else { return }
            defer { close(folder) }
            var from: Set<Int> = []
            for path in sample {
                // A file gone: the previous site being removed after the switch, not a mix.
                guard let bytes = Self.read(folder, path) else { from = []; break }
                if bytes == sites[0][path] { from.insert(0) } else if bytes == sites[1][path] { from.insert(1) } else { from.insert(2) }
            }
            lock.withLock {
                result.rounds += 1
                if page < 0 { result.missing += 1 }
                if from.count > 1 || from.contains(2) { result.mixed += 1 }
            }
        }

        private static func read(_ folder: Int32, _ path: String) -> [UInt8]? {
            let fd = openat(folder, path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var out: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
                if n <= 0 { return n == 0 ? out : nil }
                out += buffer[0..<n]
            }
        }
    }

    struct KilledRun {
        var pid: Int32
        var killed: Bool
        var stderr: String
    }

    /// Runs `sitegen` with the hidden `--test-kill-at step` (nil: without it: `PublishFaults`);
    /// `killed`: it ended by
    /// SIGKILL. A run that was not killed must succeed.
    private func runKilled(_ arguments: [String], at step: Int?) throws -> KilledRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestSupport.binary)
        process.arguments = arguments + (step.map { ["--test-kill-at", String($0)] } ?? [])
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        if !killed { XCTAssertEqual(process.terminationStatus, 0, stderr) }
        return KilledRun(pid: process.processIdentifier, killed: killed, stderr: stderr)
    }

    // MARK: - One build at a time

    /// A build that finds another one publishing into the same output refuses at once and
    /// changes nothing; a dead build's work folders are removed, a live one's are not.
    func testABuildRefusesWhileAnotherPublishesAndRemovesWhatDeadOnesLeft() throws {
        let base = try folder()
        let (old, new) = try exports(users: 20)
        let out = base + "/public"
        try build(old, out)
        let before = try Snapshot(out)

        // This process holds the output's lock, as a build in progress does.
        do {
            let holder = SiteWriter(output: out)
            try holder.lock()
            let run = try TestSupport.sitegen(["build", new, "--output", out])
            XCTAssertEqual(run.status, 2)
            XCTAssertEqual(run.stderr, "sitegen: \(out): another sitegen (pid \(getpid())) is publishing into this folder; run again when it is done (nothing was published; \(out)/ is as it was)\n")
            try assertUnchanged(out, before, leftovers: [".public.sitegen-lock"])
        }

        // A dead build's folders (its pid is gone; pid 1 is no sitegen) and a live one's (this process).
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        let left = [".public.sitegen-staging-\(dead.processIdentifier)", ".public.sitegen-backup-1", ".public.sitegen-staging-\(getpid())"]
        for name in left {
            try FileManager.default.createDirectory(atPath: base + "/" + name + "/u/ana", withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/" + name + "/u/ana/index.html"))
        }
        cleanups.append { try? FileManager.default.removeItem(atPath: base + "/" + left[2]) }
        let run = try TestSupport.sitegen(["build", new, "--output", out])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(junk(beside: out), [".public.sitegen-spare", left[2]], "only the live process's folder is left, and the spare (the dead staging folder made it, then the switch)")
    }

    // MARK: - audit --fix --in-place

    /// Interrupted while the repaired export is written: the export is the old one, byte for
    /// byte, and no temporary file or backup is left. Then a run to the end: the new export,
    /// and a backup equal to the old one.
    func testAuditFixInPlaceInterruptedThenCompleted() throws {
        let base = try folder()
        let export = base + "/export.json"
        let sample = try TestSupport.sitegen(["sample", "--users", "12000", "--seed", "4", "--faults", "0.02", "--output", export])
        XCTAssertEqual(sample.status, 0, sample.stderr)
        let original = try bytes(export)
        let temp = base + "/.export.json.sitegen-"

        let run = try runSignalled(["audit", export, "--fix", "--in-place"], signal: SIGINT) { pid in
            // The temporary file grows.
            var info = stat()
            return stat(temp + "\(pid).tmp", &info) == 0 && info.st_size > 0
        }
        XCTAssertTrue(run.signalled, "the signal was sent while the repaired export was written")
        XCTAssertEqual(run.status, 130, run.stderr)
        XCTAssertEqual(run.stderr, "sitegen: interrupted (SIGINT): nothing was written; \(export) is as it was\n")
        XCTAssertEqual(try bytes(export), original)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: base), ["export.json"], "no temporary file, no backup")

        let done = try TestSupport.sitegen(["audit", export, "--fix", "--in-place", "--format", "json"])
        XCTAssertTrue([0, 1].contains(done.status), done.stderr)
        XCTAssertTrue(done.stderr.hasPrefix("sitegen: repaired "), done.stderr)
        XCTAssertTrue(done.stderr.hasSuffix(" findings in \(export) (original kept as \(export).bak)\n"), done.stderr)
        XCTAssertEqual(try bytes(export + ".bak"), original)
        // The new export is the whole repaired one: the same bytes as a repair to another file.
        let elsewhere = base + "/elsewhere.json"
        XCTAssertTrue([0, 1].contains(try TestSupport.sitegen(["audit", export + ".bak", "--fix", "--output", elsewhere]).status))
        XCTAssertEqual(try bytes(export), try bytes(elsewhere))
        XCTAssertNotEqual(try bytes(export), original)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: base)), ["export.json", "export.json.bak", "elsewhere.json"])
    }

    /// No room for the repaired export beside the old one: the export is as it was, and
    /// neither a temporary file nor a backup is left.
    func testAuditFixInPlaceOnAFullDisk() throws {
        let mount = try tmpfs(size: "16m")
        let export = mount + "/export.json"
        let sample = try TestSupport.sitegen(["sample", "--users", "3000", "--seed", "5", "--faults", "0.02", "--output", export])
        XCTAssertEqual(sample.status, 0, sample.stderr)
        let original = try bytes(export)
        let used = try usedBytes(mount)
        try tool("/usr/bin/mount", ["-o", "remount,size=\(used + used / 2)", mount], orSkip: "cannot resize the tmpfs")

        let run = try TestSupport.sitegen(["audit", export, "--fix", "--in-place"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "sitegen: \(export): cannot write: No space left on device (nothing was written; \(export) is as it was)\n")
        XCTAssertEqual(try bytes(export), original)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mount), ["export.json"], "no temporary file, no backup")
    }

    // MARK: - The commit, step by step (in process)

    /// A fault (an error, or a signal) before any step of the commit, the manifest's included:
    /// the output is as it was each time; without a fault the new site is published. Both
    /// ways of committing: the switch (every file carried over, then the switch) and file by
    /// file (`SiteCommit`, where the switch is not available).
    func testCommitFailureAtEveryStepPutsEverythingBack() throws {
        try commitFailureAtEveryStep(exchanges: true)
        try commitFailureAtEveryStep(exchanges: false)
    }

    private func commitFailureAtEveryStep(exchanges: Bool) throws {
        let base = try folder()
        let out = base + "/public"
        func file(_ path: String, _ text: String) -> RenderedFile { RenderedFile(path: path, bytes: Array(text.utf8), source: text) }
        let first = [file("index.html", "home 1"), file("d/same.html", "same"), file("d/e/page.html", "page 1"), file("gone.html", "gone")]
        let second = [file("index.html", "home 2"), file("d/same.html", "same"), file("d/e/page.html", "page 2"), file("new/x/added.html", "added"),
                      file("d/e/more.html", "more")]
        var writer = SiteWriter(output: out)
        writer.exchanges = exchanges
        _ = try writer.publish(first, inputs: "1", previous: nil)
        let before = try Snapshot(out)
        // Moved in order: index.html, d/e/page.html, new/x/added.html, d/e/more.html, the
        // manifest; or each file of the previous site but gone.html carried over (4), then the switch.
        let steps = 5
        for failing in 0..<steps {
            for fault in [Fault.error, .signal] {
                var faulty = SiteWriter(output: out)
                faulty.exchanges = exchanges
                var step = 0
                faulty.beforeCommitStep = { path in
                    defer { step += 1 }
                    if step == failing {
                        switch fault {
                        case .error: throw SitegenError(file: out + "/" + path, message: "cannot write: injected")
                        case .signal: throw Interrupted(signal: SIGTERM)
                        }
                    }
                }
                XCTAssertThrowsError(try faulty.publish(second, inputs: "2", previous: faulty.previousManifest())) { error in
                    switch fault {
                    case .error: XCTAssertTrue("\(error)".hasSuffix(": cannot write: injected (nothing was published; \(out)/ is as it was)"), "\(error)")
                    case .signal: XCTAssertEqual("\(error)", "interrupted (SIGTERM): nothing was published; \(out)/ is as it was")
                    }
                }
                XCTAssertEqual(step, failing + 1, "step \(failing)")
                try assertUnchanged(out, before)
            }
        }
        let sameFile = before.identities["d/same.html"]
        let summary = try writer.publish(second, inputs: "2", previous: writer.previousManifest())
        XCTAssertEqual(try Snapshot(out).identities["d/same.html"], sameFile, "the unchanged file keeps its inode and time")
        XCTAssertEqual([summary.written, summary.unchanged, summary.removed], [4, 1, 1])
        XCTAssertEqual(String(decoding: try bytes(out + "/new/x/added.html"), as: UTF8.self), "added")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/gone.html"))
        XCTAssertEqual(junk(beside: out), exchanges ? [".public.sitegen-spare"] : [])
    }

    enum Fault { case error, signal }

    // MARK: - Helpers

    private var isRoot: Bool { getuid() == 0 }

    /// A new temporary folder, removed after the test.
    private func folder() throws -> String {
        let path = try TestSupport.temporaryFolder()
        cleanups.append { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// A new tmpfs of `size` (root only), unmounted after the test; `orFolder`: a plain
    /// temporary folder when it cannot be mounted.
    private func tmpfs(size: String, orFolder: Bool = false) throws -> String {
        guard isRoot else { throw XCTSkip("mounting a tmpfs needs root") }
        let path = try folder()
        do {
            try tool("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path], orSkip: "cannot mount a tmpfs")
        } catch is XCTSkip where orFolder {
            return path
        }
        cleanups.append { _ = try? self.tool("/usr/bin/umount", ["-l", path]) }
        return path
    }

    /// Runs a system tool; a failure fails the test, or skips it with `orSkip`.
    @discardableResult
    private func tool(_ path: String, _ arguments: [String], orSkip: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: path) else {
            if let orSkip { throw XCTSkip("\(orSkip): \(path) is missing") }
            throw SitegenError(file: path, message: "missing")
        }
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let what = "\(path) \(arguments.joined(separator: " ")): \(message.trimmingCharacters(in: .whitespacesAndNewlines))"
            if let orSkip { throw XCTSkip("\(orSkip) (\(what))") }
            throw SitegenError(file: path, message: what)
        }
        return message
    }

    /// A sample export of `users` users and a changed copy: every bio edited.
    private func exports(users: Int) throws -> (old: String, new: String) {
        let base = try folder()
        let old = base + "/export.json"
        let run = try TestSupport.sitegen(["sample", "--users", "\(users)", "--seed", "7", "--output", old])
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try String(contentsOfFile: old, encoding: .utf8)
        let changed = text.replacingOccurrences(of: #""bio":""#, with: #""bio":"Now: "#)
        XCTAssertNotEqual(changed, text)
        let new = base + "/changed.json"
        try changed.write(toFile: new, atomically: false, encoding: .utf8)
        return (old, new)
    }

    private func build(_ export: String, _ out: String) throws {
        let run = try TestSupport.sitegen(["build", export, "--output", out])
        XCTAssertEqual(run.status, 0, run.stderr)
    }

    private func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Bytes in use on the file system of `path`.
    private func usedBytes(_ path: String) throws -> Int {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { throw SitegenError(file: path, message: "statvfs failed") }
        return Int(info.f_blocks - info.f_bfree) * Int(info.f_frsize)
    }

    /// Every file and folder below a folder: bytes, inode and modification time of each file.
    struct Snapshot: Equatable {
        var files: [String: [UInt8]] = [:]
        var identities: [String: [Int]] = [:]
        var folders: Set<String> = []

        init(_ root: String) throws {
            guard let walker = FileManager.default.enumerator(atPath: root) else {
                throw SitegenError(file: root, message: "cannot list")
            }
            for case let relative as String in walker {
                var info = stat()
                guard lstat(root + "/" + relative, &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    folders.insert(relative)
                } else {
                    files[relative] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative)))
                    identities[relative] = [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
                }
            }
        }
    }

    /// The output is exactly as in `before`, and nothing of the build is left beside or in it
    /// (but `leftovers`).
    private func assertUnchanged(_ out: String, _ before: Snapshot, leftovers: [String] = [],
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let after = try Snapshot(out)
        XCTAssertEqual(Set(after.files.keys), Set(before.files.keys), "the same files", file: file, line: line)
        XCTAssertEqual(after.folders, before.folders, "the same folders", file: file, line: line)
        let differ = before.files.keys.filter { after.files[$0] != before.files[$0] }.sorted()
        XCTAssertTrue(differ.isEmpty, "\(differ.count) files differ: \(differ.prefix(5))", file: file, line: line)
        let touched = before.identities.keys.filter { after.identities[$0] != before.identities[$0] }.sorted()
        XCTAssertTrue(touched.isEmpty, "\(touched.count) files replaced or touched: \(touched.prefix(5))", file: file, line: line)
        XCTAssertEqual(junk(beside: out), leftovers, "no staging or backup folder left", file: file, line: line)
    }

    /// Staging and backup folders of any build, beside the output or inside it.
    private func junk(beside out: String) -> [String] {
        let parent = (out as NSString).deletingLastPathComponent
        let name = (out as NSString).lastPathComponent
        let beside = ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).filter { $0.hasPrefix(".\(name).sitegen-") }
        let inside = ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { SiteWriter.isWorkFolder($0) }
        return (beside + inside).sorted()
    }

    struct SignalledRun {
        var status: Int32
        var stderr: String
        /// The signal was sent (`when` became true before the process ended).
        var signalled: Bool
    }

    /// Runs `sitegen`, polls `when(pid)` every 2 ms and sends `signal` once it holds (and
    /// `second` 1 ms later).
    private func runSignalled(_ arguments: [String], signal: Int32, thenAlso second: Int32? = nil, when: (Int32) -> Bool) throws -> SignalledRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestSupport.binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        var signalled = false
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline {
            if when(pid) {
                signalled = kill(pid, signal) == 0
                if let second {
                    usleep(1000)
                    kill(pid, second)
                }
                break
            }
            usleep(2000)
        }
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "sitegen exited (the signal did not kill it)")
        return SignalledRun(status: process.terminationStatus, stderr: stderr, signalled: signalled)
    }
}
