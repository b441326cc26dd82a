import Foundation
import Testing

/// What is wrong, said in the user's words (issue 42): an option's own name and range for a
/// negative value, one diagnostic per typo, E0104 for a data file that is not UTF-8 in every
/// format, and an empty --from folder refused instead of silently entering.
@Suite struct CLIMessagesTests {
    static let spec = "piec: 1\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}\n"

    @Test func aNegativeValueIsReportedWithTheOptionsRange() throws {
        let w = try Workspace()
        try w.write("s.yaml", Self.spec)
        for (arguments, message) in [
            (["render", "s.yaml", "-o", "x.png", "--width", "-5"], "--width must be between 1 and 10000, found -5"),
            (["render", "s.yaml", "-o", "x.svg", "--at", "-1s"], "--at takes a time such as 1200ms, 1.2s or 50%, found `-1s`"),
            (["render", "s.yaml", "-o", "x.gif", "--fps", "-3"], "--fps must be between 1 and 120, found -3"),
            (["history", "s.yaml", "--max", "-1"], "--max takes a whole number of at least 1, found -1"),
            (["build", "s.yaml", "--jobs", "-2"], "--jobs must be at least 1, found -2"),
        ] {
            let run = try PiecRunner.run(arguments, in: w.path)
            #expect(run.status == 64 && run.stderr.contains(message) && !run.stderr.contains("missing value"), "\(arguments): \(run.stderr)")
        }
        // An option word after an option that takes a value is still a missing value.
        let missing = try w.run("build", "s.yaml", "--from", "--check")
        #expect(missing.status == 64 && missing.stderr.contains("missing value for '--from <REF>'"), "\(missing.stderr)")
    }

    @Test func oneTypoOfARequiredKeyIsOneError() throws {
        let w = try Workspace()
        try w.write("s.yaml", "piec: 1\nslices:\n  - {label: A, vaule: 1}\n  - {label: B, value: 2}\n")
        let run = try w.run("check", "s.yaml")
        #expect(run.status == 1)
        #expect(run.stderr.components(separatedBy: "error[").count == 2, "\(run.stderr)")
        #expect(run.stderr.contains("s.yaml:3:16: error[E0201]: unknown key `vaule` in `slices[0]`, and the required `value` is missing"), "\(run.stderr)")
        #expect(run.stderr.contains("help: did you mean `value`?"))
        // A key that is missing and no typo of it: still reported as missing.
        try w.write("t.yaml", "piec: 1\nslices:\n  - {label: A, colour: red}\n")
        let other = try w.run("check", "t.yaml")
        #expect(other.stderr.contains("missing required key `value`") && other.stderr.contains("unknown key `colour`"), "\(other.stderr)")
    }

    @Test func aDataFileThatIsNotUTF8IsE0104InEveryFormat() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(atPath: w.path, withIntermediateDirectories: true)
        try Data([0x6C, 0x61, 0x62, 0x65, 0x6C, 0x2C, 0x76, 0x61, 0x6C, 0x75, 0x65, 0x0A, 0x41, 0xE9, 0x2C, 0x31, 0x0A])
            .write(to: URL(fileURLWithPath: w.url("latin1.csv")))
        try Data(Array("[{\"label\": \"A".utf8) + [0xE9] + Array("\", \"value\": 1}]".utf8)).write(to: URL(fileURLWithPath: w.url("latin1.json")))
        for name in ["latin1.csv", "latin1.json"] {
            try w.write("s.yaml", "piec: 1\ndata:\n  file: \(name)\n")
            let run = try w.run("build", "s.yaml", "-o", "out")
            #expect(run.status == 1 && run.stderr.contains("error[E0104]") && !w.exists("out"), "\(name): \(run.stderr)")
        }
        let run = try w.run("build", "s.yaml", "-o", "out")
        #expect(run.stderr.contains("latin1.json:1:"), "\(run.stderr)")
        try w.write("s.yaml", "piec: 1\ndata:\n  file: latin1.csv\n")
        let csv = try w.run("build", "s.yaml", "-o", "out")
        #expect(csv.stderr.contains("latin1.csv:2:2: error[E0104]: invalid utf-8 byte 0xe9"), "\(csv.stderr)")
    }

    @Test func anEmptyFromFolderIsRefused() throws {
        let w = try Workspace()
        try w.write("s.yaml", Self.spec)
        try FileManager.default.createDirectory(atPath: w.url("empty"), withIntermediateDirectories: true)
        let run = try w.run("build", "s.yaml", "-o", "out", "--from", "empty")
        #expect(run.status == 64 && run.stderr.contains("`empty` (named by --from) is an empty folder") && !w.exists("out"), "\(run.stderr)")
        #expect(try w.run("build", "s.yaml", "-o", "out", "--from", "none").status == 0)
    }

    @Test func anUnknownSinceRevisionIsCalledSince() throws {
        let ws = try CLIFromTests.repository()
        let run = try CLIFromTests.piec(ws, "history", "share.yaml", "--since", "nope")
        #expect(run.status == 64 && run.stderr.contains("--since 'nope' is not a git revision of") && !run.stderr.contains("--from"), "\(run.stderr)")
    }
}
