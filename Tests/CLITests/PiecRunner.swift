import Foundation

/// Runs the built `piec` executable in a directory and captures what it printed.
struct PiecRunner {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// stdout as bytes (binary outputs such as `render -o - --format gif`).
        var stdoutBytes: [UInt8] = []
    }

    /// The `piec` binary of this build: `PIEC_BINARY` if set, else next to the test bundle
    /// (the products directory, whatever `--scratch-path` or configuration), else `.build/debug`.
    static let binary: String? = {
        let fm = FileManager.default
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["PIEC_BINARY"] { candidates.append(explicit) }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("piec").path)
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("piec").path)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("piec").path)
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("piec").path)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/piec").path)
        return candidates.first { fm.isExecutableFile(atPath: $0) && !$0.hasSuffix(".xctest") }
    }()

    /// Runs `piec arguments...` in `directory` with stdin closed; `shell` wraps it as
    /// `sh -c "<shell> exec piec ..."` (e.g. to set a ulimit first).
    /// `stdin`: bytes to pipe to it (closed after them); nil = no standard input at all.
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:], shell: String? = nil,
                    stdin: [UInt8]? = nil) throws -> Run {
        guard let binary else { throw RunnerError.binaryNotFound }
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell + " exec \"$0\" \"$@\"", binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        env.merge(environment) { $1 }
        process.environment = env
        // Pipes (a file-size ulimit must not hit our capture), drained concurrently.
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            // A piec that exits before reading its input (a usage error, a refusal before the
            // spec is read) closes the pipe: the write must fail with EPIPE, not kill the tests.
            signal(SIGPIPE, SIG_IGN)
            let writer = input.fileHandleForWriting
            Thread.detachNewThread {
                try? writer.write(contentsOf: Data(stdin))
                try? writer.close()
            }
        }
        let errData = Drain(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.wait(), as: UTF8.self),
            stdoutBytes: [UInt8](outData))
    }

    enum RunnerError: Error { case binaryNotFound }
}

/// Reads a pipe to its end on a background thread.
final class Drain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
