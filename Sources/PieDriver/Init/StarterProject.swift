import PieCore
import PieSpec

/// What `piec init` writes: a starter project for a repository, as bytes (no I/O here;
/// `StarterWriter` writes them). The same bytes on every machine and in every folder.
///
/// The specs live in `charts/` with their bundles in `charts/out/`, and the JSON Schema beside
/// them (`charts/piec.schema.json`), so the spec's modeline is a plain relative name that works
/// offline and always matches the piec that wrote it; `piec schema > charts/piec.schema.json`
/// updates it after an upgrade.
public enum StarterProject {
    public struct File: Sendable, Equatable {
        /// Relative to the project folder, `/`-separated.
        public var path: String
        public var bytes: [UInt8]
    }

    /// piec's repository as pre-commit and GitHub Actions name it (the README's placeholder:
    /// replace OWNER with the account that publishes piec).
    public static let repository = "OWNER/piec"
    public static let specFolder = "charts"
    public static let outputFolder = "charts/out"
    public static let specPath = "charts/example.yaml"
    public static let schemaPath = "charts/piec.schema.json"
    /// Beside the specs: outside a git repository only the spec's own folder is searched.
    public static let defaultsPath = "charts/" + SharedDefaults.fileName
    public static let workflowPath = ".github/workflows/piec.yml"

    /// The files' paths, in the order they are written and listed.
    public static let paths = [specPath, schemaPath, defaultsPath, ".pre-commit-config.yaml", workflowPath]

    /// Every file, in the order of `paths`.
    public static var files: [File] {
        let contents = [spec, SpecSchema.generate(), defaults, preCommit, workflow]
        return zip(paths, contents).map { File(path: $0, bytes: Array($1.utf8)) }
    }

    /// The commands to run next, from the project folder.
    public static var nextCommands: [String] {
        ["piec build \(specFolder) -o \(outputFolder)",
         "piec watch \(specFolder) -o \(outputFolder) --serve",
         "git add .pre-commit-config.yaml \(workflowPath) \(specFolder)"]
    }

    // The files pass `yamllint -d default --strict` (Tests/safety/test_yamllint.py): people
    // keep them in repositories that lint YAML.

    static let spec = """
        # yaml-language-server: $schema=piec.schema.json
        # A starter chart: `piec build \(specFolder) -o \(outputFolder)` writes its bundle
        # to \(outputFolder)/example/ (chart.svg, chart.css, index.html and
        # manifest.json). Change a value and build again: the chart animates from
        # this version. Every key: `piec schema`.
        ---
        piec: 1
        title: Where the week goes
        slices:
          - {id: build, label: Build, value: 18}
          - {id: review, label: Review, value: 9}
          - {id: meetings, label: Meetings, value: 7}
          - {id: support, label: Support, value: 6}

        """

    static let defaults = """
        # Shared defaults for every chart spec in this folder and below (in a git
        # repository, a .piec.yaml in a folder above applies too); a spec overrides
        # them key by key. Allowed here: chart, labels, format, legend, theme and
        # animation (their keys: `piec schema --defaults`).
        ---
        theme:
          # Colour-blind-safe; also tol-bright, tol-muted, viridis or a list of colours.
          palette: okabe-ito
        format:
          decimals: 0  # 42% rather than 42.0%; percentages still sum to 100
          # locale: de-DE  # the decimal and grouping separators of numbers

        """

    static let preCommit = """
        # pre-commit (https://pre-commit.com): `pre-commit install` runs these
        # hooks on every commit. pre-commit installs the piec of `rev` for them
        # (Linux x86-64); elsewhere, add -system to the ids to run the piec on PATH.
        ---
        repos:
          - repo: https://github.com/\(repository)
            rev: v\(PiecVersion.string)
            hooks:
              - id: piec-check  # piec check on the staged specs
              - id: piec-build-check  # fail when a committed bundle is stale
                args: [\(specFolder), --output, \(outputFolder)]

        """

    static let workflow = """
        # Fails when a committed chart bundle is missing or out of date (`piec build
        # --check`), with the errors as annotations on the spec lines. Fix it with
        # `piec build \(specFolder) -o \(outputFolder)` and commit the result.
        ---
        name: piec
        "on": [push, pull_request]  # quoted: YAML 1.1 reads a bare `on` as true
        jobs:
          charts:
            runs-on: ubuntu-latest
            steps:
              - uses: actions/checkout@v4
              - uses: \(repository)@v\(PiecVersion.string)
                with:
                  specs: \(specFolder)
                  output: \(outputFolder)
                  check: true

        """
}
