import Foundation
@testable import PieDriver
import Testing

/// Builds read git from several threads at once. Every pipe piec makes is close-on-exec and made
/// under the spawn lock: before, a `git cat-file --batch` started by one thread inherited the
/// stdin pipe of another thread's, so neither saw end-of-file and the build hung (the vcs
/// suite's `--check --from HEAD~1` hung in about one run in four).
struct GitConcurrencyTests {
    @Test(.timeLimit(.minutes(1))) func concurrentBatchReadsAllFinish() throws {
        let dir = try TempDir()
        func git(_ args: [String]) throws {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["git", "-C", dir.path] + args
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "git \(args)")
        }
        try git(["init", "-q"])
        for k in 0..<8 {
            // Files larger than a pipe's buffer, so a reader must drain while git writes.
            try String(repeating: "slice \(k)\n", count: 20_000).write(toFile: dir.path + "/f\(k).yaml", atomically: true, encoding: .utf8)
        }
        try git(["add", "."])
        try git(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "files"])
        let tree = try #require(GitWorkTree.containing(realDir: dir.path))
        let names = (0..<8).map { "HEAD:f\($0).yaml" }
        let results = parallelMap(Array(0..<200), jobs: 16) { _ in tree.read(names).map { $0?.count ?? -1 } }
        let expected = (0..<8).map { String(repeating: "slice \($0)\n", count: 20_000).utf8.count }
        #expect(results.allSatisfy { $0 == expected })
    }
}
