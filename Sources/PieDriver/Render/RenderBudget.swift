import PieDiagnostics
import PieSpec

/// The work one `piec render` (or `piec md --gif` image) may do, checked before any frame is
/// drawn: at most `maxFrames` frames, where a frame of up to a megapixel counts once and a
/// larger one as its megapixels (a 4096 px square, 16.8 megapixels, counts as 16.8 frames).
///
/// Why one number of frames weighted by size rather than two limits: the time a render takes
/// is what grows without bound (memory no longer does: frames are streamed), and that time is
/// librsvg drawing pixels plus a fixed cost per frame (the SVG, a librsvg parse, a GIF frame).
/// Counting small frames once keeps the fixed cost bounded (a 1 px wide render of hours is
/// still refused); counting large ones by their pixels bounds the drawing.
///
/// Memory is bounded by the frame's size alone (a few frames are held, about 9 bytes a pixel
/// each), so a frame also has at most `maxSide` px on each side (E0551), what `--width` takes:
/// `--scale 20` of a 4096 px chart (81,920 px, 54 GB a frame) is refused, and no command line
/// raises this one (cairo itself stops at 32,767).
///
/// The default (10,000) is 5.5 minutes at 30 fps up to 1000 x 1000 px, or 20 s of a
/// 4096 px chart: the longest spec animation (`animation.duration` and `delay`, 60 s each) at
/// the default size, `piec md --gif`, and `render --history` of the default 50 versions are
/// all well inside. Only the command line raises it (`--max-frames N`), never a spec, like
/// `--max-slices`. MP4 counts the frames of the video (a frame repeated for as long as it shows:
/// `--hold`), GIF and WebP their distinct frames.
public struct RenderBudget: Sendable, Equatable {
    public static let defaultMaxFrames = 10_000
    /// `--max-frames` takes at most this (also keeps every count far from overflowing).
    public static let maxFramesCeiling = 100_000_000
    /// Pixels a frame may have and still count as one.
    public static let megapixel = 1_000_000
    /// Pixels of a frame's longer side.
    public static let maxSide = 10_000

    public var maxFrames: Int
    public init(maxFrames: Int = RenderBudget.defaultMaxFrames) { self.maxFrames = maxFrames }

    /// What `job` counts as: its output frames, each weighted by its megapixels (at least 1).
    public static func cost(_ job: RasterJob) -> Double {
        Double(job.outputFrames) * max(1, Double(job.width) * Double(job.height) / Double(megapixel))
    }

    /// What made the job long, for the diagnostic's help.
    public struct Cause: Sendable {
        /// The spec's `animation.duration` (or `delay`), where the spec sets it.
        public var animation: SourceRange?
        /// `--history`: its versions and their rests (`--hold`, `--max`, `--since`) add frames.
        public var history: Bool
        public init(animation: SourceRange? = nil, history: Bool = false) {
            self.animation = animation
            self.history = history
        }
    }

    /// E0551 when a frame of `job` is too large, E0550 when `job` is over the limit, nil when
    /// it is inside.
    public func check(_ job: RasterJob, cause: Cause = Cause()) -> Diagnostic? {
        guard job.width <= Self.maxSide, job.height <= Self.maxSide else {
            return .error(RenderDiagnostics.frameTooLarge,
                          "the image would be \(job.width)x\(job.height) px, more than \(Self.maxSide) px on a side",
                          at: nil, help: "lower --scale, or give --width (the height follows the chart's shape)")
        }
        let cost = Self.cost(job)
        guard cost > Double(maxFrames) else { return nil }
        let needed = Int(cost.rounded(.up))
        let megapixels = Double(job.width) * Double(job.height) / Double(Self.megapixel)
        let size = "\(job.width)x\(job.height) px"
        let counted = megapixels > 1 ? " of \(size) (\(formatMegapixels(megapixels)) megapixels each) count as \(needed)" : " of \(size)"
        var options = ["--fps", "--width or --scale"]
        if cause.history || job.format == .mp4 { options.insert("--hold", at: 1) }
        if cause.history { options.append("--max or --since") }
        let shorten = cause.animation != nil ? "shorten the animation, or lower " : "lower "
        return .error(RenderDiagnostics.renderTooLarge,
                      "the render is over its limit: \(job.outputFrames) frame\(job.outputFrames == 1 ? "" : "s")\(counted), more than \(maxFrames)",
                      at: cause.animation,
                      labels: [],
                      notes: ["a frame of up to 1000x1000 px counts once, a larger one as its megapixels; the limit bounds a render's time"],
                      help: shorten + options.joined(separator: ", ") + ", or raise the limit with --max-frames \(needed)")
    }

    private func formatMegapixels(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
