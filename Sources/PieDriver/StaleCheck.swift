#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieCore
import PieDiagnostics

/// `piec build --check`: compares the bundles piec would write with the disk, read-only.
enum StaleCheck {
    /// `fix`: the command that writes what the check expects (E0510's help names it).
    static func run(_ outcomes: [SpecOutcome], outputDir: String, jobs: Int, fix: String = "piec build") -> [FileDiagnostics] {
        let out: Result<DirectoryHandle, POSIXFailure> = DirectoryHandle.open(outputDir)
        let candidates = outcomes.filter { $0.bundle != nil }
        let reasons = parallelMap(candidates, jobs: jobs) { outcome in
            Self.reasons(outcome.bundle!, out: out, outputDir: outputDir)
        }
        return zip(candidates, reasons).compactMap { outcome, reasons in
            guard !reasons.isEmpty else { return nil }
            let path = SpecDiscovery.join(outputDir, outcome.bundle!.id)
            let shown = reasons.prefix(5).joined(separator: ", ") + (reasons.count > 5 ? ", ..." : "")
            let d = DriverDiagnostics.error(
                DriverDiagnostics.staleBundle, "bundle `\(path)` is out of date: \(shown)",
                help: "run `\(fix)` and commit the result")
            return FileDiagnostics(path: outcome.input.displayPath, file: outcome.source, diagnostics: [d])
        }
    }

    /// Why the bundle on disk differs from `bundle`; empty when it is byte-identical.
    static func reasons(_ bundle: PieCore.Bundle, out: Result<DirectoryHandle, POSIXFailure>, outputDir: String) -> [String] {
        let dir: DirectoryHandle
        switch out {
        case .failure(let failure) where failure.code == ENOENT: return ["the output directory is missing"]
        case .failure(let failure) where failure.code == ELOOP || failure.code == ENOTDIR:
            return ["`\(outputDir)` is not a directory"]
        case .failure(let failure): return [failure.message]
        case .success(let d): dir = d
        }
        let existing: ExistingBundle
        switch ExistingBundle.inspect(in: dir, id: bundle.id) {
        case .failure(.symlink(let path)): return ["`\(path)` is a symlink"]
        case .failure(.foreign(_, let names, _)): return names.map { "`\($0)` was not written by piec" }
        case .failure(.io(let failure)): return [failure.message]
        case .success(let e): existing = e
        }
        guard let files = existing.directory else { return ["it is missing"] }
        return compare(bundle, existing: existing, files: files)
    }

    private static func compare(_ bundle: PieCore.Bundle, existing: ExistingBundle, files: DirectoryHandle) -> [String] {
        var reasons: [String] = []
        for file in bundle.files {
            guard let status = existing.entries[file.name] else {
                reasons.append("`\(file.name)` is missing")
                continue
            }
            let same = status.size == file.bytes.count
                && (try? files.readFile(file.name, limit: ExistingBundle.readLimit).get()) == file.bytes
            if !same { reasons.append("`\(file.name)` differs") }
        }
        let produced = Set(bundle.files.map(\.name))
        for name in existing.entries.keys.sorted() where !produced.contains(name) {
            reasons.append("`\(name)` is no longer produced")
        }
        return reasons
    }
}
