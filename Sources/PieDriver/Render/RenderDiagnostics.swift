import PieDiagnostics

/// Codes of `piec render` and `piec md` (E0540-E0559).
public enum RenderDiagnostics {
    public static let missingTool = DiagnosticCode("E0540")
    public static let staleImage = DiagnosticCode("E0541")
    public static let duplicateBlock = DiagnosticCode("E0542")
    public static let renderFailed = DiagnosticCode("E0543")
    public static let documentChanged = DiagnosticCode("E0544")
    public static let sharedImage = DiagnosticCode("E0545")
    public static let unclosedBlock = DiagnosticCode("E0546")
    public static let damagedReference = DiagnosticCode("E0547")
    public static let renderTooLarge = DiagnosticCode("E0550")
    public static let frameTooLarge = DiagnosticCode("E0551")
    public static let imageOfAnotherDocument = DiagnosticCode("E0555")

    public static let catalog: [CodeInfo] = [
        CodeInfo("E0540", "a program piec needs is not installed", """
            `piec render -o FILE.mp4` pipes the frames to the `ffmpeg` program, which is not \
            part of piec. Install it (Debian and Ubuntu: `apt-get install ffmpeg`; macOS: \
            `brew install ffmpeg`) or render a GIF or WebP instead. Exit status 74.
            """),
        CodeInfo("E0541", "a Markdown chart image is stale", """
            `piec md --check` compiles every ```piec block of the documents and compares the \
            images (and the image references under the blocks) with what `piec md` would write, \
            without writing anything. An image is stale when it is missing or differs, or when \
            the reference between the `<!-- piec:begin ID -->` and `<!-- piec:end -->` comments \
            under its block is missing or differs. Run `piec md FILE.md` and commit the \
            result. Exit status 2.
            """),
        CodeInfo("E0542", "two piec blocks of one document have the same id", """
            Every ```piec block of a Markdown document is drawn into `DIR/<id>.svg`, so the \
            blocks of one document need different ids: give each block its own `id:` (a block \
            without one is named after the document and its place, `README-2`). Exit status 1.
            """),
        CodeInfo("E0543", "cannot render an image", """
            librsvg, cairo, giflib, libwebp or ffmpeg failed on a frame piec generated (the \
            message says which and why). This is a bug in piec or in that library: please \
            report it with the spec. Exit status 74.
            """),
        CodeInfo("E0544", "a Markdown document changed while piec md ran", """
            `piec md` rewrites a document (the image references under its blocks) from the bytes \
            it read at the start. Before it writes anything, and again just before it replaces \
            the document, it reads the document once more; when the bytes differ (an editor \
            saved it meanwhile), it writes nothing of that document, so the edit is kept. Run \
            `piec md FILE.md` again. Exit status 74.
            """),
        CodeInfo("E0545", "two Markdown documents draw the same image", """
            The blocks of documents in one folder share the image folder (`--dir`, default \
            `piec/`), so two documents whose blocks have the same `id:` would write the same \
            `DIR/<id>.svg` and each overwrite the other's chart. Give one of the blocks another \
            `id:`, or give the documents different `--dir` folders in separate runs. Exit \
            status 1.
            """),
        CodeInfo("E0546", "a piec block has no closing fence", """
            A fenced code block without its closing fence runs to the end of the document \
            (CommonMark), so the image reference `piec md` writes under it would land inside the \
            code block, and the next run would read piec's own reference as part of the spec. \
            Close the block with a line of as many backticks (or tildes) as it opens with. \
            Exit status 1.
            """),
        CodeInfo("E0547", "a piec image reference lost its end marker", """
            Under a ```piec block, `piec md` keeps the image reference between \
            `<!-- piec:begin ID -->` and `<!-- piec:end -->`. When the end marker is gone, piec \
            cannot tell where its reference ends, and writing a new one would leave the damaged \
            one beside it (two pictures). Put `<!-- piec:end -->` back after the reference, or \
            delete the damaged reference, and run `piec md` again. Exit status 1.
            """),
        CodeInfo("E0550", "a render is over its limit of frames", """
            Before it draws anything, `piec render` (and `piec md --gif`) counts the frames the \
            output needs: every `1/--fps` s of the animation (with `--history`: of every version \
            and its rest), and for MP4 every frame of the video, holds included. A frame of up to \
            1000x1000 px counts once, a larger one as its megapixels. Over 10000 (5.5 minutes at \
            30 fps, or 20 s of a 4096 px chart), the render is refused: shorten \
            `animation.duration` or `delay`, lower `--fps`, `--width`, `--scale` or `--hold`, or \
            raise the limit on the command line with `--max-frames N` (a spec cannot). Memory \
            does not depend on the count (frames are streamed to the encoder); the limit bounds \
            the time. Exit status 1.
            """),
        CodeInfo("E0551", "a rendered image is too large", """
            `piec render` draws PNG, PDF, GIF, WebP and MP4 images of at most 10000 px on a \
            side (`--width` takes at most 10000; `--scale` of a large `chart.size` can ask for \
            more). Each frame being drawn is held in memory (about 9 bytes a pixel), so this \
            bounds what a render holds; no option raises it. Lower `--scale` or give `--width`. \
            Exit status 1.
            """),
        CodeInfo("E0555", "a piec block would take over another document's images", """
            Documents in one folder share the image folder (`--dir`, default `piec/`), and each \
            image's record (`ID.json`) names the document that drew it. When the record names \
            another document that still exists and still has a block with this id, `piec md` \
            refuses to overwrite that document's chart: give this block another `id:`. When the \
            other document is gone or no longer has such a block, the images are taken over \
            (a record written before piec named documents belongs to whoever runs). Exit status 1.
            """),
    ]
}
