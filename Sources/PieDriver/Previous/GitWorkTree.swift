#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// A git work tree: the nearest folder at or above a spec's that holds `.git` (a folder, or a
/// file in a worktree or submodule), as a real path. Objects are read with paths relative to
/// it (`HEAD:specs/a.yaml`), so a spec's folder, its output folder and its data file are named
/// the same way whatever the current directory.
struct GitWorkTree: Sendable, Hashable {
    var root: String

    /// The work tree holding the real folder `realDir`, or nil outside git.
    static func containing(realDir: String) -> GitWorkTree? {
        var dir = realDir
        while !dir.isEmpty {
            if case .success = FileStatus.lstatus(SpecInputsReader.join(dir, ".git")) { return GitWorkTree(root: dir) }
            if dir == "/" { return nil }
            dir = parentPath(dir)
        }
        return nil
    }

    /// `real` (a real path) relative to the root: "" for the root itself, nil outside it.
    func relative(_ real: String) -> String? {
        if real == root { return "" }
        let prefix = root == "/" ? "/" : root + "/"
        return real.hasPrefix(prefix) ? String(real.dropFirst(prefix.count)) : nil
    }

    /// `folder/name` for a root-relative folder ("" at the root).
    static func path(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
    }

    func run(_ arguments: [String], input: [UInt8] = []) -> Git.Output {
        Git.run(arguments, in: root, input: input)
    }

    /// git's own message when it will not read this repository (one owned by another user:
    /// "detected dubious ownership", the common CI container case); nil when it reads it.
    var refusal: String? {
        let out = run(["rev-parse", "--git-dir"])
        guard out.status != 0 else { return nil }
        let message = trimmed(out.error)
        return message.isEmpty ? "git exited \(out.status)" : message
    }

    /// Whether the repository is a shallow clone (`git rev-parse --is-shallow-repository`).
    var isShallow: Bool {
        let out = run(["rev-parse", "--is-shallow-repository"])
        return out.status == 0 && out.output.starts(with: Array("true".utf8))
    }

    /// The commit `revision` names (`git rev-parse --verify REV^{commit}`), or nil.
    func commit(_ revision: String) -> String? {
        let verify = run(["rev-parse", "--verify", "--quiet", "--end-of-options", "\(revision)^{commit}"])
        return verify.status == 0 ? trimmed(verify.output) : nil
    }

    /// The files `objects` name (`REV:path`, path relative to the root), read by one
    /// `git cat-file --batch` per 16 KiB of names: each one's bytes, or nil when it does not
    /// exist there or is not a file.
    func read(_ objects: [String]) -> [[UInt8]?] {
        var results: [[UInt8]?] = []
        var chunk: [String] = []
        var size = 0
        func flush() {
            guard !chunk.isEmpty else { return }
            results += readBatch(chunk)
            chunk = []
            size = 0
        }
        for object in objects {
            let length = object.utf8.count + 1
            if size + length > Git.maxInput { flush() }
            chunk.append(object)
            size += length
        }
        flush()
        return results
    }

    private func readBatch(_ objects: [String]) -> [[UInt8]?] {
        // A name with a line break cannot be asked for on one line: it is missing.
        let asked = objects.map { $0.contains("\n") || $0.utf8.count >= Git.maxInput ? "" : $0 }
        let input = Array(asked.map { $0 + "\n" }.joined().utf8)
        let output = run(["cat-file", "--batch"], input: input)
        guard output.status == 0 else { return objects.map { _ in nil } }
        var reader = BatchReader(bytes: output.output)
        return asked.map { name in name.isEmpty ? (reader.skipLine(), nil).1 : reader.next() }
    }
}

/// Reads `git cat-file --batch` output: per object `<oid> <type> <size>\n<bytes>\n`, or
/// `<name> missing\n` (also `ambiguous`).
private struct BatchReader {
    let bytes: [UInt8]
    var index = 0

    mutating func line() -> [UInt8]? {
        guard index < bytes.count, let end = bytes[index...].firstIndex(of: 0x0A) else { return nil }
        defer { index = end + 1 }
        return Array(bytes[index..<end])
    }

    mutating func skipLine() { _ = line() }

    /// The next object's bytes; nil when it is missing or not a blob.
    mutating func next() -> [UInt8]? {
        guard let header = line() else { return nil }
        let fields = header.split(separator: 0x20)
        guard fields.count == 3, let size = Int(String(decoding: fields[2], as: UTF8.self)), size >= 0,
              index + size <= bytes.count else { return nil }
        let content = Array(bytes[index..<(index + size)])
        index += size + 1
        return fields[1].elementsEqual("blob".utf8) ? content : nil
    }
}
