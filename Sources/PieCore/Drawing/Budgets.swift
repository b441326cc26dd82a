/// Every gate the drawing strategies read (`DrawingPlan.choose` and the strategies' own
/// files): one named number each, with the unit it counts and where it was measured. Nothing
/// else in PieCore writes these numbers; docs/dev/motion.md is generated from `entries`.
enum Budgets {
    /// One gate: its value, unit, what it counts, and the commit and bench script behind it.
    struct Entry: Sendable {
        var name: String
        var value: Double
        var unit: String
        var counts: String
        var measured: String
    }

    /// Motion elements whose dashes may move by an animated `rotate` in a chart with gap or
    /// corner masks (more, or any chart without masks: `stroke-dashoffset` on a statically
    /// turned circle). Chromium ran out of compositor tile memory with a few hundred transform
    /// animations (ce148c7, Tests/browser transitions at 500 slices); Firefox re-dashes a
    /// rotated circle every frame (bench/browser/frames.py).
    static let rotatedDashes = 64
    /// Animated parts (extensions, dashes and separator lines) above which a plan's keyframes
    /// are literal instead of shared through `var()`: Chromium resolves `var()` every frame
    /// (61c4ada, bench/browser/frames.py: 393 against 509 ms restyle at 64 slices).
    static let sharedKeyframeParts = 24
    /// Turning boxes (two per piece, one per separator not carried by a piece) index.html's
    /// compositor layer may have (bcd6475, bench/browser/frames.py --sizes 16,32,48 --firefox:
    /// Chromium presented 59 of 60 frames at 16 slices, 43 at 32, 28 at 64).
    static let turningBoxes = 40
    /// How long index.html's boxes stay after the motion, ms, so the exact rest layer is
    /// drawn under them before they go (127e49c, bench/browser/experiments/compositor.py).
    static let boxHold = 200.0
    /// How much of the turn one colour or band circle's runs start in, degrees: engines place a
    /// dash with an error that grows with its distance from the circle's start (56fab21,
    /// bench/browser/experiments/cost.py variant `colour`; Firefox lost 0.7-degree slices at
    /// 351 degrees with every circle starting at the sweep start).
    static let colourSector = 180.0
    /// Motion elements a chart needs before its motion may be drawn by colour (slice 0 alone
    /// plus at least two dashes whose colours can repeat) (56fab21).
    static let colourCircleElements = 3
    /// How far out a separator band may reach, as a multiple of its inner radius: a dash is a
    /// thin wedge, so a line's width stays within 0.88-1.14 of its own across a band (beb110c,
    /// bench/browser/frames.py on the 64-slice workload).
    static let bandRatio = 1.3
    /// The narrowest visible wedge (degrees) the rest layer draws as a stroke; a chart with a
    /// narrower one keeps filled outlines for all (e2d28ba, Tests/browser/test_many_slices.py:
    /// 0.29 degree off at rest with strokes at 500 slices, 0.05 filled).
    static let minStrokedWedge = 2.0
    /// Sampled keyframes: the fewest samples each time window gets (2ba5a12, stages and stagger;
    /// bench/sampling.sh: linear motion between samples strays at most 0.30-0.35 degree from the
    /// exact boundaries on staged changes, 1.2-1.4 at 12 samples).
    static let samplesPerWindow = 24
    /// Sampled keyframes: the most samples of a whole plan's grid (2ba5a12; bench/sampling.sh:
    /// its cases stay under it, and 60 raises a staged change's worst error from 0.30 to 0.43 degree).
    static let maxSamples = 240
    /// The least time a grid tick label that hides in motion (`Stage.Grid.keepClear`) is shown
    /// between two stretches where it hides, ms; over a shorter gap it stays hidden.
    /// Measured on the label corpus's gt002 (`TickClearanceTests.aTickLabelStaysHiddenOverShortGaps`,
    /// which prints the gaps): without it tick label 80 came back for 175 and 100 ms between
    /// three hides of a 600 ms motion (25 samples) and read as a flicker; with it, one hide.
    /// 200 ms: longer than both, a third of the default motion.
    static let tickMinShown = 200.0

    /// Gates the scene's stage reads rather than a strategy: `tickMinShown`
    /// (`Stage.keepTicksClear`, called by `Scene`).
    static var stageGates: [String] { ["tickMinShown"] }

    /// Tick labels kept clear in motion (`Stage.Grid.keepClear`): px a tick label, an outside
    /// label or a leader moves at most in one tested step between two samples. Not measured
    /// when chosen (bbb82b83); bench/sampling.sh: on gt002 (both ways) every step from 0.125 to
    /// 16 px hides the same tick labels, so 2 px is a margin, not a measured need.
    static let tickStep = 2.0
    /// The most steps one interval between two samples is cut into for the tick labels (above,
    /// each step moves more than `tickStep`). Not measured when chosen (bbb82b83);
    /// bench/sampling.sh: on gt002 it never binds at 2 px (16 steps to no limit hide the same).
    static let tickSteps = 64

    /// The gates in the order docs/dev/motion.md lists them.
    static let entries: [Entry] = [
        Entry(name: "rotatedDashes", value: Double(rotatedDashes), unit: "motion elements",
              counts: "dashes (and extensions) of a masked chart that may move by an animated `rotate`; beyond, `stroke-dashoffset`",
              measured: "ce148c7, bench/browser/frames.py"),
        Entry(name: "sharedKeyframeParts", value: Double(sharedKeyframeParts), unit: "animated parts",
              counts: "extensions, dashes and separator lines above which keyframes are literal, not shared through `var()`",
              measured: "61c4ada, bench/browser/frames.py"),
        Entry(name: "turningBoxes", value: Double(turningBoxes), unit: "boxes",
              counts: "index.html's turning boxes (two per piece, one per separator a piece does not carry)",
              measured: "bcd6475, bench/browser/frames.py --sizes 16,32,48 --firefox"),
        Entry(name: "boxHold", value: boxHold, unit: "ms",
              counts: "how long index.html's boxes stay after the motion",
              measured: "127e49c, bench/browser/experiments/compositor.py"),
        Entry(name: "colourSector", value: colourSector, unit: "degrees",
              counts: "the part of the turn one colour or band circle's runs start in",
              measured: "56fab21, bench/browser/experiments/cost.py"),
        Entry(name: "colourCircleElements", value: Double(colourCircleElements), unit: "motion elements",
              counts: "the fewest motion elements drawn by colour (and the circles must be fewer than the elements they replace)",
              measured: "56fab21 and e4e888f, bench/browser/experiments/cost.py"),
        Entry(name: "bandRatio", value: bandRatio, unit: "outer / inner radius",
              counts: "how far out one separator band reaches",
              measured: "beb110c, bench/browser/frames.py"),
        Entry(name: "minStrokedWedge", value: minStrokedWedge, unit: "degrees",
              counts: "the narrowest visible wedge the rest layer strokes",
              measured: "e2d28ba, Tests/browser/test_many_slices.py"),
        Entry(name: "samplesPerWindow", value: Double(samplesPerWindow), unit: "samples",
              counts: "the fewest samples of each time window of sampled keyframes",
              measured: "2ba5a12; bench/sampling.sh: worst boundary 0.30-0.35 degree between samples on staged changes (1.2-1.4 at 12)"),
        Entry(name: "maxSamples", value: Double(maxSamples), unit: "samples",
              counts: "the most samples of a plan's grid of sampled keyframes",
              measured: "2ba5a12; bench/sampling.sh: not reached by its cases (60 raises staged's worst from 0.30 to 0.43 degree)"),
        Entry(name: "tickMinShown", value: tickMinShown, unit: "ms",
              counts: "the least time a grid tick label that hides in motion is shown between two stretches where it hides",
              measured: "s54-webkitticks, TickClearanceTests (label corpus gt002)"),
        Entry(name: "tickStep", value: tickStep, unit: "px",
              counts: "the most motion of a tick label, outside label or leader in one step the grid's tick labels are tested at",
              measured: "not measured when chosen (bbb82b83); bench/sampling.sh: on gt002 both ways 0.125 to 16 px hide the same tick labels (2 px: 0.5-0.65 s a debug build, 16 px: 0.08-0.09)"),
        Entry(name: "tickSteps", value: Double(tickSteps), unit: "steps",
              counts: "the most steps one interval between two samples is cut into for the tick labels",
              measured: "not measured when chosen (bbb82b83); bench/sampling.sh: never binds on gt002 at 2 px"),
    ]
}
