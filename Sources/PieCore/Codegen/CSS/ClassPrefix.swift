import PieJSON

/// Every class piec writes into markup and CSS (chart.svg, index.html, history bundles), one
/// line each: the feature it names. A prefix marked `<k>` is written with an index (`p-m12`).
/// Names are `p-` and lowercase letters only, so an index never turns one name into another
/// and class selectors (whole tokens) cannot confuse two of them (`ClassPrefixTests`).
/// Every element sits under its chart's scope class (`piec-<id>`), so charts on one page
/// never share a rule.
enum ClassPrefix {
    /// `p-plot`: the plot: pie or rings, labels and centre text (what an enter fades in).
    static let plot: StaticString = "p-plot"
    /// `p-pie`: the pie's group (mirrored for `direction: counterclockwise`).
    static let pie: StaticString = "p-pie"
    /// `p-op`: the group that draws the pie (or every ring) at `theme.opacity` (`PieOpacityWriter`).
    static let opacity: StaticString = "p-op"
    /// `p-rings`: a chart of rings' group of rings.
    static let rings: StaticString = "p-rings"
    /// `p-bg`: `theme.background`'s rectangle (also a history bundle's).
    static let background: StaticString = "p-bg"
    /// `p-track`: `chart.track`: the ring behind the slices.
    static let track: StaticString = "p-track"
    /// `p-outline`: `chart.outline`'s circle.
    static let outline: StaticString = "p-outline"
    /// `p-sh`: `theme.shadow`'s circle (the last version's).
    static let shadow: StaticString = "p-sh"
    /// `p-sho`: `theme.shadow`'s circle of the first version, fading out while it changes.
    static let shadowOut: StaticString = "p-sho"
    /// `p-shm`: `theme.shadow`'s sectors sliding with exploded slices, shown while they move.
    static let shadowMotion: StaticString = "p-shm"
    /// `p-shs<k>`: sliding shadow sector k (one per drawn slice).
    static let shadowSector: StaticString = "p-shs"
    /// `p-mo`: the motion layer, hidden at rest.
    static let motion: StaticString = "p-mo"
    /// `p-m<k>`: a motion dash: one circle per moving element (`.p-m<k>`).
    static let dash: StaticString = "p-m"
    /// `p-n<k>`: a colour circle of the `colourCircles` strategy.
    static let colourCircle: StaticString = "p-n"
    /// `p-u<k>`: an extension bridging slices of different radii in motion.
    static let underlay: StaticString = "p-u"
    /// `p-sl`: the separator band circles of the `bands` strategy.
    static let bands: StaticString = "p-sl"
    /// `p-ex`: the exact rest layer (hidden while the motion layer shows).
    static let exact: StaticString = "p-ex"
    /// `p-st`: index.html's rest wedges that hide while a slice is hovered.
    static let staticWedges: StaticString = "p-st"
    /// `p-in`: index.html's group of interactive (hoverable) slices.
    static let interactive: StaticString = "p-in"
    /// `p-sep`: the separator lines' layer.
    static let separators: StaticString = "p-sep"
    /// `p-b<k>`: one separator line.
    static let separator: StaticString = "p-b"
    /// `p-bv<k>`: the group around separator `k` that hides it where it is not due
    /// (`Stage.Separator.window`).
    static let separatorStep: StaticString = "p-bv"
    /// `p-cm`: the gap and corner masks' definitions.
    static let cutouts: StaticString = "p-cm"
    /// `p-c<k>`: one boundary shape of a gap or corner mask.
    static let cutout: StaticString = "p-c"
    /// `p-x<k>`: a rounded corner's ear of a changing ring.
    static let ear: StaticString = "p-x"
    /// `p-o<k>`: an explode orbit's group around a moving slice.
    static let orbit: StaticString = "p-o"
    /// `p-pm`: a pattern's mask.
    static let patternMask: StaticString = "p-pm"
    /// `p-lb`: the inside labels' layer.
    static let labels: StaticString = "p-lb"
    /// `p-l<k>`: one inside label.
    static let label: StaticString = "p-l"
    /// `p-ink`: text and lines that take no pointer events (the ink layer).
    static let ink: StaticString = "p-ink"
    /// `p-ll`: the outside labels' leader lines.
    static let leaders: StaticString = "p-ll"
    /// `p-qa<k>`: a leader line's first segment (from the slice).
    static let tick: StaticString = "p-qa"
    /// `p-qb<k>`: a leader line's second segment (to the label).
    static let elbow: StaticString = "p-qb"
    /// `p-ol`: the outside labels' group.
    static let outsideLabels: StaticString = "p-ol"
    /// `p-lo<k>`: one outside label.
    static let outsideLabel: StaticString = "p-lo"
    /// `p-obx`: the outside labels' boxes (`labels.box`).
    static let outsideBoxes: StaticString = "p-obx"
    /// `p-ob<k>`: one outside label's box.
    static let outsideBox: StaticString = "p-ob"
    /// `p-ct`: the centre text's group.
    static let centre: StaticString = "p-ct"
    /// `p-cx<k>`: one centre text (old and new cross-fade).
    static let centreText: StaticString = "p-cx"
    /// `p-ttl`: the title's group.
    static let title: StaticString = "p-ttl"
    /// `p-tt<k>`: one title line (old and new cross-fade).
    static let titleLine: StaticString = "p-tt"
    /// `p-hc`: `chart.hoverCenter`'s group.
    static let hoverCentre: StaticString = "p-hc"
    /// `p-h<k>`: `chart.hoverCenter`'s text of one slice (history bundles draw none).
    static let hoverText: StaticString = "p-h"
    /// `p-hw<k>`: chart.svg: slice k's transparent focusable wedge of `chart.hoverCenter`
    /// (`p-hw` and `p-hw<k>` both).
    static let hoverWedge: StaticString = "p-hw"
    /// `p-lg`: the legend.
    static let legend: StaticString = "p-lg"
    /// `p-lgt`: the legend's title.
    static let legendTitle: StaticString = "p-lgt"
    /// `p-li<k>`: a legend row (`p-li` and `p-li<k>` both).
    static let legendRow: StaticString = "p-li"
    /// `p-hit`: a legend row's focus and hover target.
    static let hit: StaticString = "p-hit"
    /// `p-w`: index.html: a focusable slice.
    static let wedge: StaticString = "p-w"
    /// `p-s<k>`: index.html: slice k's focusable wedge.
    static let slice: StaticString = "p-s"
    /// `p-tips`: the tooltips' group.
    static let tooltips: StaticString = "p-tips"
    /// `p-t<k>`: a tooltip (`p-t` and `p-t<k>` both).
    static let tooltip: StaticString = "p-t"
    /// `p-fx`: index.html: the wrapper of the SVG and the compositor boxes.
    static let boxWrapper: StaticString = "p-fx"
    /// `p-bx`: index.html: the compositor layer of turning boxes.
    static let boxes: StaticString = "p-bx"
    /// `p-k<k>`: a compositor box piece of at most 180 degrees.
    static let boxPiece: StaticString = "p-k"
    /// `p-j<k>`: a separator drawn as a compositor box of its own.
    static let boxSeparator: StaticString = "p-j"
    /// `p-step`: a history bundle's step: one version of the chart.
    static let historyStep: StaticString = "p-step"
    /// `p-h<k>`: history step k (shares `p-h` with `hoverText`).
    static let historyStepIndex: StaticString = "p-h"
    /// `p-cap`: a history step's caption (commit date and subject).
    static let caption: StaticString = "p-cap"
    /// `p-rsep`: the separators between rings (`RingEdges`).
    static let ringEdges: StaticString = "p-rsep"
    /// `p-re<k>`: the separator circle at ring edge k.
    static let ringEdge: StaticString = "p-re"
    /// `p-grid`: `chart.grid`'s circles, under the wedges.
    static let grid: StaticString = "p-grid"
    /// `p-gc<k>`: grid circle k.
    static let gridCircle: StaticString = "p-gc"
    /// `p-gl`: `chart.grid`'s tick labels.
    static let gridLabels: StaticString = "p-gl"
    /// `p-gt<k>`: the tick label of grid circle k.
    static let gridLabel: StaticString = "p-gt"
    /// `p-gk<k>`: the group around tick label k where it hides in motion (`Stage.Grid.Clearance`).
    static let gridClear: StaticString = "p-gk"

    /// Every entry: its name here, its class, whether it is written with an index.
    static let all: [(name: String, prefix: StaticString, indexed: Bool)] = [
        ("plot", plot, false),
        ("pie", pie, false),
        ("opacity", opacity, false),
        ("rings", rings, false),
        ("background", background, false),
        ("track", track, false),
        ("outline", outline, false),
        ("shadow", shadow, false),
        ("shadowOut", shadowOut, false),
        ("shadowMotion", shadowMotion, false),
        ("shadowSector", shadowSector, true),
        ("motion", motion, false),
        ("dash", dash, true),
        ("colourCircle", colourCircle, true),
        ("underlay", underlay, true),
        ("bands", bands, false),
        ("exact", exact, false),
        ("staticWedges", staticWedges, false),
        ("interactive", interactive, false),
        ("separators", separators, false),
        ("separator", separator, true),
        ("separatorStep", separatorStep, true),
        ("cutouts", cutouts, false),
        ("cutout", cutout, true),
        ("ear", ear, true),
        ("orbit", orbit, true),
        ("patternMask", patternMask, false),
        ("labels", labels, false),
        ("label", label, true),
        ("ink", ink, false),
        ("leaders", leaders, false),
        ("tick", tick, true),
        ("elbow", elbow, true),
        ("outsideLabels", outsideLabels, false),
        ("outsideLabel", outsideLabel, true),
        ("outsideBoxes", outsideBoxes, false),
        ("outsideBox", outsideBox, true),
        ("centre", centre, false),
        ("centreText", centreText, true),
        ("title", title, false),
        ("titleLine", titleLine, true),
        ("hoverCentre", hoverCentre, false),
        ("hoverText", hoverText, true),
        ("hoverWedge", hoverWedge, true),
        ("legend", legend, false),
        ("legendTitle", legendTitle, false),
        ("legendRow", legendRow, true),
        ("hit", hit, false),
        ("wedge", wedge, false),
        ("slice", slice, true),
        ("tooltips", tooltips, false),
        ("tooltip", tooltip, true),
        ("boxWrapper", boxWrapper, false),
        ("boxes", boxes, false),
        ("boxPiece", boxPiece, true),
        ("boxSeparator", boxSeparator, true),
        ("historyStep", historyStep, false),
        ("historyStepIndex", historyStepIndex, true),
        ("caption", caption, false),
        ("ringEdges", ringEdges, false),
        ("ringEdge", ringEdge, true),
        ("grid", grid, false),
        ("gridCircle", gridCircle, true),
        ("gridLabels", gridLabels, false),
        ("gridLabel", gridLabel, true),
        ("gridClear", gridClear, true),
    ]
}

/// Markup writers spell classes from the table, never in a string literal (`ClassPrefixTests`).
extension ByteWriter {
    /// `<tag class="names`, the names separated by spaces and the attribute left open (an
    /// index or more names may follow; the caller closes the quote).
    mutating func open(_ tag: StaticString, _ names: StaticString...) {
        raw("<")
        raw(tag)
        raw(" class=\"")
        classes(names)
    }

    /// `names` separated by spaces (inside a class attribute).
    mutating func classes(_ names: StaticString...) { classes(names) }

    private mutating func classes(_ names: [StaticString]) {
        for (k, name) in names.enumerated() {
            if k > 0 { raw(" ") }
            raw(name)
        }
    }
}
