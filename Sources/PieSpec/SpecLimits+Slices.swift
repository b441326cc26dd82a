import PieYAML

/// Building a larger chart on purpose (`piec build --max-slices N`): the slice limit moves, and
/// the budgets that protect the front end before it counts slices (bytes of one file, YAML
/// nodes of one document) grow in proportion, so the one number a user chooses is the only
/// one to think about. The defaults stay what they are for every run that does not ask.
extension SpecLimits {
    /// The slice limit a run uses unless told otherwise.
    public static let defaultMaxSlices = 100_000
    /// The most `--max-slices` accepts: a chart of this many slices needs gigabytes of memory.
    public static let maxSlicesCeiling = 10_000_000

    /// The default limits with `maxSlices` slices allowed. Above the default slice limit, the
    /// file size and node budgets scale by the same factor (8 MiB and 2,000,000 nodes per
    /// 100,000 slices: about 84 bytes and 20 nodes a slice); below it they keep their defaults,
    /// so a stricter slice limit refuses no spec for its size alone.
    public init(maxSlices: Int) {
        self.init()
        let slices = min(max(maxSlices, 1), Self.maxSlicesCeiling)
        self.maxSlices = slices
        guard slices > Self.defaultMaxSlices else { return }
        maxFileBytes = Self.scaled(maxFileBytes, slices)
        yaml.maxNodes = Self.scaled(yaml.maxNodes, slices)
    }

    /// `value` times `slices / defaultMaxSlices`, rounded up.
    private static func scaled(_ value: Int, _ slices: Int) -> Int {
        let (q, r) = (value * slices).quotientAndRemainder(dividingBy: defaultMaxSlices)
        return q + (r > 0 ? 1 : 0)
    }

    /// These limits for reading a bundle's manifest back: its canonical spec and the previous
    /// version it records are loaded with the slice and node limits of the build, from a file
    /// that may be far larger than a spec (`fileBytes`).
    public func reading(upTo fileBytes: Int) -> SpecLimits {
        var limits = self
        limits.maxFileBytes = max(maxFileBytes, fileBytes)
        return limits
    }
}
