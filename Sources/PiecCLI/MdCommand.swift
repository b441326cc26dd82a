import PieCore
import PieDriver
import PieSpec

/// `piec md FILE.md ...`: every ```piec block of the documents becomes images beside them and an
/// image reference under the block (`MarkdownImages`); `--check` writes nothing and exits 2 when
/// any of them is stale. `--gif` also writes `ID.gif` (made by piec-render).
struct Md<Raster: RasterLauncher>: Command {
    static var spec: CommandSpec { mdSpec }

    var documents: [String]
    var folder: String
    var check: Bool
    var gif: Bool
    var limits: SpecLimits

    init(_ arguments: ParsedArguments) throws(UsageError) {
        // Each file once: the same document named twice would otherwise seem to change under
        // its own rewrite (E0544).
        documents = MarkdownSameDocument.distinct(arguments.positionals)
        guard !documents.isEmpty else { throw UsageError(message: "give the Markdown files (FILE.md ...)") }
        folder = arguments.value("dir") ?? "piec"
        guard !folder.isEmpty, !folder.hasPrefix("/"), !folder.split(separator: "/").contains("..") else {
            throw UsageError(message: "--dir must be a relative folder inside the document's folder, found `\(folder)`")
        }
        check = arguments.flag("check")
        gif = arguments.flag("gif")
        limits = try LimitOptions.limits(arguments)
    }

    func run() throws(ExitStatus) {
        if gif { try Raster.handOver() }
        let terminal = Terminal()
        var all: [MarkdownImages] = []
        var status = PiecExitCode.success
        for document in documents {
            var images = MarkdownImages.make(document: document, folder: folder, limits: limits)
            images.gif = gif
            for group in images.groups { terminal.err(DiagnosticRenderer.render(group, format: .human, color: terminal.colorOnStderr)) }
            status = status.combined(with: images.status)
            if images.status == .success, gif { try addGIFs(&images) }
            all.append(images)
        }
        // All or nothing: no document is touched while any has errors.
        guard status == .success else { throw ExitStatus(status.rawValue) }
        try refuse(MarkdownImages.clashes(all), terminal)
        if check {
            // E0541 is a stale result: exit status 2. A GIF is compared only with --gif (it
            // takes piec-render to make); without it, an existing GIF is reported unchecked.
            try refuse(all.flatMap { $0.stale(read: OutputFile.read) + $0.uncheckedGIFs() }, terminal)
            return
        }
        // A symlinked document or a symlink in DIR refuses the run before anything is written;
        // then each folder is walked from the document's folder without following a link.
        for images in all {
            if let f = MarkdownOutputFolder(document: images.document, folder: folder).refusal(document: images.document) {
                try fail(f, images.document)
            }
        }
        // Nothing is written while a document no longer holds what was read (an edit saved
        // meanwhile), and each document is compared again just before it is replaced.
        try refuse(all.compactMap { $0.changedSinceRead(read: OutputFile.read) }, terminal)
        for images in all {
            var written = 0
            let place = MarkdownOutputFolder(document: images.document, folder: folder)
            for output in images.outputs {
                if output.line == nil, let changed = images.changedSinceRead(read: OutputFile.read) { try refuse([changed], terminal) }
                switch place.write(output) {
                case .success(.written): written += 1
                case .success(.unchanged): break
                case .failure(let f): try fail(f, images.document)
                }
            }
            let n = images.blocks.count
            terminal.err("\(images.document): \(n) chart\(n == 1 ? "" : "s"), \(written) file\(written == 1 ? "" : "s") written\n")
        }
    }

    /// Each block's motion as a looping GIF (`ID.gif`), before the document in the outputs.
    private func addGIFs(_ images: inout MarkdownImages) throws(ExitStatus) {
        var gifs: [MarkdownImages.Output] = []
        for block in images.blocks {
            let job = RasterJob.animated(.chart(block.chart, spec: block.spec), format: .gif, options: FrameOptions(), fps: 30, hold: 1000, loop: true)
            // Frames are streamed to the encoder; the GIF's bytes are kept to be written with the document.
            let sink = RenderSink.memory()
            if let f = RenderBudget().check(job) ?? Raster.encode(job, to: sink).map(\.diagnostic) { try fail(DriverFailure(f), images.document) }
            gifs.append(MarkdownImages.Output(path: block.stem + ".gif", bytes: sink.bytes, line: block.firstLine))
        }
        images.outputs.insert(contentsOf: gifs, at: images.outputs.count - 1)
    }

    /// Prints the groups and stops with their exit status; nothing when there are none.
    private func refuse(_ groups: [FileDiagnostics], _ terminal: Terminal) throws(ExitStatus) {
        guard !groups.isEmpty else { return }
        for group in groups { terminal.err(DiagnosticRenderer.render(group, format: .human, color: terminal.colorOnStderr)) }
        throw ExitStatus(PiecExitCode.forDiagnostics(groups.flatMap(\.diagnostics)).rawValue)
    }

    private func fail(_ failure: DriverFailure, _ document: String) throws(ExitStatus) {
        let terminal = Terminal()
        terminal.err(DiagnosticRenderer.render(FileDiagnostics(path: document, file: nil, diagnostics: [failure.diagnostic]),
                                               format: .human, color: terminal.colorOnStderr))
        throw ExitStatus(PiecExitCode.forDiagnostics([failure.diagnostic]).rawValue)
    }
}

private let mdSpec = CommandSpec(
    name: "md",
    abstract: "Draw every ```piec block of Markdown documents into images referenced under the block.",
    discussion: """
        Each fenced block whose info string is piec is a spec. Its images go to DIR (relative to \
        the document's folder, default piec/): ID.svg and ID.dark.svg (animated; the light and the \
        dark look, each unconditional) and ID.json (what they were drawn from). Under the block, \
        between <!-- piec:begin ID --> and <!-- piec:end -->, a <picture> reference shows the \
        dark image in GitHub's dark theme and the light one otherwise; piec creates or updates \
        it and touches nothing else in the document. A block without id: is named after the \
        document and its place (README-2).

        A changed block animates from its version in the document at git HEAD (matched by id); \
        an unchanged one keeps the images and the transition it has. Diagnostics point at the \
        Markdown file's lines and columns. --check writes nothing and exits 2 when an image or \
        a reference is stale (for CI and the piec-md-check pre-commit hook); it compares GIFs \
        only with --gif, and without it reports an existing ID.gif as not checked (exit 2).

        Nothing is written while any block has errors, while two documents would write the same \
        image (E0545: blocks of documents in one folder with the same id; E0555: images another \
        document drew in an earlier run, named in their ID.json), or when a document no \
        longer holds what was read (E0544: an edit saved while piec md ran is kept, and the \
        document is compared again just before it is replaced).
        """,
    positional: PositionalSpec(name: "FILE", help: "Markdown documents.", repeatable: true, completion: .paths),
    options: [
        .option("dir", .text("DIR"), help: "Image folder, relative to each document's folder.", default: "piec", completes: .directories),
        .flag("check", help: "Write nothing; exit 2 when an image or an image reference is stale."),
        .flag("gif", help: "Also write each chart's motion as ID.gif (made by piec-render)."),
        LimitOptions.maxSlices,
    ])
