import PieDiagnostics
import PieSpec

/// Markup and CSS of the ink layer (`InkScene`). Every element sits in a group of class
/// `p-ink` (text and lines drawn on the background in `ChartLayout.ink`). Leader lines are
/// two unit lines (`M0 0H1`) each, placed by `translate() rotate() scale(length, 1)`: the
/// path data never changes, so they animate everywhere (`d` is not animatable in Safari).
/// The attributes hold the rest state; moving labels get one `@keyframes` per element with a
/// keyframe at every sample instant, linear between them.
enum InkWriter {
    /// Poses with hidden samples filled from the nearest shown one (opacity 0 there), and
    /// leader angles unwrapped so no keyframe pair turns the long way round.
    static func filled(_ track: InkScene.Track) -> [OutsideLabels.Pose]? {
        guard let first = track.poses.first(where: { $0 != nil }) ?? nil else { return nil }
        var last = first
        var result: [OutsideLabels.Pose] = []
        result.reserveCapacity(track.poses.count)
        for pose in track.poses {
            if let pose { last = pose; result.append(pose) } else { var p = last; p.opacity = 0; result.append(p) }
        }
        for i in result.indices.dropFirst() {
            result[i].tick.angle = unwrap(result[i].tick.angle, near: result[i - 1].tick.angle)
            result[i].elbow.angle = unwrap(result[i].elbow.angle, near: result[i - 1].elbow.angle)
        }
        return result
    }

    static func unwrap(_ a: Double, near b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d < -180 { d += 360 }
        return b + d
    }

    /// The ink groups, written into `out` (inside the plot group, centred on the pie).
    static func svg(_ scene: Scene, into out: inout ByteWriter) {
        let ink = scene.ink, layout = scene.layout
        let tracks = ink.tracks.compactMap { t in filled(t).map { (t, $0) } }
        if !tracks.isEmpty {
            out.raw("<g class=\"p-ink p-ll\" fill=\"none\" stroke=\"")
            out.hex(layout.ink)
            out.raw("\" stroke-width=\"1\">\n")
            for (t, poses) in tracks {
                let rest = poses[poses.count - 1]
                unitLine("p-qa", t.index, rest.tick, opacity: rest.opacity, into: &out)
                unitLine("p-qb", t.index, rest.elbow, opacity: rest.opacity, into: &out)
            }
            out.raw("</g>\n<g class=\"p-ink p-ol\" fill=\"")
            out.hex(layout.ink)
            out.raw("\">\n")
            for (t, poses) in tracks {
                let rest = poses[poses.count - 1]
                out.raw("<text class=\"p-lo")
                out.int(t.index)
                out.raw("\" transform=\"translate(")
                out.num(rest.x)
                out.raw(" ")
                out.num(rest.y)
                out.raw(")\" y=\"")
                out.num(layout.fontSize * 0.35 + TextLines.firstLineShift(t.text, fontSize: layout.fontSize))
                out.raw(rest.side > 0 ? "\" text-anchor=\"start" : "\" text-anchor=\"end")
                out.raw(rest.opacity < 1 ? "\" opacity=\"" : "")
                if rest.opacity < 1 { out.num(rest.opacity) }
                out.raw("\">")
                out.textLines(t.text, x: 0, fontSize: layout.fontSize)
                out.raw("</text>\n")
            }
            out.raw("</g>\n")
        }
        guard !ink.centers.isEmpty else { return }
        out.raw("<g class=\"p-ink p-ct\" text-anchor=\"middle\" fill=\"")
        out.hex(layout.ink)
        out.raw("\">\n")
        for c in ink.centers {
            out.raw("<text class=\"p-cx")
            out.int(c.index)
            if c.text.x != 0 {
                out.raw("\" x=\"")
                out.num(c.text.x)
            }
            out.raw("\" y=\"")
            out.num(c.text.y + c.text.fontSize * 0.35 + TextLines.firstLineShift(c.text.text, fontSize: c.text.fontSize))
            out.raw("\" font-size=\"")
            out.num(c.text.fontSize)
            out.raw(c.toOpacity == 0 ? "\" opacity=\"0\">" : "\">")
            out.textLines(c.text.text, x: c.text.x, fontSize: c.text.fontSize)
            out.raw("</text>\n")
        }
        out.raw("</g>\n")
    }

    private static func unitLine(_ cls: String, _ index: Int, _ s: OutsideLabels.Segment, opacity: Double, into out: inout ByteWriter) {
        out.raw("<path class=\"" + cls)
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
        if opacity < 1 {
            out.raw(" opacity=\"")
            out.num(opacity)
            out.raw("\"")
        }
        out.raw(" d=\"M0 0H1\"/>\n")
    }
}
