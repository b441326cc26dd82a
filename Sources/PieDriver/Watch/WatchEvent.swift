import PieCore
import PieDiagnostics

/// What the watcher reports, in order, from its own thread. The terminal prints them; the
/// preview server keeps the latest state of each chart and tells the browsers.
public enum WatchEvent: Sendable {
    /// Watching began (after the first build): how, and what.
    case started(WatchStart)
    /// A spec compiled and its bundle is on disk (or was already identical).
    case built(SpecBuilt)
    /// A spec could not be built (read, compile or write errors); its last good bundle stays.
    case failed(SpecFailed)
    /// A spec disappeared; its bundle was removed (only the files piec wrote).
    case removed(SpecRemoved)
    /// Problems not tied to one spec (an input directory that cannot be listed).
    case problems([FileDiagnostics])
    /// The first build finished: totals for a summary line.
    case initialBuildFinished(InitialBuild)
    /// A batch of changes was handled (after its builds); `sequence` counts batches.
    case batchFinished(sequence: Int)
}

public struct WatchStart: Sendable {
    /// "inotify" or "polling every 100 ms".
    public var method: String
    /// Why polling is used although inotify was asked for, if so.
    public var fallbackNote: String?
    public var inputs: [String]
    public var outputDir: String
}

public struct SpecBuilt: Sendable {
    public var path: String
    public var bundle: ChartBundle
    /// False when the bundle on disk was already byte-identical.
    public var written: Bool
    /// Part of the first build.
    public var initial: Bool
    public var summary: ChangeSummary
    /// Warnings (a built spec has no errors).
    public var report: FileDiagnostics
    /// Read + compile + write, milliseconds.
    public var elapsedMS: Double
}

public struct SpecFailed: Sendable {
    public var path: String
    /// The bundle still on disk for this spec (its last good build), if any.
    public var keptBundleID: String?
    public var report: FileDiagnostics
    public var initial: Bool
    public var elapsedMS: Double
    /// Diagnostics located in the files the spec reads (its data file, `.piec.yaml`).
    public var related: [FileDiagnostics] = []
}

public struct SpecRemoved: Sendable {
    public var path: String
    /// The bundle that was removed, if the spec had one.
    public var bundleID: String?
    public var removal: RemovalReport
}

public struct InitialBuild: Sendable {
    public var specs: Int
    public var written: Int
    public var unchanged: Int
    public var failed: Int
    public var elapsedMS: Double
}
