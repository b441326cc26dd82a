#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// The objects a build asks of a work tree (the folders HEAD holds, committed manifests, files
/// at HEAD), answered by the native reader (`GitStore`) when it understands the repository and
/// the question, else by one `git cat-file --batch-command` for the whole build: each question
/// a line written to it and an answer read back, instead of a git process each. A build of one
/// spec in a plain repository starts no git at all; git's start-up was most of what such a
/// build cost over one outside git (bench/docs_hosts.py).
///
/// Safe to share between threads (one question at a time). The git session starts when the
/// native reader declines the repository (at once: `PreviousContext.openAhead` opens this
/// ahead, so git starts up while the specs are read) or a question (when asked). A git
/// without `--batch-command` (older than 2.36) or a session that broke answers nil, and
/// callers fall back to one process per question. The process ends when this is released
/// (stdin closed, then waited for).
final class GitObjects: @unchecked Sendable {
    private let lock = Lock()
    private let root: String
    private let store: GitStore?
    private var started = false
    private var pid: pid_t = 0
    private var input: Int32 = -1
    private var output: Int32 = -1
    private var buffer: [UInt8] = []
    private var start = 0
    private var broken = false
    /// Whether git was asked anything: a session opened ahead and never used is ended at once
    /// instead of waited for.
    private var asked = false

    /// What a question got: the object's type and bytes, or that it does not exist.
    enum Answer: Equatable {
        case object(type: String, bytes: [UInt8])
        case missing
    }

    /// The objects of `tree`; nil when the native reader declines the repository and git
    /// cannot be started.
    init?(tree: GitWorkTree) {
        root = tree.root
        store = GitStore(workTree: tree.root)
        if store == nil {
            guard startSession() else { return nil }
        }
    }

    /// Starts `git cat-file --batch-command` (once); false when it cannot be started.
    private func startSession() -> Bool {
        guard !started else { return !broken }
        started = true
        broken = true
        guard let toGit = closeOnExecPipe() else { return false }
        guard let fromGit = closeOnExecPipe() else {
            close(toGit.read); close(toGit.write)
            return false
        }
        let (program, argv, environment) = Git.command(["cat-file", "--batch-command"], in: root)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toGit.read, 0)
        posix_spawn_file_actions_adddup2(&actions, fromGit.write, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for fd in [toGit.read, toGit.write, fromGit.read, fromGit.write] { posix_spawn_file_actions_addclose(&actions, fd) }
        var child = pid_t()
        let spawned = Git.withCStrings(argv) { cArgv in
            Git.withCStrings(environment) { cEnv in spawnLock.withLock { posix_spawn(&child, program, &actions, nil, cArgv, cEnv) } }
        }
        close(toGit.read)
        close(fromGit.write)
        guard spawned == 0 else {
            close(toGit.write); close(fromGit.read)
            return false
        }
        pid = child
        input = toGit.write
        output = fromGit.read
        broken = false
        return true
    }

    deinit {
        guard pid > 0 else { return }
        if !asked { kill(pid, SIGKILL) }
        close(input)
        close(output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// The object `name` (`HEAD:specs/a.yaml`, `HEAD:` for the root tree); nil when the session
    /// cannot answer (the caller asks git another way).
    func contents(_ name: String) -> Answer? {
        guard !name.utf8.contains(0x0A), !name.utf8.contains(0x0D), name.utf8.count < Git.maxInput else { return nil }
        return lock.withLock {
            if let answer = store?.contents(name) { return answer }
            guard startSession() else { return nil }
            asked = true
            Git.writeAll(Array("contents \(name)\n".utf8), to: input)
            guard let header = line() else { broken = true; return nil }
            if header.hasSuffix(" missing") || header.hasSuffix(" ambiguous") { return .missing }
            let fields = header.split(separator: " ")
            guard fields.count == 3, let size = Int(fields[2]), size >= 0, let bytes = take(size + 1), bytes.last == 0x0A else {
                broken = true
                return nil
            }
            return .object(type: String(fields[1]), bytes: Array(bytes.dropLast()))
        }
    }

    /// The blob `name`'s bytes; `.some(nil)` when it is missing or not a file, nil when the
    /// session cannot answer.
    func blob(_ name: String) -> [UInt8]?? {
        switch contents(name) {
        case nil: return nil
        case .missing?: return .some(nil)
        case .object(let type, let bytes)?: return .some(type == "blob" ? bytes : nil)
        }
    }

    /// The entries of the tree `name` as `ls-tree` shows them: file name, type (`blob` for
    /// files and symlinks, `tree`, `commit`) and object id in hex; `.some([])` when there is
    /// no such tree (no commit yet, no such folder), nil when the session cannot answer.
    func tree(_ name: String) -> [(name: String, type: String, id: String)]? {
        guard let answer = contents(name) else { return nil }
        guard case .object(let type, let bytes) = answer, type == "tree" else { return [] }
        // `<mode> <name>\0<raw id>`; the id is 20 bytes (SHA-1) or 32 (SHA-256), told by the
        // repository's object format (the length of the hex id git printed for the tree).
        let idLength = objectIDLength
        var entries: [(String, String, String)] = []
        var i = 0
        while i < bytes.count {
            guard let space = bytes[i...].firstIndex(of: 0x20), let nul = bytes[space...].firstIndex(of: 0),
                  nul + 1 + idLength <= bytes.count else { return nil }
            let mode = bytes[i..<space]
            let kind = mode.elementsEqual("40000".utf8) ? "tree" : mode.elementsEqual("160000".utf8) ? "commit" : "blob"
            let id = bytes[(nul + 1)..<(nul + 1 + idLength)].map { byte -> String in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
            entries.append((String(decoding: bytes[(space + 1)..<nul], as: UTF8.self), kind, id))
            i = nul + 1 + idLength
        }
        return entries
    }

    /// Raw object id bytes: 20, or 32 once a header showed a 64-digit id.
    private var objectIDLength = 20

    private func line() -> String? {
        while true {
            if let end = buffer[start...].firstIndex(of: 0x0A) {
                let text = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 1
                if let first = text.split(separator: " ").first, first.count == 64, first.allSatisfy(\.isHexDigit) { objectIDLength = 32 }
                return text
            }
            guard fill() else { return nil }
        }
    }

    private func take(_ count: Int) -> ArraySlice<UInt8>? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        defer { start += count }
        return buffer[start..<(start + count)]
    }

    /// Reads what git wrote so far (false at end of output or on an error).
    private func fill() -> Bool {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(output, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            buffer += chunk[0..<n]
            return true
        }
    }
}

/// `read(2)` (the name is taken inside `GitObjects`).
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
