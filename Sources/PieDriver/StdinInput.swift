#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieDiagnostics
import PieSpec

/// `-` as a spec argument: the spec is read from standard input (once, with the same size limit
/// as a file). It stands for a spec in the working directory: a relative `data.file` and the
/// `.piec.yaml` files are looked up from there (the repository root is found from there too);
/// diagnostics name it `<stdin>`; without an `id:` its bundle id is `chart`.
extension SpecInput {
    /// The argument that means standard input.
    public static let stdinArgument = "-"
    /// How diagnostics name a spec read from standard input.
    public static let stdinName = "<stdin>"
    /// The bundle id of a spec from standard input that has no `id:`.
    public static let stdinDefaultID = "chart"

    public var isStdin: Bool { path == SpecInput.stdinArgument }
    /// The path diagnostics show: `<stdin>` for standard input.
    public var displayPath: String { isStdin ? SpecInput.stdinName : path }
    /// The default bundle id: the slug of the file stem, `chart` for standard input.
    public var defaultID: String { isStdin ? SpecInput.stdinDefaultID : BundleID.slug(fromPath: path) }
}

extension SpecReader {
    /// Standard input as a `SourceFile` named `<stdin>` (E0501 when it cannot be read, E0503
    /// past `maxFileBytes`: no more than the limit plus one byte is read).
    public static func readStdin(limits: SpecLimits = SpecLimits()) -> Result<SourceFile, SpecReadError> {
        switch readAll(fd: 0, limit: limits.maxFileBytes + 1, size: nil) {
        case .failure(let e): return .failure(SpecReadError(.unreadable, path: SpecInput.stdinName, code: e.code))
        case .success(let bytes) where bytes.count > limits.maxFileBytes:
            return .failure(.tooLarge(path: SpecInput.stdinName, size: bytes.count, limit: limits.maxFileBytes))
        case .success(let bytes): return .success(SourceFile(path: SpecInput.stdinName, bytes: bytes))
        }
    }
}
