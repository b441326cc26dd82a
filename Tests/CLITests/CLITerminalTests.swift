import Foundation
import Testing

/// Colour and progress need stderr to be a terminal: these run piec under util-linux `script`,
/// which gives it a pseudo-terminal (stdout and stderr merged).
@Suite(.enabled(if: TerminalRunner.available, "needs util-linux `script` (Linux)"))
struct CLITerminalTests {
    @Test func colourOnATerminalUnlessNoColor() throws {
        let ws = try Workspace()
        try ws.sparse("big.yaml", bytes: 9 * 1024 * 1024)
        let coloured = try TerminalRunner.run("check big.yaml", in: ws.path)
        #expect(coloured.contains("\u{1B}[1m\u{1B}[31merror[E0503]"))
        let plain = try TerminalRunner.run("check big.yaml", in: ws.path, environment: ["NO_COLOR": "1"])
        #expect(!plain.contains("\u{1B}["))
        #expect(plain.contains("big.yaml: error[E0503]"))
    }

    @Test func progressLineAbove200Specs() throws {
        let ws = try Workspace()
        for i in 0..<201 { try ws.write(String(format: "specs/s%03d.yaml", i), "piec: 1\nslices:\n  - { id: a, label: A, value: 1 }\n") }
        let many = try TerminalRunner.run("check specs", in: ws.path)
        #expect(many.contains("\r[201/201]"))
        #expect(many.contains("\r\u{1B}[K"))  // the line is cleared before the summary
        try FileManager.default.removeItem(atPath: ws.url("specs/s200.yaml"))
        let few = try TerminalRunner.run("check specs", in: ws.path)
        #expect(!few.contains("[200/200]"))
    }
}

enum TerminalRunner {
    static let script = "/usr/bin/script"

    static var available: Bool {
        #if os(Linux)
        return FileManager.default.isExecutableFile(atPath: script) && PiecRunner.binary != nil
        #else
        return false
        #endif
    }

    /// Runs `piec <arguments>` (a shell word list, no quoting needed for the tests) on a pty.
    static func run(_ arguments: String, in directory: String, environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-q", "-e", "-c", "'\(PiecRunner.binary!)' \(arguments)", "/dev/null"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
