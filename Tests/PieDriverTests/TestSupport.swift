import Foundation
import PieCore
import PieSpec
@testable import PieDriver

/// A fresh directory under the system temp dir, removed (with any immutable flags lifted) on deinit.
final class TempDir {
    let path: String
    private var lifted: [String] = []

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/piec-driver-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXFailure(operation: "mkdtemp", path: "", code: errno) }
        path = String(cString: made)
    }

    deinit {
        for p in lifted { Self.setImmutable(p, false) }
        chmodTree(path)
        try? FileManager.default.removeItem(atPath: path)
    }

    func url(_ relative: String) -> String { relative.isEmpty ? path : path + "/" + relative }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let full = url(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }

    func mkdir(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: url(relative), withIntermediateDirectories: true)
    }

    func symlink(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: url(relative), withDestinationPath: target)
    }

    /// Makes a directory refuse new entries and renames, even for root: chmod 0555, and where
    /// that is not enough (root), the immutable flag (`chattr +i` / `chflags uchg`).
    func makeUnwritable(_ relative: String) -> Bool {
        let full = url(relative)
        chmod(full, 0o555)
        if !Self.canCreate(in: full) { return true }
        chmod(full, 0o755)
        return makeImmutable(relative)
    }

    /// Sets the immutable flag: no new entries, no rename, no removal, even for root.
    /// Needs root on Linux (CAP_LINUX_IMMUTABLE) and the owner on macOS.
    func makeImmutable(_ relative: String) -> Bool {
        let full = url(relative)
        Self.setImmutable(full, true)
        lifted.append(full)
        return !Self.canCreate(in: full)
    }

    /// Whether this machine lets the tests set the immutable flag.
    static let immutableFlagWorks: Bool = {
        guard let tmp = try? TempDir() else { return false }
        return tmp.makeImmutable("")
    }()

    private static func canCreate(in dir: String) -> Bool {
        let probe = dir + "/.probe-\(getpid())"
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { return false }
        close(fd)
        unlink(probe)
        return true
    }

    private static func setImmutable(_ path: String, _ on: Bool) {
        let process = Process()
        #if canImport(Darwin)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chflags")
        process.arguments = [on ? "uchg" : "nouchg", path]
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [on ? "+i" : "-i", path]
        #endif
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        process.waitUntilExit()
    }

    private func chmodTree(_ root: String) {
        chmod(root, 0o755)
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? [] {
            chmod(root + "/" + name, 0o755)
        }
    }
}

/// Every entry below `root` (recursively, hidden ones included) with its kind and bytes,
/// so "the tree is byte-identical to before" is one comparison.
func snapshot(_ root: String) -> [String: String] {
    var result: [String: String] = [:]
    let fm = FileManager.default
    for name in (try? fm.subpathsOfDirectory(atPath: root)) ?? [] {
        let full = root + "/" + name
        var st = stat()
        guard lstat(full, &st) == 0 else { continue }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: result[name] = "dir"
        case S_IFLNK: result[name] = "link -> " + ((try? fm.destinationOfSymbolicLink(atPath: full)) ?? "?")
        default: result[name] = (try? String(contentsOfFile: full, encoding: .utf8)) ?? "<binary>"
        }
    }
    return result
}

/// Names in `dir` that look like piec temp directories.
func tempLeftovers(_ dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix(".piec-") }
}

/// (inode, mtime seconds, mtime nanoseconds) of a path, to prove it was not touched.
func identity(_ path: String) -> [Int] {
    var st = stat()
    guard lstat(path, &st) == 0 else { return [] }
    #if canImport(Darwin)
    return [Int(st.st_ino), Int(st.st_mtimespec.tv_sec), Int(st.st_mtimespec.tv_nsec)]
    #else
    return [Int(st.st_ino), Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec)]
    #endif
}

/// A bundle with the standard four files whose contents are derived from `body`.
func makeBundle(_ id: String, body: String, files: [String] = ["chart.svg", "chart.css", "index.html"]) -> ChartBundle {
    let names = files + ["manifest.json"]
    let list = names.map { "\"\($0)\"" }.joined(separator: ",")
    var out = files.map { BundleFile(name: $0, bytes: Array("\($0) of \(id): \(body)\n".utf8)) }
    out.append(BundleFile(name: "manifest.json", bytes: Array("{\"id\":\"\(id)\",\"files\":[\(list)]}\n".utf8)))
    return ChartBundle(id: id, files: out)
}

/// A stand-in compiler so driver tests do not depend on the real front end: a spec is lines of
/// `key: value`; `error: msg` makes an error, `id: x` sets the id, anything else is the body.
let fakeCompile: CompileFunction = { request in
    let text = String(decoding: request.source.bytes, as: UTF8.self)
    var id = request.defaultID
    var errors: [Diagnostic] = []
    for (n, line) in text.split(separator: "\n").enumerated() {
        if line.hasPrefix("error: ") {
            let loc = SourceLocation(line: n + 1, column: 8)
            errors.append(.error(DiagnosticCode("E0299"), String(line.dropFirst(7)), at: .point(loc)))
        } else if line.hasPrefix("id: ") {
            id = String(line.dropFirst(4))
        }
    }
    if !errors.isEmpty { return CompileResult(bundle: nil, spec: nil, diagnostics: errors) }
    return CompileResult(bundle: makeBundle(id, body: text), spec: nil, diagnostics: [])
}

/// A builder with the fake compiler and a small file limit.
func testBuilder(jobs: Int = 2, maxFileBytes: Int = 1000) -> Builder {
    var limits = SpecLimits()
    limits.maxFileBytes = maxFileBytes
    return Builder(compile: fakeCompile, limits: limits, jobs: jobs)
}
