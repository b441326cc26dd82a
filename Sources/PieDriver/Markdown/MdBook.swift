import PieCore
import PieDiagnostics
import PieJSON
import PieSpec

/// `piec mdbook`: an mdBook preprocessor. mdBook hands it `[context, book]` as JSON on standard
/// input and reads the book back from standard output; every ```` ```piec ```` block of every
/// chapter (found as `piec md` finds them) becomes the animated chart inline, an HTML block
/// `<div class="piec">` holding chart.svg. Reads mdBook 0.4 books (`sections`) and 0.5 books
/// (`items`); anything else in the JSON is passed back as it came.
///
/// A block reads its data file and `.piec.yaml` from its chapter's folder under the book's
/// `src`, as a spec file there would. Its id, when the spec has none, is the chapter's path
/// slugged and the block's place (`guide-setup-2` for the second block of `guide/setup.md`),
/// so no two blocks of the book share class or keyframe names, even in `print.html`, which
/// holds every chapter; two blocks with the same `id:` are an error at both.
///
/// Options, in `book.toml` under `[preprocessor.piec]`:
/// - `since = "REV"`: each block animates from its version in the same chapter at the git
///   revision REV, matched by id (the rule `piec md` uses at HEAD); a block new since enters.
/// - `dark-selector`: the page selector of the dark look (default: mdBook's dark themes,
///   `.coal,.navy,.ayu`, the classes its theme picker puts on `<html>`); `"system"` follows the
///   reader's system instead.
public struct MdBook: Sendable {
    /// The book JSON to write to standard output (empty when the run failed).
    public var output: [UInt8] = []
    public var groups: [FileDiagnostics] = []
    public var status: PiecExitCode = .success
    /// Standard input is not mdBook's JSON, or an option is wrong (exit 64).
    public var usage: UsageProblem?
    /// Blocks drawn.
    public var charts = 0

    /// mdBook's dark themes: the classes its theme picker sets on `<html>` (0.4 and 0.5).
    public static let darkThemes = ".coal,.navy,.ayu"
    /// The keys of `[preprocessor.piec]`: mdBook's own, then piec's.
    static let mdBookKeys = ["command", "renderer", "renderers", "before", "after", "optional"]
    static let options = ["since", "dark-selector"]

    /// Whether the preprocessor draws for `renderer` (`piec mdbook supports RENDERER`): the
    /// HTML renderer only; for others mdBook leaves the blocks as code.
    public static func supports(_ renderer: String) -> Bool { renderer == "html" }

    public static func run(_ input: [UInt8], limits: SpecLimits = SpecLimits()) -> MdBook {
        var result = MdBook()
        func refuse(_ message: String, help: [String] = []) -> MdBook {
            var failed = MdBook()
            failed.usage = UsageProblem(message, help: help)
            failed.status = .usage
            return failed
        }
        let parsed: JSONValue
        switch JSONParser.parse(input) {
        case .failure(let f):
            return refuse("standard input is not mdBook's JSON: \(f.message) at byte \(f.offset)",
                          help: ["piec mdbook is run by mdBook: add `[preprocessor.piec]` with `command = \"piec mdbook\"` to book.toml"])
        case .success(let value): parsed = value
        }
        guard case .array(let pair) = parsed, pair.count == 2, case .object = pair[0], case .object(var book) = pair[1] else {
            return refuse("standard input is not mdBook's [context, book] pair",
                          help: ["piec mdbook is run by mdBook: add `[preprocessor.piec]` with `command = \"piec mdbook\"` to book.toml"])
        }
        let context = pair[0]
        var since: String?
        var selector: String? = darkThemes
        if case .object(let table)? = context["config"]?["preprocessor"]?["piec"] {
            for (key, value) in table {
                switch key {
                case "since":
                    guard case .string(let rev) = value, !rev.isEmpty else { return refuse("[preprocessor.piec] since: give a git revision in quotes, such as \"v1.0\"") }
                    since = rev
                case "dark-selector":
                    guard case .string(let text) = value else { return refuse("[preprocessor.piec] dark-selector: give a selector in quotes, or \"system\"") }
                    if text == "system" { selector = nil; continue }
                    if let problem = DarkSelector.problem(text) { return refuse("[preprocessor.piec] dark-selector `\(text)`: \(problem)") }
                    selector = text
                default:
                    guard mdBookKeys.contains(key) else {
                        return refuse("[preprocessor.piec] has an unknown key `\(key)`",
                                      help: ["piec's keys there: \(options.joined(separator: ", ")) (and mdBook's: \(mdBookKeys.joined(separator: ", ")))"])
                    }
                }
            }
        }
        guard case .string(let root)? = context["root"] else { return refuse("mdBook's context names no book root") }
        var src = "src"
        if case .string(let s)? = context["config"]?["book"]?["src"] { src = s }
        let srcDir = src.hasPrefix("/") ? src : SpecInputsReader.join(root, src)
        guard let key = ["items", "sections"].first(where: { k in book.contains { $0.0 == k } }),
              let index = book.firstIndex(where: { $0.0 == key }), case .array(var items) = book[index].1 else {
            return refuse("mdBook's book has neither `items` (mdBook 0.5) nor `sections` (mdBook 0.4)")
        }
        var run = Run(srcDir: srcDir, src: src, since: since, selector: selector, limits: limits)
        run.walk(&items)
        if let usage = run.usage { return refuse(usage.message, help: usage.help) }
        result.groups = run.groups
        result.status = run.groups.reduce(.success) { $0.combined(with: .forDiagnostics($1.diagnostics)) }
        result.charts = run.charts
        guard result.status == .success else { return result }
        book[index].1 = .array(items)
        var out = ByteWriter(capacity: input.count + run.added)
        JSONWriter.write(.object(book), pretty: false, into: &out)
        result.output = out.takeBytes()
        return result
    }

    /// One pass over the book's chapters.
    struct Run {
        let srcDir: String
        let src: String
        let since: String?
        let selector: String?
        let limits: SpecLimits
        var groups: [FileDiagnostics] = []
        var usage: UsageProblem?
        var charts = 0
        var added = 0
        /// Where each id was drawn: `src/guide.md:12`.
        var seen: [String: String] = [:]

        mutating func walk(_ items: inout [JSONValue]) {
            for i in items.indices {
                guard case .object(var item) = items[i], let c = item.firstIndex(where: { $0.0 == "Chapter" }),
                      case .object(var chapter) = item[c].1 else { continue }
                if let k = chapter.firstIndex(where: { $0.0 == "content" }), case .string(let content) = chapter[k].1 {
                    var path: String?
                    if case .string(let p)? = JSONValue.object(chapter)["path"] { path = p }
                    if let drawn = draw(content, path: path) { chapter[k].1 = .string(drawn) }
                }
                if let k = chapter.firstIndex(where: { $0.0 == "sub_items" }), case .array(var sub) = chapter[k].1 {
                    walk(&sub)
                    chapter[k].1 = .array(sub)
                }
                item[c].1 = .object(chapter)
                items[i] = .object(item)
                if usage != nil { return }
            }
        }

        /// The chapter with its blocks drawn (nil: it has none, or they have errors).
        mutating func draw(_ content: String, path: String?) -> String? {
            let bytes = Array(content.utf8)
            let blocks = MarkdownDocument.blocks(bytes)
            guard !blocks.isEmpty else { return nil }
            let name = path ?? "draft.md"
            let document = SpecInputsReader.join(srcDir, name)
            let shown = SpecInputsReader.join(src, name)
            let slug = BundleID.slug(withoutExtension(name))
            let stem = slug.isEmpty ? "chapter" : slug
            var previous: [String: PreviousSource] = [:]
            if let since, path != nil {
                switch MarkdownPrevious.blocks(documentPath: document, stem: stem, at: since, limits: limits) {
                case .failure(let problem):
                    usage = UsageProblem("[preprocessor.piec] since: \(problem.message)", help: problem.help)
                    return nil
                case .success(let found): previous = found
                }
            }
            var diagnostics: [Diagnostic] = []
            var replacements: [[UInt8]] = []
            for (n, block) in blocks.enumerated() {
                if let problem = MarkdownImages.damage(block) {
                    diagnostics.append(problem)
                    continue
                }
                let checked = MarkdownImages.check(block, source: SourceFile(path: shown, bytes: block.source),
                                                   specPath: path == nil ? nil : document, defaultID: "\(stem)-\(n + 1)", limits: limits)
                diagnostics += checked.diagnostics
                groups += checked.related
                guard let spec = checked.spec else { continue }
                let here = "\(shown):\(block.firstLine - 1)"
                if let other = seen[spec.id] {
                    diagnostics.append(.error(RenderDiagnostics.duplicateBlock,
                                              "this block and the one at \(other) both draw `\(spec.id)` (print.html shows every chapter on one page)",
                                              at: .point(SourceLocation(line: block.firstLine - 1, column: 1)),
                                              help: "give one of them another `id:`"))
                    continue
                }
                seen[spec.id] = here
                // Unchanged since REV: it enters (as piec md's blocks do), rather than standing still.
                let old = previous[spec.id].flatMap { $0.loadPrevious(for: spec, limits: limits).spec }
                    .flatMap { $0.canonicalJSON() == spec.canonicalJSON() ? nil : $0 }
                var chart = Transition.between(old: old, new: spec)
                if let selector { chart = chart.keyingDark(to: selector) }
                let bundle = BundleWriter.write(spec: spec, sourceBytes: block.source, chart: chart, svgOnly: true)
                replacements.append(Self.html(bundle.files[0].bytes))
                charts += 1
            }
            if !diagnostics.isEmpty {
                groups.insert(FileDiagnostics(path: shown, file: SourceFile(path: shown, bytes: bytes), diagnostics: diagnostics), at: 0)
            }
            guard diagnostics.isEmpty || !diagnostics.hasErrors, replacements.count == blocks.count else { return nil }
            var out: [UInt8] = []
            var at = 0
            for (block, html) in zip(blocks, replacements) {
                out += bytes[at..<block.start]
                // In a block quote or list item, each line after the first behind its prefix.
                out += MarkdownDocument.prefixed(html, block.prefix).dropFirst(block.prefix.count)
                // A blank line ends the HTML block: the document's own, or one added.
                let next = bytes[block.end...].prefix { $0 != 0x0A }
                if block.end < bytes.count, !next.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                    out += block.prefix.reversed().drop { $0 == 0x20 }.reversed() + [0x0A]
                }
                at = block.end
            }
            out += bytes[at...]
            added += out.count - bytes.count
            return String(decoding: out, as: UTF8.self)
        }

        /// chart.svg as one CommonMark HTML block: no blank line inside (a blank line would end
        /// it and the rest would be read as Markdown); `draw` puts a blank line after.
        static func html(_ svg: [UInt8]) -> [UInt8] {
            var out = Array("<div class=\"piec\">\n".utf8)
            var lineStart = 0
            for i in svg.indices where svg[i] == 0x0A {
                let line = svg[lineStart..<i]
                if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { out += line; out.append(0x0A) }
                lineStart = i + 1
            }
            let tail = svg[lineStart...]
            if !tail.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { out += tail; out.append(0x0A) }
            out += Array("</div>\n".utf8)
            return out
        }

        func withoutExtension(_ path: String) -> String {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path }
            return String(path[..<dot])
        }
    }
}

extension MdBook {
    /// The most of standard input `piec mdbook` reads: a whole book's chapters (a larger
    /// input is refused, not truncated).
    public static let maxInputBytes = 1 << 30

    /// Standard input, whole (nil when unreadable or over `maxInputBytes`).
    public static func readStandardInput() -> [UInt8]? {
        guard case .success(let bytes) = readAll(fd: 0, limit: maxInputBytes + 1), bytes.count <= maxInputBytes else { return nil }
        return bytes
    }
}
