/// One of a chart's two looks, unconditionally: for places that choose the look themselves
/// instead of the reader's operating system (GitHub's light/dark switch picks an image, see
/// `piec md`). `light` drops the `prefers-color-scheme: dark` rules; `dark` applies them
/// without the media query. A chart with `theme.dark: none` has one look: both are the same.
public enum ForcedTheme: String, Sendable, CaseIterable {
    case light, dark
}
