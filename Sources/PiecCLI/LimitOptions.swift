import PieDriver
import PieSpec

/// `--max-slices N`: a chart larger than the documented limits, built on purpose. Every command
/// that loads specs takes it and hands the same `SpecLimits` to every loader of the run (the
/// spec, its data file and shared defaults, the previous version from git, a file or a bundle's
/// manifest, the watcher's reads), so a large chart is never accepted by one and refused by
/// another. Without it the defaults protect against hostile or accidental input.
enum LimitOptions {
    static let maxSlices = OptionSpec.option(
        "max-slices", .integer("N"),
        help: "Allow up to N slices per spec (default 100000); the file size (8 MiB) and YAML node (2000000) limits grow in proportion.")

    /// The limits `--max-slices` asks for (the defaults when not given).
    static func limits(_ arguments: ParsedArguments) throws(UsageError) -> SpecLimits {
        guard let n = arguments.integer("max-slices") else { return SpecLimits() }
        guard (1...SpecLimits.maxSlicesCeiling).contains(n) else {
            throw UsageError(message: "--max-slices takes a whole number from 1 to \(SpecLimits.maxSlicesCeiling), found \(n)")
        }
        return SpecLimits(maxSlices: n)
    }
}

/// `--max-frames N` (`piec render`): a render of more work than `RenderBudget`'s default, made
/// on purpose. Only the command line raises it, never a spec.
extension LimitOptions {
    static let maxFrames = OptionSpec.option(
        "max-frames", .integer("N"),
        help: "Allow a GIF, WebP, MP4, PNG or PDF of up to N frames (default \(RenderBudget.defaultMaxFrames)); a frame over 1000x1000 px counts as its megapixels.")

    /// The budget `--max-frames` asks for (the default when not given).
    static func budget(_ arguments: ParsedArguments) throws(UsageError) -> RenderBudget {
        guard let n = arguments.integer("max-frames") else { return RenderBudget() }
        guard (1...RenderBudget.maxFramesCeiling).contains(n) else {
            throw UsageError(message: "--max-frames takes a whole number from 1 to \(RenderBudget.maxFramesCeiling), found \(n)")
        }
        return RenderBudget(maxFrames: n)
    }
}
