// Shared by Tests/SafetyTests and the fuzz targets (Fuzz/Sources/FuzzSupport links here).

/// How the transition fuzz target reads one input: the previous spec, a NUL byte, the new spec.
public enum FuzzInput {
    /// The bytes before and after the first NUL; without a NUL, no previous spec and all bytes.
    public static func split(_ bytes: [UInt8]) -> (previous: [UInt8]?, current: [UInt8]) {
        guard let nul = bytes.firstIndex(of: 0) else { return (nil, bytes) }
        return (Array(bytes[..<nul]), Array(bytes[(nul + 1)...]))
    }
}
