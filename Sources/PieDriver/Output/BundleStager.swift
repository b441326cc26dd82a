#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieCore
import PieDiagnostics

/// One bundle after the staging phase: unchanged (`tempName == nil`) or staged in a temp directory.
struct StagedBundle: Sendable {
    var id: String
    var tempName: String?
    /// The names of the files staged in `tempName` (empty when unchanged).
    var files: [String] = []
    /// `OUT/<id>` existed when the bundle was inspected (swap it) or not (rename into place).
    var replacing: Bool
}

/// The result of preparing one bundle.
enum StageOutcome: Sendable {
    case staged(StagedBundle)
    case failed(FileDiagnostics)

    var staged: StagedBundle? { if case .staged(let s) = self { s } else { nil } }
    var failure: FileDiagnostics? { if case .failed(let f) = self { f } else { nil } }
}

/// Stages, swaps in and cleans up the temp directories of single bundles inside `OUT`.
enum BundleStager {
    static let tempPrefix = ".piec-tmp-"
    /// This process's id, asked once: glibc no longer caches getpid(), and staging names every
    /// bundle's temp directory after it (one syscall per spec).
    static let processID = getpid()

    /// Checks `OUT/<id>` and, when its bytes differ from `bundle`, writes the bundle to a new
    /// temp directory, each file as soon as it is generated (and then dropped). While every
    /// file so far equals the one on disk nothing is written; at the first that differs, those
    /// are copied from `OUT/<id>` into the temp directory. Any failure removes what was staged.
    /// `startWriteback`: start each file's write-back as it is written (`Durability.Method`).
    static func prepare(_ bundle: BundleFiles, in out: DirectoryHandle, startWriteback: Bool) -> StageOutcome {
        func failed(_ d: Diagnostic) -> StageOutcome {
            .failed(FileDiagnostics(path: out.child(bundle.id), file: nil, diagnostics: [d]))
        }
        let existing: ExistingBundle
        switch ExistingBundle.inspect(in: out, id: bundle.id) {
        case .failure(let refusal): return failed(refusal.diagnostic)
        case .success(let e): existing = e
        }
        // Compared only when `OUT/<id>` holds exactly these names.
        let old = existing.directory.flatMap { dir in
            existing.entries.count == bundle.names.count && bundle.names.allSatisfy { existing.entries[$0]?.kind == .regular } ? dir : nil
        }
        var equal: [String] = []
        var temp: (name: String, dir: DirectoryHandle)?
        func startStaging() -> POSIXFailure? {
            switch makeUniqueDirectory(in: out, base: "\(tempPrefix)\(bundle.id)-\(processID)") {
            case .failure(let failure): return failure
            case .success(let name):
                switch out.openChild(name) {
                case .failure(let failure):
                    _ = removeTree(name, in: out)
                    return failure
                case .success(let dir): temp = (name, dir)
                }
            }
            return equal.lazy.compactMap { old?.copyFile($0, to: temp!.dir) }.first
        }
        var failure: POSIXFailure?
        var dropped = 0
        while failure == nil, let file = nextFile(bundle, dropped: &dropped) {
            if temp == nil, let old {
                switch old.holds(file.name, count: file.count, buffers: file.forEachBuffer) {
                case .failure(let f): failure = f
                case .success(true): equal.append(file.name)
                case .success(false): failure = startStaging()
                }
                if temp == nil { continue }
            } else if temp == nil {
                failure = startStaging()
            }
            if failure == nil, let temp {
                failure = temp.dir.createFile(file.name, startWriteback: startWriteback, buffers: file.forEachBuffer)
            }
            dropped += file.count
        }
        if failure == nil, temp == nil {
            if old != nil { return .staged(StagedBundle(id: bundle.id, tempName: nil, files: [], replacing: true)) }
            failure = startStaging()
        }
        if let failure {
            if let temp { _ = removeTree(temp.name, in: out) }
            return failed(DriverDiagnostics.error(DriverDiagnostics.writeFailed, failure.message))
        }
        return .staged(StagedBundle(id: bundle.id, tempName: temp?.name, files: bundle.names, replacing: existing.directory != nil))
    }

    /// The bundle's next file; when large files were dropped since the last step, their
    /// memory is first handed back (`FreedMemory`), so that it does not add to the next step's.
    private static func nextFile(_ bundle: BundleFiles, dropped: inout Int) -> BundleFile? {
        if dropped >= FreedMemory.threshold {
            FreedMemory.release()
            dropped = 0
        }
        return bundle.next()
    }

    /// Removes staging directories that a killed build left behind: `.piec-tmp-<id>-<pid>-<n>`
    /// whose process no longer exists (another live piec may be staging in the same OUT).
    /// Only directories with piec's own name pattern are touched, never through a symlink.
    static func removeAbandoned(in out: DirectoryHandle) {
        guard case .success(let names) = out.entries() else { return }
        for name in names where name.hasPrefix(tempPrefix) {
            let parts = name.split(separator: "-")
            guard parts.count >= 3, let pid = Int32(parts[parts.count - 2]), Int(parts[parts.count - 1]) != nil,
                  pid > 0, pid != processID else { continue }
            // kill(pid, 0) fails with ESRCH only when no such process exists.
            if kill(pid, 0) == -1, errno == ESRCH {
                _ = removeTree(name, in: out)
            }
        }
    }

    /// Flushes a staged bundle's files and then its folder to stable storage (no-op for an
    /// unchanged bundle). Called for every bundle only after all of them are written.
    static func makeDurable(_ plan: StagedBundle, in out: DirectoryHandle) -> POSIXFailure? {
        guard let temp = plan.tempName else { return nil }
        switch out.openChild(temp) {
        case .failure(let failure): return failure
        case .success(let dir):
            for name in plan.files {
                if let failure = dir.syncFile(name) { return failure }
            }
            return dir.sync()
        }
    }

    /// Creates `base-<n>` for the first n in 0..<1000 that is free.
    static func makeUniqueDirectory(in out: DirectoryHandle, base: String) -> Result<String, POSIXFailure> {
        var last = POSIXFailure(operation: "create directory", path: out.child(base), code: EEXIST)
        for n in 0..<1000 {
            let name = "\(base)-\(n)"
            guard let failure = out.makeDirectory(name) else { return .success(name) }
            last = failure
            if failure.code != EEXIST { break }
        }
        return .failure(last)
    }

    /// Puts a staged bundle in place: an atomic exchange with the old directory (then the old
    /// tree is removed) or a rename when there was none. On failure the temp directory is left
    /// for `discard` and the previous bundle is intact.
    static func swapIn(_ plan: StagedBundle, in out: DirectoryHandle) -> POSIXFailure? {
        guard let temp = plan.tempName else { return nil }
        guard plan.replacing else { return AtomicRename.move(in: out, from: temp, to: plan.id) }
        if let failure = AtomicRename.exchange(in: out, temp, plan.id) {
            guard AtomicRename.isUnsupported(failure) else { return failure }
            return replaceWithTwoRenames(plan.id, temp: temp, in: out)
        }
        return removeTree(temp, in: out)
    }

    /// Fallback where no atomic exchange exists: old -> side name, temp -> id, remove old.
    private static func replaceWithTwoRenames(_ id: String, temp: String, in out: DirectoryHandle) -> POSIXFailure? {
        let side = "\(tempPrefix)old-\(id)-\(processID)"
        if let failure = AtomicRename.move(in: out, from: id, to: side) { return failure }
        if let failure = AtomicRename.move(in: out, from: temp, to: id) {
            _ = AtomicRename.move(in: out, from: side, to: id)
            return failure
        }
        return removeTree(side, in: out)
    }

    /// Removes a staged temp directory (no-op for an unchanged bundle).
    static func discard(_ plan: StagedBundle, in out: DirectoryHandle) {
        if let temp = plan.tempName { _ = removeTree(temp, in: out) }
    }

    /// Removes `name` inside `dir` and everything below it, never following symlinks.
    static func removeTree(_ name: String, in dir: DirectoryHandle) -> POSIXFailure? {
        switch dir.status(name) {
        case .failure(let failure): return failure
        case .success(nil): return nil
        case .success(let status?) where status.kind != .directory: return dir.removeFile(name)
        case .success: break
        }
        switch dir.openChild(name).flatMap({ child in child.entries().map { (child, $0) } }) {
        case .failure(let failure): return failure
        case .success(let (child, entries)):
            for entry in entries {
                if let failure = removeTree(entry, in: child) { return failure }
            }
        }
        return dir.removeDirectory(name)
    }
}
