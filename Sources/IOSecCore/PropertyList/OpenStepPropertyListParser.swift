import Foundation

/// Parser for old-style (OpenStep / NeXT) property lists as written in `project.pbxproj`:
/// `{ key = value; }`, `( a, b, )`, quoted strings with escapes, unquoted words, `<hex data>`,
/// `/* block */` and `// line` comments. All scalars are strings, as in the format itself.
struct OpenStepPropertyListParser {
    static let maxDepth = ParserLimits.maximumNestingDepth
    private var s: ByteScanner
    /// Which of the root's `objects` to parse, by their `isa`; the others are skipped over, checked only for
    /// balance and nesting. A project file is mostly build files and file references, which no reader here asks
    /// for, and building their values costs most of its parse.
    private let keep: ((String) -> Bool)?

    init(_ bytes: UnsafeBufferPointer<UInt8>, keepingObjects keep: ((String) -> Bool)? = nil) {
        s = ByteScanner(bytes)
        self.keep = keep
    }

    mutating func parseDocument() throws(PropertyListError) -> (PropertyListValue, Int) {
        if s.hasPrefix("\u{FEFF}") { s.advance(by: 3) }
        try skipTrivia()
        guard !s.isAtEnd else { throw PropertyListError(.empty, line: s.line) }
        let line = s.line
        let root = try parseValue(depth: 0)
        try skipTrivia()
        guard s.isAtEnd else { throw error("unexpected content after the root value") }
        return (root, line)
    }

    /// `objects`: this is the root's `objects` dictionary, whose values `keep` may skip.
    private mutating func parseValue(depth: Int, objects: Bool = false) throws(PropertyListError) -> PropertyListValue {
        guard let c = s.current else { throw error("unexpected end of file, expected a value") }
        // The depth counts open containers: the recursion is one level per `{` or `(`.
        if c == UInt8(ascii: "{") || c == UInt8(ascii: "("), depth >= Self.maxDepth {
            throw PropertyListError(.nestingTooDeep(limit: Self.maxDepth), line: s.line, column: s.column)
        }
        switch c {
        case UInt8(ascii: "{"):
            s.advance()
            var dict = PropertyListDictionary()
            while true {
                try skipTrivia()
                if s.current == UInt8(ascii: "}") {
                    s.advance()
                    return .dictionary(dict)
                }
                guard !s.isAtEnd else { throw error("unexpected end of file inside a dictionary, expected '}'") }
                let keyLine = s.line
                guard case .string(let key) = try parseScalar() else { throw error("expected a key") }
                try skipTrivia()
                try expect(UInt8(ascii: "="), "expected '=' after key \"\(key)\"")
                try skipTrivia()
                let valueLine = s.line
                if objects, let keep, let isa = peekISA(), !keep(isa) {
                    try skipContainer(depth: depth + 1)
                    try skipTrivia()
                    try expect(UInt8(ascii: ";"), "expected ';' after the value of \"\(key)\"")
                    continue
                }
                let value = try parseValue(depth: depth + 1, objects: keep != nil && depth == 0 && key == "objects")
                try skipTrivia()
                try expect(UInt8(ascii: ";"), "expected ';' after the value of \"\(key)\"")
                dict.append(.init(key: key, value: value, keyLine: keyLine, valueLine: valueLine))
            }
        case UInt8(ascii: "("):
            s.advance()
            var elements: [PropertyListArray.Element] = []
            while true {
                try skipTrivia()
                if s.current == UInt8(ascii: ")") {
                    s.advance()
                    return .array(PropertyListArray(elements))
                }
                guard !s.isAtEnd else { throw error("unexpected end of file inside an array, expected ')'") }
                let line = s.line
                elements.append(.init(value: try parseValue(depth: depth + 1), line: line))
                try skipTrivia()
                if s.current == UInt8(ascii: ",") {
                    s.advance()
                } else if s.current != UInt8(ascii: ")") {
                    throw error("expected ',' or ')' in an array")
                }
            }
        case UInt8(ascii: "<"):
            return try parseData()
        default:
            return try parseScalar()
        }
    }

    /// The `isa` of the dictionary that starts here, when it is its first key (as Xcode writes it); the scanner is
    /// left where it was.
    private mutating func peekISA() -> String? {
        guard s.current == UInt8(ascii: "{") else { return nil }
        let start = s
        defer { s = start }
        s.advance()
        guard (try? skipTrivia()) != nil, case .string("isa")? = try? parseScalar(), (try? skipTrivia()) != nil,
            s.current == UInt8(ascii: "=")
        else { return nil }
        s.advance()
        guard (try? skipTrivia()) != nil, case .string(let isa)? = try? parseScalar() else { return nil }
        return isa
    }

    /// Moves past the dictionary or array that starts here, through quoted strings and comments, building
    /// nothing. `depth` is the container's own, as `parseValue` counts it.
    private mutating func skipContainer(depth: Int) throws(PropertyListError) {
        var level = 0
        repeat {
            guard let c = s.current else {
                throw error("unexpected end of file inside a dictionary, expected '}'")
            }
            switch c {
            case UInt8(ascii: "{"), UInt8(ascii: "("):
                guard depth + level < Self.maxDepth else {
                    throw PropertyListError(.nestingTooDeep(limit: Self.maxDepth), line: s.line, column: s.column)
                }
                level += 1
                s.advance()
            case UInt8(ascii: "}"), UInt8(ascii: ")"):
                level -= 1
                s.advance()
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                try skipQuoted(c)
            case UInt8(ascii: "/"):
                if s.hasPrefix("/*") || s.hasPrefix("//") { try skipTrivia() } else { s.advance() }
            default:
                s.advance()
            }
        } while level > 0
    }

    private mutating func skipQuoted(_ quote: UInt8) throws(PropertyListError) {
        let line = s.line, column = s.column
        s.advance()
        while let c = s.current, c != quote {
            s.advance()
            if c == UInt8(ascii: "\\") { s.advance() }
        }
        guard !s.isAtEnd else {
            throw PropertyListError(.malformedOpenStep("unterminated quoted string"), line: line, column: column)
        }
        s.advance()
    }

    private mutating func parseScalar() throws(PropertyListError) -> PropertyListValue {
        guard let c = s.current else { throw error("unexpected end of file") }
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { return .string(try parseQuoted(c)) }
        let start = s.index
        while let b = s.current, Self.isUnquotedByte(b) { s.advance() }
        guard s.index > start else { throw error("unexpected character '\(Character(Unicode.Scalar(c)))'") }
        return .string(String(decoding: UnsafeBufferPointer(rebasing: s.bytes[start..<s.index]), as: UTF8.self))
    }

    private mutating func parseQuoted(_ quote: UInt8) throws(PropertyListError) -> String {
        let line = s.line, column = s.column
        s.advance()
        var out: [UInt8] = []
        while true {
            let runStart = s.index
            while let c = s.current, c != quote, c != UInt8(ascii: "\\") { s.advance() }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: s.bytes[runStart..<s.index]))
            guard let c = s.current else {
                throw PropertyListError(.malformedOpenStep("unterminated quoted string"), line: line, column: column)
            }
            s.advance()
            if c == quote { return String(decoding: out, as: UTF8.self) }
            guard let e = s.current else { continue }
            s.advance()
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var v: UInt32 = 0
                var digits = 0
                while digits < 4, let h = s.current, let d = Self.hexValue(h) {
                    v = v * 16 + UInt32(d)
                    digits += 1
                    s.advance()
                }
                if digits == 0 {
                    out.append(e)
                    break
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(v) ?? "\u{FFFD}")).utf8))
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var v = UInt32(e - 48)
                var digits = 1
                while digits < 3, let o = s.current, o >= 48, o <= 55 {
                    v = v * 8 + UInt32(o - 48)
                    digits += 1
                    s.advance()
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(v) ?? "\u{FFFD}")).utf8))
            default:
                out.append(e)  // \" \\ \' and unknown escapes keep the character
            }
        }
    }

    private mutating func parseData() throws(PropertyListError) -> PropertyListValue {
        let line = s.line, column = s.column
        s.advance()  // <
        var bytes: [UInt8] = []
        var high: UInt8?
        while let c = s.current {
            s.advance()
            if c == UInt8(ascii: ">") {
                guard high == nil else { break }
                return .data(Data(bytes))
            }
            if ByteScanner.isWhitespace(c) { continue }
            guard let v = Self.hexValue(c) else { break }
            if let h = high {
                bytes.append(h << 4 | v)
                high = nil
            } else {
                high = v
            }
        }
        throw PropertyListError(.malformedOpenStep("malformed <hex data>"), line: line, column: column)
    }

    private mutating func skipTrivia() throws(PropertyListError) {
        while true {
            s.skipWhitespace()
            guard s.current == UInt8(ascii: "/") else { return }
            if s.hasPrefix("/*") {
                let (l, c) = (s.line, s.column)
                guard s.skip(past: "*/") else {
                    throw PropertyListError(.malformedOpenStep("unterminated /* comment"), line: l, column: c)
                }
            } else if s.hasPrefix("//") {
                while let c = s.current, c != 0x0A { s.advance() }
            } else {
                return
            }
        }
    }

    // The message is built only on failure: it names the key, and a project file has tens of thousands of keys.
    private mutating func expect(_ c: UInt8, _ message: @autoclosure () -> String) throws(PropertyListError) {
        guard s.current == c else { throw error(message()) }
        s.advance()
    }

    private func error(_ message: String) -> PropertyListError {
        PropertyListError(.malformedOpenStep(message), line: s.line, column: s.column)
    }

    /// Characters allowed in unquoted strings (NeXT plist rules plus what Xcode writes unquoted).
    private static func isUnquotedByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c >= 0x80
            || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c == UInt8(ascii: "+") || c == UInt8(ascii: "/")
            || c == UInt8(ascii: ":") || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }
}
