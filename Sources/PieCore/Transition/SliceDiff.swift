import PieSpec

/// How the slices of two versions of a spec correspond, in one merged angular order.
///
/// Slices match by `id`, or through `renamedFrom`. Matched slices whose relative order is kept
/// (the longest increasing subsequence of old positions, taken in new order) are *stable*; the
/// other matched slices *moved*. The merged order walks both lists: between two stable slices,
/// first what only the old version has there (removed slices, the old place of moved ones),
/// then what only the new version has (inserted slices, the new place of moved ones). So
/// removed slices shrink in place, inserted ones grow in place, and a moved slice leaves a
/// place that closes while the place it goes to opens.
public struct SliceDiff: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable {
        /// In both versions, same relative order.
        case stable
        /// Only in the old version.
        case removed
        /// Only in the new version.
        case inserted
        /// The old place of a moved slice (closes).
        case movedFrom
        /// The new place of a moved slice (opens).
        case movedTo
    }

    /// One place in the merged order.
    public struct Entry: Sendable, Hashable {
        public var role: Role
        /// Index in the old display order, when the old version has this place.
        public var oldIndex: Int?
        /// Index in the new display order, when the new version has this place.
        public var newIndex: Int?
    }

    /// A slice present in both versions.
    public struct Match: Sendable, Hashable {
        public var oldIndex: Int
        public var newIndex: Int
        /// True when the new slice matched through `renamedFrom`.
        public var renamed: Bool
        public var moved: Bool
    }

    public var entries: [Entry]
    public var matches: [Match]
    public var removed: [Int]
    public var inserted: [Int]

    /// Diffs two display orders (after sorting). `renames[newIndex]` lists the old ids that
    /// slice may have had.
    public static func compute(oldIDs: [String], newIDs: [String], renames: [Int: [String]] = [:]) -> SliceDiff {
        var oldIndexByID: [String: Int] = [:]
        oldIndexByID.reserveCapacity(oldIDs.count)
        for (i, id) in oldIDs.enumerated() { oldIndexByID[id] = i }
        let newIDSet = Set(newIDs)

        var oldForNew = [Int?](repeating: nil, count: newIDs.count)
        var renamed = [Bool](repeating: false, count: newIDs.count)
        var oldTaken = [Bool](repeating: false, count: oldIDs.count)
        for (j, id) in newIDs.enumerated() {
            if let i = oldIndexByID[id] { oldForNew[j] = i; oldTaken[i] = true }
        }
        for (j, candidates) in renames.sorted(by: { $0.key < $1.key }) where oldForNew[j] == nil {
            // A rename matches an old id that the new version no longer uses.
            for old in candidates where !newIDSet.contains(old) {
                if let i = oldIndexByID[old], !oldTaken[i] {
                    oldForNew[j] = i
                    oldTaken[i] = true
                    renamed[j] = true
                    break
                }
            }
        }

        let matchedNew = oldForNew.indices.filter { oldForNew[$0] != nil }
        let stableNew = Set(longestIncreasing(matchedNew.map { oldForNew[$0]! }).map { matchedNew[$0] })
        var stableOld = [Bool](repeating: false, count: oldIDs.count)
        for j in stableNew { stableOld[oldForNew[j]!] = true }

        var matches: [Match] = []
        for j in matchedNew {
            matches.append(Match(oldIndex: oldForNew[j]!, newIndex: j, renamed: renamed[j], moved: !stableNew.contains(j)))
        }
        let removed = oldIDs.indices.filter { !oldTaken[$0] }
        let inserted = newIDs.indices.filter { oldForNew[$0] == nil }

        var entries: [Entry] = []
        entries.reserveCapacity(oldIDs.count + newIDs.count)
        var i = 0, j = 0
        while i < oldIDs.count || j < newIDs.count {
            if i < oldIDs.count, !stableOld[i] {
                entries.append(Entry(role: oldTaken[i] ? .movedFrom : .removed, oldIndex: i, newIndex: nil))
                i += 1
            } else if j < newIDs.count, !stableNew.contains(j) {
                entries.append(Entry(role: oldForNew[j] == nil ? .inserted : .movedTo, oldIndex: oldForNew[j], newIndex: j))
                j += 1
            } else {
                // Both point at the same stable pair: the LIS keeps stable slices in the same order.
                entries.append(Entry(role: .stable, oldIndex: i, newIndex: j))
                i += 1
                j += 1
            }
        }
        return SliceDiff(entries: entries, matches: matches, removed: removed, inserted: inserted)
    }

    /// Indices (into `values`) of one longest strictly increasing subsequence, O(n log n).
    /// The same diff with every moved slice taken apart into a removed slice at its old place
    /// and an inserted one at its new place: no mover, so at every instant each slice is drawn
    /// over its own angles only (its old place closes while its new place opens, each in its
    /// own colour, the label leaving the one and entering the other). How slices of their own
    /// alphas change places (`SliceAlphas`): a mover turning over the others would add alphas.
    public var withoutMoves: SliceDiff {
        guard matches.contains(where: \.moved) else { return self }
        var diff = self
        diff.entries = entries.map { e in
            switch e.role {
            case .movedFrom: Entry(role: .removed, oldIndex: e.oldIndex, newIndex: nil)
            case .movedTo: Entry(role: .inserted, oldIndex: nil, newIndex: e.newIndex)
            case .stable, .removed, .inserted: e
            }
        }
        let moved = matches.filter(\.moved)
        diff.matches = matches.filter { !$0.moved }
        diff.removed = (removed + moved.map(\.oldIndex)).sorted()
        diff.inserted = (inserted + moved.map(\.newIndex)).sorted()
        return diff
    }

    static func longestIncreasing(_ values: [Int]) -> [Int] {
        var tails: [Int] = []          // index into values of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (k, v) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[k] = tails[lo - 1] }
            if lo == tails.count { tails.append(k) } else { tails[lo] = k }
        }
        var result: [Int] = []
        var k = tails.last ?? -1
        while k >= 0 { result.append(k); k = previous[k] }
        return result.reversed()
    }
}
