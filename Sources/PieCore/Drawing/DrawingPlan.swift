import PieSpec

/// How a scene is drawn: how its wedges meet (stacked, bridged), whether its motion is masked,
/// whether its exploded wedges ride orbits, whether the pie is drawn translucent, which strategy
/// moves its wedges and separators, how its keyframes are written, how its rest layer and
/// index.html's page motion are drawn. `choose(_:_:)` decides all of it once per
/// scene, for the output the scene is written to, reading the gates in `Budgets`: first what
/// the stage alone decides (`choose(_:_:whole:)`), then, once the scene has encoded its
/// tracks, the strategies (`choose(_:)`). The writers (`Scene`, `CornerMask`, `BoxLayer`,
/// `StyleWriter`, `SVGWriter`, `BundleWriter`, `FramePose`) read the plan instead of asking
/// the questions again. `piec build --explain` prints it (`decisions`: every field, one line
/// each with its reason), and docs/dev/motion.md lists each decision and strategy with its gates.
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
        /// Slice 0 alone and one circle per colour and half turn for the others (`Strategies.ColourCircles`).
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

    /// Why index.html moves the chart as it does (`page`): boxes, or the first reason they
    /// cannot draw it (`Strategies.CompositorBoxes`).
    enum PageReason: String, Sendable, CaseIterable {
        /// Drawn by boxes.
        case boxes
        /// The output has no index.html of its own chart (chart.svg alone, a ring, a facet,
        /// frames, a history page).
        case output
        /// Nothing moves (or only the plot's opacity).
        case still
        /// The keyframes are written at instants (a stagger, stages, a sampled track).
        case sampled
        /// Some element is not one exact `rotate` per box: movers, inside labels, masks,
        /// orbits, extensions, a counterclockwise chart, a track, unequal radii, a slice that
        /// changes radius, colour or opacity, a pattern, a translucent colour, a separator
        /// not across the ring, an enter without separators.
        case shape
        /// Outside labels, leaders, centre texts or title lines animate.
        case ink
        /// `chart.outline` moves.
        case outline
        /// `theme.opacity` below 1: the boxes and the rest layer would overlap as they hand over.
        case opacity
        /// More than `Budgets.turningBoxes` boxes.
        case budget
    }

    /// How the wedges meet, in the motion layer and at rest.
    enum Joins: String, Sendable, CaseIterable {
        /// Seam-free stacking: each wedge painted from its start to the middle of the next
        /// (one ring of equal radii, opaque, unshaped, not exploded).
        case stacked
        /// Each wedge extended under the next at the smaller radius (`Scene.Bridge`): a rose
        /// or rings that change, opaque, unpatterned, unshaped, not exploded.
        case bridged
        /// Each wedge on its own (gaps, corners, explode, translucent or patterned wedges).
        case apart
    }

    /// Whether the motion layer's wedges are masked (`CornerMask`).
    enum Masks: String, Sendable, CaseIterable {
        /// No gaps or rounded corners (or nothing moves).
        case none
        /// One cutout per motion element, its shapes turned with the boundaries: up to
        /// `Budgets.rotatedDashes` motion elements.
        case cutouts
        /// More: square, unpadded dashes while moving, the exact shapes at rest.
        case square
    }

    /// How exploded wedges move (the stage's orbit tracks, `Stage.orbits`).
    enum Orbits: String, Sendable, CaseIterable {
        /// No slice is exploded at either end (or nothing moves): the wedges' dashes alone.
        case none
        /// Every motion element in two groups (`.p-o<k>`): the outer turned to the wedge's
        /// middle angle, the inner moved out by its explode and turned back, both from one
        /// end of its orbit to the other as the dashes move (`MotionFrames.orbitOuter`, `orbitInner`).
        case groups
    }

    /// Whether the pie is drawn translucent (`theme.opacity`), asked once here: the writers
    /// (`PieOpacityWriter`) and index.html's boxes (`Strategies.CompositorBoxes`) read it.
    enum Opacity: String, Sendable, CaseIterable {
        /// Opaque at both ends of the plan: no opacity group.
        case opaque
        /// Below 1 at either end: the pie's slices, separators and track in one group at the
        /// final opacity, composited opaque first (and no boxes: they and the rest layer would
        /// overlap as they hand over).
        case translucent

        /// The one rule: translucent where `theme.opacity` is below 1 at either end of `plan`.
        init(_ plan: TransitionPlan) {
            self = plan.from.opacity < 1 || plan.to.opacity < 1 ? .translucent : .opaque
        }
    }

    /// What a scene is written into: the one decision that differs by output is index.html's
    /// page motion (boxes only in a bundle's index.html of a chart without rings).
    enum Output: String, Sendable, CaseIterable {
        /// A bundle: chart.svg and index.html (`piec build`).
        case bundle
        /// chart.svg alone (`piec build --svg-only`).
        case svg
        /// One ring of a chart of rings, inside chart.svg and index.html.
        case ring
        /// A facet of a chart of `charts:` or its frame.
        case facet
        /// Still frames of `piec render`.
        case frames
        /// A chart of `piec history`'s page.
        case history
    }

    var output: Output
    var joins: Joins
    var masks: Masks
    var orbits: Orbits
    var opacity: Opacity
    var pageReason: PageReason
    var wedges: Wedges
    var separators: Separators
    var keyframes: Keyframes
    var rest: Rest
    var page: Page
    /// What the chosen strategies draw, built by them in `choose(_:)` so that Codegen only
    /// writes it: the colour circles (`Strategies.ColourCircles`, where `wedges` is
    /// `colourCircles`), the separator bands after them (`Strategies.SeparatorBands`, where
    /// `separators` is `bands`), and index.html's turning boxes with their hold
    /// (`Strategies.CompositorBoxes`, where `page` is `boxes`). Empty or nil elsewhere.
    var colourCircles: [Circle] = []
    var separatorBands: [Circle] = []
    var boxes: Boxes? = nil

    init(output: Output = .bundle, joins: Joins = .apart, masks: Masks = .none, orbits: Orbits = .none, opacity: Opacity = .opaque,
         pageReason: PageReason = .still, wedges: Wedges, separators: Separators, keyframes: Keyframes, rest: Rest, page: Page) {
        (self.output, self.joins, self.masks, self.orbits) = (output, joins, masks, orbits)
        (self.opacity, self.pageReason) = (opacity, pageReason)
        (self.wedges, self.separators, self.keyframes, self.rest, self.page) = (wedges, separators, keyframes, rest, page)
    }

    /// The plan of a scene that has not chosen (an instant's scene takes its whole scene's).
    static let unchosen = DrawingPlan(wedges: .still, separators: .none, keyframes: .none, rest: .filled, page: .svg)

    var stacked: Bool { joins == .stacked }
    var bridged: Bool { joins == .bridged }
    /// Whether a run of wedges joined at their boundaries (parts of Other in its colour,
    /// `Stage.runEnds`) is one wedge in the motion layer and the frames: where wedges are apart,
    /// two abutting dashes of Other's colour would show the background through their shared
    /// anti-aliased edge (translucent: 14 to 19 levels). Stacked and bridged wedges already
    /// paint each boundary over opaque paint, one dash per part.
    var joinsRuns: Bool { joins == .apart }

    /// Written as keyframes at instants of the exact state (aligned edges or samples).
    var sampledKeyframes: Bool { keyframes == .aligned || keyframes == .sampled }

    /// Whether motion circles get static starts (`Scene.placeDashStarts`).
    var placesDashStarts: Bool { wedges == .offsetDashes || wedges == .colourCircles }

    /// The strategy decisions, in the order they are chosen (`choose(_:)`): the ones each
    /// strategy of `Strategies.all` answers.
    static let strategyDecisions = ["wedges", "separators", "keyframes", "rest", "page"]
}

extension DrawingPlan {
    /// The rest of the plan of `tracks`, a whole transition's stage as encoded by a scene that
    /// took this plan's joins and masks (motion, masks, extensions, separators, labels, ink
    /// built; dash starts not yet placed): the one place that reads the gates and asks whether
    /// the plan is uniform or sampled and which wedges are plain. What the chosen strategies
    /// draw is built here, counted, and kept in the plan (`colourCircles`, `separatorBands`,
    /// `boxes`).
    mutating func choose(_ tracks: some DrawnTracks) {
        let stage = tracks.stage
        var plan = self
        defer { self = plan }
        plan.rest = Strategies.StrokedRest.draws(tracks) ? .strokes : .filled
        plan.separators = stage.separators.isEmpty ? .none : .lines
        var circles: [Circle] = [], bands: [Circle] = []
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
                circles = Strategies.ColourCircles.circles(tracks)
                if 1 + circles.count >= tracks.motionCount { circles = [] }
                if !circles.isEmpty {
                    plan.wedges = .colourCircles
                    if Strategies.SeparatorBands.draws(tracks) { bands = Strategies.SeparatorBands.bands(tracks, firstIndex: circles.count) }
                    if bands.count >= stage.separators.count { bands = [] }
                    if !bands.isEmpty { plan.separators = .bands }
                }
            }
            if plan.output == .bundle {
                plan.pageReason = eased ? Strategies.CompositorBoxes.reason(tracks, opacity: plan.opacity) : .sampled
                if plan.pageReason == .boxes { (plan.page, plan.boxes) = (.boxes, Strategies.CompositorBoxes.boxes(stage)) }
            }
        } else if stage.fades {
            (plan.wedges, plan.keyframes) = (.fade, .fade)
        }
        (plan.colourCircles, plan.separatorBands) = (circles, bands)
    }
}

extension DrawingPlan {
    /// The plan of `stage` written to `output` (`whole`: the whole transition when `stage` is
    /// one of its sampled instants, which decides the element set), as far as the stage alone
    /// decides it: how the wedges meet, whether the motion is masked, whether exploded wedges
    /// move along orbits, and whether index.html
    /// may move the chart by boxes at all. The scene that encodes the stage by these answers
    /// then chooses the rest (`choose(_:)`).
    static func choose(_ stage: Stage, _ output: Output, whole: TransitionPlan? = nil) -> DrawingPlan {
        let layout = stage.layout, shape = whole ?? stage.plan
        var plan = DrawingPlan.unchosen
        plan.output = output
        plan.pageReason = output == .bundle ? .still : .output
        plan.opacity = Opacity(stage.plan)
        // Gaps, corners and explode cut or move single slices: each slice gets its own dash.
        // Patterned slices are not bridged: an extension would cover the marks of its slice.
        // A translucent colour at either end (slices of their own alphas, `SliceAlphas`) keeps
        // each slice one dash of its own span, so no two are painted over one another.
        let explodes = stage.explodes
        let opaque = layout.slices.allSatisfy { !$0.isVisible || $0.color.isOpaque }
            && (shape.segments + shape.movers).allSatisfy { $0.from.color.isOpaque && $0.to.color.isOpaque }
        if layout.equalRadii && shape.isOneRing && opaque && !layout.shapesWedges && !explodes {
            plan.joins = .stacked
        } else if !layout.shapesWedges && !explodes && layout.autoPatternPalette == nil
                    && opaque && layout.slices.allSatisfy({ !$0.isVisible || $0.pattern == .none }) {
            plan.joins = .bridged
        }
        if stage.moves, layout.shapesWedges {
            // Every mask shape is a transform animation: Chromium runs out of compositor memory
            // with hundreds of them.
            let elements = Stage.drawn(shape).count + stage.plan.movers.count
            plan.masks = elements <= Budgets.rotatedDashes ? .cutouts : .square
        }
        // An exploded wedge moves out along its middle angle, which turns as the wedge moves:
        // every motion element rides its orbit (the same element set at every sampled instant).
        if stage.moves, explodes { plan.orbits = .groups }
        return plan
    }
}

extension TransitionPlan {
    /// Whether every drawn segment has one outer radius at the start and one at the end (so
    /// stacking applies in motion too: a rose turning back into a pie has equal radii only
    /// at the end).
    var isOneRing: Bool {
        let segments = Stage.drawn(self)
        guard let first = segments.first?.element else { return true }
        return segments.allSatisfy {
            abs($0.element.from.outerRadius - first.from.outerRadius) < 1e-9 && abs($0.element.to.outerRadius - first.to.outerRadius) < 1e-9
        }
    }
}
