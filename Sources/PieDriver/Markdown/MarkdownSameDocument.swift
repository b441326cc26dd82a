/// `piec md a.md ./a.md` (a shell glob can name a document twice): the documents of a run,
/// each file once.
public enum MarkdownSameDocument {
    /// `paths` in order without the ones naming a file already named (same device and inode,
    /// following symlinks); a path that cannot be inspected is kept, for its own diagnostic.
    public static func distinct(_ paths: [String]) -> [String] {
        var seen: Set<[UInt64]> = []
        return paths.filter { path in
            guard case .success(let s) = FileStatus.status(path) else { return true }
            return seen.insert([s.device, s.inode]).inserted
        }
    }
}
