import PieCore
import PieDiagnostics
import PieSpec

/// `piec md`: what one Markdown document's ```piec blocks become. Each block is a spec (data
/// files and `.piec.yaml` are looked up from the document's folder); it is drawn into the image
/// folder (`DIR`, relative to the document) as `ID.svg` (the light look) and `ID.dark.svg` (the
/// dark look), both animated and forced (`ForcedTheme`), so the `<picture>` reference under the
/// block follows GitHub's light/dark switch rather than the reader's operating system; `ID.json`
/// records the spec and the previous version the images animate from.
///
/// The previous version of a block is what readers saw: while the block is what the record
/// says it drew, the record's previous (so rebuilding and `--check` give the same bytes at any
/// later commit, in a fresh clone); once it changed, the block of the same id in the document at
/// git HEAD (outside git: the spec the record drew). A block equal to that previous enters.
public struct MarkdownImages: Sendable {
    /// A file to write, in order (images and records first, the document last).
    public struct Output: Sendable {
        public var path: String
        public var bytes: [UInt8]
        /// Document line of the block it belongs to (nil: the document itself).
        public var line: Int?
        public init(path: String, bytes: [UInt8], line: Int?) {
            self.path = path
            self.bytes = bytes
            self.line = line
        }
    }

    public struct Block: Sendable {
        public var id: String
        public var spec: ChartSpec
        public var chart: CompiledChart
        public var firstLine: Int
        /// Where its images go, without the extension (`docs/piec/sales`).
        public var stem: String
    }

    public var document: String
    /// The document's bytes as read: it is rewritten only while it still holds them.
    public var read: [UInt8] = []
    public var blocks: [Block] = []
    public var outputs: [Output] = []
    public var groups: [FileDiagnostics] = []
    public var status: PiecExitCode = .success
    /// The run's options, repeated in the commands help lines suggest (`command`).
    public var folder = "piec"
    public var maxSlices = SpecLimits.defaultMaxSlices
    /// `--gif`: the run also makes (or `--check` compares) each block's `ID.gif`.
    public var gif = false

    public static let recordName = ".json"

    /// Everything `document` needs, or its diagnostics. `folder`: the image folder relative to
    /// the document's folder.
    public static func make(document path: String, folder: String, limits: SpecLimits = SpecLimits()) -> MarkdownImages {
        var result = MarkdownImages(document: path)
        result.folder = folder
        result.maxSlices = limits.maxSlices
        let doc: SourceFile
        switch SpecReader.read(path, limits: limits) {
        case .failure(let error):
            result.groups = [FileDiagnostics(path: path, file: nil, diagnostics: [error.diagnostic])]
            result.status = .forDiagnostics([error.diagnostic])
            return result
        case .success(let file): doc = file
        }
        result.read = doc.bytes
        let blocks = MarkdownDocument.blocks(doc.bytes)
        let docDir = SpecInputsReader.displayParent(path)
        let imageDir = SpecInputsReader.join(docDir, folder)
        let stem = BundleID.slug(fromPath: path)
        let head = MarkdownPrevious.headBlocks(documentPath: path, stem: stem, limits: limits)
        var diagnostics: [Diagnostic] = []
        var regions: [[UInt8]] = []
        var seen: [String: Int] = [:]
        for (n, block) in blocks.enumerated() {
            if let problem = damage(block) {
                diagnostics.append(problem)
                continue
            }
            let checked = check(block, source: SourceFile(path: path, bytes: block.source), specPath: path,
                                defaultID: "\(stem)-\(n + 1)", limits: limits)
            diagnostics += checked.diagnostics
            result.groups += checked.related
            guard let spec = checked.spec else { continue }
            if let other = seen[spec.id] {
                diagnostics.append(.error(RenderDiagnostics.duplicateBlock, "this block and the one at line \(other) both draw `\(spec.id)`",
                                          at: .point(SourceLocation(line: block.firstLine - 1, column: 1)),
                                          help: "give one of them another `id:`"))
                continue
            }
            seen[spec.id] = block.firstLine - 1
            let imageStem = SpecInputsReader.join(imageDir, spec.id)
            let recordPath = imageStem + recordName
            if let taken = MarkdownImageOwner.conflict(id: spec.id, recordPath: recordPath, imageDir: imageDir, folder: folder,
                                                       document: path, line: block.firstLine - 1, limits: limits) {
                diagnostics.append(taken)
                continue
            }
            let previous = MarkdownPrevious.choose(spec: spec, record: recordPath, head: head[spec.id], limits: limits)
            let chart = Transition.between(old: previous, new: spec)
            let record = MarkdownPrevious.record(spec: spec, previous: previous,
                                                 document: MarkdownImageOwner.recorded(document: path, folder: folder))
            result.blocks.append(Block(id: spec.id, spec: spec, chart: chart, firstLine: block.firstLine - 1, stem: imageStem))
            for (suffix, theme) in [(".svg", ForcedTheme.light), (".dark.svg", .dark)] {
                let bundle = BundleWriter.write(spec: spec, sourceBytes: block.source, chart: chart.forcing(theme), svgOnly: true)
                result.outputs.append(Output(path: imageStem + suffix, bytes: bundle.files[0].bytes, line: block.firstLine - 1))
            }
            result.outputs.append(Output(path: recordPath, bytes: record, line: block.firstLine - 1))
            regions.append(MarkdownDocument.region(id: spec.id, body: [reference(spec, folder: folder)], eol: MarkdownDocument.lineEnding(doc.bytes)))
        }
        if !diagnostics.isEmpty { result.groups.insert(FileDiagnostics(path: path, file: doc, diagnostics: diagnostics), at: 0) }
        result.status = result.groups.reduce(.success) { $0.combined(with: .forDiagnostics($1.diagnostics)) }
        guard result.status == .success else {
            result.outputs = []
            return result
        }
        result.outputs.append(Output(path: path, bytes: MarkdownDocument.rewrite(doc.bytes, blocks: blocks, regions: regions), line: nil))
        return result
    }

    /// One block's spec read (with its data file and `.piec.yaml` from `specPath`'s folder, or
    /// nothing beside it when `specPath` is nil) and checked: the spec when it has no errors,
    /// its diagnostics moved to the document's lines, and the groups of the files it reads.
    static func check(_ block: MarkdownBlock, source: SourceFile, specPath: String?, defaultID: String,
                      limits: SpecLimits) -> (spec: ChartSpec?, diagnostics: [Diagnostic], related: [FileDiagnostics]) {
        let gathered = specPath.map { SpecInputsReader.gather(specPath: $0, source: source, limits: limits) }
            ?? SpecInputsReader.alone(source, limits: limits)
        var request = CompileRequest(source: source, defaultID: defaultID, svgOnly: true)
        request.validateOnly = true
        request.inputs = gathered.inputs
        request.limits = limits
        let checked = Compiler.compile(request)
        let local = gathered.diagnostics + checked.diagnostics
        return (local.hasErrors ? nil : checked.checked?.spec, local.map { located($0, in: block) },
                checked.related.filter { !$0.diagnostics.isEmpty })
    }

    /// E0546 for a block with no closing fence, E0547 for a reference without its end marker.
    static func damage(_ block: MarkdownBlock) -> Diagnostic? {
        if block.unclosed {
            return .error(RenderDiagnostics.unclosedBlock, "this ```piec block has no closing fence",
                          at: .point(SourceLocation(line: block.firstLine - 1, column: 1)),
                          help: "close it with a line of as many backticks (or tildes) as it opens with")
        }
        if let line = block.danglingMarker {
            return .error(RenderDiagnostics.damagedReference, "this image reference has no `\(MarkdownDocument.endMarker)`",
                          at: .point(SourceLocation(line: line, column: 1)),
                          help: "put `\(MarkdownDocument.endMarker)` back after the reference, or delete the reference")
        }
        return nil
    }

    /// The image reference: a `<picture>` whose dark source GitHub picks by its own theme
    /// setting (other renderers: by the reader's colour scheme; without HTML: the light image).
    static func reference(_ spec: ChartSpec, folder: String) -> String {
        let alt = XMLEscape.escape(spec.title.flatMap { $0.isEmpty ? nil : $0 } ?? spec.id)
        let base = (folder == "." ? "" : folder + "/") + spec.id
        return "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"\(base).dark.svg\">"
            + "<img alt=\"\(alt)\" src=\"\(base).svg\"></picture>"
    }

    /// A diagnostic of a block's spec, moved to the document's lines and columns.
    static func located(_ d: Diagnostic, in block: MarkdownBlock) -> Diagnostic {
        func move(_ l: SourceLocation) -> SourceLocation {
            let removed = l.line >= 1 && l.line <= block.removed.count ? block.removed[l.line - 1] : 0
            return SourceLocation(line: l.line + block.firstLine - 1, column: l.column + removed)
        }
        func move(_ r: SourceRange) -> SourceRange { SourceRange(start: move(r.start), end: move(r.end)) }
        var d = d
        d.range = d.range.map(move) ?? .point(SourceLocation(line: block.firstLine, column: 1))
        d.labels = d.labels.map { DiagnosticLabel(range: move($0.range), message: $0.message) }
        return d
    }

    /// E0544 when the document no longer holds the bytes it was read with (nil: it does).
    public func changedSinceRead(read: (String) -> [UInt8]?) -> FileDiagnostics? {
        guard read(document) != self.read else { return nil }
        let d = Diagnostic.error(RenderDiagnostics.documentChanged, "`\(document)` changed while piec md ran; nothing of it was written",
                                 at: .point(SourceLocation(line: 1, column: 1)), help: "run `\(command())` again")
        return FileDiagnostics(path: document, file: nil, diagnostics: [d])
    }

    /// E0545 at both blocks for every image two documents of one run would write (the first
    /// document's block is named in the second's message, and the other way round).
    public static func clashes(_ all: [MarkdownImages]) -> [FileDiagnostics] {
        var owner: [String: (document: String, line: Int)] = [:]
        var found: [String: [Diagnostic]] = [:]
        for images in all {
            for output in images.outputs {
                guard let line = output.line else { continue }
                let key = normalized(output.path)
                guard let first = owner[key] else { owner[key] = (images.document, line); continue }
                guard first.document != images.document else { continue }
                func clash(_ here: String, _ at: Int, _ there: String, _ thereLine: Int) {
                    let d = Diagnostic.error(RenderDiagnostics.sharedImage, "this block and the one at \(there):\(thereLine) both draw `\(output.path)`",
                                             at: .point(SourceLocation(line: at, column: 1)), help: "give one of them another `id:`")
                    if !(found[here] ?? []).contains(where: { $0.message == d.message }) { found[here, default: []].append(d) }
                }
                clash(images.document, line, first.document, first.line)
                clash(first.document, first.line, images.document, line)
            }
        }
        return all.compactMap { images in found[images.document].map { FileDiagnostics(path: images.document, file: nil, diagnostics: $0) } }
    }

    /// A path without `.` components or doubled slashes, for comparing output paths.
    static func normalized(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// `--check`: one E0541 per output whose file is missing or differs (the document's own
    /// line for a stale reference).
    public func stale(read: (String) -> [UInt8]?) -> [FileDiagnostics] {
        var diagnostics: [Diagnostic] = []
        for output in outputs where read(output.path) != output.bytes {
            let what = output.line == nil ? "the image references in `\(document)` are stale" : "`\(output.path)` is missing or stale"
            diagnostics.append(.error(RenderDiagnostics.staleImage, what, at: .point(SourceLocation(line: output.line ?? 1, column: 1)),
                                      help: "run `\(command())` and commit the result"))
        }
        return diagnostics.isEmpty ? [] : [FileDiagnostics(path: document, file: nil, diagnostics: diagnostics)]
    }

    /// `--check` without `--gif`: E0541 at each block with an `ID.gif` beside its images, which
    /// only `--check --gif` compares (making a GIF needs piec-render), so that a stale GIF never
    /// passes unseen.
    public func uncheckedGIFs() -> [FileDiagnostics] {
        guard !gif else { return [] }
        var checking = self
        checking.gif = true
        let diagnostics = blocks.filter { (try? FileStatus.lstatus($0.stem + ".gif").get()) != nil }.map { block in
            Diagnostic.error(RenderDiagnostics.staleImage, "`\(block.stem).gif` was not checked: --check compares GIFs only with --gif",
                             at: .point(SourceLocation(line: block.firstLine, column: 1)),
                             help: "run `\(checking.command(check: true))` (or delete the GIF if it is no longer wanted)")
        }
        return diagnostics.isEmpty ? [] : [FileDiagnostics(path: document, file: nil, diagnostics: diagnostics)]
    }

    /// The command that redoes this run for the document, with its options (`piec md --gif
    /// --dir charts README.md`); with `check`, the one that checks it.
    public func command(check: Bool = false) -> String {
        var words = ["piec", "md"]
        if check { words.append("--check") }
        if gif { words.append("--gif") }
        if folder != "piec" { words += ["--dir", folder] }
        if maxSlices != SpecLimits.defaultMaxSlices { words += ["--max-slices", String(maxSlices)] }
        return (words + [document]).map(shellQuoted).joined(separator: " ")
    }
}
