import PieCore
import PieSpec

/// What `piec render` writes: a static SVG, PNG or PDF of one instant, or the motion as an
/// animated GIF or WebP, or an MP4 video.
public enum RenderFormat: String, Sendable, CaseIterable {
    case svg, png, pdf, gif, webp, mp4

    /// The format an output path names by its extension (any case), nil for none or another.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// One instant (`--at`) rather than the whole motion.
    public var isStill: Bool { self == .svg || self == .png || self == .pdf }
    /// Needs `piec-render` (librsvg, giflib, libwebp, ffmpeg): everything but SVG.
    public var needsRaster: Bool { self != .svg }
}

/// An instant given to `--at`: milliseconds (`1200ms`), seconds (`1.2s`) or a percentage of
/// the animation's timeline (`50%`: half-way from the first change's start to the last
/// change's end; `0%` is the old chart, `100%` the new one).
public enum RenderTime: Sendable, Equatable {
    case milliseconds(Double)
    case percent(Double)

    /// nil when `text` is not a non-negative number with one of the units `ms`, `s`, `%`.
    public init?(_ text: String) {
        func number(_ s: Substring) -> Double? {
            guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let v = Double(s), v.isFinite else { return nil }
            return v
        }
        if text.hasSuffix("ms"), let v = number(text.dropLast(2)) {
            self = .milliseconds(v)
        } else if text.hasSuffix("s"), let v = number(text.dropLast()) {
            self = .milliseconds(v * 1000)
        } else if text.hasSuffix("%"), let v = number(text.dropLast()), v <= 100 {
            self = .percent(v)
        } else {
            return nil
        }
    }

    /// Milliseconds after load on `timeline`.
    public func milliseconds(on timeline: TimeWindow) -> Double {
        switch self {
        case .milliseconds(let t): t
        case .percent(let p): timeline.start + timeline.length * p / 100
        }
    }
}

/// The instants of an animated output and how long each is shown: every `1/fps` s from load to
/// the end of the timeline, then the final chart (exactly at the end) held for `hold` ms (at
/// least one frame). A chart that does not move is one frame.
public struct FrameSchedule: Sendable, Equatable {
    public var times: [Double]
    /// Milliseconds each frame is shown.
    public var durations: [Double]

    public static func make(timeline: TimeWindow, fps: Double, hold: Double) -> FrameSchedule {
        let step = 1000 / fps, end = timeline.length > 0 ? timeline.end : 0
        var times: [Double] = []
        var k = 0
        while Double(k) * step < end - 1e-9 {
            times.append(Double(k) * step)
            k += 1
        }
        var durations = times.map { _ in step }
        times.append(end)
        durations.append(max(hold, step))
        return FrameSchedule(times: times, durations: durations)
    }
}
