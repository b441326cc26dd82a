import PieDiagnostics
import PieSpec

/// The files a spec read at a git revision (`--from REV`): the `.piec.yaml` files of its
/// folder and every parent up to the work tree's root, and its data file, all at `commit`, so
/// the previous chart is the one that revision built.
enum GitInputs {
    static func read(commit: String, ref: String, specPath: String, source: SourceFile) -> SpecInputs {
        let directory = parentPath(specPath)
        let prefix = trimmed(Git.run(["rev-parse", "--show-prefix"], in: directory).output)
        let depth = prefix.split(separator: "/").count
        var inputs = SpecInputs()
        let displayDir = SpecInputsReader.displayParent(specPath)
        var spelled = displayDir
        for level in 0...depth {
            let relative = String(repeating: "../", count: level) + SharedDefaults.fileName
            let show = Git.run(["show", "\(commit):./\(relative)"], in: directory)
            if show.status == 0 {
                inputs.defaults.append(SourceFile(path: "\(ref):" + SpecInputsReader.join(spelled, SharedDefaults.fileName), bytes: show.output))
            }
            spelled = SpecInputsReader.lexicalParent(spelled)
        }
        guard let reference = SpecLoader.dataReference(source) else { return inputs }
        func fail(_ message: String) -> DataInput {
            .failed(.error(DataDiagnostics.dataFileUnusable, message, at: reference.range))
        }
        if reference.path.hasPrefix("/") || !DataTableFormat.isSupported(reference.path) || leaves(reference.path, depth: depth) {
            inputs.data = fail("`data.file` at `\(ref)` is not a .csv or .json path inside the repository")
            return inputs
        }
        let show = Git.run(["show", "\(commit):./\(reference.path)"], in: directory)
        let display = "\(ref):" + SpecInputsReader.normalized(SpecInputsReader.join(displayDir, reference.path))
        inputs.data = show.status == 0 ? .file(SourceFile(path: display, bytes: show.output))
            : fail("`\(SpecInputsReader.normalized(SpecInputsReader.join(displayDir, reference.path)))` did not exist at `\(ref)`")
        return inputs
    }

    /// Whether a relative path climbs above the work tree's root (`depth` folders above the spec).
    static func leaves(_ path: String, depth: Int) -> Bool {
        var level = depth
        for part in path.split(separator: "/") {
            if part == ".." { level -= 1 } else if part != "." { level += 1 }
            if level < 0 { return true }
        }
        return false
    }
}
