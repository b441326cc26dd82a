import Dispatch
import PieDiagnostics
import PieDriver
import PieRaster

/// `piec-render`'s encoder: a `RasterJob` (static SVG frames with durations) to PNG or PDF (one
/// frame), animated GIF or WebP, or MP4. Frames are drawn by librsvg; formats without
/// transparency (GIF, MP4) put a transparent chart on the job's page colour.
public enum RasterEncoder {
    public static func encode(_ job: RasterJob) -> Result<[UInt8], DriverFailure> {
        do {
            return .success(try bytes(job))
        } catch is VideoEncoder.Missing {
            return .failure(DriverFailure(.error(RenderDiagnostics.missingTool, "MP4 needs the ffmpeg program, which is not installed", at: nil,
                                                 help: "install it (Debian and Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg), or render a .gif or .webp")))
        } catch let failure as RenderFailure {
            return .failure(DriverFailure(.error(RenderDiagnostics.renderFailed, failure.message, at: nil)))
        } catch {
            return .failure(DriverFailure(.error(RenderDiagnostics.renderFailed, "\(error)", at: nil)))
        }
    }

    private static func bytes(_ job: RasterJob) throws -> [UInt8] {
        guard let first = job.frames.first else { throw RenderFailure(message: "no frames") }
        switch job.format {
        case .svg: return first.svg
        case .png: return try SVGRasterizer.png(first.svg, width: job.width, height: job.height)
        case .pdf: return try SVGRasterizer.pdf(first.svg, width: job.width, height: job.height)
        case .gif, .webp, .mp4: break
        }
        let page = (job.page.r, job.page.g, job.page.b)
        // WebP keeps transparency; GIF and MP4 are drawn on the page colour.
        let images = try FrameBatch.pixels(job.frames.map(\.svg), width: job.width, height: job.height, page: job.format == .webp ? nil : page)
        let durations = job.frames.map(\.duration)
        switch job.format {
        case .gif:
            return try GIFEncoder.encode(images, durations: durations, loop: job.loop)
        case .webp:
            return try WebPEncoder.encode(images, durations: durations, loop: job.loop)
        default:
            return try VideoEncoder.encode(images, durations: durations, fps: job.fps, page: page)
        }
    }
}

/// Every frame rasterised, on every core (each librsvg handle and cairo surface is its own).
enum FrameBatch {
    static func pixels(_ svgs: [[UInt8]], width: Int, height: Int, page: (UInt8, UInt8, UInt8)?) throws -> [RGBAImage] {
        let results = ResultBox(count: svgs.count)
        DispatchQueue.concurrentPerform(iterations: svgs.count) { k in
            let result: Result<RGBAImage, RenderFailure>
            do throws(RenderFailure) { result = .success(try SVGRasterizer.pixels(svgs[k], width: width, height: height, page: page)) } catch { result = .failure(error) }
            results.set(k, result)
        }
        return try results.values.map { try $0!.get() }
    }

    /// One slot per frame, each written by one worker.
    final class ResultBox: @unchecked Sendable {
        private let lock = Lock()
        var values: [Result<RGBAImage, RenderFailure>?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ k: Int, _ value: Result<RGBAImage, RenderFailure>) { lock.withLock { values[k] = value } }
    }
}
