import PieDiagnostics

/// PieDriver's diagnostic codes (E0500-E0599): reading inputs, bundle ids, writing outputs.
public enum DriverDiagnostics {
    public static let fileNotFound = DiagnosticCode("E0500")
    public static let unreadable = DiagnosticCode("E0501")
    public static let notRegularFile = DiagnosticCode("E0502")
    public static let fileTooLarge = DiagnosticCode("E0503")
    public static let noSpecs = DiagnosticCode("E0504")
    public static let noDefaultID = DiagnosticCode("E0505")
    public static let duplicateID = DiagnosticCode("E0506")
    public static let symlinkRefused = DiagnosticCode("E0507")
    public static let foreignFiles = DiagnosticCode("E0508")
    public static let writeFailed = DiagnosticCode("E0509")
    public static let staleBundle = DiagnosticCode("E0510")
    public static let invalidBundle = DiagnosticCode("E0511")
    // E0512 and E0513 (a --from that names nothing, an unknown revision) are usage errors
    // now (exit 64, once per build); their entries stay to explain older logs.
    public static let previousMissing = DiagnosticCode("E0514")
    public static let historyVersionLeftOut = DiagnosticCode("E0516")
    public static let existingFile = DiagnosticCode("E0517")
    /// Emitted by `DiagnosticRenderer` when it caps a file's diagnostics.
    public static let omitted = DiagnosticRenderer.omittedCode

    /// Codes that mean an I/O failure (exit status 74) rather than a spec error (exit status 1).
    public static let ioCodes: Set<DiagnosticCode> = [
        fileNotFound, unreadable, notRegularFile, noSpecs, symlinkRefused, foreignFiles, writeFailed, existingFile,
        RenderDiagnostics.missingTool, RenderDiagnostics.renderFailed, RenderDiagnostics.documentChanged,
    ]

    /// Catalog of PieDriver's codes for `piec explain`.
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0500", "spec file not found", """
            A path named on the command line does not exist. Check the spelling and the current \
            directory; a directory argument builds every `*.yaml` and `*.yml` file below it.
            Exit status 74.
            """),
        CodeInfo("E0501", "cannot read a spec file or directory", """
            The file or directory exists but the operating system refused to read it (for \
            example a permission problem). The message carries the system's reason. Nothing is \
            written when any input cannot be read. Exit status 74.
            """),
        CodeInfo("E0502", "spec is not a regular file", """
            piec reads specs only from regular files (or symlinks to them). Devices, FIFOs and \
            sockets are refused before anything is read, so piec never blocks on them. Exit status 74.
            """),
        CodeInfo("E0503", "spec file too large", """
            A spec file is larger than the limit (8 MiB by default). The size is checked before \
            the file is read. Split the chart into several specs or shorten labels. Exit status 1.
            """),
        CodeInfo("E0504", "no specs found", """
            A directory named on the command line (or the current directory when no argument is \
            given) contains no `*.yaml` or `*.yml` file. Hidden files and directories, and the \
            output directory, are skipped. Exit status 74.
            """),
        CodeInfo("E0505", "cannot derive a bundle id from the file name", """
            A spec without `id:` is named after its file: the stem is lowercased, every run of \
            characters other than `a-z` and `0-9` becomes `-`, dashes are trimmed at both ends \
            and the result is cut to 64 characters. When nothing is left (a file named `---.yaml` \
            or `日本.yaml`), add an `id:` to the spec or rename the file. Exit status 1.
            """),
        CodeInfo("E0506", "two specs produce the same bundle", """
            Every bundle is written to `OUT/<id>/`, so two specs in one build must not have the \
            same id. The message names both files. Give one of them a different `id:` or rename \
            the file. Exit status 1.
            """),
        CodeInfo("E0507", "refusing to write through a symlink", """
            piec never writes outside the output directory or through a symbolic link. The output \
            directory itself, a bundle directory `OUT/<id>` and every file inside it must not be \
            symlinks. Remove the link (or choose another `-o`). Nothing was written. Exit status 74.
            """),
        CodeInfo("E0508", "bundle directory holds files piec did not write", """
            `OUT/<id>/` contains files that are not listed in the `files` of its `manifest.json` \
            (or there is no manifest at all), so it was not written by piec or was edited by hand. \
            piec never deletes files it did not write: move them away or choose another output \
            directory. Nothing was written. Exit status 74.
            """),
        CodeInfo("E0509", "cannot write the output", """
            The operating system refused a write (permissions, read-only file system, full disk, \
            ...). Bundles are staged in a temporary directory inside the output directory and \
            swapped in atomically, so the previous bundles are left intact and no temporary files \
            remain. Exit status 74.
            """),
        CodeInfo("E0510", "bundle is stale", """
            `piec build --check` rebuilds each bundle from the previous version its manifest \
            records (its `previous` member) and compares the bytes with the ones on disk, \
            without writing anything; a bundle without a readable manifest is rebuilt from the \
            previous version `piec build` would use. A bundle is stale when its directory is \
            missing, a file is missing or differs (the spec, its data file or a `.piec.yaml` \
            changed since it was built), or it holds a file piec would not write. The help names \
            the command that writes what the check expects (`piec build` with the same specs, \
            output folder and options): run it and commit the result. No `--from` or git \
            history is needed. Exit status 2.
            """),
        CodeInfo("E0511", "invalid bundle", """
            A compiled bundle has an id outside `[a-z0-9-]` (1 to 64 characters) or a file name \
            that is not a plain name, so piec refuses to turn it into paths. This is a bug in \
            piec: please report it with the spec. Exit status 1.
            """),
        CodeInfo("E0512", "nothing to read at the --from reference", """
            No longer reported as a diagnostic: a `--from REF` that is no file, no folder and no \
            git revision (the specs are not in a git repository) is a usage error, printed once \
            as `piec: error:` with exit status 64 before any spec is built. `--from` takes a spec \
            file, a bundle folder, a folder of bundles or of previous specs, a git revision or \
            `none`.
            """),
        CodeInfo("E0513", "unknown git revision", """
            No longer reported as a diagnostic: a `--from` revision git does not know is a usage \
            error, printed once as `piec: error:` with a "did you mean" among HEAD, the branches, \
            the tags and HEAD~N, exit status 64. Check the name with `git rev-parse REF`.
            """),
        CodeInfo("E0514", "no previous version: the chart enters", """
            A note, not an error: the previous version named by `--from` does not hold this \
            chart (the file did not exist at that revision, or the folder has no bundle with \
            this id and no spec with this file name). The chart plays its `enter` animation \
            instead of a transition.
            """),
        CodeInfo("E0516", "a version is left out of the history", """
            A note, not an error: `piec history` steps through every commit that changed the \
            spec or a file it reads, but at this commit the spec did not exist (it was deleted \
            and later added again) or it has errors (written for another version of piec, \
            broken in that commit, or naming a data file that was not there: renamed in one \
            commit, named in `data.file` in a later one). The note gives the first error and \
            the `git show` that prints that version. The history goes from the version before \
            it to the one after it. The same code notes versions left out by `--max` (the \
            history shows the newest) and by a shallow clone (its history starts at its depth).
            """),
        CodeInfo("E0517", "piec init would overwrite a file", """
            `piec init` writes a starter project only where none of its files exists: a file or \
            folder already at one of its paths, or a file where it would make a folder (such as \
            `charts`), is reported and nothing at all is written. Move what is in the way, or run \
            `piec init DIR` with another folder. A symlink in the way is E0507. Exit status 74.
            """),
        CodeInfo("E0515", "more diagnostics not shown", """
            A note, not an error: piec prints at most 100 diagnostics per file (in every \
            format), then this note with the number left out and the total of errors. It \
            points at the first diagnostic left out. A file with that many findings is usually \
            generated or pasted wrongly (100,000 misspelled keys would print 42 MB): fix the \
            first ones, or the generator, and run piec again.
            """),
    ]

    static func error(_ code: DiagnosticCode, _ message: String, help: String? = nil) -> Diagnostic {
        .error(code, message, at: nil, help: help)
    }
}

/// A diagnostic carried as an `Error` through a `Result`.
public struct DriverFailure: Error, Sendable {
    public var diagnostic: Diagnostic
    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
}
