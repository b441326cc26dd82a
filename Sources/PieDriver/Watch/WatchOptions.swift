import PieSpec

/// How `piec watch` runs. Times are milliseconds.
public struct WatchOptions: Sendable {
    /// Spec files and directories (empty: the current directory).
    public var inputs: [String]
    public var outputDir: String
    public var method: WatchMethod = .auto
    /// Quiet time after the last event before building (bursts become one build).
    public var debounceMS = 10
    /// A burst that never pauses still builds this often.
    public var maxDelayMS = 300
    /// A file modified but not closed is read after this long without events.
    public var settleMS = 1000
    /// Polling interval (`--poll`, or where inotify is unavailable).
    public var pollIntervalMS = 100
    /// A spec that vanished is checked again after this long before its bundle is removed
    /// (editors delete and recreate files when saving).
    public var deleteGraceMS = 50
    /// A spec that was emptied (truncated, the new content not yet written) is built only if it
    /// is still empty after this long, so a two-step save never flashes an error.
    public var emptyGraceMS = 250
    public var limits = SpecLimits()
    /// Worker threads for the first build.
    public var jobs = defaultJobCount

    public init(inputs: [String], outputDir: String) {
        self.inputs = inputs
        self.outputDir = outputDir
    }

    var scope: WatchScope { WatchScope(inputs: inputs, outputDir: outputDir) }
}
