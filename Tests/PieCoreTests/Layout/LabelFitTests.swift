@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// A label's box against its slice's ring sector (`SectorBox`, `LabelFit`): exact at both
/// radii and both rays, for sectors up to a whole turn, in either direction.
@Suite("Label fit")
struct LabelFitTests {
    static let black = Color(r: 0, g: 0, b: 0)

    @Test func aBoxPastTheOuterRadiusOrIntoTheHoleDoesNotFit() {
        let box = SectorBox(centerX: 0, y: -100, width: 40, height: 20)
        #expect(box.isInside(start: -45, end: 45, inner: 0, outer: 120, sign: 1))
        // The corners (±20, -110) are 111.8 from the centre.
        #expect(!box.isInside(start: -45, end: 45, inner: 0, outer: 111, sign: 1))
        #expect(box.isInside(start: -45, end: 45, inner: 0, outer: 112, sign: 1))
        // The nearest point (0, -90): a hole of 90 touches it, of 91 reaches into the box.
        #expect(box.isInside(start: -45, end: 45, inner: 90, outer: 120, sign: 1))
        #expect(!box.isInside(start: -45, end: 45, inner: 91, outer: 120, sign: 1))
    }

    @Test func theRaysCutBoxesOfNarrowSectors() {
        // The lower corners (±20, -90) are at atan(20/90) = 12.53 degrees from 12 o'clock.
        let box = SectorBox(centerX: 0, y: -100, width: 40, height: 20)
        #expect(box.isInside(start: -12.6, end: 12.6, inner: 0, outer: 200, sign: 1))
        #expect(!box.isInside(start: -12.5, end: 12.6, inner: 0, outer: 200, sign: 1))
        #expect(!box.isInside(start: -12.6, end: 12.5, inner: 0, outer: 200, sign: 1))
        // Counterclockwise: chart angle a is screen angle -a; the box is symmetric.
        let right = SectorBox(centerX: 100, y: 0, width: 10, height: 10)
        #expect(right.isInside(start: 80, end: 100, inner: 0, outer: 200, sign: 1))
        #expect(!right.isInside(start: 80, end: 100, inner: 0, outer: 200, sign: -1))
        #expect(right.isInside(start: -100, end: -80, inner: 0, outer: 200, sign: -1))
    }

    @Test func sectorsWiderThanAHalfTurnLeaveOutAConvexWedge() {
        // 270 degrees from 3 o'clock: the missing quadrant is 12 to 3 o'clock (screen up-right).
        let centred = SectorBox(centerX: 0, y: 0, width: 20, height: 20)
        #expect(!centred.isInside(start: 90, end: 360, inner: 0, outer: 100, sign: 1))
        let lowerLeft = SectorBox(centerX: -30, y: 30, width: 20, height: 20)
        #expect(lowerLeft.isInside(start: 90, end: 360, inner: 0, outer: 100, sign: 1))
        // 330 degrees, the missing wedge from 12 to 1 o'clock: a long flat box across it has
        // no corner inside it, only its rays tell.
        let across = SectorBox(centerX: 12.9, y: -48.3, width: 200, height: 4)
        #expect(!across.isInside(start: 30, end: 360, inner: 0, outer: 200, sign: 1))
        let below = SectorBox(centerX: 12.9, y: 48.3, width: 200, height: 4)
        #expect(below.isInside(start: 30, end: 360, inner: 0, outer: 200, sign: 1))
        // A full turn: the radii alone decide.
        #expect(centred.isInside(start: 0, end: 360, inner: 0, outer: 100, sign: 1))
        #expect(!centred.isInside(start: 0, end: 360, inner: 5, outer: 100, sign: 1))
    }

    @Test func aLabelThatDoesNotFitAtTheDefaultRadiusMovesAcrossItsSlice() {
        // A 30-degree pie slice at 12 o'clock: "Meetings" is too wide at 0.62 R, fits further out.
        let g = SegmentGeometry(startAngle: -15, endAngle: 15, outerRadius: 150, innerRadius: 0, color: Self.black)
        let spot = LabelFit.spot("Meetings", geometry: g, fontSize: 12, sign: 1, fraction: nil)
        #expect(spot?.angle == 0 && spot!.radius > g.labelRadius)
        // `labels.radius` is kept as written: at 0.2 of the radius the text does not fit.
        #expect(LabelFit.spot("Meetings", geometry: g, fontSize: 12, sign: 1, fraction: 0.2) == nil)
        #expect(LabelFit.mode(.inside, text: "Meetings", geometry: g, fontSize: 12, sign: 1, fraction: 0.2) == .hidden)
        #expect(LabelFit.mode(.auto, text: "Meetings", geometry: g, fontSize: 12, sign: 1, fraction: 0.2) == .outside)
        #expect(LabelFit.mode(.auto, text: "Meetings", geometry: g, fontSize: 12, sign: 1, fraction: nil) == .inside)
        #expect(LabelFit.mode(.outside, text: "M", geometry: g, fontSize: 12, sign: 1, fraction: nil) == .outside)
    }

    /// `inside` never draws a label over its neighbours: it is left out (and reported).
    @Test func insideLeavesOutWhatDoesNotFitAndSaysWhich() throws {
        var spec = Fixture.spec([60, 38, 1.2, 0.8], labels: ["Alpha", "Beta", "Gamma delta epsilon", "Zeta"])
        spec.labels.minPercent = 0
        spec.labels.position = .inside
        let layout = Layout.layout(spec)
        #expect(layout.slices.map { $0.labelText != nil } == [true, true, false, false])
        #expect(layout.slices.map(\.labelLeftOut) == [nil, nil, .doesNotFit, .doesNotFit])
        let source = "piec: 1\nlabels: {minPercent: 0, position: inside}\nslices:\n  - {label: Alpha, value: 60}\n  - {label: Beta, value: 38}\n"
            + "  - {label: Gamma delta epsilon, value: 1.2}\n  - {label: Zeta, value: 0.8}\n"
        let result = Compiler.compile(CompileRequest(source: SourceFile(path: "t.yaml", text: source), defaultID: "t"))
        let warning = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1 && warning.severity == .warning && warning.code == LabelWarnings.doesNotFit)
        #expect(warning.message == "2 labels do not fit inside their slices and are left out")
        #expect(warning.range?.start == SourceLocation(line: 6, column: 13), "at the first slice's label")
        #expect(warning.labels.map(\.range.start.line) == [7])
        #expect(result.bundle != nil, "a warning, never an error")
    }
}
