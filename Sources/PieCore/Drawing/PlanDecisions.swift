import PieJSON

/// The whole plan as `piec build --explain` prints it: every field, one decision a line, in
/// one fixed order (what the output and the stage decide, then the strategies in the order
/// `choose(_:)` picks them, then why index.html moves as it does), each with its reason: what
/// the chosen value draws and the condition or `Budgets` gate that chose it.
extension DrawingPlan {
    struct Decision: Hashable, Sendable {
        var name: String
        var value: String
        var reason: String
    }

    /// The names of `decisions`, in their order.
    static let decisionNames = ["output", "joins", "masks", "orbits", "opacity", "wedges", "separators", "keyframes", "rest", "page",
                                "pageReason"]

    /// Every value decision `name` can take, in its enum's order (empty for an unknown name).
    static func values(of name: String) -> [String] {
        switch name {
        case "output": Output.allCases.map(\.rawValue)
        case "joins": Joins.allCases.map(\.rawValue)
        case "masks": Masks.allCases.map(\.rawValue)
        case "orbits": Orbits.allCases.map(\.rawValue)
        case "opacity": Opacity.allCases.map(\.rawValue)
        case "wedges": Wedges.allCases.map(\.rawValue)
        case "separators": Separators.allCases.map(\.rawValue)
        case "keyframes": Keyframes.allCases.map(\.rawValue)
        case "rest": Rest.allCases.map(\.rawValue)
        case "page": Page.allCases.map(\.rawValue)
        case "pageReason": PageReason.allCases.map(\.rawValue)
        default: []
        }
    }

    var decisions: [Decision] {
        [Decision(name: "output", value: output.rawValue, reason: output.reason),
         Decision(name: "joins", value: joins.rawValue, reason: joins.reason),
         Decision(name: "masks", value: masks.rawValue, reason: masks.reason),
         Decision(name: "orbits", value: orbits.rawValue, reason: orbits.reason),
         Decision(name: "opacity", value: opacity.rawValue, reason: opacity.reason),
         Decision(name: "wedges", value: wedges.rawValue, reason: wedges.reason),
         Decision(name: "separators", value: separators.rawValue, reason: separators.reason),
         Decision(name: "keyframes", value: keyframes.rawValue, reason: keyframes.reason),
         Decision(name: "rest", value: rest.rawValue, reason: rest.reason),
         Decision(name: "page", value: page.rawValue, reason: page.reason),
         Decision(name: "pageReason", value: pageReason.rawValue, reason: pageReason.reason)]
    }
}

/// A gate as the reasons name it: `rotatedDashes (64)`.
private func gate(_ name: String, _ value: Double) -> String { name + " (" + formatNumber(value) + ")" }

extension DrawingPlan.Output {
    var reason: String {
        switch self {
        case .bundle: "a bundle: chart.svg and index.html"
        case .svg: "chart.svg alone (--svg-only): no index.html"
        case .ring: "one ring of a chart of rings, moving in its own scene"
        case .facet: "a facet of a chart of charts, or its frame"
        case .frames: "still frames of piec render"
        case .history: "a chart of piec history's page"
        }
    }
}

extension DrawingPlan.Joins {
    var reason: String {
        switch self {
        case .stacked: "one ring of equal radii, opaque, unshaped, not exploded: each wedge painted to the middle of the next"
        case .bridged: "a rose or rings that change, opaque, unpatterned, unshaped, not exploded: each wedge extended under the next"
        case .apart: "gaps, corners, explode, translucent or patterned wedges: each wedge on its own"
        }
    }
}

extension DrawingPlan.Masks {
    var reason: String {
        switch self {
        case .none: "no gaps or rounded corners, or nothing moves"
        case .cutouts: "gaps or rounded corners on at most " + gate("rotatedDashes", Double(Budgets.rotatedDashes))
            + " motion elements: one cutout each, turned with the boundaries"
        case .square: "gaps or rounded corners on more than " + gate("rotatedDashes", Double(Budgets.rotatedDashes))
            + " motion elements: square dashes while moving, the exact shapes at rest"
        }
    }
}

extension DrawingPlan.Orbits {
    var reason: String {
        switch self {
        case .none: "no slice is exploded at either end, or nothing moves"
        case .groups: "a slice is exploded at either end: every moving wedge in two groups, turned to its middle and moved out by its explode"
        }
    }
}

extension DrawingPlan.Opacity {
    var reason: String {
        switch self {
        case .opaque: "theme.opacity is 1 at both ends: no opacity group"
        case .translucent: "theme.opacity is below 1 at either end: the pie in one group at that opacity"
        }
    }
}

extension DrawingPlan.Wedges {
    var reason: String {
        switch self {
        case .still: "nothing moves or fades"
        case .fade: "only opacities change: the plot fades in"
        case .rotatedDashes: "one dash circle per element turned by an animated rotate (a masked chart of at most "
            + gate("rotatedDashes", Double(Budgets.rotatedDashes)) + " elements, a rose, extensions or changing rings)"
        case .offsetDashes: "one dash per element moved by stroke-dashoffset on a circle turned once"
        case .colourCircles: "colours repeat on one plain ring in one eased window: slice 0 alone, one circle per colour and "
            + gate("colourSector", Budgets.colourSector) + " degrees for the others, fewer than the elements they replace"
        }
    }
}

extension DrawingPlan.Separators {
    var reason: String {
        switch self {
        case .none: "no separator lines (none set, or a gap instead)"
        case .lines: "one line per boundary, turning with it, hidden by steps while a slice beside it is under three line widths"
        case .bands: "plain lines across the ring over colour circles, none hidden mid-motion: dashes of band circles at most "
            + gate("bandRatio", Budgets.bandRatio) + " times as far out as in, fewer than the lines"
        }
    }
}

extension DrawingPlan.Keyframes {
    var reason: String {
        switch self {
        case .none: "no motion"
        case .fade: "one opacity fade of the plot"
        case .shared: "one eased window of at most " + gate("sharedKeyframeParts", Double(Budgets.sharedKeyframeParts))
            + " animated parts: keyframes shared, values by var()"
        case .literal: "one eased window of more than " + gate("sharedKeyframeParts", Double(Budgets.sharedKeyframeParts))
            + " animated parts: literal values in every keyframes"
        case .aligned: "staged windows: keyframes at the window edges, eased between"
        case .sampled: "a stagger, stages or a track not linear in one easing: keyframes sampled from the exact state, at least "
            + gate("samplesPerWindow", Double(Budgets.samplesPerWindow)) + " per window, at most "
            + gate("maxSamples", Double(Budgets.maxSamples))
        }
    }
}

extension DrawingPlan.Rest {
    var reason: String {
        switch self {
        case .strokes: "plain wedges of at least " + gate("minStrokedWedge", Budgets.minStrokedWedge)
            + " degrees: each the stroke of its middle arc"
        case .filled: "filled outlines: a wedge under " + gate("minStrokedWedge", Budgets.minStrokedWedge)
            + " degrees, a pattern, explode, gaps or corners"
        }
    }
}

extension DrawingPlan.Page {
    var reason: String {
        switch self {
        case .svg: "index.html shows the SVG's own motion (pageReason says why)"
        case .boxes: "index.html turns HTML boxes on the compositor, kept " + gate("boxHold", Budgets.boxHold) + " ms after the motion"
        }
    }
}

extension DrawingPlan.PageReason {
    var reason: String {
        switch self {
        case .boxes: "every wedge and separator is one exact rotate per box, at most " + gate("turningBoxes", Double(Budgets.turningBoxes))
            + " boxes"
        case .output: "the output has no index.html of its own chart"
        case .still: "nothing moves (or only the plot's opacity)"
        case .sampled: "the keyframes are written at instants (a stagger, stages, a sampled track)"
        case .shape: "some element is not one exact rotate per box: movers, inside labels, masks, orbits, extensions, "
            + "a counterclockwise chart, a track, unequal radii, a slice that changes radius, colour or opacity, a pattern, "
            + "a translucent colour, a separator not across the ring, or an enter without separators"
        case .ink: "outside labels, leaders, centre texts or title lines animate"
        case .outline: "chart.outline moves"
        case .opacity: "theme.opacity is below 1: the boxes and the rest layer would overlap as they hand over"
        case .budget: "more than " + gate("turningBoxes", Double(Budgets.turningBoxes)) + " boxes"
        }
    }
}
