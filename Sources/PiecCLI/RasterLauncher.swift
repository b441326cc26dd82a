import PieDriver

/// How commands that make raster images or video (`piec render` to PNG, PDF, GIF, WebP, MP4;
/// `piec md --gif`) get librsvg, giflib, libwebp and ffmpeg: `piec` links none of them (start-up
/// time), so it hands such a command over to `piec-render`, which is the same command line with
/// the encoders linked in (`PieRender`).
public protocol RasterLauncher {
    /// Called before any work (nothing read from standard input yet): `piec` replaces itself
    /// with the `piec-render` beside it, same arguments; `piec-render` returns.
    static func handOver() throws(ExitStatus)
    /// Encodes `job` into `sink` as its frames are drawn (not committed), or says why not.
    static func encode(_ job: RasterJob, to sink: RenderSink) -> DriverFailure?
}

/// `piec`'s launcher: execs `piec-render`.
public enum ExecRaster: RasterLauncher {
    public static func handOver() throws(ExitStatus) {
        let (path, reason) = Sibling.exec("piec-render")
        Terminal().err("piec: error: cannot start \(path): \(reason)\n"
            + "help: PNG, PDF, GIF, WebP and MP4 are made by piec-render, which links the system's librsvg, giflib and libwebp: "
            + "`make install` (or the release archive) puts it next to piec; the PyPI wheel has piec without it (SVG works)\n")
        throw ExitStatus(PiecExitCode.ioFailure.rawValue)
    }

    public static func encode(_ job: RasterJob, to sink: RenderSink) -> DriverFailure? {
        DriverFailure(.error(DriverDiagnostics.writeFailed, "piec-render is not linked into piec", at: nil))
    }
}
