#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieDiagnostics

/// What removing a bundle did.
public struct RemovalReport: Sendable, Equatable {
    /// Files removed from `OUT/<id>/`, in order (the manifest last).
    public var removedFiles: [String] = []
    /// The directory itself was removed (it was empty afterwards).
    public var removedDirectory = false
    /// Why something was left in place (foreign files, a symlink, an I/O error).
    public var problems: [Diagnostic] = []
}

/// Removes the bundle of a deleted spec: only the regular files its `manifest.json` lists (the
/// manifest last), then the directory if that left it empty. Never follows a symlink, never
/// removes a file the manifest does not list, never removes a non-empty directory.
public enum BundleRemover {
    public static func remove(id: String, outputDir: String) -> RemovalReport {
        var report = RemovalReport()
        guard BundleID.isValid(id), case .success(let out) = DirectoryHandle.open(outputDir) else { return report }
        switch out.status(id) {
        case .success(nil), .failure: return report
        case .success(let status?) where status.kind == .symlink:
            report.problems.append(ExistingBundle.Refusal.symlink(out.child(id)).diagnostic)
            return report
        case .success(let status?) where status.kind != .directory: return report
        case .success: break
        }
        guard case .success(let dir) = out.openChild(id) else { return report }
        let listed = listedFiles(in: dir)
        for name in listed {
            guard case .success(let status?) = dir.status(name), status.kind == .regular else { continue }
            if let failure = dir.removeFile(name) {
                report.problems.append(DriverDiagnostics.error(DriverDiagnostics.writeFailed, failure.message))
            } else {
                report.removedFiles.append(name)
            }
        }
        report.removedDirectory = finish(dir, id: id, in: out, into: &report)
        return report
    }

    /// The manifest's `files` that are plain names, the manifest moved to the end; empty when
    /// there is no readable manifest (then nothing is removed: piec cannot prove it wrote them).
    private static func listedFiles(in dir: DirectoryHandle) -> [String] {
        let manifest = ExistingBundle.manifestName
        guard case .success(let status?) = dir.status(manifest), status.kind == .regular,
            case .success(let bytes) = dir.readFile(manifest, limit: ExistingBundle.readLimit),
            let files = ExistingBundle.manifestFiles(bytes)
        else { return [] }
        var seen = Set<String>()
        let others = files.filter { BundleID.isValidFileName($0) && $0 != manifest && seen.insert($0).inserted }
        return others + [manifest]
    }

    /// Removes the directory when it is empty; otherwise explains what was left there.
    private static func finish(_ dir: DirectoryHandle, id: String, in out: DirectoryHandle, into report: inout RemovalReport) -> Bool {
        let left = (try? dir.entries().get()) ?? []
        if left.isEmpty {
            if out.removeDirectory(id) == nil { return true }
            return false
        }
        let list = left.prefix(5).map { "`\($0)`" }.joined(separator: ", ") + (left.count > 5 ? ", ..." : "")
        report.problems.append(.warning(
            DriverDiagnostics.foreignFiles, "kept `\(out.child(id))`: it holds files piec did not write: \(list)", at: nil,
            help: "piec removed only the files it wrote"))
        return false
    }
}
