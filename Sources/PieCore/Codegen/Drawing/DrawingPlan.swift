import PieSpec

/// How a scene is drawn: which strategy moves its wedges and separators, how its keyframes
/// are written, how its rest layer and index.html's page motion are drawn. `choose` decides
/// all of it once per scene, reading the gates in `Budgets`; the writers (`Scene`'s dash
/// starts and colour circles, `StyleWriter`, `SVGWriter`, `BundleWriter`, `FramePose`) read
/// the plan instead of asking the questions again. `piec build --explain` prints it, and
/// docs/dev/motion.md lists each strategy with its gates.
struct DrawingPlan: Hashable, Sendable {
    /// How the wedges move.
    enum Wedges: String, Sendable, CaseIterable {
        /// Nothing moves or fades.
        case still
        /// Only opacities change: the whole plot fades in.
        case fade
        /// One dash circle per element, placed by an animated `rotate` (masked charts up to
        /// `Budgets.rotatedDashes` elements, roses, extensions, changing rings).
        case rotatedDashes
        /// One dash circle per element, placed by an animated `stroke-dashoffset` on a circle
        /// turned once (`DashStarts`); a dash that covers every angle at some instant still rotates.
        case offsetDashes
        /// Slice 0 alone and one circle per colour and half turn for the others (`ColourDashes`).
        case colourCircles
    }

    /// How the separator lines are drawn while the chart moves.
    enum Separators: String, Sendable, CaseIterable {
        /// No separator lines (none set, or a gap instead).
        case none
        /// One line per boundary, turning with it (still when the chart does not move).
        case lines
        /// Dashes of a few band circles over the colour circles; the lines wait hidden.
        case bands
    }

    /// How the motion's keyframes are written.
    enum Keyframes: String, Sendable, CaseIterable {
        /// No motion.
        case none
        /// One opacity fade of the plot.
        case fade
        /// One `@keyframes` per set of animated properties, values per element by `var()`.
        case shared
        /// More than `Budgets.sharedKeyframeParts` parts: literal values in every keyframes.
        case literal
        /// Keyframes at the window edges of a staged plan, eased between them.
        case aligned
        /// Keyframes sampled from the exact state, linear between samples (`Budgets.samplesPerWindow`
        /// per window, at most `Budgets.maxSamples`).
        case sampled
    }

    /// How the exact rest layer draws its wedges.
    enum Rest: String, Sendable, CaseIterable {
        /// Each plain wedge the stroke of its middle arc (`RestStrokes`).
        case strokes
        /// Filled outlines (a wedge under `Budgets.minStrokedWedge`, patterns, explode, shaped wedges).
        case filled
    }

    /// How index.html moves the chart (chart.svg always moves by its own SVG motion).
    enum Page: String, Sendable, CaseIterable {
        /// The SVG's own motion.
        case svg
        /// HTML boxes turned on the compositor (`BoxLayer`), at most `Budgets.turningBoxes`.
        case boxes
    }

    var wedges: Wedges
    var separators: Separators
    var keyframes: Keyframes
    var rest: Rest
    var page: Page

    /// The plan of a scene that has not chosen (an instant's scene takes its whole scene's).
    static let unchosen = DrawingPlan(wedges: .still, separators: .none, keyframes: .none, rest: .filled, page: .svg)

    /// Written as keyframes at instants of the exact state (aligned edges or samples).
    var sampledKeyframes: Bool { keyframes == .aligned || keyframes == .sampled }

    /// Whether motion circles get static starts (`Scene.placeDashStarts`).
    var placesDashStarts: Bool { wedges == .offsetDashes || wedges == .colourCircles }

    /// One line per decision, for `piec build --explain`.
    var summary: [(String, String)] {
        [("wedges", wedges.rawValue), ("separators", separators.rawValue), ("keyframes", keyframes.rawValue),
         ("rest", rest.rawValue), ("page", page.rawValue)]
    }
}

extension DrawingPlan {
    /// The plan of `scene`, a whole transition's scene whose elements are built (motion,
    /// masks, extensions, separators, labels, ink) and whose dash starts are not yet placed.
    /// Where the colour circles are chosen they are built to be counted: returned, so the
    /// scene keeps them instead of building them twice.
    static func choose(_ scene: Scene) -> (plan: DrawingPlan, circles: [Scene.ColourCircle], bands: [Scene.ColourCircle]) {
        var plan = DrawingPlan.unchosen
        plan.rest = strokesRest(scene.layout) ? .strokes : .filled
        plan.separators = scene.separators.isEmpty ? .none : .lines
        var circles: [Scene.ColourCircle] = [], bands: [Scene.ColourCircle] = []
        if scene.moves {
            if !scene.plan.isUniform || scene.sampled {
                plan.keyframes = !scene.sampled && StyleWriter.alignedEdges(scene.plan) != nil ? .aligned : .sampled
            } else {
                let parts = scene.underlays.count + scene.motion.count + scene.separators.count
                plan.keyframes = parts > Budgets.sharedKeyframeParts ? .literal : .shared
            }
            plan.wedges = scene.motion.count > Budgets.rotatedDashes || offsetDashesBelowLimit(scene) ? .offsetDashes : .rotatedDashes
            if plan.wedges == .offsetDashes, plan.keyframes == .shared || plan.keyframes == .literal, mergesColours(scene) {
                // Only where it animates fewer elements: a few slices in nearly as many colours
                // take a circle per colour and half turn, and 12 band circles are more than 8 lines.
                circles = Scene.colourCircles(scene)
                if 1 + circles.count >= scene.motion.count { circles = [] }
                if !circles.isEmpty {
                    plan.wedges = .colourCircles
                    bands = Scene.separatorBands(scene, firstIndex: circles.count)
                    if bands.count >= scene.separators.count { bands = [] }
                    if !bands.isEmpty { plan.separators = .bands }
                }
            }
            if plan.keyframes == .shared || plan.keyframes == .literal, BoxLayer(scene) != nil { plan.page = .boxes }
        } else if scene.fades {
            (plan.wedges, plan.keyframes) = (.fade, .fade)
        }
        return (plan, circles, bands)
    }

    /// Below `Budgets.rotatedDashes` elements, the charts whose dashes move by offsets: one ring
    /// of stacked dashes that keeps its radius and width, without masks or extensions.
    /// Elsewhere Firefox's and WebKit's arc-length error showed: up to 1.6 degrees at the
    /// closing boundary of a rose's small circles (radius 15), background between a growing
    /// ring's dashes.
    static func offsetDashesBelowLimit(_ scene: Scene) -> Bool {
        scene.stacked && scene.cutouts.isEmpty && scene.underlays.isEmpty
            && scene.motion.allSatisfy { !$0.ownWidth && $0.from.scale == nil && $0.to.scale == nil && $0.from.width == nil && $0.to.width == nil }
    }

    /// Whether the motion layer may be drawn by colour (given offset dashes and one eased
    /// window): stacked plain opaque dashes of one ring that keeps its radius, each keeping
    /// its colour, without masks, extensions, movers or patterns, at least
    /// `Budgets.colourCircleElements` elements, and a colour that two slices share.
    static func mergesColours(_ scene: Scene) -> Bool {
        guard offsetDashesBelowLimit(scene), scene.plan.movers.isEmpty, scene.orbits.isEmpty,
              scene.motion.count >= Budgets.colourCircleElements, scene.layout.autoPatternPalette == nil,
              scene.layout.slices.allSatisfy({ $0.pattern == .none }) else { return false }
        var colours = Set<Color>()
        for m in scene.motion.dropFirst() {
            guard m.from.color == nil, m.to.color == nil else { return false }
            colours.insert(m.color)
        }
        return colours.count < scene.motion.count - 1
    }

    /// Wedges with nothing but colour: no pattern, no explode, no shaped wedge (gaps,
    /// corners), none under `Budgets.minStrokedWedge` degrees (engines stroke a very short arc
    /// as its chord, with butt caps square to the chord: a 500-slice pie of 0.7 degree slices
    /// measured 0.16 degree off at rest, filled outlines 0.05).
    static func strokesRest(_ layout: ChartLayout) -> Bool {
        !layout.shapesWedges && layout.autoPatternPalette == nil
            && layout.slices.allSatisfy {
                !$0.isVisible || ($0.pattern == .none && $0.explode == 0 && $0.endAngle - $0.startAngle >= Budgets.minStrokedWedge)
            }
    }
}
