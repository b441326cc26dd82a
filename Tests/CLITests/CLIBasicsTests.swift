import Foundation
import PieCore
import PieDriver
import Testing

@Suite struct CLIBasicsTests {
    @Test func version() throws {
        let run = try Workspace().run("--version")
        #expect(run.status == 0)
        #expect(run.stdout == PiecVersion.string + "\n")
    }

    @Test func helpDocumentsExitCodes() throws {
        let run = try Workspace().run("--help")
        #expect(run.status == 0)
        #expect(run.stdout.contains("EXIT STATUS:"))
        for line in ["0   success", "1   a spec has errors", "2   --check", "64  usage error", "74  I/O failure"] {
            #expect(run.stdout.contains(line), "\(line)")
        }
        for command in ["build", "check", "explain", "schema"] { #expect(run.stdout.contains("  \(command) ")) }
    }

    @Test func explainKnownCode() throws {
        let run = try Workspace().run("explain", "e0503")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("E0503: spec file too large\n\nA spec file is larger than the limit"))
        #expect(run.stderr.isEmpty)
    }

    @Test func explainUnknownCodeSuggestsAndExits64() throws {
        let run = try Workspace().run("explain", "E0599")
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "error: unknown diagnostic code `E0599`\nhelp: did you mean `E0509`?\n")
        let far = try Workspace().run("explain", "banana")
        #expect(far.status == 64)
        #expect(far.stderr.contains("help: `piec explain --list` lists every code"))
    }

    @Test func explainListsEveryCode() throws {
        let run = try Workspace().run("explain", "--list")
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == DiagnosticCatalog.all.count)
        #expect(lines.contains("E0500  spec file not found"))
        #expect(lines.allSatisfy { $0.range(of: #"^E\d{4}  \S.*$"#, options: .regularExpression) != nil })
    }

    @Test(arguments: [
        ["build", "--jobs", "0"],
        ["build", "--bogus"],
        ["build", "--format", "xml"],
        ["check", "-o", "out"],
        ["explain"],
        ["explain", "E0500", "--list"],
        ["frobnicate"],
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        let ws = try Workspace()
        let run = try PiecRunner.run(arguments, in: ws.path)
        #expect(run.status == 64)
        #expect(!run.stderr.isEmpty)
    }

    @Test func schemaIsJSON() throws {
        let run = try Workspace().run("schema")
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        #expect(object is [String: Any])
        #expect(run.stdout.hasSuffix("}\n"))
    }
}
