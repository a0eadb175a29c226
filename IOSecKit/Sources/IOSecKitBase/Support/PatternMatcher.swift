/// Glob matching with `*` (any run, possibly empty) and optionally `?` (exactly one character),
/// in O(pattern × text) worst case without recursion or backtracking blow-up.
public enum PatternMatcher {
    public static func matches(pattern p: [Unicode.Scalar], text t: [Unicode.Scalar], singleWildcard: Bool) -> Bool {
        var pi = 0, ti = 0
        var starP = -1, starT = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "*" {
                starP = pi
                starT = ti
                pi += 1
            } else if pi < p.count, (singleWildcard && p[pi] == "?") || p[pi] == t[ti] {
                pi += 1
                ti += 1
            } else if starP >= 0 {
                // Let the last `*` absorb one more character and retry.
                pi = starP + 1
                starT += 1
                ti = starT
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
