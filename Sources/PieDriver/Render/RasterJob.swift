import PieCore
import PieSpec

/// Everything `piec-render` needs to encode: how many frames, how long each shows, the image
/// size in px, whether it loops, the page colour formats without transparency (GIF, MP4) put
/// behind a transparent chart, and a way to make frame k's static SVG when the encoder asks
/// for it. The job holds no frame: an encoder asks for a few at a time (`svg(k)`), so what a
/// render holds does not grow with the animation's length (`RenderBudget` bounds the work).
public struct RasterJob: Sendable {
    public var format: RenderFormat
    /// Milliseconds each frame shows, in order: one per frame.
    public var durations: [Double]
    public var width: Int
    public var height: Int
    public var loop: Bool
    public var fps: Double
    public var page: Color
    /// Frame k's static SVG (0 ≤ k < `durations.count`), made when called; safe to call from
    /// several threads at once.
    public var svg: @Sendable (Int) -> [UInt8]

    public init(format: RenderFormat, durations: [Double], width: Int, height: Int, loop: Bool, fps: Double, page: Color,
                svg: @escaping @Sendable (Int) -> [UInt8]) {
        self.format = format
        self.durations = durations
        self.width = width
        self.height = height
        self.loop = loop
        self.fps = fps
        self.page = page
        self.svg = svg
    }

    public var frameCount: Int { durations.count }

    /// The motion of `source`: a frame every `1/fps` s of its timeline, then the final chart
    /// held `hold` ms (`FrameSchedule`), at the options' width.
    public static func animated(_ source: FrameSource, format: RenderFormat, options: FrameOptions, fps: Double, hold: Double,
                                loop: Bool) -> RasterJob {
        let schedule = FrameSchedule.make(timeline: source.timeline, fps: fps, hold: hold)
        let times = schedule.times
        return job(source, format: format, options: options, durations: schedule.durations, fps: fps, loop: loop) { k in
            source.svg(at: times[k], options: options)
        }
    }

    /// One instant of `source` (`t` ms after load) for a PNG or PDF.
    public static func still(_ source: FrameSource, at t: Double, format: RenderFormat, options: FrameOptions) -> RasterJob {
        job(source, format: format, options: options, durations: [0], fps: 1, loop: false) { _ in source.svg(at: t, options: options) }
    }

    private static func job(_ source: FrameSource, format: RenderFormat, options: FrameOptions, durations: [Double], fps: Double,
                            loop: Bool, svg: @escaping @Sendable (Int) -> [UInt8]) -> RasterJob {
        let size = source.size
        let width = options.width ?? size.width
        return RasterJob(format: format, durations: durations, width: Int(width.rounded()),
                         height: max(1, Int((size.height * width / size.width).rounded())), loop: loop, fps: fps,
                         page: source.pageColor(theme: options.theme), svg: svg)
    }

    /// How many frames the output holds: the job's frames, except MP4, a constant frame rate
    /// video that repeats a frame for as long as it shows (`VideoFrames`).
    public var outputFrames: Int {
        format == .mp4 ? VideoFrames.counts(durations, fps: fps).reduce(0, +) : frameCount
    }
}

/// MP4's frames: at a constant rate, so frame k of a job is repeated from where the previous
/// one ended to the end of its duration on the running time (at least once).
public enum VideoFrames {
    /// How many times each frame of `durations` (ms) is repeated at `fps`.
    public static func counts(_ durations: [Double], fps: Double) -> [Int] {
        var elapsed = 0.0, shown = 0
        return durations.map { duration in
            elapsed += duration
            let upTo = max(Int((elapsed * fps / 1000).rounded()), shown + 1)
            defer { shown = upTo }
            return upTo - shown
        }
    }
}
