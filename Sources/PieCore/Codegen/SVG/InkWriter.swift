import PieDiagnostics
import PieSpec

/// Markup and CSS of the ink layer (`InkScene`). Every element sits in a group of class
/// `p-ink` (text and lines drawn on the background in `ChartLayout.ink`). A moving leader is
/// two unit lines (`M0 0H1`), placed by `translate() rotate() scale(length, 1)`: the path
/// data never changes, so they animate everywhere (`d` is not animatable in Safari); a
/// leader that keeps its place is one path (`StillLeaders.swift`).
/// The attributes hold the rest state; moving labels get one `@keyframes` per element with a
/// keyframe at every sample instant, linear between them.
enum InkWriter {
    /// The ink groups, written into `out` (inside the plot group, centred on the pie): the
    /// rest state of the scene's outside labels, leaders and centre texts.
    static func svg(_ scene: Scene, into out: inout ByteWriter) {
        let ink = scene.ink, layout = scene.layout
        // Each label at rest, as `Stage.at(_:)` reads it after the timeline (`Stage.Outside.rest`).
        let labels = ink.tracks.compactMap { t in
            t.filled.map { poses in
                let r = ink.outside.rest(t, poses, fontSize: layout.fontSize)
                return (index: r.index, text: r.text, pose: r.pose, leader: r.leader, color: r.color, still: InkScene.leadersStill(t, in: scene), box: r.box)
            }
        }
        let centers = ink.centers.map { (index: $0.index, text: $0.text, opacity: $0.toOpacity == 0 ? 0.0 : 1) }
        write(labels: labels, centers: centers, ink: layout.ink, fontSize: layout.fontSize, leaders: layout.drawsLeaders, into: &out)
    }

    /// Outside labels with their leaders at the given poses, and centre texts at the given
    /// opacities, in `ink` (chart.svg's rest state, or a frame of `piec render`). Leaders with
    /// a colour of their own (`labels.leaderColor: slice`) are drawn in it, in a group that is
    /// not ink (dark mode leaves them alone); `still` leaders as one path (`stillLeader`).
    /// Texts with a colour of their own (`labels.color`, a slice's `labelColor`) are drawn in
    /// it, in a `p-ol` group that is not ink either. Boxes (`labels.box`) are drawn over the
    /// leaders, which end at their edges, and under the texts (`outsideBox`).
    static func write(labels: [(index: Int, text: String, pose: OutsideLabels.Pose, leader: Color?, color: Color?, still: Bool,
                                box: LabelBoxPose.Rect?)],
                      centers: [(index: Int, text: CenterText, opacity: Double)], ink: Color, fontSize: Double,
                      leaders: Bool = true, into out: inout ByteWriter) {
        if !labels.isEmpty {
            // `labels.leader: none` writes no leader group at all.
            if leaders {
                if labels.contains(where: { $0.leader != nil }) {
                    out.open("g", ClassPrefix.leaders)
                    out.raw("\" fill=\"none\" stroke-width=\"1\">\n")
                } else {
                    out.open("g", ClassPrefix.ink, ClassPrefix.leaders)
                    out.raw("\" fill=\"none\" stroke=\"")
                    out.hex(ink)
                    out.raw("\" stroke-width=\"1\">\n")
                }
                for l in labels {
                    if l.still {
                        stillLeader(l.index, l.pose, stroke: l.leader, into: &out)
                        continue
                    }
                    unitLine(ClassPrefix.tick, l.index, l.pose.tick, opacity: l.pose.opacity, stroke: l.leader, into: &out)
                    unitLine(ClassPrefix.elbow, l.index, l.pose.elbow, opacity: l.pose.opacity, stroke: l.leader, into: &out)
                }
                out.raw("</g>\n")
            }
            if labels.contains(where: { $0.box != nil }) {
                // Ink lets the pointer through; the rects' own fill beats the group's ink.
                out.open("g", ClassPrefix.ink, ClassPrefix.outsideBoxes)
                out.raw("\">\n")
                for l in labels { if let box = l.box { outsideBox(l.index, box, opacity: l.pose.opacity * box.opacity, into: &out) } }
                out.raw("</g>\n")
            }
            if labels.contains(where: { $0.color == nil }) {
                out.open("g", ClassPrefix.ink, ClassPrefix.outsideLabels)
                out.raw("\" fill=\"")
                out.hex(ink)
                out.raw("\">\n")
                for l in labels where l.color == nil { outsideText(l.index, l.text, l.pose, fontSize: fontSize, into: &out) }
                out.raw("</g>\n")
            }
            if labels.contains(where: { $0.color != nil }) {
                out.open("g", ClassPrefix.outsideLabels)
                out.raw("\">\n")
                for l in labels where l.color != nil { outsideText(l.index, l.text, l.pose, fill: l.color, fontSize: fontSize, into: &out) }
                out.raw("</g>\n")
            }
        }
        guard !centers.isEmpty else { return }
        out.open("g", ClassPrefix.ink, ClassPrefix.centre)
        out.raw("\" text-anchor=\"middle\" fill=\"")
        out.hex(ink)
        out.raw("\">\n")
        for c in centers { centerText(ClassPrefix.centreText, c.index, c.text, opacity: c.opacity, into: &out) }
        out.raw("</g>\n")
    }

    /// An outside label's text at `pose` (`.p-lo<index>`).
    private static func outsideText(_ index: Int, _ text: String, _ pose: OutsideLabels.Pose, fill: Color? = nil, fontSize: Double,
                                    into out: inout ByteWriter) {
        out.open("text", ClassPrefix.outsideLabel)
        out.int(index)
        if let fill {
            out.raw("\" fill=\"")
            out.hex(fill)
        }
        out.raw("\" transform=\"translate(")
        out.num(pose.x)
        out.raw(" ")
        out.num(pose.y)
        out.raw(")\" y=\"")
        out.num(fontSize * 0.35 + TextLines.firstLineShift(text, fontSize: fontSize))
        out.raw("\" text-anchor=\"" + anchor(pose.side))
        out.raw(pose.opacity < 1 ? "\" opacity=\"" : "")
        if pose.opacity < 1 { out.num(pose.opacity) }
        out.raw("\">")
        out.textLines(text, x: 0, fontSize: fontSize)
        out.raw("</text>\n")
    }

    /// An outside label's box (`.p-ob<index>`, `LabelBoxPose.rect(_:at:fontSize:)`): placed by
    /// its transform, so that its keyframes move it as the text's move the text; its size,
    /// rounding and paint as attributes. A border of width 0 keeps its colour (it thins out).
    static func outsideBox(_ index: Int, _ box: LabelBoxPose.Rect, opacity: Double, into out: inout ByteWriter) {
        out.open("rect", ClassPrefix.outsideBox)
        out.int(index)
        out.raw("\" transform=\"translate(")
        out.num(box.x)
        out.raw(" ")
        out.num(box.y)
        out.raw(")\" width=\"")
        out.num(box.width)
        out.raw("\" height=\"")
        out.num(box.height)
        if box.rx > 0 {
            out.raw("\" rx=\"")
            out.num(box.rx)
        }
        out.raw("\" fill=\"")
        out.hex(box.fill)
        if let stroke = box.stroke {
            out.raw("\" stroke=\"")
            out.hex(stroke)
            out.raw("\" stroke-width=\"")
            out.num(box.strokeWidth)
        }
        if opacity < 1 {
            out.raw("\" opacity=\"")
            out.num(opacity)
        }
        out.raw("\"/>\n")
    }

    /// The `text-anchor` of a label on `side` (`OutsideLabels.Pose.side`).
    static func anchor(_ side: Double) -> String { side > 0 ? "start" : side < 0 ? "end" : "middle" }

    /// A centre text (`.p-cx<index>`, or `chart.hoverCenter`'s `.p-h<index>`, hidden by
    /// `visibility` and `opacity` until CSS shows it), at `opacity` (written when below 1).
    static func centerText(_ cls: StaticString, _ index: Int, _ text: CenterText, opacity: Double = 1, hidden: Bool = false,
                           into out: inout ByteWriter) {
        out.raw("<text class=\"")
        out.raw(cls)
        out.int(index)
        if hidden { out.raw("\" visibility=\"hidden\" opacity=\"0") }
        if text.x != 0 {
            out.raw("\" x=\"")
            out.num(text.x)
        }
        out.raw("\" y=\"")
        out.num(text.y + text.fontSize * 0.35 + TextLines.firstLineShift(text.text, fontSize: text.fontSize))
        out.raw("\" font-size=\"")
        out.num(text.fontSize)
        if opacity < 1 {
            out.raw("\" opacity=\"")
            out.num(opacity)
        }
        out.raw("\">")
        out.textLines(text.text, x: text.x, fontSize: text.fontSize)
        out.raw("</text>\n")
    }

    private static func unitLine(_ cls: StaticString, _ index: Int, _ s: OutsideLabels.Segment, opacity: Double, stroke: Color?,
                                 into out: inout ByteWriter) {
        out.raw("<path class=\"")
        out.raw(cls)
        out.int(index)
        out.raw("\" transform=\"translate(")
        out.num(s.x)
        out.raw(" ")
        out.num(s.y)
        out.raw(") rotate(")
        out.num(s.angle)
        out.raw(") scale(")
        out.num(s.length)
        out.raw(" 1)\"")
        leaderPaint(stroke: stroke, opacity: opacity, into: &out)
        out.raw(" d=\"M0 0H1\"/>\n")
    }

    /// A leader's own stroke (`labels.leaderColor: slice`) and its opacity below 1, as attributes.
    static func leaderPaint(stroke: Color?, opacity: Double, into out: inout ByteWriter) {
        if let stroke {
            out.raw(" stroke=\"")
            out.hex(stroke)
            out.raw("\"")
        }
        if opacity < 1 {
            out.raw(" opacity=\"")
            out.num(opacity)
            out.raw("\"")
        }
    }
}
