import Foundation

/// A token of the lexical pre-pass, as byte offsets into the file: nothing is copied until a declaration is
/// recognised. Offsets are 32-bit (Swift files over 2 GB are never read), so a token takes 12 bytes: the passes
/// over a file's tokens read far less memory.
enum SwiftToken: Equatable {
    case identifier(start: Int32, end: Int32)
    case keyword(Keyword)
    /// A plain one-line literal's content range; nil when interpolated or multi-line.
    case string(start: Int32, end: Int32)
    case otherString
    /// A number's text; `integerValue` reads it.
    case integer(start: Int32, end: Int32)
    case punct(UInt8)
    case newline

    /// `let`, `var`, `case`, `func`, the keywords that open a type, and `extension`.
    enum Keyword: Equatable {
        case `let`, `var`, `case`, `func`, type, `extension`
    }
}

/// The pre-pass's lexer: one linear scan over a Swift file's bytes that skips comments and string contents, and,
/// given the dispatcher's filter, marks the parts of the file a route may want (`InterestMap`).
struct SwiftLexer {
    typealias Token = SwiftToken
    typealias Keyword = SwiftToken.Keyword

    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    /// With a filter, the lexer also marks the parts of the file a visitor may want (`InterestMap`). Kept
    /// unwrapped, with a flag, so that asking it copies nothing.
    private let marking: Bool
    private let filter: InterestFilter
    private(set) var interest = InterestMap()

    init(bytes: UnsafeBufferPointer<UInt8>, interest filter: InterestFilter? = nil) {
        self.bytes = bytes
        self.marking = filter != nil
        self.filter = filter ?? InterestFilter()
    }

    /// Marks the name at `start..<end` when a route may want it.
    @inline(__always)
    private mutating func noteName(_ start: Int, _ end: Int) {
        guard marking, let role = filter.role(of: bytes, start, end) else { return }
        switch role {
        case .anywhere: break
        case .callee: guard InterestFilter.mayBeCallee(bytes, start, end) else { return }
        case .label: guard InterestFilter.mayBeLabel(bytes, end) else { return }
        case .assigned: guard InterestFilter.mayBeAssigned(bytes, end) else { return }
        }
        interest.add(start, end)
    }

    /// Marks bytes that are interesting whatever they hold: a literal, a comment, a name in backticks.
    @inline(__always)
    private mutating func note(_ start: Int, _ end: Int) {
        if marking { interest.add(start, end) }
    }

    /// Marks the literal that starts at `start` and ends at `i`, unless it is one plain line too short for any
    /// route (`InterestFilter.marksPlainLiteral`).
    @inline(__always)
    private mutating func noteString(_ string: Token, _ start: Int) {
        guard marking else { return }
        if case .string(let contentStart, let contentEnd) = string,
            !filter.marksPlainLiteral(bytes, Int(contentStart), Int(contentEnd))
        {
            return
        }
        interest.add(start, i)
    }

    /// Marks a routed operator that starts at `i`.
    private mutating func noteOperator() {
        guard marking, filter.mayStartOperator(bytes[i]) else { return }
        let n = bytes.count
        for op in filter.operators where i + op.count <= n && op.first == bytes[i] {
            var k = 1
            while k < op.count, bytes[i + k] == op[k] { k += 1 }
            if k == op.count {
                if filter.marksOperatorsBeforePlainLiterals
                    || !InterestFilter.plainLiteralFollows(bytes, i + op.count)
                {
                    interest.add(i, i + op.count)
                }
                return
            }
        }
    }

    /// `let`, `var`, `case`, and the keywords that open a type.
    private func keyword(_ start: Int, _ end: Int) -> Keyword? {
        func equals(_ word: StaticString) -> Bool {
            guard word.utf8CodeUnitCount == end - start else { return false }
            let w = word.utf8Start
            for k in 0..<(end - start) where bytes[start + k] != w[k] { return false }
            return true
        }
        switch end - start {
        case 3: return equals("let") ? .let : equals("var") ? .var : nil
        case 4: return equals("case") ? .case : equals("enum") ? .type : equals("func") ? .func : nil
        case 5: return equals("class") || equals("actor") ? .type : nil
        case 6: return equals("struct") ? .type : nil
        case 8: return equals("protocol") ? .type : nil
        case 9: return equals("extension") ? .extension : nil
        default: return nil
        }
    }

    mutating func next() -> Token? {
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            // The two commonest cases first, each in a loop over a local index: indentation, and names.
            if c == UInt8(ascii: " ") {
                var j = i + 1
                while j < n, bytes[j] == UInt8(ascii: " ") { j += 1 }
                i = j
                continue
            }
            if c < 0x80, Self.isIdentifierStart(c) {
                let start = i
                var j = i + 1
                while j < n, Self.isIdentifierByte(bytes[j]) { j += 1 }
                i = j
                noteName(start, j)
                if let keyword = keyword(start, j) { return .keyword(keyword) }
                return .identifier(start: Int32(start), end: Int32(j))
            }
            switch c {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                i += 1
            case UInt8(ascii: "\n"):
                i += 1
                return .newline
            case UInt8(ascii: "/"):
                let start = i
                if i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
                    // To the line's end with the C library: comments are a large part of many files.
                    let base = bytes.baseAddress!
                    if let end = memchr(base + i, Int32(UInt8(ascii: "\n")), n - i) {
                        i = UnsafePointer<UInt8>(end.assumingMemoryBound(to: UInt8.self)) - base
                    } else {
                        i = n
                    }
                    // A comment that opens its line is one to the parser too: no regular expression can be
                    // open there to make the `//` part of it.
                    if !InterestFilter.opensLine(bytes, start) { note(start, i) }
                } else if i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
                    skipBlockComment()
                    note(start, i)
                } else {
                    noteOperator()
                    i += 1
                    return .punct(c)
                }
            case UInt8(ascii: "\""):
                let start = i
                let string = readString(hashes: 0)
                noteString(string, start)
                return string
            case UInt8(ascii: "#"):
                // Raw string `#"…"#`, or `#if` / `#selector`: only the former is a literal.
                var k = i
                while k < n, bytes[k] == UInt8(ascii: "#") { k += 1 }
                guard k < n, bytes[k] == UInt8(ascii: "\"") else {
                    i = k
                    return .punct(c)
                }
                let start = i
                let hashes = k - i
                i = k
                let string = readString(hashes: hashes)
                noteString(string, start)
                return string
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                return readNumber()
            default:
                if Self.isIdentifierStart(c) {
                    let start = i
                    while i < n, Self.isIdentifierByte(bytes[i]) { i += 1 }
                    noteName(start, i)
                    if let keyword = keyword(start, i) { return .keyword(keyword) }
                    return .identifier(start: Int32(start), end: Int32(i))
                }
                if c == UInt8(ascii: "`") {
                    // `default` as an identifier
                    let start = i + 1
                    i += 1
                    while i < n, bytes[i] != UInt8(ascii: "`"), bytes[i] != UInt8(ascii: "\n") { i += 1 }
                    let end = min(i, n)
                    if i < n { i += 1 }
                    note(start - 1, i)
                    return .identifier(start: Int32(start), end: Int32(end))
                }
                noteOperator()
                i += 1
                return .punct(c)
            }
        }
        return nil
    }

    private mutating func readNumber() -> Token {
        let n = bytes.count
        let start = i
        while i < n,
            Self.isIdentifierByte(bytes[i])
                || bytes[i] == UInt8(ascii: ".") && i + 1 < n
                    && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i + 1])
        {
            i += 1
        }
        return .integer(start: Int32(start), end: Int32(i))
    }

    /// ASCII letters, `_` and `$` as bits of two words (bytes 0–63, 64–127): one test per byte, no table load.
    private static let startLow: UInt64 = 1 << 0x24
    private static let startHigh: UInt64 = 0x07FF_FFFE_87FF_FFFE
    /// The same with the digits.
    private static let byteLow: UInt64 = startLow | 0x03FF_0000_0000_0000

    @inline(__always)
    private static func isIdentifierStart(_ c: UInt8) -> Bool {
        c >= 0x80 || (c < 64 ? startLow >> UInt64(c) : startHigh >> UInt64(c - 64)) & 1 != 0
    }

    @inline(__always)
    private static func isIdentifierByte(_ c: UInt8) -> Bool {
        c >= 0x80 || (c < 64 ? byteLow >> UInt64(c) : startHigh >> UInt64(c - 64)) & 1 != 0
    }

    private mutating func skipBlockComment() {
        let n = bytes.count
        var level = 0
        while i < n {
            if bytes[i] == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
                level += 1
                i += 2
            } else if bytes[i] == UInt8(ascii: "*"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
                level -= 1
                i += 2
                if level == 0 { return }
            } else {
                i += 1
            }
        }
    }

    /// Reads a string literal whose opening quote is at `i` (after `hashes` `#`s); always moves past it.
    private mutating func readString(hashes: Int) -> Token {
        let n = bytes.count
        let multiline = i + 2 < n && bytes[i + 1] == UInt8(ascii: "\"") && bytes[i + 2] == UInt8(ascii: "\"")
        i += multiline ? 3 : 1
        let start = i
        var plain = !multiline
        while i < n {
            let c = bytes[i]
            if c == UInt8(ascii: "\\"), hashesFollow(from: i + 1, count: hashes) {
                let after = i + 1 + hashes
                if after < n, bytes[after] == UInt8(ascii: "(") {
                    plain = false
                    i = after + 1
                    skipInterpolation()
                    continue
                }
                i = after + 1
                continue
            }
            if c == UInt8(ascii: "\n"), !multiline { return .otherString }  // unterminated: give up on this line
            if c == UInt8(ascii: "\"") {
                if multiline {
                    if i + 2 < n, bytes[i + 1] == UInt8(ascii: "\""), bytes[i + 2] == UInt8(ascii: "\""),
                        hashesFollow(from: i + 3, count: hashes)
                    {
                        i += 3 + hashes
                        return .otherString
                    }
                } else if hashesFollow(from: i + 1, count: hashes) {
                    let end = i
                    i += 1 + hashes
                    return plain ? .string(start: Int32(start), end: Int32(end)) : .otherString
                }
            }
            i += 1
        }
        return .otherString
    }

    private func hashesFollow(from index: Int, count: Int) -> Bool {
        guard count > 0 else { return true }
        guard index + count <= bytes.count else { return false }
        for k in index..<(index + count) where bytes[k] != UInt8(ascii: "#") { return false }
        return true
    }

    /// Skips to the `)` that closes an interpolation, through nested parentheses and strings.
    private mutating func skipInterpolation() {
        let n = bytes.count
        var level = 1
        while i < n, level > 0 {
            let c = bytes[i]
            if c == UInt8(ascii: "(") {
                level += 1
            } else if c == UInt8(ascii: ")") {
                level -= 1
            } else if c == UInt8(ascii: "\"") {
                _ = readString(hashes: 0)
                continue
            } else if c == UInt8(ascii: "\n") {
                return
            }
            i += 1
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The byte at a token's 32-bit offset.
    subscript(_ offset: Int32) -> UInt8 { self[Int(offset)] }
}
