#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import CZlib

/// A strict, read-only reader of a repository's object store that answers what a build asks
/// (`HEAD:path`: a file or folder as committed at HEAD) without starting git: git's start-up
/// was most of what a build in a repository cost over one outside (bench/docs_hosts.py).
///
/// It reads the git dir of the work tree (`.git`, or a `.git` file `gitdir: ...` of a linked
/// worktree or submodule, with its `commondir`), HEAD (symbolic or detached), the branch as a
/// loose ref or a `packed-refs` line, then objects, loose (zlib) or packed (index v2, entries
/// with `OFS_DELTA` and `REF_DELTA` chains), and walks commit → tree → path as git's
/// `get_tree_entry` does. Every answer is git's own, byte for byte, or none: `contents` returns
/// nil, and the caller (`GitObjects`) asks git, whenever anything is unusual. The repository is
/// declined at once (`init` fails) when an environment variable that changes how git reads it
/// is set (`GIT_DIR`, `GIT_OBJECT_DIRECTORY`, ...: any `GIT_*` but a few harmless ones), when a
/// folder is not owned by the effective user (git refuses "dubious ownership" unless
/// `safe.directory` says otherwise: git decides), when `core.repositoryformatversion` is over 1
/// or an extension is set other than `objectFormat = sha1` (SHA-256, reftable, partial clones),
/// when the config has includes, when objects come from alternates, or when grafts or replace
/// refs may rewrite history. A question is declined when its name is not `HEAD:path`, a ref or
/// object is malformed, corrupt, truncated, too large (`maxObjectSize`) or too deep a delta
/// chain (`maxDeltaChain`), a pack or its index is not of a known version, or an object is not
/// found (after listing the packs once more: a fetch may have written a new one).
///
/// Not thread-safe: `GitObjects` asks it under its lock.
final class GitStore {
    /// Objects larger than this are left to git (it reads them, the caller's limits apply).
    static let maxObjectSize = 256 * 1024 * 1024
    /// Deltas applied to reach one object (git's `--depth` is at most 4095).
    static let maxDeltaChain = 4096

    private let gitDir: String
    private let commonDir: String
    private let objectsDir: String
    private var packs: [GitPack] = []
    private var packsListed = false
    private var packsRelisted = false
    private var packsUsable = true
    /// HEAD's root tree: nil before it is looked up, `.some(nil)` when HEAD is unborn.
    private var headTree: [UInt8]??
    private var trees: [[UInt8]: [UInt8]] = [:]

    /// The reader of the repository whose work tree is `root` (a real path); nil when it
    /// declines the repository.
    init?(workTree root: String) {
        guard Self.environmentAllows() else { return nil }
        let dotGit = root == "/" ? "/.git" : root + "/.git"
        var info = stat()
        guard lstat(dotGit, &info) == 0 else { return nil }
        var gitDir: String
        switch info.st_mode & S_IFMT {
        case S_IFDIR: gitDir = dotGit
        case S_IFREG:
            // `gitdir: <path>`, relative to the folder holding the `.git` file.
            guard let text = Self.readSmallFile(dotGit), text.hasPrefix("gitdir: ") else { return nil }
            let path = Self.withoutLineEnd(String(text.dropFirst("gitdir: ".count)))
            guard !path.isEmpty else { return nil }
            gitDir = path.hasPrefix("/") ? path : (root == "/" ? "/" : root + "/") + path
        default: return nil
        }
        while gitDir.count > 1 && gitDir.hasSuffix("/") { gitDir.removeLast() }
        var commonDir = gitDir
        if let text = Self.readSmallFile(gitDir + "/commondir") {
            let path = Self.withoutLineEnd(text)
            guard !path.isEmpty else { return nil }
            commonDir = path.hasPrefix("/") ? path : gitDir + "/" + path
        } else if Self.exists(gitDir + "/commondir") {
            return nil
        }
        // git refuses a repository another user owns; it decides (safe.directory), not this.
        let me = geteuid()
        for path in [root, dotGit, gitDir, commonDir] {
            guard lstat(path, &info) == 0, info.st_uid == me else { return nil }
        }
        // What git's discovery asks of a git dir (`is_git_directory`), and what would make
        // git read objects or history some other way.
        guard access(commonDir + "/objects", X_OK) == 0, access(commonDir + "/refs", X_OK) == 0,
              Self.configAllows(commonDir + "/config"),
              !Self.exists(commonDir + "/objects/info/alternates"),
              !Self.exists(commonDir + "/objects/info/http-alternates"),
              !Self.exists(commonDir + "/info/grafts"),
              !Self.exists(commonDir + "/refs/replace"),
              !Self.exists(commonDir + "/reftable") else { return nil }
        self.gitDir = gitDir
        self.commonDir = commonDir
        objectsDir = commonDir + "/objects"
        let packedPath = commonDir + "/packed-refs"
        if let bytes = Self.readFile(packedPath, limit: 256 * 1024 * 1024) {
            guard Self.packedRefsAllow(bytes) else { return nil }
            packedRefs = bytes
        } else if Self.exists(packedPath) {
            return nil
        }
    }

    // MARK: Questions

    /// What `git cat-file --batch-command`'s `contents NAME` answers for `HEAD:path`; nil when
    /// the reader declines (any other name, or anything it does not fully understand).
    func contents(_ name: String) -> GitObjects.Answer? {
        guard name.hasPrefix("HEAD:") else { return nil }
        let path = Array(name.utf8.dropFirst(5))
        // git reads `./` and `../` relative to the current folder, and a name only up to a NUL.
        if path.starts(with: Array("./".utf8)) || path.starts(with: Array("../".utf8)) || path.contains(0) { return nil }
        if headTree == nil { headTree = resolveHeadTree() }
        guard let root = headTree else { return nil }
        guard let rootTree = root else { return .missing }   // no commit yet
        guard let found = entry(in: rootTree, path: path[...]) else { return nil }
        guard let id = found else { return .missing }
        if let walked = trees[id] { return .object(type: "tree", bytes: walked) }
        guard let object = object(id) else { return nil }
        return .object(type: object.type, bytes: object.bytes)
    }

    /// The object `id` points to at the end of `path` below the tree `treeID`, walked as git's
    /// `get_tree_entry` and `find_tree_entry` do; `.some(nil)` when there is none (git:
    /// missing), nil when the reader declines.
    private func entry(in treeID: [UInt8], path: ArraySlice<UInt8>) -> [UInt8]?? {
        if path.isEmpty { return .some(treeID) }
        guard let bytes = tree(treeID) else { return nil }
        var i = 0
        while i < bytes.count {
            guard let parsed = Self.treeEntry(bytes, at: i) else { return nil }
            i = parsed.next
            let entryName = bytes[parsed.name]
            let entryLength = entryName.count
            if entryLength > path.count { continue }
            let cmp = Self.compare(path.prefix(entryLength), entryName)
            if cmp > 0 { continue }
            if cmp < 0 { break }
            if entryLength == path.count { return .some(parsed.id) }
            if path[path.startIndex + entryLength] != 0x2F { continue }
            if !parsed.isTree { break }
            if entryLength + 1 == path.count { return .some(parsed.id) }
            return entry(in: parsed.id, path: path.dropFirst(entryLength + 1))
        }
        return .some(nil)
    }

    /// The tree `id`'s bytes (cached: every question walks from the root).
    private func tree(_ id: [UInt8]) -> [UInt8]? {
        if let cached = trees[id] { return cached }
        guard let object = object(id), object.type == "tree" else { return nil }
        trees[id] = object.bytes
        return object.bytes
    }

    /// One entry of a tree's bytes at `start`: `<octal mode> <name>\0<20-byte id>`.
    static func treeEntry(_ bytes: [UInt8], at start: Int) -> (name: Range<Int>, id: [UInt8], isTree: Bool, next: Int)? {
        var mode: UInt32 = 0
        var i = start
        while i < bytes.count, bytes[i] != 0x20 {
            guard bytes[i] >= 0x30, bytes[i] <= 0x37, mode < 0o1_000_000 else { return nil }
            mode = mode << 3 | UInt32(bytes[i] - 0x30)
            i += 1
        }
        guard i > start, i < bytes.count else { return nil }
        let nameStart = i + 1
        guard let nul = bytes[nameStart...].firstIndex(of: 0), nul > nameStart, nul + 21 <= bytes.count else { return nil }
        return (nameStart..<nul, Array(bytes[(nul + 1)..<(nul + 21)]), mode & 0o170000 == 0o040000, nul + 21)
    }

    private static func compare(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return 0
    }

    // MARK: HEAD and refs

    /// HEAD's root tree id: `.some(nil)` when HEAD names a branch that does not exist yet and
    /// nothing else is named HEAD; nil when the reader declines.
    private func resolveHeadTree() -> [UInt8]?? {
        guard let head = resolve("HEAD", depth: 0) else { return nil }
        guard let commitID = head else {
            // git then tries `refs/HEAD`, `refs/tags/HEAD`, ... (`git rev-parse`'s rules).
            for name in ["refs/HEAD", "refs/tags/HEAD", "refs/heads/HEAD", "refs/remotes/HEAD", "refs/remotes/HEAD/HEAD"] {
                guard !Self.exists(commonDir + "/" + name), let packed = packedRef(name), packed == nil else { return nil }
            }
            return .some(nil)
        }
        guard let commit = object(commitID), commit.type == "commit" else { return nil }
        // A commit starts `tree <hex>\n`.
        let prefix = Array("tree ".utf8)
        guard commit.bytes.count >= 46, commit.bytes.starts(with: prefix), commit.bytes[45] == 0x0A,
              let tree = Self.parseHex(commit.bytes[5..<45]) else { return nil }
        return .some(tree)
    }

    /// The bytes of `packed-refs` (empty when there is none).
    private var packedRefs: [UInt8] = []

    /// The object id the ref `name` holds (`HEAD`, or a name under `refs/`); `.some(nil)` when
    /// it does not exist; nil when the reader declines.
    private func resolve(_ name: String, depth: Int) -> [UInt8]?? {
        guard depth < 5 else { return nil }   // git's SYMREF_MAXDEPTH
        let path = (name == "HEAD" ? gitDir : commonDir) + "/" + name
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT || errno == ENOTDIR, name != "HEAD" else { return nil }
            return packedRef(name)
        }
        guard info.st_mode & S_IFMT == S_IFREG, let text = Self.readSmallFile(path) else { return nil }
        if text.hasPrefix("ref:") {
            let target = Self.withoutLineEnd(String(text.dropFirst(4).drop(while: { $0 == " " || $0 == "\t" })))
            guard Self.isPlainBranch(target) else { return nil }
            return resolve(target, depth: depth + 1)
        }
        let bytes = Array(text.utf8)
        guard bytes.count == 41, bytes[40] == 0x0A, let id = Self.parseHex(bytes[0..<40]) else { return nil }
        return .some(id)
    }

    /// `refs/heads/NAME` with a name of the plain characters branch names use (others: git).
    static func isPlainBranch(_ ref: String) -> Bool {
        guard ref.hasPrefix("refs/heads/") else { return false }
        let components = ref.dropFirst("refs/heads/".count).split(separator: "/", omittingEmptySubsequences: false)
        return !components.isEmpty && components.allSatisfy { part in
            !part.isEmpty && !part.hasPrefix(".") && !part.hasSuffix(".") && !part.hasSuffix(".lock") && !part.contains("..")
                && part.utf8.allSatisfy { c in
                    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                        || c == 0x2D || c == 0x5F || c == 0x2E || c == 0x2B || c >= 0x80
                }
        }
    }

    /// Whether every line of `packed-refs` is one git writes (`<hex> <name>`, `^<hex>` peeled,
    /// `#` header) and none is a replace ref.
    static func packedRefsAllow(_ bytes: [UInt8]) -> Bool {
        let replace = Array("refs/replace/".utf8)
        guard !bytes.contains(0x0D), !bytes.contains(0) else { return false }
        for line in bytes.split(separator: 0x0A) where line.first != 0x23 {
            if line.first == 0x5E {
                guard line.count == 41 else { return false }
                continue
            }
            guard line.count > 41, line[line.startIndex + 40] == 0x20, !line.dropFirst(41).starts(with: replace) else { return false }
        }
        return true
    }

    /// The id `packed-refs` gives the ref `name`: `.some(nil)` when it has none, nil when the
    /// line is malformed or the ref is listed twice.
    private func packedRef(_ name: String) -> [UInt8]?? {
        let wanted = Array(name.utf8)
        var found: [UInt8]?
        for line in packedRefs.split(separator: 0x0A) where line.count == 41 + wanted.count && line.first != 0x23 && line.first != 0x5E {
            guard line.dropFirst(41).elementsEqual(wanted) else { continue }
            guard found == nil, let id = Self.parseHex(line.prefix(40)) else { return nil }
            found = id
        }
        return .some(found)
    }

    // MARK: Objects

    /// The object `id` (type and bytes); nil when it is not found (after listing the packs
    /// again once), is corrupt, or is beyond the reader's bounds.
    func object(_ id: [UInt8]) -> (type: String, bytes: [UInt8])? {
        object(id, budget: Self.maxDeltaChain)
    }

    private func object(_ id: [UInt8], budget: Int) -> (type: String, bytes: [UInt8])? {
        switch loose(id) {
        case .found(let object): return object
        case .declined: return nil
        case .absent: break
        }
        if !packsListed {
            guard listPacks() else { return nil }
        }
        guard packsUsable else { return nil }
        if let found = packed(id, budget: budget) { return found }
        guard !packsRelisted else { return nil }
        packsRelisted = true
        guard listPacks(), packsUsable else { return nil }
        return packed(id, budget: budget)
    }

    private func packed(_ id: [UInt8], budget: Int) -> (type: String, bytes: [UInt8])? {
        for pack in packs {
            if let offset = pack.offset(of: id) {
                return pack.object(at: offset, budget: budget) { base, left in self.object(base, budget: left) }
            }
        }
        return nil
    }

    private enum Loose {
        case found((type: String, bytes: [UInt8]))
        case absent
        case declined
    }

    /// The loose object `id` (`objects/xx/yyyy...`, zlib of `<type> <size>\0<bytes>`).
    private func loose(_ id: [UInt8]) -> Loose {
        let hex = GitBlob.hex(id)
        let path = objectsDir + "/" + hex.prefix(2) + "/" + hex.dropFirst(2)
        var info = stat()
        if stat(path, &info) != 0 { return errno == ENOENT ? .absent : .declined }
        guard let compressed = Self.readFile(path, limit: Self.maxObjectSize + 1024) else { return .declined }
        guard let object = Self.inflateLoose(compressed) else { return .declined }
        return .found(object)
    }

    static func inflateLoose(_ compressed: [UInt8]) -> (type: String, bytes: [UInt8])? {
        compressed.withUnsafeBytes { input -> (type: String, bytes: [UInt8])? in
            guard let stream = Inflater(input) else { return nil }
            // The header is at most `<type> <20 digits>\0`.
            var header = [UInt8](repeating: 0, count: 32)
            let got = header.withUnsafeMutableBytes { stream.inflate(into: $0) }
            guard got >= 0, let nul = header[0..<got].firstIndex(of: 0) else { return nil }
            let fields = header[0..<nul].split(separator: 0x20, omittingEmptySubsequences: false)
            guard fields.count == 2, let type = objectType(fields[0]), let size = decimal(fields[1]), size <= maxObjectSize else { return nil }
            let already = got - nul - 1
            guard already <= size else { return nil }
            var bytes = [UInt8](repeating: 0, count: size)
            for k in 0..<already { bytes[k] = header[nul + 1 + k] }
            if size > already {
                let rest = bytes.withUnsafeMutableBytes { stream.inflate(into: UnsafeMutableRawBufferPointer(rebasing: $0[already...])) }
                guard rest == size - already else { return nil }
            }
            // Whole: the stream ends exactly here, with nothing after it (git: "garbage at end").
            guard stream.finished(), stream.inputLeft == 0 else { return nil }
            return (type, bytes)
        }
    }

    private static func objectType(_ name: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: name, as: UTF8.self)
        return ["blob", "tree", "commit", "tag"].contains(text) ? text : nil
    }

    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// Lists `objects/pack/pack-*.idx` with their `.pack`; false when the folder cannot be read.
    private func listPacks() -> Bool {
        packsListed = true
        let folder = objectsDir + "/pack"
        guard let dir = opendir(folder) else {
            packs = []
            return errno == ENOENT
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix("pack-"), name.hasSuffix(".idx") { names.append(String(name.dropLast(4))) }
        }
        var listed: [GitPack] = []
        packsUsable = true
        for base in names.sorted() {
            let known = packs.first { $0.base == base }
            if let known { listed.append(known); continue }
            // An index whose pack is gone (or not there yet) is skipped, as git does.
            guard Self.exists(folder + "/" + base + ".pack") else { continue }
            guard let pack = GitPack(folder: folder, base: base) else {
                packsUsable = false
                continue
            }
            listed.append(pack)
        }
        packs = listed
        return true
    }

    // MARK: Repository checks

    /// Names of `GIT_*` variables that do not change what git reads from a local repository
    /// (identity, editors, prompts, tracing, transports, the user's and system config files,
    /// which hold no extension and can only widen `safe.directory`); any other one makes the
    /// reader decline.
    private static let harmlessVariables: [String] = [
        "GIT_AUTHOR_", "GIT_COMMITTER_", "GIT_TERMINAL_PROMPT=", "GIT_EDITOR=", "GIT_SEQUENCE_EDITOR=", "GIT_PAGER=",
        "GIT_MERGE_AUTOEDIT=", "GIT_ASKPASS=", "GIT_SSH=", "GIT_SSH_COMMAND=", "GIT_SSH_VARIANT=", "GIT_SSL_", "GIT_HTTP_",
        "GIT_CURL_", "GIT_PROXY_", "GIT_PROTOCOL=", "GIT_ALLOW_PROTOCOL=", "GIT_PROTOCOL_FROM_USER=", "GIT_LFS_",
        "GIT_TRACE", "GIT_FLUSH=", "GIT_CONFIG_NOSYSTEM=", "GIT_CONFIG_GLOBAL=", "GIT_CONFIG_SYSTEM=",
        "GIT_CEILING_DIRECTORIES=", "GIT_EXEC_PATH=", "GIT_PS1_",
    ]

    static func environmentAllows() -> Bool {
        #if canImport(Darwin)
        let list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
        #else
        let list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        #endif
        guard var entry = list else { return true }
        while let pointer = entry.pointee {
            entry += 1
            guard pointer[0] == 0x47, pointer[1] == 0x49, pointer[2] == 0x54, pointer[3] == 0x5F else { continue }   // GIT_
            let variable = String(cString: pointer)
            if !harmlessVariables.contains(where: { variable.hasPrefix($0) }) { return false }
        }
        return true
    }

    /// Whether the repository's config is one this reader understands: format version 0 or 1,
    /// no extension but `objectFormat = sha1` (and the harmless `noop`, `preciousObjects`,
    /// `worktreeConfig`), no includes, no line continued on the next.
    static func configAllows(_ path: String) -> Bool {
        guard let bytes = readFile(path, limit: 1024 * 1024) else { return false }
        return configAllows(bytes: bytes)
    }

    static func configAllows(bytes: [UInt8]) -> Bool {
        var section = ""
        for raw in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var line = String(decoding: raw, as: UTF8.self)
            if line.hasSuffix("\r") { line.removeLast() }
            line = String(line.drop(while: { $0 == " " || $0 == "\t" }))
            if line.hasSuffix("\\") { return false }
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                guard let close = line.firstIndex(of: "]") else { return false }
                let header = line[line.index(after: line.startIndex)..<close]
                section = String(header.prefix(while: { $0 != " " && $0 != "\t" && $0 != "\"" })).lowercased()
                if section.hasPrefix("include") { return false }
                let rest = line[line.index(after: close)...].drop(while: { $0 == " " || $0 == "\t" })
                guard rest.isEmpty || rest.hasPrefix("#") || rest.hasPrefix(";") else { return false }
                continue
            }
            guard section == "core" || section == "extensions" else { continue }
            let key = line.prefix(while: { $0.isLetter || $0.isNumber || $0 == "-" }).lowercased()
            var value = line.dropFirst(key.count).drop(while: { $0 == " " || $0 == "\t" })
            if value.hasPrefix("=") { value = value.dropFirst().drop(while: { $0 == " " || $0 == "\t" }) }
            if let comment = value.firstIndex(where: { $0 == "#" || $0 == ";" }) { value = value[..<comment] }
            let trimmedValue = value.trimmingSuffix { $0 == " " || $0 == "\t" }
            if section == "core" {
                guard key == "repositoryformatversion" else { continue }
                guard trimmedValue == "0" || trimmedValue == "1" else { return false }
            } else {
                switch key {
                case "noop", "preciousobjects", "worktreeconfig": continue
                case "objectformat": if trimmedValue.lowercased() != "sha1" { return false }
                default: return false
                }
            }
        }
        return true
    }

    // MARK: Files

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// A file of at most 4 KiB as text (refs, `gitdir:` and `commondir` files).
    private static func readSmallFile(_ path: String) -> String? {
        readFile(path, limit: 4096).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes of the regular file `path` when it holds at most `limit`; nil otherwise.
    static func readFile(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }

    private static func withoutLineEnd(_ text: String) -> String {
        var text = text
        while text.hasSuffix("\n") || text.hasSuffix("\r") || text.hasSuffix("\r\n") { text.removeLast() }
        return text
    }

    /// 40 lowercase hex digits as 20 bytes (git writes ids in lowercase).
    static func parseHex(_ digits: ArraySlice<UInt8>) -> [UInt8]? {
        guard digits.count == 40 else { return nil }
        var id = [UInt8](repeating: 0, count: 20)
        var i = 0
        for digit in digits {
            let value: UInt8
            switch digit {
            case 0x30...0x39: value = digit - 0x30
            case 0x61...0x66: value = digit - 0x61 + 10
            default: return nil
            }
            id[i / 2] = i % 2 == 0 ? value << 4 : id[i / 2] | value
            i += 1
        }
        return id
    }
}

private extension Substring {
    func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, drop(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
