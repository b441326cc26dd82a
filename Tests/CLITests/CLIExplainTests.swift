import Foundation
import Testing

/// `piec build --explain`: each chart's drawing plan on stdout, also for bundles that are up to date.
@Suite struct CLIExplainTests {
    @Test func explainPrintsEachChartsPlanOnStdout() throws {
        let ws = try Workspace()
        try ws.write("specs/pie.yaml", Specs.pie)
        let plain = try ws.run("build", "specs", "-o", "site")
        #expect(plain.status == 0 && plain.stdout.isEmpty, "\(plain.stdout)")
        // The bundle is up to date now: --explain builds it anyway, to have a plan to print.
        let line = "specs/pie.yaml (pie) chart: wedges offsetDashes, separators lines, keyframes shared, rest strokes, page svg\n"
        let human = try ws.run("build", "specs", "-o", "site", "--explain")
        #expect(human.status == 0)
        #expect(human.stdout == line, "\(human.stdout)")
        let json = try ws.run("build", "specs", "-o", "site", "--explain", "--format", "json")
        #expect(json.stdout == #"{"explain":"specs/pie.yaml","id":"pie","part":"chart","wedges":"offsetDashes","separators":"lines","keyframes":"shared","rest":"strokes","page":"svg"}"# + "\n",
                "\(json.stdout)")
    }
}
