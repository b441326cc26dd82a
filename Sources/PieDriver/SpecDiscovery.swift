#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieDiagnostics

/// One spec to build, by the path shown in diagnostics (as the user named it, or joined
/// below a directory argument: `specs/sub/a.yaml`).
public struct SpecInput: Sendable, Hashable {
    public var path: String
    public init(path: String) { self.path = path }
}

/// The specs named by the command line, in sorted path order, and the arguments that failed.
public struct Discovery: Sendable {
    public var inputs: [SpecInput]
    /// E0500 for a missing path, E0501 for an unreadable directory, E0504 for a directory without specs.
    public var problems: [FileDiagnostics]
}

/// Turns command-line arguments into spec files.
///
/// A file argument is a spec whatever its extension. A directory argument means every `*.yaml`
/// and `*.yml` file below it, recursively, skipping hidden files and directories (names starting
/// with `.`), directories reached through symlinks, and the output directory. The result is
/// sorted by path (byte order) and each file appears once.
public enum SpecDiscovery {
    public static let extensions = ["yaml", "yml"]

    public static func discover(inputs arguments: [String], outputDir: String?) -> Discovery {
        let skip = outputDir.flatMap { try? FileStatus.status($0).get() }
        var found: [(path: String, status: FileStatus?)] = []
        var problems: [FileDiagnostics] = []
        for argument in arguments {
            // Standard input: no file to look at (read once, however often it is named).
            if argument == SpecInput.stdinArgument {
                found.append((argument, nil))
                continue
            }
            let path = trimmed(argument)
            switch FileStatus.status(path) {
            case .failure(let failure):
                let d = failure.code == ENOENT || failure.code == ENOTDIR
                    ? DriverDiagnostics.error(DriverDiagnostics.fileNotFound, "no such file or directory `\(path)`")
                    : DriverDiagnostics.error(DriverDiagnostics.unreadable, failure.message)
                problems.append(FileDiagnostics(path: path, file: nil, diagnostics: [d]))
            case .success(let status) where status.kind == .directory:
                var walker = Walker(skip: skip)
                walker.walk(path)
                problems += walker.problems
                if walker.found.isEmpty && walker.problems.isEmpty {
                    problems.append(FileDiagnostics(path: path, file: nil, diagnostics: [noSpecs(path)]))
                }
                found += walker.found
            case .success(let status):
                found.append((path, status))
            }
        }
        return Discovery(inputs: unique(found), problems: problems)
    }

    static func noSpecs(_ path: String) -> Diagnostic {
        DriverDiagnostics.error(
            DriverDiagnostics.noSpecs, "no `*.yaml` or `*.yml` specs found in `\(path)`",
            help: "name spec files or directories that contain them")
    }

    /// Sorted by path bytes; a file reached twice (same device and inode) is kept once.
    private static func unique(_ found: [(path: String, status: FileStatus?)]) -> [SpecInput] {
        let sorted = found.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
        var seenFiles = Set<[UInt64]>()
        var seenPaths = Set<String>()
        var inputs: [SpecInput] = []
        for entry in sorted {
            guard seenPaths.insert(entry.path).inserted else { continue }
            if let s = entry.status, !seenFiles.insert([s.device, s.inode]).inserted { continue }
            inputs.append(SpecInput(path: entry.path))
        }
        return inputs
    }

    /// `specs/` -> `specs` (a lone `/` stays).
    static func trimmed(_ path: String) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }

    static func join(_ dir: String, _ name: String) -> String {
        dir == "." ? name : (dir.hasSuffix("/") ? dir + name : dir + "/" + name)
    }

    static func isSpecName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }
}

/// Recursive directory walk for `SpecDiscovery`.
private struct Walker {
    let skip: FileStatus?
    var found: [(path: String, status: FileStatus?)] = []
    var problems: [FileDiagnostics] = []

    mutating func walk(_ dir: String) {
        let names: [String]
        switch DirectoryHandle.open(dir).flatMap({ $0.entries() }) {
        case .success(let n): names = n
        case .failure(let failure):
            let d = DriverDiagnostics.error(
                DriverDiagnostics.unreadable, "cannot list `\(dir)`: \(errnoText(failure.code))")
            problems.append(FileDiagnostics(path: dir, file: nil, diagnostics: [d]))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = SpecDiscovery.join(dir, name)
            guard let status = try? FileStatus.lstatus(path).get() else { continue }
            switch status.kind {
            case .directory:
                if let skip, skip.device == status.device && skip.inode == status.inode { continue }
                walk(path)
            case .regular where SpecDiscovery.isSpecName(name):
                found.append((path, status))
            case .symlink where SpecDiscovery.isSpecName(name):
                // A link to a spec file counts; links to directories are not followed (no loops).
                if let target = try? FileStatus.status(path).get(), target.kind == .regular {
                    found.append((path, target))
                }
            default:
                continue
            }
        }
    }
}
