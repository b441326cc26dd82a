import PieDiagnostics
import PieDriver
import PieRaster

/// `piec-render`'s encoder: a `RasterJob` (frames made on demand, with durations) to PNG or PDF
/// (one frame), animated GIF or WebP, or MP4, written to a `RenderSink` as it is made. Frames
/// are drawn by librsvg a window at a time (`FrameStream`) and handed to the encoder in order,
/// never all kept; formats without transparency (GIF, MP4) put a transparent chart on the job's
/// page colour. The sink is not committed here: the caller commits it or lets it go.
public enum RasterEncoder {
    public static func encode(_ job: RasterJob, to sink: RenderSink) -> DriverFailure? {
        do {
            try write(job, to: sink)
            return nil
        } catch is VideoEncoder.Missing {
            return DriverFailure(.error(RenderDiagnostics.missingTool, "MP4 needs the ffmpeg program, which is not installed", at: nil,
                                        help: "install it (Debian and Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg), or render a .gif or .webp"))
        } catch let failure as RenderFailure {
            return DriverFailure(.error(RenderDiagnostics.renderFailed, failure.message, at: nil))
        } catch {
            return DriverFailure(.error(RenderDiagnostics.renderFailed, "\(error)", at: nil))
        }
    }

    private static func write(_ job: RasterJob, to sink: RenderSink) throws {
        guard job.frameCount > 0 else { throw RenderFailure(message: "no frames") }
        switch job.format {
        case .svg: sink.write(job.svg(0))
        case .png: sink.write(try SVGRasterizer.png(job.svg(0), width: job.width, height: job.height))
        case .pdf: sink.write(try SVGRasterizer.pdf(job.svg(0), width: job.width, height: job.height))
        case .gif: try GIFEncoder.encode(job, to: sink)
        case .webp: try WebPEncoder.encode(job, to: sink)
        case .mp4: try VideoEncoder.encode(job, to: sink)
        }
    }
}
