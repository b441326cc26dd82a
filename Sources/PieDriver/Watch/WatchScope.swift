#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// What `piec watch` looks at, split the way the change sources need it: directories watched
/// recursively and single spec files (watched through their parent directory, because editors
/// replace files by renaming). The rules are discovery's: below a directory, every `*.yaml` and
/// `*.yml` file, skipping hidden names, directories reached through symlinks and the output
/// directory. Paths are spelled as `SpecDiscovery` spells them, so both agree on every key.
public struct WatchScope: Sendable {
    /// Directory arguments, trimmed (`specs/` -> `specs`).
    public var directories: [String]
    /// File arguments, trimmed, as the user named them.
    public var files: [String]
    /// The output directory (never watched, never searched).
    public var outputDir: String

    public init(inputs: [String], outputDir: String) {
        var directories: [String] = []
        var files: [String] = []
        for input in (inputs.isEmpty ? ["."] : inputs).map(SpecDiscovery.trimmed) {
            if case .success(let status) = FileStatus.status(input), status.kind == .directory {
                directories.append(input)
            } else {
                files.append(input)
            }
        }
        self.directories = directories
        self.files = files
        self.outputDir = outputDir
    }

    /// The command-line inputs again (directories first), for `SpecDiscovery`.
    public var inputs: [String] { directories + files }

    /// The parent directory of a file argument and the file's name in it (`a.yaml` -> `.`, `a.yaml`).
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let dir = String(path[..<slash])
        return (dir.isEmpty ? "/" : dir, String(path[path.index(after: slash)...]))
    }

    /// True when `name` (one path component) is a spec file name discovery would pick up.
    static func isSpecName(_ name: String) -> Bool {
        !name.hasPrefix(".") && SpecDiscovery.isSpecName(name)
    }

    /// True when `name` is a directory discovery would descend into (when it is a directory).
    static func isWalkableName(_ name: String) -> Bool { !name.hasPrefix(".") }

    /// The output directory's identity now (nil when it does not exist), to skip it in walks.
    func outputIdentity() -> FileStatus? { try? FileStatus.status(outputDir).get() }

    /// Walks every directory below `root` (itself included) that discovery would search: not
    /// hidden, not a symlink, not the output directory (`skip`). `visit` sees each directory
    /// BEFORE it is listed (so a watch added there misses nothing created later); returning false
    /// skips its children. Depth-first, sorted.
    func walkDirectories(from root: String, skip: FileStatus?, visit: (String) -> Bool) {
        if let skip, case .success(let status) = FileStatus.status(root), skip.device == status.device, skip.inode == status.inode {
            return
        }
        var stack = [root]
        while let dir = stack.popLast() {
            guard visit(dir) else { continue }
            for name in Self.names(in: dir).reversed() where Self.isWalkableName(name) {
                let path = SpecDiscovery.join(dir, name)
                guard case .success(let status) = FileStatus.lstatus(path), status.kind == .directory else { continue }
                if let skip, skip.device == status.device, skip.inode == status.inode { continue }
                stack.append(path)
            }
        }
    }
}

extension WatchScope {
    /// The entries of `dir` (empty when it cannot be listed).
    static func names(in dir: String) -> [String] {
        guard let stream = opendir(dir) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
