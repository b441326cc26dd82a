@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// What the scene does with slices of different radii in motion (found by the rose's radial
/// browser checks): stacking needs one ring at both ends, a ring that changes shape is
/// sampled, and seam extensions stop at a slice that has an angle but no ring.
@Suite("Scene with rose radii")
struct RoseSceneTests {
    static func scene(_ old: ChartSpec, _ new: ChartSpec) -> Scene {
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        return Scene(layout: layout, plan: plan)
    }

    @Test func aRoseTurningIntoAPieIsNotStacked() {
        let pie = Fixture.spec([4, 1, 2])
        let rose = RoseTests.rose([4, 1, 2], .area)
        #expect(!Self.scene(rose, pie).stacked, "equal radii only at the end: stacking painted full rings from frame 0")
        #expect(!Self.scene(pie, rose).stacked)
        #expect(Self.scene(pie, Fixture.spec([1, 4, 2])).stacked, "one ring at both ends still stacks")
    }

    @Test func aRingThatChangesShapeIsSampledAndAScaledOneIsNot() {
        var donut = Fixture.spec([4, 1, 2])
        donut.chart.innerRadius = 0.5
        #expect(Self.scene(Fixture.spec([4, 1, 2]), donut).sampled, "pie to donut: outer = scale * (r + width / 2) is not linear")
        #expect(Self.scene(RoseTests.rose([4, 1, 2], .radius, inner: 0.3), RoseTests.rose([1, 4, 2], .radius, inner: 0.3)).sampled)
        // A pie's ring only scales (width = 2 * mid-radius at both ends): two keyframes are exact.
        #expect(!Self.scene(RoseTests.rose([4, 1, 2], .area), RoseTests.rose([1, 4, 2], .area)).sampled)
        #expect(!Self.scene(Fixture.spec([4, 1, 2]), Fixture.spec([1, 4, 2])).sampled)
    }

    @Test func seamExtensionsStopAtARoseZero() {
        // s1 = 0 keeps 90 degrees (90...180) with no ring: nothing may be painted there.
        let layout = Layout.layout(RoseTests.rose([4, 0, 2, 3], .area))
        let scene = Scene(layout: layout, plan: Planner.enter(layout, animation: AnimationOptions()))
        #expect(!scene.restUnderlays.isEmpty)
        for u in scene.restUnderlays where u.geometry.outerRadius > u.geometry.innerRadius {
            #expect(u.geometry.endAngle <= 90 + 1e-9 || u.geometry.startAngle >= 180 - 1e-9,
                    "extension \(u.geometry.startAngle)...\(u.geometry.endAngle) covers the empty place")
        }
        // A moving extension that reaches the 0 has no ring there: a dash of width 0.
        for b in scene.underlays where b.dash.width > 0 {
            for g in [b.dash.from, b.dash.to] {
                let start = g.angle, end = g.angle + g.length / (2 * .pi * b.dash.radius) * 360
                #expect(end <= 90 + 1e-6 || start >= 180 - 1e-6 || g.length == 0, "moving extension \(start)...\(end)")
            }
        }
    }

    /// A slice whose own radius is below a donut's hole has an angle but no ring, like a rose's
    /// 0: its ring and the extensions there have width 0, never a negative one (found by diffing the
    /// bench workloads' bundles: `stroke-width="-4.2"`, which engines draw as 1 px).
    @Test func aSliceInsideTheHoleGetsAnEmptyExtensionNotANegativeOne() throws {
        var spec = Fixture.spec([589, 208, 131, 777])
        spec.chart.innerRadius = 0.6
        spec.slices[3].radius = 0.58
        let layout = Layout.layout(spec)
        #expect(layout.slices[3].outerRadius == layout.slices[3].innerRadius, "inside the hole: no ring, not a negative one")
        #expect(!layout.slices[3].isVisible)
        let result = Compiler.compile(CompileRequest(source: SourceFile(path: "hole.yaml", text: """
            piec: 1
            chart: {innerRadius: 0.6}
            slices:
              - {label: A, value: 589}
              - {label: B, value: 208}
              - {label: C, value: 131, radius: 0.79}
              - {label: D, value: 777, radius: 0.58}
            """), defaultID: "hole"))
        let svg = String(decoding: try #require(result.bundle?.files.first { $0.name == "chart.svg" }).bytes, as: UTF8.self)
        #expect(!svg.contains("stroke-width=\"-"))
    }
}
