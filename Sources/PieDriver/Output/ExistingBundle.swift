#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieCore
import PieDiagnostics
import PieJSON

/// What is on disk at `OUT/<id>/` before a write: the regular files piec wrote there.
/// Inspection refuses symlinks and files piec did not write (not in the manifest's `files`).
struct ExistingBundle {
    /// The bundle directory, open (nil when `OUT/<id>` does not exist).
    var directory: DirectoryHandle?
    /// Every entry of the directory with its status.
    var entries: [String: FileStatus]

    static let manifestName = "manifest.json"
    /// Generous cap for reading an old file back (a manifest of 100,000 slices is tens of MiB).
    static let readLimit = 1 << 30

    /// Why a bundle directory cannot be used.
    enum Refusal: Error {
        case symlink(String)
        case foreign(path: String, names: [String], reason: String)
        case io(POSIXFailure)

        var diagnostic: Diagnostic {
            switch self {
            case .symlink(let path):
                return DriverDiagnostics.error(
                    DriverDiagnostics.symlinkRefused, "refusing to write through the symlink `\(path)`",
                    help: "remove the link; piec never writes through symlinks")
            case .foreign(let path, let names, let reason):
                let list = names.prefix(5).map { "`\($0)`" }.joined(separator: ", ") + (names.count > 5 ? ", ..." : "")
                return Diagnostic.error(
                    DriverDiagnostics.foreignFiles, "`\(path)` holds files piec did not write: \(list)", at: nil,
                    notes: [reason], help: "move these files away or choose another output directory with `-o`")
            case .io(let failure):
                return DriverDiagnostics.error(DriverDiagnostics.writeFailed, failure.message)
            }
        }
    }

    /// Inspects `out/<id>`: absent, or a real directory of regular files all listed in its manifest.
    static func inspect(in out: DirectoryHandle, id: String) -> Result<ExistingBundle, Refusal> {
        let path = out.child(id)
        let status: FileStatus?
        switch out.status(id) {
        case .failure(let failure): return .failure(.io(failure))
        case .success(let s): status = s
        }
        guard let status else { return .success(ExistingBundle(directory: nil, entries: [:])) }
        switch status.kind {
        case .symlink: return .failure(.symlink(path))
        case .directory: break
        case .regular, .other: return .failure(.foreign(path: path, names: [id], reason: "it is not a directory"))
        }
        let dir: DirectoryHandle
        switch out.openChild(id) {
        case .failure(let failure): return .failure(failure.code == ELOOP ? .symlink(path) : .io(failure))
        case .success(let d): dir = d
        }
        return listEntries(of: dir).flatMap { entries in
            verifyOwnership(dir, id: id, entries).map { ExistingBundle(directory: dir, entries: entries) }
        }
    }

    private static func listEntries(of dir: DirectoryHandle) -> Result<[String: FileStatus], Refusal> {
        let names: [String]
        switch dir.entries() {
        case .failure(let failure): return .failure(.io(failure))
        case .success(let n): names = n
        }
        var entries: [String: FileStatus] = [:]
        for name in names {
            switch dir.status(name) {
            case .failure(let failure): return .failure(.io(failure))
            case .success(nil): continue
            case .success(let s?):
                if s.kind == .symlink { return .failure(.symlink(dir.child(name))) }
                entries[name] = s
            }
        }
        return .success(entries)
    }

    /// Every entry must be a regular file named in the manifest's `files` (or the manifest itself).
    /// A `--svg-only` bundle has no manifest: a lone `chart.svg` is piec's when it starts with
    /// the root element piec writes for this id (`svgOnlyMarkers`).
    private static func verifyOwnership(_ dir: DirectoryHandle, id: String, _ entries: [String: FileStatus]) -> Result<Void, Refusal> {
        if entries.isEmpty { return .success(()) }
        let all = entries.keys.sorted()
        if all == ["chart.svg"], entries["chart.svg"]?.kind == .regular {
            switch dir.readFile("chart.svg", limit: readLimit) {
            case .failure(let failure): return .failure(.io(failure))
            case .success(let bytes) where svgOnlyMarkers(id: id).contains(where: bytes.starts(with:)): return .success(())
            case .success: return .failure(.foreign(path: dir.path, names: all, reason: "it has no `\(manifestName)` and its `chart.svg` was not written by piec"))
            }
        }
        guard entries[manifestName]?.kind == .regular else {
            return .failure(.foreign(path: dir.path, names: all, reason: "it has no `\(manifestName)`"))
        }
        let bytes: [UInt8]
        switch dir.readFile(manifestName, limit: readLimit) {
        case .failure(let failure): return .failure(.io(failure))
        case .success(let b): bytes = b
        }
        guard let listed = manifestFiles(bytes) else {
            return .failure(.foreign(path: dir.path, names: all, reason: "its `\(manifestName)` has no `files` list"))
        }
        let owned = Set(listed).union([manifestName])
        let foreign = all.filter { !owned.contains($0) || entries[$0]?.kind != .regular }
        guard foreign.isEmpty else {
            return .failure(.foreign(path: dir.path, names: foreign, reason: "they are not listed in its `\(manifestName)`"))
        }
        return .success(())
    }

    /// The beginnings that mark a chart.svg of bundle `id` as piec's: the root element with its
    /// generated class, alone or after an XML declaration (both forms are piec's output).
    static func svgOnlyMarkers(id: String) -> [[UInt8]] {
        let root = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"piec-\(id)\" "
        return [Array(root.utf8), Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + root).utf8)]
    }

    /// The `files` array of a manifest, or nil when the bytes are not such a manifest.
    /// piec writes `files` as the manifest's last member; this reads exactly that shape
    /// (`"files": [ "name", ... ]` then `}` at the end; names without escapes) and nothing else.
    static func manifestFiles(_ bytes: [UInt8]) -> [String]? {
        JSONReader.lastMemberStrings("files", in: bytes)
    }
}
