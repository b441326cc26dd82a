import ArgumentParser
import PieDriver

/// The root command: `piec build | check | diff | explain | schema`.
struct Piec: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "piec",
        abstract: "Compile pie and donut chart specs (YAML) into animated SVG + CSS bundles.",
        discussion: """
            A chart is a YAML spec; `piec build` writes its bundle (chart.svg, chart.css, \
            index.html, manifest.json) to OUT/<id>/. With no SPEC or DIR argument, the current \
            directory is searched. A directory means every *.yaml and *.yml file below it \
            (hidden files and directories and the output directory are skipped).

            \(PiecExitCode.helpText)
            """,
        version: PiecVersion.string,
        subcommands: [Build.self, Check.self, Watch.self, Diff.self, Explain.self, Schema.self]
    )
}
