#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieDiagnostics

/// The output directory, opened for `*at` operations: created when missing (and removed again
/// when nothing ends up written, so a failed build leaves no trace), never a symlink.
struct OutputDirectory {
    var handle: DirectoryHandle
    /// Directories this run created, outermost first.
    var created: [String]

    static func open(_ path: String) -> Result<OutputDirectory, DriverFailure> {
        var created: [String] = []
        switch FileStatus.lstatus(path) {
        case .success(let status) where status.kind == .symlink:
            return .failure(DriverFailure(ExistingBundle.Refusal.symlink(path).diagnostic))
        case .success(let status) where status.kind != .directory:
            return .failure(DriverFailure(DriverDiagnostics.error(
                DriverDiagnostics.writeFailed, "the output path `\(path)` is not a directory",
                help: "choose another output directory with `-o`")))
        case .success: break
        case .failure(let failure) where failure.code == ENOENT:
            switch makeDirectories(path) {
            case .failure(let failure): return .failure(writeFailed(failure))
            case .success(let made): created = made
            }
        case .failure(let failure): return .failure(writeFailed(failure))
        }
        switch DirectoryHandle.open(path) {
        case .success(let handle): return .success(OutputDirectory(handle: handle, created: created))
        case .failure(let failure):
            removeDirectories(created)
            return .failure(failure.code == ELOOP ? DriverFailure(ExistingBundle.Refusal.symlink(path).diagnostic) : writeFailed(failure))
        }
    }

    /// Removes the directories `open` created (only if they are still empty).
    func removeIfCreated() { Self.removeDirectories(created) }

    private static func writeFailed(_ failure: POSIXFailure) -> DriverFailure {
        DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, failure.message))
    }

    /// `mkdir -p`, returning the directories it created, outermost first.
    private static func makeDirectories(_ path: String) -> Result<[String], POSIXFailure> {
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/", current != ".", case .failure(let f) = FileStatus.lstatus(current), f.code == ENOENT {
            missing.insert(current, at: 0)
            current = parentPath(current)
        }
        var created: [String] = []
        for dir in missing {
            if mkdir(dir, 0o755) == 0 {
                created.append(dir)
            } else if errno != EEXIST {
                let failure = POSIXFailure(operation: "create directory", path: dir, code: errno)
                removeDirectories(created)
                return .failure(failure)
            }
        }
        return .success(created)
    }

    private static func removeDirectories(_ created: [String]) {
        for dir in created.reversed() where rmdir(dir) != 0 { return }
    }
}
