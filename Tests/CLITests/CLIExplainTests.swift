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
        // The whole plan, one decision a line in a fixed order, each with its reason.
        let human = try ws.run("build", "specs", "-o", "site", "--explain")
        #expect(human.status == 0)
        let lines = human.stdout.split(separator: "\n").map(String.init)
        let head = "specs/pie.yaml (pie) chart "
        #expect(lines.map { $0.hasPrefix(head) ? String($0.dropFirst(head.count).prefix { $0 != ":" }) : $0 } == [
            "output bundle", "joins stacked", "masks none", "orbits none", "opacity opaque", "wedges offsetDashes", "separators lines",
            "keyframes shared", "rest strokes", "page svg", "pageReason shape",
        ], "\(human.stdout)")
        #expect(lines.allSatisfy { $0.contains(": ") && !$0.hasSuffix(": ") })
        #expect(lines.contains(head + "rest strokes: plain wedges of at least minStrokedWedge (2) degrees: each the stroke of its middle arc"))
        #expect(lines.contains(head + "page svg: index.html shows the SVG's own motion (pageReason says why)"))
        let again = try ws.run("build", "specs", "-o", "site", "--explain")
        #expect(again.stdout == human.stdout, "deterministic")
        let json = try ws.run("build", "specs", "-o", "site", "--explain", "--format", "json")
        let objects = json.stdout.split(separator: "\n")
        #expect(objects.count == lines.count, "one object per decision")
        #expect(objects.first == #"{"explain":"specs/pie.yaml","id":"pie","part":"chart","decision":"output","value":"bundle","reason":"a bundle: chart.svg and index.html"}"#,
                "\(json.stdout)")
        #expect(objects.last == #"{"explain":"specs/pie.yaml","id":"pie","part":"chart","decision":"pageReason","value":"shape","reason":"some element is not one exact rotate per box: movers, inside labels, masks, orbits, extensions, a counterclockwise chart, a track, unequal radii, a slice that changes radius, colour or opacity, a pattern, a translucent colour, a separator not across the ring, or an enter without separators"}"#,
                "\(json.stdout)")
    }
}
