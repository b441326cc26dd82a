import PieSpec

/// The ink layer (`.p-ink`): outside labels with their leader lines and the donut's centre
/// text, drawn on the chart background above all slices. The outside labels are the stage's
/// tracks (`Stage.outside`, `OutsideLabelTracks.swift`): a pose per sample instant, the first
/// the old chart's label layout, the last the new chart's; the layer's keyframes are those
/// samples, linear between them, as `Stage.at(_:)` reads them.
struct InkScene {
    /// One outside label: its text and its pose at every sample (nil = hidden then).
    typealias Track = Stage.OutsideLabel

    /// The centre texts and title lines (`Stage.Center`, `Stage.Title`), the stage's.
    typealias Center = Stage.Center
    typealias Title = Stage.Title

    /// The stage's outside labels (`Stage.outside`): their sample instants and tracks.
    var outside = Stage.Outside()
    /// Sample instants (ms after load); a single instant when nothing moves.
    var times: [Double] { outside.times }
    var tracks: [Track] { outside.labels }
    /// The stage's centre texts and changed title lines (`Stage.centerItems`,
    /// `Stage.titleItems`), which the scene hands to the ink layer.
    var centers: [Center] = []
    var titles: [Title] = []

    var isEmpty: Bool { tracks.isEmpty && centers.isEmpty }

    init() {}

    /// The ink layer of `stage`: its outside label tracks, centre texts and title lines.
    init(stage: Stage) {
        outside = stage.outside
        (centers, titles) = (stage.centers, stage.titles)
    }
}
