#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieDiagnostics
import PieSpec

/// Reads one spec file: the size and type are checked with `stat` before a byte is read.
public enum SpecReader {
    /// The file's bytes as a `SourceFile` named `path`, or the diagnostic that explains why not
    /// (E0500 missing, E0501 unreadable, E0502 not a regular file, E0503 over `maxFileBytes`).
    /// `-` reads standard input (`readStdin`).
    public static func read(_ path: String, limits: SpecLimits = SpecLimits()) -> Result<SourceFile, SpecReadError> {
        if path == SpecInput.stdinArgument { return readStdin(limits: limits) }
        var st = stat()
        guard stat(path, &st) == 0 else { return .failure(SpecReadError(statFailure: errno, path: path)) }
        if let problem = check(FileStatus(st), path: path, limit: limits.maxFileBytes) { return .failure(problem) }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(SpecReadError(statFailure: errno, path: path)) }
        defer { close(fd) }
        // The path may have been replaced between stat and open: check the open file again.
        guard fstat(fd, &st) == 0 else { return .failure(SpecReadError(.unreadable, path: path, code: errno)) }
        if let problem = check(FileStatus(st), path: path, limit: limits.maxFileBytes) { return .failure(problem) }
        switch readAll(fd: fd, limit: limits.maxFileBytes + 1, size: Int(st.st_size)) {
        case .failure(let e): return .failure(SpecReadError(.unreadable, path: path, code: e.code))
        case .success(let bytes) where bytes.count > limits.maxFileBytes:
            return .failure(.tooLarge(path: path, size: bytes.count, limit: limits.maxFileBytes))
        case .success(let bytes): return .success(SourceFile(path: path, bytes: bytes))
        }
    }

    private static func check(_ status: FileStatus, path: String, limit: Int) -> SpecReadError? {
        switch status.kind {
        case .directory: return SpecReadError(.unreadable, path: path, code: EISDIR)
        case .regular: break
        case .symlink, .other: return SpecReadError(diagnostic: DriverDiagnostics.error(
            DriverDiagnostics.notRegularFile, "`\(path)` is not a regular file",
            help: "piec reads specs only from regular files"))
        }
        return status.size > limit ? .tooLarge(path: path, size: status.size, limit: limit) : nil
    }
}

/// Why a spec could not be read, as a diagnostic about the whole file.
public struct SpecReadError: Error, Sendable {
    public var diagnostic: Diagnostic

    init(diagnostic: Diagnostic) { self.diagnostic = diagnostic }

    enum Kind { case unreadable }

    init(_ kind: Kind, path: String, code: Int32) {
        diagnostic = DriverDiagnostics.error(DriverDiagnostics.unreadable, "cannot read `\(path)`: \(errnoText(code))")
    }

    init(statFailure code: Int32, path: String) {
        if code == ENOENT || code == ENOTDIR {
            self.init(diagnostic: DriverDiagnostics.error(DriverDiagnostics.fileNotFound, "no such file `\(path)`"))
        } else {
            self.init(.unreadable, path: path, code: code)
        }
    }

    /// E0503, in the words of the file it is: a spec, a data file, shared defaults or a Markdown
    /// document (all read with the same limit).
    static func tooLarge(path: String, size: Int, limit: Int) -> SpecReadError {
        let lower = path.lowercased()
        let what: String, help: String
        if lower.hasSuffix(".csv") || lower.hasSuffix(".json") {
            (what, help) = ("data file", "raise the limit with `--max-slices N` (it grows with the slices allowed, about 84 bytes a slice)")
        } else if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") {
            (what, help) = ("Markdown document", "split the document, or raise the limit with `--max-slices N` (about 84 bytes a slice)")
        } else if lastPathComponent(path) == SharedDefaults.fileName {
            (what, help) = ("shared defaults file", "keep `.piec.yaml` to shared settings; the limit grows with `--max-slices N`")
        } else {
            (what, help) = ("spec file", "split the chart into several specs, or raise the limit with `--max-slices N` (about 84 bytes a slice)")
        }
        return SpecReadError(diagnostic: DriverDiagnostics.error(
            DriverDiagnostics.fileTooLarge, "\(what) is \(size) bytes, more than the limit of \(describeBytes(limit))", help: help))
    }
}

/// `8388608 bytes (8 MiB)`, or just `1000 bytes` when not a whole number of MiB.
func describeBytes(_ n: Int) -> String {
    let mib = 1024 * 1024
    return n >= mib && n % mib == 0 ? "\(n) bytes (\(n / mib) MiB)" : "\(n) bytes"
}
