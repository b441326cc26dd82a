/// The version of piec: printed by `piec --version`, written into every manifest (`"piec"`),
/// the man page and the completion scripts.
public enum PiecVersion {
    public static let string = "0.1.0"
}
