import PieJSON
import PieSpec

/// Where a history's steps sit: one canvas holding every step's chart, each moved so the
/// pies share one centre (one step ends exactly where the next begins), a caption line below
/// the charts, and which step shows at an instant. The history bundle (`HistoryWriter`) and
/// its frames (`FrameSource.history`) both place the steps with this one value.
struct HistoryCanvas {
    /// Caption line: font size and the room it takes below the charts.
    static let captionSize = 12.0
    static let captionRoom = 28.0

    /// How far each step's chart is moved.
    var offsets: [(x: Double, y: Double)]
    var width: Double
    var height: Double

    /// A canvas of `width` x `height` (the caption line included) whose steps are not moved
    /// (a history of `charts:`: each step's grid at the canvas's top left).
    init(width: Double, height: Double, steps: Int) {
        offsets = Array(repeating: (x: 0, y: 0), count: steps)
        self.width = width
        self.height = height
    }

    init(_ steps: [HistoryStep]) {
        let cx = steps.map(\.chart.layout.cx).max() ?? 0, cy = steps.map(\.chart.layout.cy).max() ?? 0
        offsets = steps.map { (x: cx - $0.chart.layout.cx, y: cy - $0.chart.layout.cy) }
        width = zip(steps, offsets).map { $1.x + $0.chart.layout.width }.max() ?? 0
        height = (zip(steps, offsets).map { $1.y + $0.chart.layout.height }.max() ?? 0) + Self.captionRoom
    }

    /// Length of the timeline: until the last step rests at its version.
    static func duration(_ steps: [HistoryStep]) -> Double {
        steps.last.map { max($0.at, $0.start) } ?? 0
    }

    /// The step shown `t` ms after load: the last one started by then (each is shown from its
    /// start until the next one starts; the first from load, the last until the end).
    static func step(at t: Double, in steps: [HistoryStep]) -> Int {
        steps.lastIndex { $0.start <= t } ?? 0
    }

    /// The caption of a version: `date · subject` in `ink`, centred under the charts.
    func caption(_ version: HistoryVersion, ink: Color, into out: inout ByteWriter) {
        let text = Self.captionText(version)
        guard !text.isEmpty else { return }
        out.open("text", ClassPrefix.caption, ClassPrefix.ink)
        out.raw("\" x=\"")
        out.num(width / 2)
        out.raw("\" y=\"")
        out.num(height - Self.captionRoom / 2 + Self.captionSize / 3)
        out.raw("\" text-anchor=\"middle\" font-size=\"")
        out.num(Self.captionSize)
        out.raw("\" fill=\"")
        out.hex(ink)
        out.raw("\">")
        out.text(TextMetrics.truncate(text, maxWidth: max(width - 16, 24), fontSize: Self.captionSize))
        out.raw("</text>\n")
    }

    static func captionText(_ v: HistoryVersion) -> String {
        let subject = TextLines.joined(v.subject)
        if v.date.isEmpty { return subject }
        return subject.isEmpty ? v.date : v.date + " \u{00B7} " + subject
    }
}
