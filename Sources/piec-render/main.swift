// `piec-render`: `piec` with the raster and video encoders linked in (librsvg, cairo, giflib,
// libwebp; ffmpeg as a program). `piec render` to anything but SVG, and `piec md --gif`, hand
// over to it (exec, same arguments), so `piec` itself links none of these libraries. Any piec
// command line works here too.
import PieDriver
import PieRender
import PiecCLI

/// Encodes in this process.
enum LinkedRaster: RasterLauncher {
    static func handOver() throws(ExitStatus) {}
    static func encode(_ job: RasterJob, to sink: RenderSink) -> DriverFailure? { RasterEncoder.encode(job, to: sink) }
}

PiecCommand<ExecPreview, LinkedRaster>.main()
