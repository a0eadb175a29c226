/// Where each value of a JSON text is written, by the JSON path that ``AssociationFile/validate(_:sourceMap:)``
/// uses in its issues, so a problem found in the parsed file can be shown at its line. It is also the parse the
/// validator reads: one compact tree, not a Foundation tree, a typed copy and a map beside them.
///
/// Object members are located at their key (where a reader looks), array elements at their first character.
/// The scan is tolerant: on malformed JSON it keeps what it read before the error. It stops at
/// ``ParserLimits/maximumNestingDepth``.
///
/// Values are kept as a tree (each with its parent), not one path string each: a path is as long as the value is
/// deep, so strings would cost the file size times the depth in memory — gigabytes for a 10 MB file of deeply
/// nested arrays. Nor does a value keep its text: keys and strings are decoded from the bytes when asked for, and
/// positions are worked out from byte offsets, so a value costs 13 bytes (and 4 more as a container's child).
/// Paths are parsed when looked up and built only when asked for.
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

    /// A string value and where it is written; its text is decoded when read.
    public struct StringValue: Sendable, Equatable {
        fileprivate let node: Int
        fileprivate let tree: Tree

        /// The string, unescaped.
        public var value: String { tree.string(of: node) }

        /// Where the string (its opening quote) is written.
        public var position: Position { tree.position(ofOffset: tree.valueOffset(of: node)) }

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

    /// Every string value (not keys), in file order; each is built when read.
    public struct Strings: RandomAccessCollection, Sendable {
        fileprivate let tree: Tree
        public var startIndex: Int { 0 }
        public var endIndex: Int { tree.stringNodes.count }
        public subscript(index: Int) -> StringValue { StringValue(node: Int(tree.stringNodes[index]), tree: tree) }
    }

    /// One step of a path: a member's key or an element's index.
    fileprivate enum Segment {
        case key(String)
        case index(Int)
    }

    /// What a value is; `invalid` for a scalar that is not a JSON number or literal (`NaN`, `01`, `tru`), and
    /// `incomplete` for a value whose reading failed.
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null, invalid, incomplete
    }

    /// The values read, node 0 being the root, in file order. Object members are nodes too (located at their key,
    /// holding their value); each container's members or elements are one run in `children`.
    fileprivate struct Nodes {
        var parents: [Int32] = []
        /// Where the node starts in the bytes: a member's key, any other value's first byte.
        var offsets: [Int32] = []
        var kinds: [Kind] = []
        /// For a container, where its run starts in `children`: the count, then the child nodes; -1 otherwise.
        var firstChild: [Int32] = []
        var children: [Int32] = []
        /// Where lines 2, 3, … start.
        var lineStarts: [Int32] = []
        var stringNodes: [Int32] = []

        mutating func add(parent: Int, offset: Int) -> Int {
            parents.append(Int32(truncatingIfNeeded: parent))
            offsets.append(Int32(truncatingIfNeeded: offset))
            kinds.append(.incomplete)
            firstChild.append(-1)
            return kinds.count - 1
        }
    }

    /// The bytes and the nodes, immutable once the scan is done and shared by the map and its string values.
    final class Tree: Sendable {
        let bytes: [UInt8]
        /// Offset of line 1's first column (3 after a byte-order mark).
        let start: Int
        let parents: [Int32]
        let offsets: [Int32]
        let kinds: [Kind]
        let firstChild: [Int32]
        let children: [Int32]
        let lineStarts: [Int32]
        let stringNodes: [Int32]

        fileprivate init(bytes: [UInt8], start: Int, nodes: Nodes) {
            self.bytes = bytes
            self.start = start
            parents = nodes.parents
            offsets = nodes.offsets
            kinds = nodes.kinds
            firstChild = nodes.firstChild
            children = nodes.children
            lineStarts = nodes.lineStarts
            stringNodes = nodes.stringNodes
        }

        func position(ofOffset offset: Int) -> Position {
            // The number of line starts at or before the offset is the line's index past line 1.
            var low = 0, high = lineStarts.count
            while low < high {
                let mid = (low + high) / 2
                if Int(lineStarts[mid]) <= offset { low = mid + 1 } else { high = mid }
            }
            let lineStart = low == 0 ? start : Int(lineStarts[low - 1])
            return Position(line: low + 1, column: offset - lineStart + 1)
        }

        func position(of node: Int) -> Position { position(ofOffset: Int(offsets[node])) }

        /// The children of a container, in file order; empty for other values.
        func children(of node: Int) -> ArraySlice<Int32> {
            let first = Int(firstChild[node])
            guard first >= 0 else { return [] }
            return children[(first + 1)..<(first + 1 + Int(children[first]))]
        }

        func isMember(_ node: Int) -> Bool { node > 0 && kinds[Int(parents[node])] == .object }

        /// Where the value of `node` starts: after a member's key and colon, else where the node starts.
        func valueOffset(of node: Int) -> Int {
            var i = Int(offsets[node])
            guard isMember(node) else { return i }
            i = Self.endOfString(bytes, from: i)
            while i < bytes.count, bytes[i] != UInt8(ascii: ":") { i += 1 }
            i += 1
            while i < bytes.count, [0x20, 0x0A, 0x09, 0x0D].contains(bytes[i]) { i += 1 }
            return i
        }

        /// A member's key, unescaped.
        func key(of node: Int) -> String { Self.decodeString(bytes, at: Int(offsets[node])) }

        /// The text of a string value, unescaped.
        func string(of node: Int) -> String { Self.decodeString(bytes, at: valueOffset(of: node)) }

        /// The index of an element in its array (elements are numbered in file order, so a binary search finds it).
        func index(of node: Int) -> Int {
            let run = children(of: Int(parents[node]))
            var low = run.startIndex, high = run.endIndex
            while low < high {
                let mid = (low + high) / 2
                if Int(run[mid]) < node { low = mid + 1 } else { high = mid }
            }
            return low - run.startIndex
        }

        /// The node at the end of the longest prefix of `path` that the text has, and whether that is all of it.
        func walk(_ path: String) -> (node: Int, complete: Bool) {
            var node = 0
            var reader = SegmentReader(path)
            while !reader.isAtEnd {
                guard let segment = reader.next(), let next = child(of: node, segment) else { return (node, false) }
                node = next
            }
            return (node, true)
        }

        /// A member by key (the last of equal keys, as in Foundation's parse) or an element by index. Members are
        /// searched in order: only occasional lookups by path need this, the validator walks the tree itself.
        fileprivate func child(of node: Int, _ segment: Segment) -> Int? {
            switch (segment, kinds[node]) {
            case (.key(let key), .object):
                let wanted = Array(key.utf8)
                var found: Int?
                for member in children(of: node) where keyEquals(Int(member), wanted, key) { found = Int(member) }
                return found
            case (.index(let index), .array):
                let run = children(of: node)
                guard index >= 0, index < run.count else { return nil }
                return Int(run[run.startIndex + index])
            default:
                return nil
            }
        }

        /// Compares the key's bytes as written when it has no escapes (the usual case), else its decoded text.
        private func keyEquals(_ member: Int, _ wanted: [UInt8], _ key: String) -> Bool {
            let start = Int(offsets[member]) + 1
            var i = start, k = 0
            while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") {
                guard k < wanted.count, bytes[i] == wanted[k] else {
                    // Non-ASCII text may be equal under canonical equivalence, as Swift strings compare.
                    return bytes[i] >= 0x80 || (k < wanted.count && wanted[k] >= 0x80)
                        ? self.key(of: member) == key : false
                }
                i += 1
                k += 1
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: "\"") { return k == wanted.count }
            return self.key(of: member) == key
        }

        /// The path of `node`, or its last `limit` segments.
        func path(of node: Int, segments limit: Int) -> String {
            var chain: [Int] = []
            var current = node
            while current > 0, chain.count < limit {
                chain.append(current)
                current = Int(parents[current])
            }
            var out = ""
            for n in chain.reversed() {
                out += isMember(n) ? JSONPath.segment(key(of: n), first: parents[n] == 0) : "[\(index(of: n))]"
            }
            return out
        }

        /// Past the string literal starting at `i` (its opening quote); at a raw newline or the end when unclosed.
        static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
            var i = start + 1
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""): return i + 1
                case UInt8(ascii: "\\"): i += 2
                case 0x0A: return i
                default: i += 1
                }
            }
            return bytes.count
        }

        /// The string literal starting at `i`, unescaped: `\uXXXX` pairs of surrogates make one character, a lone
        /// surrogate U+FFFD, an unknown escape its character (the scan has reported those).
        static func decodeString(_ bytes: [UInt8], at start: Int) -> String {
            var i = start + 1
            // Most strings have no escapes: one copy of their bytes.
            var end = i
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
                bytes[end] != 0x0A
            {
                end += 1
            }
            if end >= bytes.count || bytes[end] != UInt8(ascii: "\\") {
                return String(decoding: bytes[i..<end], as: UTF8.self)
            }
            var out: [UInt8] = Array(bytes[i..<end])
            i = end
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") || b == 0x0A { break }
                guard b == UInt8(ascii: "\\"), i + 1 < bytes.count else {
                    out.append(b)
                    i += 1
                    continue
                }
                let e = bytes[i + 1]
                i += 2
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard let code = hex4(bytes, at: i) else { return String(decoding: out, as: UTF8.self) }
                    i += 4
                    var scalar = Unicode.Scalar(code)
                    if (0xD800..<0xDC00).contains(code), i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"),
                        bytes[i + 1] == UInt8(ascii: "u"), let low = hex4(bytes, at: i + 2),
                        (0xDC00..<0xE000).contains(low)
                    {
                        scalar = Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
                        i += 6
                    }
                    out += Array(String(scalar.map(Character.init) ?? "\u{FFFD}").utf8)
                default: out.append(e)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }

        static func hex4(_ bytes: [UInt8], at i: Int) -> UInt32? {
            guard i + 4 <= bytes.count else { return nil }
            var code: UInt32 = 0
            for b in bytes[i..<(i + 4)] {
                let digit: UInt8
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
                default: return nil
                }
                code = code << 4 | UInt32(digit)
            }
            return code
        }
    }

    let tree: Tree
    /// Where the text stops being strict JSON (RFC 8259), or nil when it is: a trailing comma, a comment or a
    /// single-quoted string that lenient parsers accept and others reject. Also where it first nests deeper than
    /// ``ParserLimits/maximumNestingDepth``, since the map reads no further (RFC 8259 §9 lets parsers limit depth).
    public private(set) var syntaxError: Position?
    /// The first problem that Foundation's parser rejects too (anything but a trailing comma), and what it is; nil
    /// when the text is JSON to it. The map reads past the ones that leave the structure clear (a bad number or
    /// escape, a trailing comma) and stops at the others.
    private(set) var invalidity: (position: Position, problem: String)?
    /// Every string value (not keys), in file order.
    public var strings: Strings { Strings(tree: tree) }

    public init(_ bytes: [UInt8]) {
        var scanner = Scanner(bytes: bytes)
        // Offsets are 32-bit to keep the tree small; no JSON file is 2 GB.
        if bytes.count < Int(Int32.max) {
            scanner.skipBOM()
            scanner.skipWhitespace()
            _ = scanner.nodes.add(parent: -1, offset: scanner.i)
            if scanner.value(node: 0, depth: 0) {
                scanner.skipWhitespace()
                if scanner.i < bytes.count { scanner.fail("unexpected text after the value") }
            }
        } else {
            _ = scanner.nodes.add(parent: -1, offset: 0)
            scanner.fail("the file is too large to read")
        }
        syntaxError = scanner.firstError
        invalidity = scanner.invalidity
        tree = Tree(bytes: bytes, start: scanner.start, nodes: scanner.nodes)
    }

    /// The position of the value at `path`, or nil when the text has none there.
    public func position(of path: String) -> Position? {
        let (node, complete) = tree.walk(path)
        return complete ? tree.position(of: node) : nil
    }

    /// The position of `path`, or of its nearest ancestor that the text has (the root at worst).
    public func nearestPosition(of path: String) -> Position {
        tree.position(of: tree.walk(path).node)
    }

    /// The members of the object at `path`, in file order, each key with its position; empty when there is no
    /// object there. For callers that would otherwise look up many keys of one object by path.
    public func members(at path: String) -> [(key: String, position: Position)] {
        let (node, complete) = tree.walk(path)
        guard complete, tree.kinds[node] == .object else { return [] }
        return tree.children(of: node).map { (tree.key(of: Int($0)), tree.position(of: Int($0))) }
    }

    /// Where `bytes` first opens an array or object deeper than `limit`, counting brackets outside strings and
    /// whatever the syntax around them; nil when it never does. One pass without recursion, so callers can check
    /// before handing the text to a recursive parser.
    public static func firstPosition<Bytes: Collection<UInt8>>(nestingDeeperThan limit: Int, in bytes: Bytes)
        -> Position?
    {
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
        var start = 0
        var nodes = Nodes()
        /// Children of the containers being read, innermost last.
        var open: [Int32] = []
        var firstError: Position?
        var invalidity: (position: Position, problem: String)?

        init(bytes: [UInt8]) { self.bytes = bytes }

        var position: Position { Position(line: line, column: i - lineStart + 1) }

        /// Not strict JSON here, and not JSON to Foundation either unless `lenient`.
        mutating func fail(_ problem: String, lenient: Bool = false, at offset: Int? = nil) {
            let at = offset.map { Position(line: line, column: $0 - lineStart + 1) } ?? position
            if firstError == nil { firstError = at }
            if !lenient, invalidity == nil { invalidity = (at, problem) }
        }

        mutating func skipBOM() {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                i = 3
                lineStart = 3
                start = 3
            }
        }

        mutating func skipWhitespace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x0A:
                    i += 1
                    line += 1
                    lineStart = i
                    nodes.lineStarts.append(Int32(truncatingIfNeeded: i))
                case 0x20, 0x09, 0x0D: i += 1
                default: return
                }
            }
        }

        /// Moves the children waiting on `open` since `first` to the container's run; no allocation per container.
        mutating func close(_ node: Int, from first: Int) {
            nodes.firstChild[node] = Int32(truncatingIfNeeded: nodes.children.count)
            nodes.children.append(Int32(truncatingIfNeeded: open.count - first))
            nodes.children += open[first...]
            open.removeSubrange(first...)
        }

        /// Reads one value; false when the text is malformed here or nests too deeply (the caller stops).
        mutating func value(node: Int, depth: Int) -> Bool {
            guard i < bytes.count else {
                fail("the file ends where a value is expected")
                return false
            }
            // The depth counts open containers, as Foundation's parser and the bracket pre-check do.
            if bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "["), depth >= ParserLimits.maximumNestingDepth
            {
                fail("nesting deeper than \(ParserLimits.maximumNestingDepth) levels")
                return false
            }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                nodes.kinds[node] = .object
                let first = open.count
                defer { close(node, from: first) }
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return true
                }
                while true {
                    skipWhitespace()
                    if i < bytes.count, bytes[i] == UInt8(ascii: "}"), open.count > first {
                        // A trailing comma: Foundation reads past it, strict parsers do not.
                        fail("a trailing comma", lenient: true)
                        i += 1
                        return true
                    }
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                        fail(i < bytes.count ? "expected a string key" : "the file ends inside an object")
                        return false
                    }
                    let keyOffset = i
                    guard string() else { return false }
                    let member = nodes.add(parent: node, offset: keyOffset)
                    open.append(Int32(truncatingIfNeeded: member))
                    skipWhitespace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                        fail(i < bytes.count ? "expected ':' after a key" : "the file ends inside an object")
                        return false
                    }
                    i += 1
                    skipWhitespace()
                    guard value(node: member, depth: depth + 1) else { return false }
                    skipWhitespace()
                    guard i < bytes.count else {
                        fail("the file ends inside an object")
                        return false
                    }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    if bytes[i] == UInt8(ascii: "}") {
                        i += 1
                        return true
                    }
                    fail("expected ',' or '}'")
                    return false
                }
            case UInt8(ascii: "["):
                nodes.kinds[node] = .array
                // The elements wait on `open` (after those of enclosing containers, before those of containers
                // inside) and move to `nodes.children` as one run when the array ends, however it ends.
                let first = open.count
                defer { close(node, from: first) }
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return true
                }
                while true {
                    skipWhitespace()
                    if i < bytes.count, bytes[i] == UInt8(ascii: "]"), open.count > first {
                        fail("a trailing comma", lenient: true)
                        i += 1
                        return true
                    }
                    let element = nodes.add(parent: node, offset: i)
                    open.append(Int32(truncatingIfNeeded: element))
                    guard value(node: element, depth: depth + 1) else { return false }
                    skipWhitespace()
                    guard i < bytes.count else {
                        fail("the file ends inside an array")
                        return false
                    }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    if bytes[i] == UInt8(ascii: "]") {
                        i += 1
                        return true
                    }
                    fail("expected ',' or ']'")
                    return false
                }
            case UInt8(ascii: "\""):
                nodes.kinds[node] = .string
                nodes.stringNodes.append(Int32(truncatingIfNeeded: node))
                return string()
            default:
                // Number, true, false, null: read to the next delimiter, as lenient readers do, then checked.
                let start = i
                while i < bytes.count, !Self.isDelimiter(bytes[i]) { i += 1 }
                guard i > start else {
                    fail("expected a value")
                    return false
                }
                let kind = Self.scalarKind(bytes[start..<i])
                nodes.kinds[node] = kind
                if kind == .invalid {
                    fail(
                        "'\(String(decoding: bytes[start..<min(i, start + 20)], as: UTF8.self))' is not a JSON value",
                        at: start)
                }
                return true
            }
        }

        static func isDelimiter(_ b: UInt8) -> Bool {
            b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") || b == 0x20 || b == 0x0A
                || b == 0x09 || b == 0x0D
        }

        /// A literal or an RFC 8259 number (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`) that a Double can
        /// hold, as Foundation requires; `invalid` otherwise.
        static func scalarKind(_ token: ArraySlice<UInt8>) -> Kind {
            if token.elementsEqual("true".utf8) { return .true }
            if token.elementsEqual("false".utf8) { return .false }
            if token.elementsEqual("null".utf8) { return .null }
            var i = token.startIndex
            func digits() -> Int {
                let s = i
                while i < token.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(token[i]) { i += 1 }
                return i - s
            }
            if i < token.endIndex, token[i] == UInt8(ascii: "-") { i += 1 }
            let intStart = i
            let intDigits = digits()
            guard intDigits > 0, intDigits == 1 || token[intStart] != UInt8(ascii: "0") else { return .invalid }
            var plain = true
            if i < token.endIndex, token[i] == UInt8(ascii: ".") {
                i += 1
                plain = false
                guard digits() > 0 else { return .invalid }
            }
            if i < token.endIndex, token[i] == UInt8(ascii: "e") || token[i] == UInt8(ascii: "E") {
                i += 1
                plain = false
                if i < token.endIndex, token[i] == UInt8(ascii: "+") || token[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { return .invalid }
            }
            guard i == token.endIndex else { return .invalid }
            // Foundation keeps long integers exactly but rejects what overflows a Double ("1e999").
            if !plain || token.count > 300, let d = Double(String(decoding: token, as: UTF8.self)), !d.isFinite {
                return .invalid
            }
            return .number
        }

        /// Reads the string literal at `i` (its opening quote) without decoding it; false at a raw newline or the
        /// end of the file (the caller stops). Escapes and control characters that Foundation rejects are reported
        /// and read past.
        mutating func string() -> Bool {
            i += 1
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    i += 1
                    return true
                }
                if b == 0x0A {
                    fail("a string is not closed on its line")
                    return false
                }
                if b < 0x20 { fail("a control character in a string is not escaped") }
                if b == UInt8(ascii: "\\"), i + 1 < bytes.count {
                    let e = bytes[i + 1]
                    let at = i
                    i += 2
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                        UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        break
                    case UInt8(ascii: "u"):
                        guard let code = Tree.hex4(bytes, at: i) else {
                            fail("an invalid \\u escape")
                            return false
                        }
                        i += 4
                        if (0xD800..<0xDC00).contains(code) {
                            if i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                                let low = Tree.hex4(bytes, at: i + 2), (0xDC00..<0xE000).contains(low)
                            {
                                i += 6
                            } else {
                                fail("a \\u escape of a lone surrogate", at: at)
                            }
                        } else if (0xDC00..<0xE000).contains(code) {
                            fail("a \\u escape of a lone surrogate", at: at)
                        }
                    default:
                        fail("an invalid escape sequence", at: at)
                    }
                    continue
                }
                i += 1
            }
            fail("the file ends inside a string")
            return false
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
