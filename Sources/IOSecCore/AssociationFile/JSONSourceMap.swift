/// Where each value of a JSON text is written, by the JSON path that ``AssociationFile/validate(_:sourceMap:)``
/// uses in its issues, so a problem found in the parsed file can be shown at its line.
///
/// Object members are located at their key (where a reader looks), array elements at their first character.
/// The scan is tolerant: on malformed JSON it keeps what it read before the error. It stops at
/// ``ParserLimits/maximumNestingDepth``.
///
/// Values are kept as a tree (each with its parent and its key or index), not one path string each: a path is
/// as long as the value is deep, so strings would cost the file size times the depth in memory — gigabytes for a
/// 10 MB file of deeply nested arrays. Paths are parsed when looked up and built only when asked for.
///
/// ```swift
/// let map = JSONSourceMap(Array(#"{"webcredentials": {"apps": ["com.acme.wallet"]}}"#.utf8))
/// map.position(of: "webcredentials.apps[0]")  // line 1, column 31
/// map.nearestPosition(of: "applinks.details[3]")  // the root, line 1, column 1
/// ```
public struct JSONSourceMap: Sendable {
    /// 1-based line and column; columns count UTF-8 bytes.
    public struct Position: Sendable, Equatable {
        public let line: Int
        public let column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// A string value and where it is written.
    public struct StringValue: Sendable, Equatable {
        public let value: String
        public let position: Position
        fileprivate let node: Int
        fileprivate let tree: Tree

        /// The JSON path of the value, `applinks.details[0].appIDs[1]`; built on each call, in time proportional
        /// to its length (prefer ``pathSuffix(segments:)`` when the last segments are enough).
        public var path: String { tree.path(of: node, segments: .max) }

        /// The last `segments` segments of ``path`` as written there: `.appIDs[1]` for the two last of
        /// `applinks.details[0].appIDs[1]`. Costs only those segments, whatever the depth.
        public func pathSuffix(segments: Int) -> String { tree.path(of: node, segments: segments) }

        public static func == (a: StringValue, b: StringValue) -> Bool {
            a.value == b.value && a.position == b.position && a.path == b.path
        }
    }

    /// One step of a path: a member's key or an element's index.
    fileprivate enum Segment {
        case key(String)
        case index(Int)
    }

    fileprivate struct Member: Hashable, Sendable {
        let parent: Int
        let key: String
    }

    /// The values read, node 0 being the root. Members are found by parent and key; elements through their
    /// array's run in `elements`, with no dictionary entry each, since wide arrays are the bulk of big files.
    fileprivate struct Nodes: Sendable {
        var parents: [Int] = []
        /// An element's index; for a member `-1 - k`, where `keys[k]` is its key; 0 for the root.
        var slots: [Int] = []
        var positions: [Position] = []
        var keys: [String] = []
        var members: [Member: Int] = [:]
        /// The element nodes of every array, each array's in one run, and each array's run.
        var elements: [Int] = []
        var runs: [Int: Range<Int>] = [:]

        mutating func add(parent: Int, slot: Int, at position: Position) -> Int {
            parents.append(parent)
            slots.append(slot)
            positions.append(position)
            return positions.count - 1
        }

        /// A member; a duplicate key's later value replaces the earlier one, as in Foundation's parse.
        mutating func addMember(parent: Int, key: String, at position: Position) -> Int {
            keys.append(key)
            let node = add(parent: parent, slot: -keys.count, at: position)
            members[Member(parent: parent, key: key)] = node
            return node
        }

        func child(of node: Int, _ segment: Segment) -> Int? {
            switch segment {
            case .key(let key):
                return members[Member(parent: node, key: key)]
            case .index(let index):
                guard let run = runs[node], index >= 0, index < run.count else { return nil }
                return elements[run.lowerBound + index]
            }
        }
    }

    /// The nodes, immutable once the scan is done and shared by the map and its string values.
    fileprivate final class Tree: Sendable {
        let nodes: Nodes

        init(_ nodes: Nodes) { self.nodes = nodes }

        /// The node at the end of the longest prefix of `path` that the text has, and whether that is all of it.
        func walk(_ path: String) -> (node: Int, complete: Bool) {
            var node = 0
            var reader = SegmentReader(path)
            while !reader.isAtEnd {
                guard let segment = reader.next(), let next = nodes.child(of: node, segment) else {
                    return (node, false)
                }
                node = next
            }
            return (node, true)
        }

        /// The path of `node`, or its last `limit` segments.
        func path(of node: Int, segments limit: Int) -> String {
            var chain: [Int] = []
            var current = node
            while current > 0, chain.count < limit {
                chain.append(current)
                current = nodes.parents[current]
            }
            var out = ""
            for n in chain.reversed() {
                let slot = nodes.slots[n]
                out += slot >= 0 ? "[\(slot)]" : JSONPath.segment(nodes.keys[-1 - slot], first: nodes.parents[n] == 0)
            }
            return out
        }
    }

    private let tree: Tree
    /// Where the text stops being strict JSON (RFC 8259), or nil when it is: a trailing comma, a comment or a
    /// single-quoted string that lenient parsers accept and others reject. Also where it first nests deeper than
    /// ``ParserLimits/maximumNestingDepth``, since the map reads no further (RFC 8259 §9 lets parsers limit depth).
    public private(set) var syntaxError: Position?
    /// Every string value (not keys), in file order.
    public let strings: [StringValue]

    public init(_ bytes: [UInt8]) {
        var scanner = Scanner(bytes: bytes)
        scanner.skipBOM()
        scanner.skipWhitespace()
        _ = scanner.nodes.add(parent: -1, slot: 0, at: scanner.position)
        if scanner.value(node: 0, depth: 0) {
            scanner.skipWhitespace()
            if scanner.i < bytes.count { syntaxError = scanner.position }
        } else {
            syntaxError = scanner.position
        }
        let tree = Tree(scanner.nodes)
        self.tree = tree
        strings = scanner.strings.map { StringValue(value: $0.value, position: $0.position, node: $0.node, tree: tree) }
    }

    /// The position of the value at `path`, or nil when the text has none there.
    public func position(of path: String) -> Position? {
        let (node, complete) = tree.walk(path)
        return complete ? tree.nodes.positions[node] : nil
    }

    /// The position of `path`, or of its nearest ancestor that the text has (the root at worst).
    public func nearestPosition(of path: String) -> Position {
        tree.nodes.positions[tree.walk(path).node]
    }

    /// Where `bytes` first opens an array or object deeper than `limit`, counting brackets outside strings and
    /// whatever the syntax around them; nil when it never does. One pass without recursion, so callers can check
    /// before handing the text to a recursive parser.
    public static func firstPosition(nestingDeeperThan limit: Int, in bytes: [UInt8]) -> Position? {
        var depth = 0, line = 1, lineStart = 0
        var inString = false, escaped = false
        for (i, b) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                }
                // A raw newline ends a (malformed) string, as in the map's scanner, so line counting stays right.
                if b == 0x0A { inString = false }
            } else if b == UInt8(ascii: "\"") {
                inString = true
            } else if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
                depth += 1
                if depth > limit { return Position(line: line, column: i - lineStart + 1) }
            } else if b == UInt8(ascii: "]") || b == UInt8(ascii: "}") {
                depth = max(0, depth - 1)
            }
            if b == 0x0A {
                line += 1
                lineStart = i + 1
            }
        }
        return nil
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0
        var line = 1
        var lineStart = 0
        var nodes = Nodes()
        /// Elements of the arrays being read, innermost last.
        var open: [Int] = []
        var strings: [(value: String, position: Position, node: Int)] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        var position: Position { Position(line: line, column: i - lineStart + 1) }

        mutating func skipBOM() {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                i = 3
                lineStart = 3
            }
        }

        mutating func skipWhitespace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x0A:
                    i += 1
                    line += 1
                    lineStart = i
                case 0x20, 0x09, 0x0D: i += 1
                default: return
                }
            }
        }

        /// Reads one value; false when the text is malformed here or nests too deeply (the caller stops).
        mutating func value(node: Int, depth: Int) -> Bool {
            guard i < bytes.count else { return false }
            // The depth counts open containers, as Foundation's parser and the bracket pre-check do.
            if bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "["), depth >= ParserLimits.maximumNestingDepth
            {
                return false
            }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return true
                }
                while true {
                    skipWhitespace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return false }
                    let at = position
                    guard let key = string() else { return false }
                    let member = nodes.addMember(parent: node, key: key, at: at)
                    skipWhitespace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return false }
                    i += 1
                    skipWhitespace()
                    guard value(node: member, depth: depth + 1) else { return false }
                    skipWhitespace()
                    guard i < bytes.count else { return false }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    if bytes[i] == UInt8(ascii: "}") {
                        i += 1
                        return true
                    }
                    return false
                }
            case UInt8(ascii: "["):
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return true
                }
                // The elements wait on `open` (after those of enclosing arrays, before those of arrays inside) and
                // move to `nodes.elements` as one run when the array ends, however it ends: no allocation per array.
                let first = open.count
                defer {
                    nodes.runs[node] = nodes.elements.count..<(nodes.elements.count + open.count - first)
                    nodes.elements += open[first...]
                    open.removeSubrange(first...)
                }
                while true {
                    skipWhitespace()
                    let element = nodes.add(parent: node, slot: open.count - first, at: position)
                    open.append(element)
                    guard value(node: element, depth: depth + 1) else { return false }
                    skipWhitespace()
                    guard i < bytes.count else { return false }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    if bytes[i] == UInt8(ascii: "]") {
                        i += 1
                        return true
                    }
                    return false
                }
            case UInt8(ascii: "\""):
                let at = position
                guard let s = string() else { return false }
                strings.append((s, at, node))
                return true
            default:
                // Number, true, false, null: their extent is all the map needs.
                let start = i
                while i < bytes.count, !Self.isDelimiter(bytes[i]) { i += 1 }
                return i > start
            }
        }

        static func isDelimiter(_ b: UInt8) -> Bool {
            b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") || b == 0x20 || b == 0x0A
                || b == 0x09 || b == 0x0D
        }

        /// A string literal starting at `i` (the opening quote), unescaped.
        mutating func string() -> String? {
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    i += 1
                    return String(decoding: out, as: UTF8.self)
                }
                if b == 0x0A { return nil }
                if b == UInt8(ascii: "\\"), i + 1 < bytes.count {
                    let e = bytes[i + 1]
                    i += 2
                    switch e {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard i + 4 <= bytes.count,
                            let code = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16)
                        else { return nil }
                        i += 4
                        out += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
                    default: out.append(e)
                    }
                    continue
                }
                out.append(b)
                i += 1
            }
            return nil
        }
    }
}

/// The JSON path notation of association-file issues: `applinks.details[0].components[1]["/"]`.
public enum JSONPath {
    /// `base.key`, or `base["key"]` for keys that are not identifiers.
    public static func member(_ base: String, _ key: String) -> String {
        base + segment(key, first: base.isEmpty)
    }

    /// How a member's key is written after its parent's path: `.key`, `key` at the start of a path, or `["key"]`.
    static func segment(_ key: String, first: Bool) -> String {
        let isIdentifier =
            !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            && !(key.first?.isNumber ?? true)
        if isIdentifier { return first ? key : "." + key }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "[\"" + escaped + "\"]"
    }
}

/// Reads a path written by ``JSONPath/member(_:_:)`` and `[index]` one segment at a time; nil where it is not
/// of that form.
private struct SegmentReader {
    private let u: [UInt8]
    private var i = 0

    init(_ path: String) { u = Array(path.utf8) }

    var isAtEnd: Bool { i >= u.count }

    mutating func next() -> JSONSourceMap.Segment? {
        guard i < u.count else { return nil }
        if u[i] == UInt8(ascii: "[") {
            i += 1
            if i < u.count, u[i] == UInt8(ascii: "\"") {
                // `["key"]` with `\"` and `\\` escaped.
                i += 1
                var key: [UInt8] = []
                while i < u.count, u[i] != UInt8(ascii: "\"") {
                    if u[i] == UInt8(ascii: "\\"), i + 1 < u.count { i += 1 }
                    key.append(u[i])
                    i += 1
                }
                guard i + 1 < u.count, u[i + 1] == UInt8(ascii: "]") else { return nil }
                i += 2
                return .key(String(decoding: key, as: UTF8.self))
            }
            let start = i
            while i < u.count, u[i] != UInt8(ascii: "]") { i += 1 }
            guard i < u.count, let index = Int(String(decoding: u[start..<i], as: UTF8.self)) else { return nil }
            i += 1
            return .index(index)
        }
        if u[i] == UInt8(ascii: ".") { i += 1 }
        let start = i
        while i < u.count, u[i] != UInt8(ascii: "."), u[i] != UInt8(ascii: "[") { i += 1 }
        guard i > start else { return nil }
        return .key(String(decoding: u[start..<i], as: UTF8.self))
    }
}
