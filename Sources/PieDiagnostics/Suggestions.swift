/// Ranked "did you mean" candidates, by case-insensitive edit distance.
public enum Suggestions {
    /// The candidates close enough to `word` to be worth suggesting, best first (at most `limit`).
    public static func closest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
        let w = Array(word.lowercased().unicodeScalars)
        guard !w.isEmpty, w.count <= 64 else { return [] }
        var scored: [(Int, Int, String)] = []
        for (index, candidate) in candidates.enumerated() {
            let c = Array(candidate.lowercased().unicodeScalars)
            let d = distance(w, c)
            let threshold = max(1, min(3, max(w.count, c.count) / 3))
            let prefix = c.count >= 3 && w.starts(with: c.prefix(3)) || w.count >= 3 && c.starts(with: w.prefix(3))
            if d <= threshold || (prefix && d <= threshold + 2) {
                scored.append((d, index, candidate))
            }
        }
        scored.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        return scored.prefix(limit).map(\.2)
    }

    /// "did you mean `a`?" / "did you mean `a` or `b`?" or nil.
    public static func didYouMean(_ word: String, among candidates: [String]) -> String? {
        let found = closest(to: word, among: candidates, limit: 2)
        switch found.count {
        case 0: return nil
        case 1: return "did you mean `\(found[0])`?"
        default: return "did you mean `\(found[0])` or `\(found[1])`?"
        }
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cur[j] = min(cur[j], prev2[j - 2] + 1)
                }
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }
}
