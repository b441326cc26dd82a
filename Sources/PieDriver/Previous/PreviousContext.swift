/// What the specs of one build share while their previous versions are found, each looked up
/// once: the work tree of each folder, the output folder's place in it, which bundles and specs
/// HEAD holds (one `git ls-tree` per folder), so a build of 1000 new specs in a repository
/// spawns git a few times, not once per spec.
final class PreviousContext: @unchecked Sendable {
    let outputDir: String
    private let trees = Memo<String, GitWorkTree?>()
    private let outputPaths = Memo<GitWorkTree, String?>()
    private let headFiles = Memo<String, [String: String]>()
    private let committed = Memo<GitWorkTree, Set<String>>()
    private let sessions = Memo<GitWorkTree, GitObjects?>()

    init(outputDir: String) {
        self.outputDir = outputDir
    }

    /// The work tree holding the folder `spelledDir` (nil outside git).
    func tree(ofFolder spelledDir: String) -> GitWorkTree? {
        trees.value(spelledDir) {
            SpecInputsReader.realPath(spelledDir).flatMap { GitWorkTree.containing(realDir: $0) }
        }
    }

    /// Starts the git sessions of the work trees holding `specPaths` now, so that git starts up
    /// while the specs are read and checked instead of when the first previous version is looked
    /// for (git's start-up is most of what a build in a repository costs over one outside).
    func openAhead(specPaths: [String]) {
        var folders = Set<String>()
        for path in specPaths where path != SpecInput.stdinArgument {
            let folder = SpecInputsReader.displayParent(path)
            guard folders.insert(folder).inserted, let tree = tree(ofFolder: folder) else { continue }
            _ = objects(in: tree)
        }
    }

    /// The build's one `git cat-file --batch-command` in `tree` (nil: git cannot give one; each
    /// question then spawns git).
    func objects(in tree: GitWorkTree) -> GitObjects? {
        sessions.value(tree) { GitObjects(tree: tree) }
    }

    /// The root-relative path of the output folder when it is inside `tree` ("" at the root);
    /// a folder that does not exist yet is placed by its nearest existing parent.
    func outputPath(in tree: GitWorkTree) -> String? {
        outputPaths.value(tree) { realPathAllowingMissing(outputDir).flatMap { tree.relative($0) } }
    }

    /// The files HEAD holds in the root-relative `folder` of `tree`, by name, with their
    /// object ids (empty before the first commit): one `git ls-tree` per folder.
    func filesAtHead(in tree: GitWorkTree, folder: String) -> [String: String] {
        headFiles.value(tree.root + "\u{0}" + folder) {
            if let entries = objects(in: tree)?.tree("HEAD:" + folder) {
                var files: [String: String] = [:]
                for entry in entries where entry.type == "blob" { files[entry.name] = entry.id }
                return files
            }
            let listing = tree.run(["ls-tree", "-z", "HEAD", "--", folder.isEmpty ? "." : folder + "/"])
            guard listing.status == 0 else { return [:] }
            var files: [String: String] = [:]
            for entry in listing.output.split(separator: 0) {
                // `<mode> <type> <id>\t<path>`
                guard let tab = entry.firstIndex(of: 0x09) else { continue }
                let fields = entry[..<tab].split(separator: 0x20)
                guard fields.count == 3, fields[1].elementsEqual("blob".utf8) else { continue }
                files[lastPathComponent(String(decoding: entry[(tab + 1)...], as: UTF8.self))] = String(decoding: fields[2], as: UTF8.self)
            }
            return files
        }
    }

    /// The root-relative paths of the manifests HEAD holds in the output folder (one
    /// `git ls-tree -r` of that folder per build).
    func committedManifests(in tree: GitWorkTree) -> Set<String> {
        committed.value(tree) {
            guard let out = outputPath(in: tree) else { return [] }
            let listing = tree.run(["ls-tree", "-r", "-z", "--name-only", "HEAD", "--", out.isEmpty ? "." : out + "/"])
            guard listing.status == 0 else { return [] }
            return Set(listing.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                .filter { lastPathComponent($0) == ExistingBundle.manifestName })
        }
    }

    /// The bundle `id` as committed at HEAD, when the output folder is inside `tree`.
    func committedManifest(in tree: GitWorkTree, id: String) -> ManifestRecord? {
        guard let out = outputPath(in: tree) else { return nil }
        let path = GitWorkTree.path(GitWorkTree.path(out, id), ExistingBundle.manifestName)
        let bytes: [UInt8]
        if let answer = objects(in: tree)?.blob("HEAD:\(path)") {
            guard let found = answer else { return nil }
            bytes = found
        } else {
            guard committedManifests(in: tree).contains(path), let found = tree.read(["HEAD:\(path)"])[0] else { return nil }
            bytes = found
        }
        let shown = SpecDiscovery.join(SpecDiscovery.join(outputDir, id), ExistingBundle.manifestName)
        return ManifestRecord(path: "HEAD:" + shown, bytes: bytes)
    }
}

/// The real path of `path`, or of its nearest existing parent followed by the rest.
func realPathAllowingMissing(_ path: String) -> String? {
    if let real = SpecInputsReader.realPath(path) { return real }
    let parent = parentPath(path)
    let name = lastPathComponent(path)
    guard name != ".", name != "..", !name.isEmpty else { return nil }
    let base = parent.isEmpty ? SpecInputsReader.realPath(".") : realPathAllowingMissing(parent)
    return base.map { SpecInputsReader.join($0, name) }
}
