import ArgumentParser
import PieDriver

/// The root command: `piec build | check | watch | diff | explain | schema`. Generic over how
/// `piec watch --serve` gets its preview server, so the server (Hummingbird, NIO, Foundation)
/// lives only in the `piec-preview` executable: linking it into `piec` would triple the
/// protocol conformances that every dynamic cast scans at start-up (see BENCHMARKS.md).
public struct PiecCommand<Preview: PreviewLauncher>: ParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
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
            subcommands: [Build.self, Check.self, Watch<Preview>.self, Diff.self, Explain.self, Schema.self]
        )
    }

    public init() {}
}
