/// A glob over `/`-separated relative paths, as `--exclude` takes them: `*` and `?` within one path
/// component, `**` across components. A pattern without `/` matches any single component (a file or folder
/// name anywhere); a pattern with `/` matches the whole relative path or a folder prefix of it.
public struct Glob: Sendable, Hashable {
    public let pattern: String
    private let components: [Substring]
    private let anchored: Bool

    public init(_ pattern: String) {
        var p = pattern
        while p.hasPrefix("./") { p.removeFirst(2) }
        while p.hasSuffix("/") { p.removeLast() }
        self.pattern = pattern
        self.anchored = p.contains("/")
        self.components = p.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether the pattern names a path (it has a `/`) rather than a file or folder name anywhere.
    var isAnchored: Bool { anchored }

    /// Whether `path` (relative, `/`-separated) or one of its parent folders matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if !anchored {
            guard let only = components.first else { return false }
            return parts.contains { Glob.matchComponent(Array(only.utf8), Array($0.utf8)) }
        }
        // A folder pattern excludes everything below it.
        for end in stride(from: parts.count, through: 1, by: -1) where Glob.match(components[...], parts[0..<end]) {
            return true
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            for start in path.startIndex...path.endIndex where match(rest, path[start...]) { return true }
            return false
        }
        guard let first = path.first, matchComponent(Array(head.utf8), Array(first.utf8)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one component; iterative with backtracking to the last star.
    static func matchComponent(_ p: [UInt8], _ s: [UInt8]) -> Bool {
        var pi = 0, si = 0, star = -1, mark = 0
        while si < s.count {
            if pi < p.count, p[pi] == UInt8(ascii: "?") || p[pi] == s[si] {
                pi += 1
                si += 1
            } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
                star = pi
                mark = si
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                si = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}
