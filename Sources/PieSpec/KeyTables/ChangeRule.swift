/// Whether a change of a key between two versions appears in the change report (`piec diff`,
/// the manifest's `changes`, the sentence in `<desc>`). Chosen per key in `Keys`, so a new key
/// is reported unless it says why not.
public enum ChangeRule: Sendable, Equatable {
    /// Not a change of its own: its effect is reported another way (a slice's `id` as a
    /// rename, `chart.other` as merges and splits) or it changes nothing a reader sees.
    case silent
    /// Reported under `name` (nil: the key's own name in `chart`, `section.key` elsewhere);
    /// keys sharing a name are one change whose values are joined by a space. `sentence`:
    /// also in the plain sentence for readers (data and geometry, not styling).
    case reported(as: String? = nil, sentence: Bool = true)
}
