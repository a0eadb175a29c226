/// Where each value of a JSON text is written, by the JSON path that ``AssociationFile/validate(_:)`` uses in
/// its issues, so a problem found in the parsed file can be shown at its line.
///
/// Object members are located at their key (where a reader looks), array elements at their first character.
/// The scan is tolerant: on malformed JSON it keeps what it read before the error.
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
        public let path: String
        public let value: String
        public let position: Position
    }

    private var positions: [String: Position] = [:]
    /// Where the text stops being strict JSON (RFC 8259), or nil when it is: a trailing comma, a comment or a
    /// single-quoted string that lenient parsers accept and others reject.
    public private(set) var syntaxError: Position?
    /// Every string value (not keys), in file order.
    public private(set) var strings: [StringValue] = []

    public init(_ bytes: [UInt8]) {
        var scanner = Scanner(bytes: bytes)
        scanner.skipBOM()
        scanner.skipWhitespace()
        positions[""] = scanner.position
        if scanner.value(path: "", depth: 0, into: &self) {
            scanner.skipWhitespace()
            if scanner.i < bytes.count { syntaxError = scanner.position }
        } else {
            syntaxError = scanner.position
        }
    }

    /// The position of the value at `path`, or nil when the text has none there.
    public func position(of path: String) -> Position? { positions[path] }

    /// The position of `path`, or of its nearest ancestor that the text has (the root at worst).
    public func nearestPosition(of path: String) -> Position {
        var current = path
        while true {
            if let found = positions[current] { return found }
            guard let cut = JSONPath.parentEnd(of: current) else { return positions[""] ?? Position(line: 1, column: 1) }
            current = String(current[..<cut])
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0
        var line = 1
        var lineStart = 0

        var position: Position { Position(line: line, column: i - lineStart + 1) }

        mutating func skipBOM() {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3; lineStart = 3 }
        }

        mutating func skipWhitespace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x0A: i += 1; line += 1; lineStart = i
                case 0x20, 0x09, 0x0D: i += 1
                default: return
                }
            }
        }

        /// Reads one value; false when the text is malformed here (the caller stops).
        mutating func value(path: String, depth: Int, into map: inout JSONSourceMap) -> Bool {
            guard depth < 256, i < bytes.count else { return false }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return true }
                while true {
                    skipWhitespace()
                    let at = position
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let key = string() else { return false }
                    let memberPath = JSONPath.member(path, key)
                    map.positions[memberPath] = at
                    skipWhitespace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return false }
                    i += 1
                    skipWhitespace()
                    guard value(path: memberPath, depth: depth + 1, into: &map) else { return false }
                    skipWhitespace()
                    guard i < bytes.count else { return false }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return true }
                    return false
                }
            case UInt8(ascii: "["):
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return true }
                var index = 0
                while true {
                    skipWhitespace()
                    let elementPath = "\(path)[\(index)]"
                    map.positions[elementPath] = position
                    guard value(path: elementPath, depth: depth + 1, into: &map) else { return false }
                    index += 1
                    skipWhitespace()
                    guard i < bytes.count else { return false }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return true }
                    return false
                }
            case UInt8(ascii: "\""):
                let at = position
                guard let s = string() else { return false }
                map.strings.append(StringValue(path: path, value: s, position: at))
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
                if b == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
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
                              let code = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else { return nil }
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
        let isIdentifier = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            && !(key.first?.isNumber ?? true)
        if isIdentifier { return base.isEmpty ? key : base + "." + key }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return base + "[\"" + escaped + "\"]"
    }

    /// Where the parent of `path` ends (before its last `.key` or `[…]`), or nil for the root.
    static func parentEnd(of path: String) -> String.Index? {
        guard !path.isEmpty else { return nil }
        if path.hasSuffix("]") {
            // `…["a]b"]` or `…[3]`: find the bracket that opens the last segment, outside quotes.
            var inQuotes = false
            var index = path.index(before: path.endIndex)
            while index > path.startIndex {
                index = path.index(before: index)
                let ch = path[index]
                if ch == "\"" && (index == path.startIndex || path[path.index(before: index)] != "\\") { inQuotes.toggle() }
                if ch == "[" && !inQuotes { return index }
            }
            return path.startIndex
        }
        return path.lastIndex(of: ".") ?? path.startIndex
    }
}
