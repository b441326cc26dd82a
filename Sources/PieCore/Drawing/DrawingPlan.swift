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
    /// The plan of `tracks`, a whole transition's stage as encoded (motion, masks, extensions,
    /// separators, labels, ink built; dash starts not yet placed): the one place that reads the
    /// gates and asks whether the plan is uniform or sampled and which wedges are plain. Where
    /// the colour circles are chosen they are built to be counted: returned, so the caller keeps
    /// them instead of building them twice.
    static func choose<T: DrawnTracks>(_ tracks: T) -> (plan: DrawingPlan, circles: [T.Circle], bands: [T.Circle]) {
        let stage = tracks.stage
        var plan = DrawingPlan.unchosen
        plan.rest = Strategies.StrokedRest.draws(tracks) ? .strokes : .filled
        plan.separators = stage.separators.isEmpty ? .none : .lines
        var circles: [T.Circle] = [], bands: [T.Circle] = []
        if stage.moves {
            if Strategies.SampledKeyframes.draws(tracks) {
                plan.keyframes = !tracks.sampled && Strategies.SampledKeyframes.alignedEdges(stage.plan) != nil ? .aligned : .sampled
            } else {
                plan.keyframes = Strategies.LiteralKeyframes.draws(tracks) ? .literal : .shared
            }
            let eased = plan.keyframes == .shared || plan.keyframes == .literal
            plan.wedges = Strategies.OffsetDashes.draws(tracks) ? .offsetDashes : .rotatedDashes
            if plan.wedges == .offsetDashes, eased, Strategies.ColourCircles.draws(tracks) {
                // Only where it animates fewer elements: a few slices in nearly as many colours
                // take a circle per colour and half turn, and 12 band circles are more than 8 lines.
                circles = tracks.buildColourCircles()
                if 1 + circles.count >= tracks.motionCount { circles = [] }
                if !circles.isEmpty {
                    plan.wedges = .colourCircles
                    if Strategies.SeparatorBands.draws(tracks) { bands = tracks.buildSeparatorBands(firstIndex: circles.count) }
                    if bands.count >= stage.separators.count { bands = [] }
                    if !bands.isEmpty { plan.separators = .bands }
                }
            }
            if eased, Strategies.CompositorBoxes.draws(tracks) { plan.page = .boxes }
        } else if stage.fades {
            (plan.wedges, plan.keyframes) = (.fade, .fade)
        }
        return (plan, circles, bands)
    }
}
