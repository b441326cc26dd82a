import Foundation
import GoldenFiles
import PieDriver
import Testing
@testable import PiecCLI

/// The generated reference pages docs/reference/cli.md and docs/reference/diagnostics.md
/// (keys.md is checked by PieSpecTests' KeyReferenceTests): each must equal what the tables
/// generate now. A missing page fails and prints what it would be; `make reference` (or
/// PIEC_UPDATE_FIXTURES=1 with these tests) writes them.
@Suite struct ReferencePagesTests {
    typealias Piec = PiecCommand<ExecPreview, ExecRaster>

    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/reference").standardized

    static var cliPage: String { CLIReference.page(Man<ExecPreview>.root, commands: Piec.specs) }

    @Test func cliReferencePageIsNotStale() throws {
        try Golden.checkPage(Self.cliPage, at: Self.docs.appendingPathComponent("cli.md"), fix: "make reference")
    }

    @Test func diagnosticsReferencePageIsNotStale() throws {
        let page = DiagnosticsReference.page()
        let missing = DiagnosticsReference.codesWithoutExample()
        print("diagnostics.md: \(missing.count) codes without an example spec: \(missing.joined(separator: " "))")
        try Golden.checkPage(page, at: Self.docs.appendingPathComponent("diagnostics.md"), fix: "make reference")
    }

    @Test func theCLIPageHasEveryCommandOptionAndExitStatus() {
        let page = Self.cliPage
        #expect(page.hasPrefix("# Command line\n\n"))
        for command in Piec.specs {
            #expect(page.contains("\n## piec \(command.name)\n"), "cli.md: \(command.name)")
            #expect(page.contains("](#piec-\(command.name))"), "cli.md: \(command.name) in the list")
            for option in command.options { #expect(page.contains("--\(option.long)"), "cli.md: \(command.name) --\(option.long)") }
        }
        for status in PiecExitCode.allCases { #expect(page.contains("| `\(status.rawValue)` | "), "cli.md: exit \(status.rawValue)") }
        #expect(page == Self.cliPage, "deterministic")
    }

    /// Headings are unique (MkDocs would number repeats, and the anchors would move when a
    /// command is added) and no line of text ends with spaces.
    @Test(arguments: ["cli", "diagnostics"])
    func headingsAreUnique(_ name: String) {
        let page = name == "cli" ? Self.cliPage : DiagnosticsReference.page()
        var inFence = false
        var headings: [Substring] = []
        for line in page.split(separator: "\n") {
            if line.hasPrefix("```") { inFence.toggle() }
            if !inFence, line.hasPrefix("#") { headings.append(line.drop { $0 == "#" }) }
            // (A code block shows piec's output as it is, blank source lines included.)
            #expect(inFence || !line.hasSuffix(" "), "\(name).md: trailing space in \(line)")
        }
        #expect(Set(headings).count == headings.count, "\(name).md: repeated headings")
        #expect(!inFence, "\(name).md: an unclosed code block")
    }

    @Test func theDiagnosticsPageHasEveryCode() {
        let page = DiagnosticsReference.page()
        for info in DiagnosticCatalog.all {
            #expect(page.contains("\n## \(info.code)\n"), "diagnostics.md: \(info.code)")
        }
        #expect(DiagnosticsReference.examples().count > 20)
    }

    @Test func markdownEscapesOutsideCodeSpans() {
        #expect(CLIReference.prose("OUT/<id>/ and `<id>`") == "OUT/\\<id\\>/ and `<id>`")
        #expect(CLIReference.prose("*.yaml [x]") == "\\*.yaml \\[x\\]")
        #expect(CLIReference.code("SPEC|DIR") == "`SPEC\\|DIR`")
        #expect(CLIReference.prose("every ```piec block, `a_b`") == "every \\`\\`\\`piec block, `a_b`")
    }
}
