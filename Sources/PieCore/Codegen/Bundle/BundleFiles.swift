/// A bundle whose files are generated on demand, one step at a time, in the order they are
/// written: the driver writes each file as soon as it exists and drops it before the next step
/// runs, so a large chart's files are never all held at once (at 100,000 slices chart.svg and
/// index.html are 53 MB and the manifest, generated last, 67 MB).
///
/// One consumer takes every file once (`next()`), on one thread; each step and what it
/// captured (the layout and plan the manifest is written from) is released as soon as it ran.
/// `bundle()` takes all of them at once: the same bytes as the streamed files.
public final class BundleFiles: @unchecked Sendable {
    public let id: String
    /// Every file's name, known before any is generated, in the order `next()` returns them.
    public let names: [String]
    private var steps: [() -> [BundleFile]]
    private var pending: [BundleFile] = []

    /// `steps` run in order, each producing the next files (names as in `names`).
    public init(id: String, names: [String], steps: [() -> [BundleFile]]) {
        self.id = id
        self.names = names
        self.steps = steps.reversed()
    }

    /// The files of a bundle already generated.
    public convenience init(_ bundle: Bundle) {
        let files = bundle.files
        self.init(id: bundle.id, names: files.map(\.name), steps: [{ files }])
    }

    /// The next file, generating it when needed; nil once every file was taken.
    public func next() -> BundleFile? {
        while pending.isEmpty {
            guard let step = steps.popLast() else { return nil }
            pending = Array(step().reversed())
        }
        return pending.popLast()
    }

    /// Every remaining file, generated now.
    public func bundle() -> Bundle {
        var files: [BundleFile] = []
        while let file = next() { files.append(file) }
        return Bundle(id: id, files: files)
    }
}
