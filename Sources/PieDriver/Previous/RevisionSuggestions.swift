import PieDiagnostics

/// The usage error for a `--from` revision git does not know, with a "did you mean" among
/// HEAD, the branches and tags, and HEAD~N for the commits there are (ranked by
/// `Suggestions`). A typo in the name before `~`/`^` (`HAED~2`) is corrected with its suffix kept.
enum RevisionSuggestions {
    /// HEAD~N is offered up to this N.
    static let maxAncestors = 20

    /// `option`: the option that named `ref` (`--from`, `--since`).
    static func unknown(_ ref: String, in tree: GitWorkTree, option: String = "--from") -> UsageProblem {
        let names = ["HEAD"] + references(in: tree)
        let ancestors = min(commitCount(in: tree) - 1, maxAncestors)
        let candidates = names + (ancestors > 0 ? (1...ancestors).map { "HEAD~\($0)" } : [])
        var found = Suggestions.closest(to: ref, among: candidates, limit: 2)
        if let cut = ref.firstIndex(where: { "~^@:".contains($0) }), cut != ref.startIndex,
           let base = Suggestions.closest(to: String(ref[..<cut]), among: names, limit: 1).first {
            let fixed = base + ref[cut...]
            if fixed != ref, !found.contains(fixed), tree.commit(fixed) != nil { found.insert(fixed, at: 0) }
        }
        let help = found.isEmpty ? [] : ["did you mean " + found.prefix(2).map { "'\($0)'" }.joined(separator: " or ") + "?"]
        if option != "--from" {
            return UsageProblem("\(option) '\(ref)' is not a git revision of `\(tree.root)`",
                                help: help + ["\(option) takes a commit, a tag or a branch (`git log --oneline` lists commits)"])
        }
        return UsageProblem("--from '\(ref)' is not a file, a folder or a git revision of `\(tree.root)`",
                            help: help + ["--from takes a spec file, a bundle folder, a folder of bundles or specs, a git revision or `none`"])
    }

    /// Short names of the branches (local and remote) and tags.
    static func references(in tree: GitWorkTree) -> [String] {
        let refs = tree.run(["for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/tags", "refs/remotes"])
        guard refs.status == 0 else { return [] }
        return refs.output.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
    }

    /// How many commits HEAD has (0 before the first commit).
    static func commitCount(in tree: GitWorkTree) -> Int {
        let count = tree.run(["rev-list", "--count", "HEAD"])
        return count.status == 0 ? Int(trimmed(count.output)) ?? 0 : 0
    }
}
