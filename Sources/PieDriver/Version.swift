/// The version of piec printed by `piec --version`.
public enum PiecVersion {
    public static let string = "0.1.0"
}
