import Foundation

/// A temp directory to run `piec` in, removed on deinit.
final class Workspace {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/piec-cli-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func url(_ relative: String) -> String { path + "/" + relative }

    func write(_ relative: String, _ text: String) throws {
        let full = url(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }

    /// A sparse file of `bytes` bytes (over the 8 MiB spec limit without writing 8 MiB).
    func sparse(_ relative: String, bytes: Int) throws {
        try write(relative, "")
        guard truncate(url(relative), off_t(bytes)) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url(relative)) }

    func run(_ arguments: String..., shell: String? = nil) throws -> PiecRunner.Run {
        try PiecRunner.run(arguments, in: path, shell: shell)
    }

    /// Every entry below `relative` with its bytes (directories as "dir", links with targets).
    func snapshot(_ relative: String = "") -> [String: String] {
        let root = relative.isEmpty ? path : url(relative)
        var result: [String: String] = [:]
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? [] {
            let full = root + "/" + name
            var st = stat()
            guard lstat(full, &st) == 0 else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFDIR: result[name] = "dir"
            case S_IFLNK: result[name] = "link"
            default: result[name] = (try? String(contentsOfFile: full, encoding: .utf8)) ?? "<binary>"
            }
        }
        return result
    }
}

/// Small valid specs for the end-to-end tests.
enum Specs {
    static let pie = """
        piec: 1
        id: pie
        title: Test pie
        slices:
          - { id: a, label: A, value: 1 }
          - { id: b, label: B, value: 2 }

        """

    static let donut = """
        piec: 1
        title: Test donut
        chart:
          innerRadius: 0.5
        slices:
          - { id: x, label: X, value: 3 }

        """

    /// Rejected by the spec front end (a negative value).
    static let negative = """
        piec: 1
        slices:
          - { id: a, label: A, value: -1 }

        """
}
