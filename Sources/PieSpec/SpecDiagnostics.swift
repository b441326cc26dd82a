import PieDiagnostics

/// PieSpec's diagnostic codes (E0200-E0499) and their long explanations for `piec explain`.
public enum SpecDiagnostics {
    public static let rootNotMapping = DiagnosticCode("E0200")
    public static let unknownKey = DiagnosticCode("E0201")
    public static let missingKey = DiagnosticCode("E0202")
    public static let wrongType = DiagnosticCode("E0203")
    public static let notPlainNumber = DiagnosticCode("E0204")
    public static let outOfRange = DiagnosticCode("E0205")
    public static let badChoice = DiagnosticCode("E0206")
    public static let badColor = DiagnosticCode("E0207")
    public static let badDuration = DiagnosticCode("E0208")
    public static let badEasing = DiagnosticCode("E0209")
    public static let unknownPalette = DiagnosticCode("E0210")
    public static let badIdentifier = DiagnosticCode("E0211")
    public static let badTemplate = DiagnosticCode("E0212")
    public static let emptyValue = DiagnosticCode("E0213")
    public static let textTooLong = DiagnosticCode("E0214")
    public static let controlCharacter = DiagnosticCode("E0215")
    public static let notSupportedYet = DiagnosticCode("E0216")
    public static let notInteger = DiagnosticCode("E0217")
    public static let badVersion = DiagnosticCode("E0301")
    public static let duplicateSliceID = DiagnosticCode("E0302")
    public static let noSliceID = DiagnosticCode("E0303")
    public static let overTotal = DiagnosticCode("E0304")
    public static let nothingToDraw = DiagnosticCode("E0305")
    public static let translucentSlice = DiagnosticCode("E0306")
    public static let centerOnPie = DiagnosticCode("E0307")
    public static let reservedOtherID = DiagnosticCode("E0308")
    public static let notInRose = DiagnosticCode("E0309")
    public static let ringsAndSlices = DiagnosticCode("E0316")
    public static let duplicateRingID = DiagnosticCode("E0317")
    public static let notWithRings = DiagnosticCode("E0318")
    public static let ringGapWithoutRings = DiagnosticCode("E0380")
    public static let mixedSliceAlpha = DiagnosticCode("E0371")
    public static let pieTooFaint = DiagnosticCode("E0372")
    public static let insideAtDistance = DiagnosticCode("E0320")
    public static let leaderInside = DiagnosticCode("E0321")
    public static let emptyLabel = DiagnosticCode("E0322")
    public static let sliceColorInside = DiagnosticCode("E0323")
    public static let turnedOutside = DiagnosticCode("E0324")
    public static let keepWithoutLabels = DiagnosticCode("E0350")
    public static let noLabelLayers = DiagnosticCode("E0356")
    public static let labelLayersCollide = DiagnosticCode("E0357")
    public static let labelLayersNotDrawn = DiagnosticCode("E0358")
    public static let silentLabelLayer = DiagnosticCode("E0359")
    public static let labelSizeNotDrawn = DiagnosticCode("E0363")
    public static let tooManySlices = DiagnosticCode("E0401")

    public static let catalog: [CodeInfo] = [
        CodeInfo("E0200", "the spec is not a mapping", """
            A piec spec is a YAML mapping with keys such as `piec`, `chart` and `slices`. The file \
            holds a single scalar or a list at the top level instead.

                piec: 1
                slices:
                  - { label: Swift, value: 42 }
            """),
        CodeInfo("E0201", "unknown key", """
            The key is not part of the spec language at this place. piec never ignores a key it \
            does not know: a typo such as `innerRadus` would otherwise silently change nothing. \
            The help line suggests the closest known keys, or the section where the key belongs.
            """),
        CodeInfo("E0202", "a required key is missing", """
            Every spec needs `piec: 1` (the format version) and `slices`; every slice needs \
            `label` and `value`.
            """),
        CodeInfo("E0203", "a value has the wrong type", """
            The key expects another kind of value: for example `chart` must be a mapping, \
            `slices` a list of mappings, `label` a scalar.
            """),
        CodeInfo("E0204", "not a plain decimal number", """
            Numbers in a piec spec are plain decimals such as `42`, `-3` or `0.25`. Quoted \
            numbers ("42"), exponents (1e3), hexadecimal (0x10), `.inf` and `.nan` are rejected \
            so that a value always means exactly what it looks like.
            """),
        CodeInfo("E0205", "a number is out of range", """
            The number is outside the range the key accepts, e.g. `innerRadius` must be between \
            0 and 0.95 and a slice `value` must be >= 0. The message gives the range.
            """),
        CodeInfo("E0206", "not one of the allowed words", """
            The key takes one of a fixed set of words, e.g. `direction: clockwise` or \
            `counterclockwise`. The help line suggests the closest one.
            """),
        CodeInfo("E0207", "invalid colour", """
            Colours are `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, a CSS colour keyword such as \
            `steelblue`, or `rgb()`, `rgba()`, `hsl()`, `hsla()` with commas or spaces \
            (`rgb(240 81 56 / 50%)`); a channel out of range is an error (CSS would clamp it). \
            piec re-serialises every colour, so no other CSS text reaches the output.
            """),
        CodeInfo("E0208", "invalid duration", """
            Durations carry a unit: `800ms` or `0.8s`, at most 60 s. A bare number is rejected \
            because `800` could mean seconds or milliseconds.
            """),
        CodeInfo("E0209", "invalid easing", """
            Easing is a CSS timing function: `linear`, `ease`, `ease-in`, `ease-out`, \
            `ease-in-out` or `cubic-bezier(x1, y1, x2, y2)` with x1 and x2 between 0 and 1.
            """),
        CodeInfo("E0210", "unknown palette", """
            `theme.palette` is a built-in palette name (default, okabe-ito, tol-bright, \
            tol-muted, viridis, grayscale, hue) or a list of colours.
            """),
        CodeInfo("E0211", "invalid id", """
            Chart ids name the output folder: lowercase ASCII letters, digits and `-`, beginning \
            and ending with a letter or digit, at most 64 characters. Slice ids identify a slice \
            across versions, match `[a-z0-9][a-z0-9_-]*` and may end with `-` or `_`.
            """),
        CodeInfo("E0212", "invalid label template", """
            Label templates may use the tokens `{label}`, `{value}`, `{percent}`, `{id}` and `{total}`; any \
            other `{...}` or an unclosed `{` is an error.
            """),
        CodeInfo("E0213", "a value is missing", """
            The key is present but has no value (`label:` followed by nothing). Write a value \
            or remove the key.
            """),
        CodeInfo("E0214", "text is too long", """
            Every text a spec holds has a length limit, counted in characters (Unicode \
            scalars), so that one spec cannot blow up the output: labels, titles, subtitles, \
            descriptions, legend titles and the Other label 1000; label templates \
            (`labels.content`, `chart.center`) 200; `format.prefix` and `format.suffix` 32; \
            the column names of `data` 256 and `data.file` 1024. A data file's cells have the \
            limits of the slice keys they fill. Each key's limit is in the key reference \
            (docs/reference/keys.md) and in the JSON Schema (`maxLength`). Shorten the text.
            """),
        CodeInfo("E0215", "control character in text", """
            Text may contain tabs and line breaks but no other control characters (U+0000 to \
            U+001F, U+007F): they cannot be written to SVG or HTML safely.
            """),
        CodeInfo("E0216", "a key of the spec language that this piec does not support yet", """
            The key belongs to piec's spec language but its feature is not built in this \
            version. piec rejects it instead of accepting it and drawing something else.
            """),
        CodeInfo("E0217", "not a whole number", """
            The key takes a whole number, e.g. `piec: 1` or `decimals: 2`.
            """),
        CodeInfo("E0301", "unsupported spec version", """
            `piec:` names the version of the spec format. This piec reads version 1; a newer \
            version needs a newer piec.
            """),
        CodeInfo("E0302", "duplicate slice id", """
            Slice ids must be unique: they match slices across versions. Two slices with the \
            same label get the same default id; give one of them an explicit `id`.
            """),
        CodeInfo("E0303", "no id can be derived from the label", """
            A slice without `id` gets the slug of its label (lowercase ASCII letters, digits, \
            `-`). A label with none of those, such as `日本語`, needs an explicit `id`.
            """),
        CodeInfo("E0304", "slice values exceed total", """
            With `chart.total` set, each slice spans value/total of the sweep, so the values \
            must not add up to more than the total.
            """),
        CodeInfo("E0305", "nothing to draw", """
            Every slice has value 0 and no `chart.total` is set, so there is no whole to take \
            shares of. Set a value above 0, or set `total` to draw an empty gauge.
            """),
        CodeInfo("E0306", "colour must be opaque", """
            A label's colour is drawn as is, so a translucent one would show what lies under \
            it, unchecked; a data file's colour column and shared defaults (`.piec.yaml`) take \
            opaque slice colours only. (Translucent slice colours in the spec are drawn as one \
            translucent pie when they share one alpha: see E0371.) The help gives the opaque \
            colour that looks the same over the chart's background (a transparent chart counts \
            as a white page).
            """),
        CodeInfo("E0371", "slice colours of different alphas beside a track, pattern, shadow or rings", """
            Translucent slice colours of one alpha are drawn as one translucent pie: every \
            colour a slice can take (its own, `theme.palette`, `chart.other.color`) made opaque \
            and the pie drawn at their one alpha (`theme.opacity`). Colours of different alphas, \
            or a translucent colour beside an opaque one such as a named palette or Other's \
            grey, are drawn each at its own alpha, with the wedges apart so none is painted \
            twice: exact at rest, entering and between versions, a reorder and Other taking or \
            giving back members included (rings enter instead, warning E0617). That needs a pie with nothing under or over its wedges that would show \
            through them or darken them: no `chart.track` or `chart.total` (the track), no \
            patterns, no `theme.shadow`, no rings (their bands are bridged and edged). Remove \
            that key, give every slice colour the same alpha, or write opaque colours and \
            `theme.opacity`.
            """),
        CodeInfo("E0372", "pie under 0.1 opacity", """
            The slice colours' alpha times `theme.opacity` would draw the pie under 0.1 \
            opacity, where it can hardly be seen. Use an alpha of at least 26 of 255 (10%).
            """),
        CodeInfo("E0307", "centre text needs a donut", """
            `chart.center` is drawn in the hole of a donut. A pie (`innerRadius: 0`) has no hole, \
            so the text would cover the slices: set `chart.innerRadius` above 0 or remove `center`.
            """),
        CodeInfo("E0308", "slice id `other` is reserved by `chart.other`", """
            With `chart.other` set, small slices are grouped into one slice whose id is `other`: \
            its colour is pinned and its transitions are matched by that id. A user slice with \
            the same id would be confused with it. Give that slice another id.
            """),
        CodeInfo("E0309", "a key that does not apply to a rose chart", """
            With `chart.rose` set to `area` or `radius` (equal angles), every slice gets the \
            same angle and its radius shows its value, scaled so that the largest value reaches \
            the outer radius. `chart.total` and `chart.minAngle` set angles and a slice's \
            `radius` sets a radius, so each would contradict the rose. Remove the key, or set \
            `rose: none`. With `rose: {angles: value}` the angles are a pie's, so `total` and \
            `minAngle` apply; a slice's `radius` still does not.
            """),
        CodeInfo("E0316", "`rings` together with `slices` or `data`", """
            A chart is either one set of slices (`slices:` or `data:`) or concentric rings \
            (`rings:`, each with its own `slices:`). Keep one of them: move the top-level slices \
            into a ring, or remove `rings`.
            """),
        CodeInfo("E0317", "duplicate ring id", """
            Ring ids identify rings across versions (a ring animates into the ring of the same id \
            in the previous version), so they are unique. The default id is a slug of the label.
            """),
        CodeInfo("E0318", "a key that does not apply to a chart of rings", """
            With `rings:`, each ring's band sets its slices' radii, so a slice's `radius` and \
            `explode`, `chart.rose`, grouping into `chart.other`, the centre text and outside \
            labels (which would cross the outer rings) are refused rather than drawn wrong.
            """),
        CodeInfo("E0320", "labels outside the pie asked to sit inside", """
            `labels.radius` from 0 to 1 says where inside labels sit across the ring; above 1 it \
            puts every label outside the pie at that many times its radius. With \
            `position: inside` the two contradict each other: use a radius from 0 to 1, or \
            `position: outside` (or `auto`) to keep the labels at that distance.
            """),
        CodeInfo("E0321", "leader keys where every label is inside", """
            `labels.leader` and `labels.leaderColor` shape the lines that join outside labels to \
            their slices. With `position: inside` (unless a slice keeps its label with \
            `keepLabel`, which then goes outside when it does not fit), and on a chart of rings \
            (whose labels sit in their ring's band), no label is outside, so the keys would be \
            accepted and ignored: \
            remove them, or write `position: auto` or `outside` to draw labels beside the pie.
            """),
        CodeInfo("E0322", "a label template that shows nothing", """
            `labels.content` (or `labels.detail.content`) is empty or only spaces. Such a label \
            would still be laid out: leader lines ending at no text, the canvas grown for it, a \
            line kept under it. Write `labels.position: none` to draw no labels, or remove \
            `labels.detail` to draw no second line.
            """),
        CodeInfo("E0323", "slice-coloured labels inside their slices", """
            `labels.color: slice` draws outside labels in their slice's colour (a label that sits \
            inside its slice under `position: auto` keeps the automatic contrast colour). With \
            `position: inside`, and on a chart of rings, every label is inside its own slice, \
            where its slice's colour would be invisible: write an opaque colour or `auto`, or \
            `position: auto` or `outside`.
            """),
        CodeInfo("E0324", "turned labels where no label is inside", """
            `labels.orientation: radial` or `tangential` turns labels that sit inside their \
            slices, where the turned box is fitted to the slice exactly. Outside labels stand in \
            columns beside the pie (or at a distance) with leader lines ending at their text's \
            side: a turned text would cross its leader and its neighbours in the column, so they \
            stay horizontal. With `position: outside`, `none` or `radius` above 1 no label is \
            inside and the key would be accepted and ignored: remove it, or write \
            `position: inside` or `auto` (under `auto` only the labels inside turn).
            """),
        CodeInfo("E0350", "a slice keeps a label the chart does not draw", """
            `keepLabel: true` asks that a slice's label be shown even when it is small or does \
            not fit inside its slice. With `labels.position: none` the chart draws no labels at \
            all, so the key would be accepted and ignored: remove `keepLabel`, or choose a \
            `labels.position` that draws labels.
            """),
        CodeInfo("E0356", "`labels` lists no label layer", """
            `labels` is one mapping of label keys (`content`, `position`, `radius`, ...) or a \
            list of label layers, each such a mapping. An empty list says neither: write \
            `labels: { position: none }` to draw no labels, or list at least one layer.
            """),
        CodeInfo("E0357", "two label layers would put labels in the same place", """
            The layers of a `labels` list are laid out together and never collide: each layer \
            takes one place, inside its slices (`position: inside`) or beside the pie \
            (`position: outside`, or a `radius` above 1). `auto`, the default position, takes \
            both (a label goes inside when it fits, else outside), so it shares a place with \
            any other layer. Give one layer `position: inside` and the other \
            `position: outside`, e.g. names outside with leader lines and percentages inside.
            """),
        CodeInfo("E0358", "a key not drawn on the inside label layer", """
            Two label layers are drawn together: the one beside the pie takes every label key, \
            as a single `labels` mapping does; the one inside the slices draws its `content`, \
            `minPercent`, `radius` (at most 1), `size` and `color` (`auto` or a colour). Its `box`, \
            `detail`, `orientation`, `leader`, `leaderColor` and `priority`, and `color: slice` \
            (a label inside its slice in that slice's colour would not show), are not drawn on \
            it yet and would be accepted and ignored: remove the key from the inside layer, or \
            use it on the layer beside the pie. More than two layers, or two beside the pie, \
            always share a place (`E0357`).
            """),
        CodeInfo("E0359", "a label layer draws nothing", """
            A layer of a `labels` list with `position: none` draws no label, so it would be \
            accepted and ignored. Remove it from the list (a single mapping with \
            `position: none` still turns labels off).
            """),
        CodeInfo("E0363", "`labels.size` outside the inside label layer", """
            `size` sets the font size of a label layer's texts, and is drawn on the inside \
            layer of a `labels` list (names beside the pie, percentages inside at their own \
            size), whose fit inside each slice is measured at that size. The labels of a \
            single `labels` mapping and of the layer beside the pie are drawn at the chart's \
            font size (12 px): their columns, leader lines and the canvas around them are laid \
            out at it, so a `size` there would be accepted and ignored. Remove it, or list \
            two layers and give the inside one its `size`.
            """),
        CodeInfo("E0380", "`chart.ringGap` without rings", """
            `chart.ringGap` is the space between the rings of a chart of rings (`rings:`). A \
            chart of `slices` or `data` has a single ring, so there is no space to leave.
            """),
        CodeInfo("E0401", "too many slices", """
            A spec may hold at most 100000 slices unless the build says otherwise: group small \
            slices before writing the spec (or with `chart.other`), or build a larger chart on \
            purpose with `--max-slices N` (`piec build`, `check`, `watch`, `diff`, `history`, \
            `render`, `md`), which raises the file size and YAML node limits in proportion.
            """),
    ]
}
