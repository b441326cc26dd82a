import Foundation
import Testing

/// `piec watch` as a user runs it: the built binary, its terminal lines, Ctrl-C.
@Suite struct WatchCLITests {
    static let binary: String? = {
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["PIEC_BINARY"] { candidates.append(explicit) }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("piec").path)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/piec").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// A running `piec watch`, its stderr going to a file that the test reads.
    final class Running {
        let process = Process()
        let log: String

        init(_ arguments: [String], in directory: String) throws {
            let binary = try #require(WatchCLITests.binary, "piec is not built")
            log = directory + "/stderr.txt"
            _ = FileManager.default.createFile(atPath: log, contents: nil)
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        var stderr: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

        /// Waits (re-reading stderr every 20 ms, at most `timeout` seconds) for `text`.
        func waitFor(_ text: String, timeout: Double = 20) throws {
            let deadline = Date().addingTimeInterval(timeout)
            while !stderr.contains(text) {
                guard Date() < deadline, process.isRunning else {
                    Issue.record("no `\(text)` in: \(stderr)")
                    throw WaitTimeout()
                }
                usleep(20_000)
            }
        }

        /// Sends `signal` and waits for the exit status.
        func stop(_ signal: Int32 = SIGINT, timeout: Double = 20) -> Int32? {
            kill(process.processIdentifier, signal)
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning {
                process.terminate()
                return nil
            }
            return process.terminationStatus
        }
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func rebuildsOnSaveAndStopsCleanly(signal: Int32) throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        let run = try Running(["watch", "specs", "-o", "out"], in: h.root)
        try run.waitFor("watching specs (inotify) -> out; press Ctrl-C to stop")
        #expect(run.stderr.contains("built 1 spec (1 written, 0 unchanged)"))
        writeInPlace(h.path("a.yaml"), specText([1, 2, 3]))
        try run.waitFor("specs/a.yaml -> out/a: +1 slice, 2 updated (")
        writeInPlace(h.path("a.yaml"), "piec: 1\nslices: [\n")
        try run.waitFor("specs/a.yaml: 1 error; keeping out/a")
        #expect(run.stderr.contains("error[E01"))
        #expect(run.stop(signal) == 0)
        #expect(run.stderr.hasSuffix("stopped\n"))
        #expect(h.tempEntries().isEmpty)
        #expect(h.values("a") == [1, 2, 3])
    }

    /// The first build of a session takes `piec build`'s default previous version: a bundle
    /// built from the spec keeps its transition instead of being rewritten as an entry.
    @Test func startingAWatchLeavesTheBundlesBuildWouldLeave() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        func build() throws -> Int32 {
            let run = try Running(["build", "specs", "-o", "out"], in: h.root)
            run.process.waitUntilExit()
            return run.process.terminationStatus
        }
        #expect(try build() == 0)
        writeInPlace(h.path("a.yaml"), specText([1, 2, 3]))
        #expect(try build() == 0)
        let manifest = try String(contentsOfFile: h.root + "/out/a/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"kind\": \"transition\""))
        let run = try Running(["watch", "specs", "-o", "out"], in: h.root)
        try run.waitFor("watching specs (inotify) -> out; press Ctrl-C to stop")
        #expect(run.stderr.contains("built 1 spec (0 written, 1 unchanged)"), "\(run.stderr)")
        #expect(run.stop() == 0)
        #expect(try String(contentsOfFile: h.root + "/out/a/manifest.json", encoding: .utf8) == manifest)
    }

    @Test func missingInputExits74() throws {
        let h = try WatchHarness()
        let run = try Running(["watch", "nope", "-o", "out"], in: h.root)
        run.process.waitUntilExit()
        #expect(run.process.terminationStatus == 74)
        #expect(run.stderr.contains("E0500"))
    }

    @Test func serveOnAFreePortPrintsTheURL() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1]))
        let run = try Running(["watch", "specs", "-o", "out", "--serve", "--port", "0"], in: h.root)
        try run.waitFor("preview at http://127.0.0.1:")
        try run.waitFor("watching specs")
        #expect(!run.stderr.contains("preview at http://127.0.0.1:0/"))
        #expect(run.stop() == 0)
    }

    @Test func pollFlagSelectsPolling() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1]))
        let run = try Running(["watch", "specs", "-o", "out", "--poll", "--poll-interval", "20"], in: h.root)
        try run.waitFor("(polling every 20 ms)")
        writeInPlace(h.path("b.yaml"), specText([2]))
        try run.waitFor("specs/b.yaml -> out/b: 1 slice")
        #expect(run.stop() == 0)
    }
}
