import PieDiagnostics

/// The process exit status of `piec`, documented in `piec --help`.
///
/// | code | meaning |
/// |------|---------|
/// | 0    | success (and, with `--check`, every bundle is up to date) |
/// | 1    | a spec has errors (diagnostics were printed); nothing was written |
/// | 2    | `--check` found a bundle that is missing or differs from what piec would write |
/// | 3    | `piec diff --exit-code`: the two versions differ (no error) |
/// | 64   | usage error: bad arguments or options, unknown code for `piec explain` |
/// | 74   | I/O failure: an input cannot be read (missing, unreadable, not a file, no specs in a directory) or the output cannot be written (symlink, foreign files, permissions, full disk) |
///
/// When several apply, the most severe wins: 64, then 74, then 1, then 2 (3 is never combined:
/// `piec diff` exits 3 only when it reports no error).
public enum PiecExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    case specErrors = 1
    case stale = 2
    /// `piec diff --exit-code`: the versions differ. No error uses it.
    case changed = 3
    case usage = 64
    case ioFailure = 74

    /// Worst first: the status reported when several apply.
    var severity: Int {
        switch self {
        case .success: 0
        case .changed: 1
        case .stale: 1
        case .specErrors: 2
        case .ioFailure: 3
        case .usage: 4
        }
    }

    /// The more severe of two statuses.
    public func combined(with other: PiecExitCode) -> PiecExitCode {
        other.severity > severity ? other : self
    }

    /// The status a set of diagnostics calls for: 74 if any error is an I/O failure
    /// (see `DriverDiagnostics.ioCodes`), 2 if any is a stale bundle, else 1 if any is an error.
    public static func forDiagnostics(_ diagnostics: [Diagnostic]) -> PiecExitCode {
        var status = PiecExitCode.success
        for d in diagnostics where d.severity == .error {
            if DriverDiagnostics.ioCodes.contains(d.code) {
                status = status.combined(with: .ioFailure)
            } else if d.code == DriverDiagnostics.staleBundle || d.code == RenderDiagnostics.staleImage {
                status = status.combined(with: .stale)
            } else {
                status = status.combined(with: .specErrors)
            }
        }
        return status
    }

    /// The text of the "EXIT STATUS" section of `piec --help`.
    public static let helpText = """
        EXIT STATUS:
          0   success (with --check: every bundle is up to date)
          1   a spec has errors; diagnostics were printed, nothing was written
          2   --check: a committed bundle is missing or differs (each is listed)
          3   diff --exit-code: the two versions differ (no error)
          64  usage error (bad arguments, unknown code for `piec explain`)
          74  I/O failure: an input cannot be read (missing, unreadable, not a
              regular file, no specs in a directory) or the output cannot be
              written (symlink, foreign files in a bundle directory,
              permissions, full disk)
        When several apply, the most severe wins: 64, then 74, then 1, then 2.
        """
}
