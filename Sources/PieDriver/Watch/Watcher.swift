import PieCore

/// `piec watch`: builds everything, then rebuilds each spec whose bytes change, until `stop()`.
///
/// `run()` blocks its thread. Events go to `observer` from that thread, in order. `stop()` may be
/// called from any thread (a signal handler's dispatch source): the current batch finishes (a
/// bundle write is never cut off, so no temp files are left), then `run()` returns.
public final class Watcher: @unchecked Sendable {
    public let options: WatchOptions
    private let compile: CompileFunction
    private let observer: @Sendable (WatchEvent) -> Void
    private let lock = Lock()
    private var stopRequested = false
    private var source: (any ChangeSource)?
    private let sourceOverride: (@Sendable (WatchScope) -> any ChangeSource)?

    /// `makeSource` replaces the change source (tests wrap the real one to inject events).
    public init(
        options: WatchOptions, compile: @escaping CompileFunction = DefaultPipeline.compile,
        makeSource: (@Sendable (WatchScope) -> any ChangeSource)? = nil,
        observer: @escaping @Sendable (WatchEvent) -> Void
    ) {
        self.options = options
        self.compile = compile
        self.sourceOverride = makeSource
        self.observer = observer
    }

    /// Problems with the inputs that stop watching before it starts (a path that does not exist).
    public static func check(_ options: WatchOptions) -> [FileDiagnostics] {
        let discovery = SpecDiscovery.discover(inputs: options.inputs.isEmpty ? ["."] : options.inputs, outputDir: nil)
        return discovery.problems.filter { group in !group.diagnostics.contains { $0.code == DriverDiagnostics.noSpecs } }
    }

    /// Asks `run()` to return after the batch in progress. Idempotent, any thread.
    public func stop() {
        let source = lock.withLock {
            stopRequested = true
            return self.source
        }
        source?.wake()
    }

    private var shouldStop: Bool { lock.withLock { stopRequested } }

    /// Watches until `stop()`: starts the change source, builds everything, then loops.
    public func run() {
        let scope = options.scope
        let made: (source: any ChangeSource, fallbackNote: String?)
        if let sourceOverride {
            made = (sourceOverride(scope), nil)
        } else {
            made = makeChangeSource(scope, method: options.method, pollIntervalMS: options.pollIntervalMS, limits: options.limits)
        }
        let source = made.source
        lock.withLock { self.source = source }
        // Watching starts before the first build, so a save during it is not missed.
        var engine = WatchEngine(options: options, compile: compile, emit: observer)
        var debouncer = Debouncer(quietMS: options.debounceMS, maxDelayMS: options.maxDelayMS, settleMS: options.settleMS)
        _ = engine.handle(Debouncer.Batch(paths: [], rescanReason: "first build"), initial: true, now: monotonicNanoseconds())
        var dependencies = engine.dependencyPaths
        source.watchDependencies(dependencies)
        observer(.started(WatchStart(method: source.description, fallbackNote: made.fallbackNote,
                                     inputs: scope.inputs, outputDir: options.outputDir)))
        loop(source: source, engine: &engine, debouncer: &debouncer, dependencies: &dependencies)
    }

    private func loop(source: any ChangeSource, engine: inout WatchEngine, debouncer: inout Debouncer,
                      dependencies: inout Set<String>) {
        var batches = 0
        while !shouldStop {
            let timeout = debouncer.nextDeadline.map { deadline -> Int in
                let now = monotonicNanoseconds()
                return deadline <= now ? 0 : Int((deadline - now + 999_999) / 1_000_000)
            }
            let changes = source.wait(timeoutMS: timeout)
            let now = monotonicNanoseconds()
            for change in changes { debouncer.note(change, at: now) }
            guard !shouldStop, let batch = debouncer.takeDue(at: now) else { continue }
            let recheck = engine.handle(batch, initial: false, now: now) { path in
                // Events queued while the spec was read and compiled: it is still being written.
                for change in source.wait(timeoutMS: 0) { debouncer.note(change, at: monotonicNanoseconds()) }
                return debouncer.isPending(path)
            }
            for (path, deadline) in recheck { debouncer.schedule(path, at: deadline) }
            if engine.dependencyPaths != dependencies {
                dependencies = engine.dependencyPaths
                source.watchDependencies(dependencies)
            }
            batches += 1
            observer(.batchFinished(sequence: batches))
        }
    }
}
