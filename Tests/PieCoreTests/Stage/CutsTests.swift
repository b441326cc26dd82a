import PieSpec
import Testing
@testable import PieCore

/// The gaps and rounded corners of a stage (`Stage.cuts`): one cut per wedge track, the half
/// gap at each of its boundaries from the final order (a mover's both ends cut, an open end of
/// a partial sweep not), its corner radius (none on the one slice of a full circle), and the
/// boundaries inside parts of Other that cut nothing. `Stage.at(_:)` gives the same cuts at
/// every instant, and both the masks (`Scene.cutouts`) and `piec render`'s frames read them.
@Suite struct CutsTests {
    /// Slices `values` (`explode` by index; `ids`: slice k's id number, k by default), `chart`
    /// keys added; `other`: group below 10 %.
    static func spec(_ values: [Double], chart: String = "padAngle: 4, cornerRadius: 6", explode: [Int: Int] = [:],
                     ids: [Int]? = nil, other: Bool = false) throws -> ChartSpec {
        let slices = values.enumerated().map { i, v in
            "{id: s\(ids?[i] ?? i), label: S\(ids?[i] ?? i), value: \(v)\(explode[i].map { ", explode: \($0)" } ?? "")}"
        }
        return try Fixture.loaded("piec: 1\nid: t\nchart: {size: 320, innerRadius: 0.4, \(chart)\(other ? ", other: {minPercent: 10}" : "")}\n"
            + "labels: {position: none}\nlegend: {position: none}\nanimation: {duration: 1000ms, easing: ease-in-out}\n"
            + "slices: [" + slices.joined(separator: ", ") + "]\n")
    }

    static func scene(_ old: ChartSpec, _ new: ChartSpec) -> Scene {
        let chart = Transition.between(old: old, new: new)
        return Scene(layout: chart.layout, plan: chart.plan)
    }

    static let fractions = [0.1, 0.3, 0.55, 0.8, 0.95]

    @Test func eachWedgeIsCutByTheHalfGapOfTheFinalOrderWithItsCorners() throws {
        let scene = Self.scene(try Self.spec([40, 30, 20, 10]), try Self.spec([25, 25, 35, 15]))
        let stage = scene.stage, h = stage.layout.halfGap
        #expect(h > 0)
        #expect(stage.cuts.map(\.index) == stage.wedges.map(\.index) && stage.cuts.count == 4)
        // A closed circle: every boundary is cut on both sides, with the chart's corners.
        #expect(stage.cuts.allSatisfy { $0.startGap == h && $0.endGap == h && $0.corner == 6 && !$0.startJoined && !$0.endJoined })
        // A partial sweep: its two open ends are not cut.
        let half = "padAngle: 4, cornerRadius: 6, sweep: 180"
        let open = Self.scene(try Self.spec([40, 30, 20], chart: half), try Self.spec([20, 30, 40], chart: half)).stage.cuts
        #expect(open.map(\.startGap) == [0, h, h] && open.map(\.endGap) == [h, h, 0])
        // Neither gaps nor corners: no cuts, no rest shapes.
        let plain = Self.scene(try Self.spec([1, 2], chart: "padAngle: 0"), try Self.spec([2, 1], chart: "padAngle: 0")).stage
        #expect(plain.cuts.isEmpty && plain.restShapes.isEmpty)
    }

    @Test func aReorderedSliceIsCutAtBothEndsAndALoneFullCircleHasSquareCorners() throws {
        let scene = Self.scene(try Self.spec([40, 30, 20, 10]), try Self.spec([40, 20, 30, 10], ids: [0, 2, 1, 3]))
        let stage = scene.stage, h = stage.layout.halfGap
        let movers = zip(stage.wedges, stage.cuts).filter { $0.0.mover }.map(\.1)
        #expect(!movers.isEmpty && movers.allSatisfy { $0.startGap == h && $0.endGap == h })
        let one = Self.scene(try Self.spec([1], chart: "cornerRadius: 6"), try Self.spec([2], chart: "cornerRadius: 6"))
        #expect(one.stage.cuts.map(\.corner) == [0])
    }

    /// Other keeps two members (s2, s3) and gains one (s1): the boundary between the two that
    /// stay cuts nothing; the joining slice keeps its cut towards Other. The run of the two is
    /// one dash (`Stage.runEnds`, wedges apart): the first part's element spans both, masked at
    /// its start and at the last part's end; the last part's element is empty and cuts nothing.
    @Test func partsThatStayInOtherAreJoined() throws {
        let scene = Self.scene(try Self.spec([60, 30, 5, 5], other: true), try Self.spec([80, 8, 6, 6], other: true))
        let stage = scene.stage, cuts = stage.cuts
        #expect(cuts.map(\.endJoined) == [false, false, true, false] && cuts.map(\.startJoined) == [false, false, false, true])
        #expect(stage.wedges.map(\.joinsNext) == [false, false, true, false] && stage.runEnds == [0, 1, 3, nil])
        #expect(scene.drawing.joins == .apart && scene.drawing.joinsRuns)
        // The masks are made of these cuts: nothing cut at the joined boundary.
        let masks = scene.cutouts, start = stage.layout.startAngle
        let s2 = stage.plan.segments[stage.wedges[2].index], s3 = stage.plan.segments[stage.wedges[3].index]
        #expect(masks.count == 4 && !masks[2].start.shape.isEmpty && !masks[1].end.shape.isEmpty)
        #expect(masks[2].end.from == s3.from.endAngle - start && masks[2].end.to == s3.to.endAngle - start && !masks[2].end.shape.isEmpty)
        #expect(masks[3].start.shape.isEmpty && masks[3].end.shape.isEmpty)
        // The run's dash: from the first part's start to the last part's end, at both ends.
        let m = scene.motion, r = m[2].radius
        #expect(abs(m[2].to.length - Geometry.arcLength(degrees: s3.to.endAngle - s2.to.startAngle, radius: r)) < 1e-9)
        #expect(abs(m[2].from.length - Geometry.arcLength(degrees: s3.from.endAngle - s2.from.startAngle, radius: r)) < 1e-9)
        #expect(m[3].from.length == 0 && m[3].to.length == 0)
    }

    /// Stacked wedges (opaque, neither gaps nor corners) keep one dash per part of Other: each
    /// boundary is already painted over its neighbour, and the runs are not joined.
    @Test func stackedPartsOfOtherKeepTheirDashes() throws {
        let scene = Self.scene(try Self.spec([60, 30, 5, 5], chart: "padAngle: 0", other: true),
                               try Self.spec([80, 8, 6, 6], chart: "padAngle: 0", other: true))
        #expect(scene.drawing.joins == .stacked && !scene.drawing.joinsRuns)
        #expect(scene.stage.runEnds == [0, 1, 3, nil])
        #expect(scene.motion.allSatisfy { $0.to.length > 0 })
    }

    /// Explode is a slice's own key, and Other is never exploded: parts of Other at both ends of a
    /// transition (a joined run, which the frames draw as one wedge) have no orbit offset at
    /// any instant, even while other slices explode, so the run's frames and its parts' orbit
    /// keyframes agree.
    @Test func joinedPartsOfOtherNeverExplode() throws {
        let scene = Self.scene(try Self.spec([60, 30, 5, 5], explode: [0: 12], other: true),
                               try Self.spec([80, 8, 6, 6], explode: [1: 9], other: true))
        let stage = scene.stage
        #expect(stage.explodes && scene.drawing.orbits == .groups)
        let joined = stage.cuts.indices.filter { stage.cuts[$0].startJoined || stage.cuts[$0].endJoined }
        #expect(joined == [2, 3])
        #expect(joined.allSatisfy { stage.orbits[$0].from == 0 && stage.orbits[$0].to == 0 })
        for f in Self.fractions {
            let now = stage.at(stage.plan.timeline.end * f)
            #expect(joined.allSatisfy { now.orbits[$0].offset == 0 })
            #expect(now.orbits.contains { $0.offset > 0 }, "slices outside Other explode meanwhile")
        }
    }

    /// Every instant has the stage's cuts, and `piec render`'s frames draw each moving wedge with
    /// the cut its mask is made of (a joined run with its first part's start and last part's end).
    @Test func framesDrawTheCutsOfTheMasks() throws {
        let scene = Self.scene(try Self.spec([60, 30, 5, 5], other: true), try Self.spec([80, 8, 6, 6], other: true))
        let stage = scene.stage
        #expect(scene.drawing.masks == .cutouts)
        for f in Self.fractions {
            let now = stage.at(stage.plan.timeline.end * f)
            #expect(now.cuts == stage.cuts)
            let shapes = FramePose.motionWedges(scene, now).compactMap(\.shape)
            #expect(shapes.count == 3, "the two joined parts are one wedge")
            let c = stage.cuts
            #expect(shapes.map(\.startGap) == [c[0].startGap, c[1].startGap, c[2].startGap])
            #expect(shapes.map(\.endGap) == [c[0].endGap, c[1].endGap, c[3].endGap])
            #expect(shapes.allSatisfy { $0.cornerRadius == 6 })
            let masks = scene.cutouts
            #expect(masks.map(\.disc) == c.map { max($0.startGap, $0.endGap) })
        }
    }
}
