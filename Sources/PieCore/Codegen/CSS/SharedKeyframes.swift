import PieJSON

/// The `@keyframes` of a uniform plan, shared by every element that animates the same set of
/// properties: a value all of them share is written into the keyframes (`rotate:-90deg`), any
/// other is read from the element's own custom property (`rotate:var(--r)`, with `--r:-153deg`
/// in the element's rule). One keyframes per set of properties instead of one per from-state:
/// the per-element part of the style sheet is a few values, not a keyframes and a name (but a
/// `stroke-dasharray` list, and every part of a large plan, has literal keyframes:
/// `Group.literal`).
/// An element that uses `var()` always sets every custom property its keyframes read, so no
/// value is inherited from an animated ancestor.
struct SharedKeyframes {
    struct Group {
        /// The properties declared (`MotionProperty.bit`).
        var signature: UInt32
        /// Of those, the ones each element carries in its own custom property.
        var shared: UInt32 = 0
        /// The from-state of the group's first part (its literal values are every part's).
        var frame: MotionFrame
        /// A group whose values are all literal, shared only by equal from-states: a
        /// `stroke-dasharray` list (`MotionFrame.pattern`, a circle of many dashes), or every
        /// group of a plan whose keyframes are literal (`Strategies.LiteralKeyframes`). Chromium resolves a keyframe's
        /// `var()` again on every frame (bench/browser/README.md, 4x throttling): the 64-slice
        /// benchmark's 32 circles restyled in 263 ms instead of 450 with their lists in
        /// keyframes of their own; 16 and 32 slices of their own colours in 133 and 249 ms
        /// instead of 263 and 313 (p95 12.8 and 16.4 ms instead of 15.6 and 23.4), for a
        /// third more bytes.
        var literal = false
    }

    private(set) var groups: [Group] = []
    /// The group of each part's from-state, -1 when it does not animate (4 bytes a part: the
    /// frames themselves are not kept).
    private var groupOf: [Int32] = []

    /// Every group literal (`Group.literal`), shared only by equal from-states.
    let literal: Bool
    /// The literal groups by from-state, so equal ones (an enter's) share one keyframes.
    private var literalGroups: [MotionFrame: Int] = [:]

    /// Parts are added one at a time (`add`); `literal`: every group literal.
    init(literal: Bool = false) {
        self.literal = literal
    }

    /// Adds the next part's from-state; returns its group (nil when it does not animate).
    @discardableResult
    mutating func add(_ frame: MotionFrame) -> Int? {
        guard !frame.isEmpty else {
            groupOf.append(-1)
            return nil
        }
        let signature = frame.signature()
        if literal || frame.pattern != nil {
            let g = literalGroups[frame] ?? groups.count
            if g == groups.count {
                literalGroups[frame] = g
                groups.append(Group(signature: signature, frame: frame, literal: true))
            }
            groupOf.append(Int32(g))
            return g
        }
        // A few sets of properties at most (and the literal groups): a linear scan, no hashing
        // per part.
        if let g = groups.firstIndex(where: { $0.signature == signature && !$0.literal }) {
            groupOf.append(Int32(g))
            // Equal frames (an enter animation) share every value: no comparison per property.
            if frame != groups[g].frame {
                for p in MotionProperty.allCases where signature & p.bit != 0 && groups[g].shared & p.bit == 0 && p != .visibility {
                    if !frame.same(p, as: groups[g].frame) { groups[g].shared |= p.bit }
                }
            }
            return g
        }
        groupOf.append(Int32(groups.count))
        groups.append(Group(signature: signature, frame: frame))
        return groups.count - 1
    }

    /// Part `k`'s group; nil when it does not animate.
    func group(of k: Int) -> Int? {
        groupOf[k] < 0 ? nil : Int(groupOf[k])
    }

    /// `@keyframes <scope>-k<g>{from{...}}` for every group, one line each.
    func writeKeyframes(scope: String, into w: inout ByteWriter) {
        for (g, group) in groups.enumerated() {
            KeyframesWriter.block(KeyframesName(scope, "k", g), into: &w) {
                KeyframesWriter.frame("from", into: &$0) { group.frame.writeDeclarations(group.signature, shared: group.shared, into: &$0) }
            }
        }
    }

    /// Whether part `k` carries custom properties.
    func hasOwnValues(_ k: Int) -> Bool {
        group(of: k).map { groups[$0].shared != 0 } ?? false
    }

    /// Part `k`'s custom properties (`--r:-153deg;...`) from its from-state `frame`, preceded
    /// by `;` unless `first`.
    func writeOwnValues(_ k: Int, frame: MotionFrame, first: Bool, into w: inout ByteWriter) {
        guard let g = group(of: k) else { return }
        var first = first
        for p in MotionProperty.allCases where groups[g].shared & p.bit != 0 {
            if !first { w.raw(";") }
            first = false
            w.raw(p.custom)
            w.raw(":")
            frame.writeValue(p, into: &w)
        }
    }

    /// Whether an element that does not animate may run group `g`'s keyframes unharmed
    /// (every property read from an unset custom property keeps it where it is).
    func harmlessWithoutValues(_ g: Int) -> Bool {
        groups[g].signature == groups[g].shared && groups[g].shared & ~MotionProperty.harmlessUnset == 0
    }
}
