/// One token of C-family source (Objective-C, Objective-C++, C), with its exact position.
struct ObjCToken: Sendable {
    enum Kind: UInt8, Sendable {
        /// `foo`, `NSUserDefaults`, `self`, `return`: identifiers and keywords alike.
        case identifier
        /// `@property`, `@YES`, `@selector`: an `@` directive or boxed constant, text includes the `@`.
        case directive
        /// `"…"`, a C string.
        case string
        /// `@"…"`, an Objective-C string object.
        case objcString
        /// `'a'`
        case character
        case number
        /// Operators and punctuation: `[`, `]`, `(`, `:`, `=`, `==`, `->`, `@` before `[`/`{`/`(`.
        case punctuation
    }

    let kind: Kind
    /// Inside `#if DEBUG` / `#ifdef DEBUG` (compiled only into debug builds).
    let isDebugOnly: Bool
    // Stored in 32 bits (the lexer reads no file of 2 GB or more): 20 bytes a token rather than 48. Rules go through
    // a file's tokens many times, and a megabyte of source has some 200,000 of them.
    private let start32: Int32
    private let end32: Int32
    private let line32: Int32
    private let column32: Int32

    /// UTF-8 byte range in the file.
    var start: Int { Int(start32) }
    var end: Int { Int(end32) }
    /// 1-based line and UTF-8 column.
    var line: Int { Int(line32) }
    var column: Int { Int(column32) }

    init(kind: Kind, start: Int, end: Int, line: Int, column: Int, isDebugOnly: Bool) {
        self.kind = kind
        self.isDebugOnly = isDebugOnly
        start32 = Int32(truncatingIfNeeded: start)
        end32 = Int32(truncatingIfNeeded: end)
        line32 = Int32(truncatingIfNeeded: line)
        column32 = Int32(truncatingIfNeeded: column)
    }
}

/// A function-like `#define NAME(…) body`, with whether only debug builds compile it (`#ifdef DEBUG`).
struct ObjCFunctionMacro: Sendable {
    let name: String
    let body: [ObjCToken]
    let line: Int
    let isDebugOnly: Bool
}

/// A `#define NAME value` line.
/// Lines compiled only when a macro whose value the file cannot know is true (`#if FEATURE_X`, `#ifdef SELFTEST`):
/// the branch taken when it is, up to its `#elif`, `#else` or `#endif`.
struct ObjCMacroRegion: Sendable, Equatable {
    let macro: String
    let lines: ClosedRange<Int>
}

struct ObjCDefine: Sendable {
    let name: String
    /// The replacement's tokens, lexed like code (empty for a flag such as `#define USE_PINNING`).
    let value: [ObjCToken]
    let line: Int
    let column: Int
}

/// The lexer: comments and `#if 0` regions never reach the tokens, `#if DEBUG` regions are marked, `#define`s are
/// kept. It never fails: unknown bytes are skipped, an unterminated literal or comment ends at the end of its line
/// or of the file, and every step moves forward, so malformed input cannot crash or hang it.
struct ObjCLexer {
    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0
    private var atLineStart = true
    /// One entry per open `#if`: whether its current branch is live, and whether it is debug-only.
    private var conditions: [Condition] = []
    private(set) var tokens: [ObjCToken] = []
    private(set) var defines: [ObjCDefine] = []
    private(set) var functionMacros: [ObjCFunctionMacro] = []
    private(set) var macroRegions: [ObjCMacroRegion] = []

    private struct Condition {
        var live: Bool
        var debug: Bool
        let parentLive: Bool
        let parentDebug: Bool
        /// A branch was known true: later `#elif`/`#else` branches are dead.
        var taken: Bool
        /// `#ifndef DEBUG … #else`: the else branch is the debug one.
        let elseIsDebug: Bool
        /// The macro the first branch needs true, and the line it starts on, while that branch is open.
        var macro: (name: String, line: Int)? = nil
    }

    static func lex(_ bytes: [UInt8]) -> (tokens: [ObjCToken], defines: [ObjCDefine], macroRegions: [ObjCMacroRegion]) {
        // Token offsets are 32-bit; no scan reads a file this large (the size limit is far below).
        guard bytes.count < Int32.max else { return ([], [], []) }
        var lexer = ObjCLexer(bytes: bytes)
        lexer.run()
        return (lexer.tokens, lexer.defines, lexer.macroRegions)
    }

    /// The function-like macros `bytes` defines in its live branches.
    static func functionMacros(in bytes: [UInt8]) -> [ObjCFunctionMacro] {
        guard bytes.count < Int32.max else { return [] }
        var lexer = ObjCLexer(bytes: bytes)
        lexer.run()
        return lexer.functionMacros
    }

    /// Ends the first branch of the condition on top, when it needed a macro: its lines are a region.
    private mutating func closeMacroBranch() {
        guard let top = conditions.last, let macro = top.macro else { return }
        if line > macro.line { macroRegions.append(ObjCMacroRegion(macro: macro.name, lines: macro.line...line)) }
        conditions[conditions.count - 1].macro = nil
    }

    /// The macro a condition needs true, when it is a project's own flag the file cannot evaluate: `FEATURE_X`,
    /// `defined(FEATURE_X)`, one side of `&&`. Compiler, SDK and build-system macros (`TARGET_OS_IOS`, `__APPLE__`,
    /// `DEBUG`) are not; nor is anything under `||`.
    static func requiredMacro(_ directive: String, _ condition: String) -> String? {
        var text = condition
        if let comment = text.range(of: "//") { text = String(text[..<comment.lowerBound]) }
        if let comment = text.range(of: "/*") { text = String(text[..<comment.lowerBound]) }
        let compact = text.filter { !$0.isWhitespace }
        guard directive != "ifndef", !compact.contains("||") else { return nil }
        for part in compact.components(separatedBy: "&&") {
            var name = Substring(part)
            if name.hasPrefix("defined(") && name.hasSuffix(")") {
                name = name.dropFirst("defined(".count).dropLast()
            } else if name.hasPrefix("defined") {
                name = name.dropFirst("defined".count)
            } else if name.hasSuffix("==1") {
                name = name.dropLast(3)
            }
            let macro = String(name)
            guard let first = macro.utf8.first, isIdentStart(first), macro.utf8.allSatisfy(isIdent),
                !platformMacroPrefixes.contains(where: macro.hasPrefix), !platformMacros.contains(macro)
            else { continue }
            return macro
        }
        return nil
    }

    /// Macros the compiler, the SDKs or the build system set: code under them is not judged by the project's text.
    static let platformMacroPrefixes = [
        "_", "TARGET_", "NS_", "OBJC_", "CF_", "SWIFT_", "MAC_OS_", "IPHONE_OS_", "UIKIT_", "OS_", "COCOAPODS", "DEBUG",
        "NDEBUG", "RELEASE", "TESTING", "HAVE_", "USE_", "ENABLE_"
    ]
    static let platformMacros: Set<String> = ["TEST", "TESTS", "SIMULATOR", "APPSTORE", "BETA", "PRODUCTION"]

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        tokens.reserveCapacity(bytes.count / 5)
    }

    private var isLive: Bool { conditions.last?.live ?? true }
    private var isDebug: Bool { conditions.last?.debug ?? false }

    private mutating func run() {
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x0A {
                newline()
                continue
            }
            if b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0C || b == 0x0B {
                i += 1
                continue
            }
            if b == UInt8(ascii: "\\"), i + 1 < n, bytes[i + 1] == 0x0A {
                i += 1
                newline()
                continue
            }
            if b == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
                skipLineComment()
                continue
            }
            if b == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
                skipBlockComment()
                continue
            }
            if atLineStart && b == UInt8(ascii: "#") {
                directive()
                continue
            }
            atLineStart = false
            if !isLive {
                // Dead code (`#if 0`): still skip literals, so a `"#endif"` or `/*` in a string is not misread.
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { i = quoted(from: i, quote: b) } else { i += 1 }
                continue
            }
            tokens.append(lexToken())
        }
    }

    private mutating func newline() {
        i += 1
        line += 1
        lineStart = i
        atLineStart = true
    }

    private mutating func skipLineComment() {
        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
    }

    private mutating func skipBlockComment() {
        i += 2
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "*"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                i += 2
                return
            }
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
    }

    /// Lexes the token at `i` (which is not blank, not a comment).
    private mutating func lexToken() -> ObjCToken {
        let n = bytes.count
        let start = i
        let column = start - lineStart + 1
        let b = bytes[i]
        func make(_ kind: ObjCToken.Kind, _ line: Int) -> ObjCToken {
            ObjCToken(kind: kind, start: start, end: i, line: line, column: column, isDebugOnly: isDebug)
        }
        let startLine = line
        if Self.isIdentStart(b) {
            while i < n, Self.isIdent(bytes[i]) { i += 1 }
            // `L"…"`, `u8"…"`, `@"…"` prefixes are rare enough in security code to lex as identifier + string.
            return make(.identifier, startLine)
        }
        if b >= 0x30 && b <= 0x39
            || (b == UInt8(ascii: ".") && i + 1 < n && bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39)
        {
            i += 1
            while i < n {
                let c = bytes[i]
                if Self.isIdent(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "'") {
                    i += 1
                    continue
                }
                // Exponent signs: `1e-5`, `0x1p+3`.
                if c == UInt8(ascii: "-") || c == UInt8(ascii: "+"), let p = bytes[safe: i - 1],
                    p | 0x20 == UInt8(ascii: "e") || p | 0x20 == UInt8(ascii: "p")
                {
                    i += 1
                    continue
                }
                break
            }
            return make(.number, startLine)
        }
        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
            i = quoted(from: i, quote: b)
            return make(b == UInt8(ascii: "\"") ? .string : .character, startLine)
        }
        if b == UInt8(ascii: "@") {
            if i + 1 < n, bytes[i + 1] == UInt8(ascii: "\"") {
                i = quoted(from: i + 1, quote: UInt8(ascii: "\""))
                return make(.objcString, startLine)
            }
            if i + 1 < n, Self.isIdentStart(bytes[i + 1]) {
                i += 1
                while i < n, Self.isIdent(bytes[i]) { i += 1 }
                return make(.directive, startLine)
            }
            i += 1
            return make(.punctuation, startLine)
        }
        if i + 1 < n, Self.isTwoCharOperator(b, bytes[i + 1]) {
            i += 2
        } else {
            i += 1
        }
        return make(.punctuation, startLine)
    }

    /// The index after a literal opened by `quote` at `from`. Ends at the closing quote, or before the line break
    /// of an unterminated literal (the main loop counts that line).
    private mutating func quoted(from: Int, quote: UInt8) -> Int {
        var j = from + 1
        while j < bytes.count {
            let c = bytes[j]
            if c == quote { return j + 1 }
            if c == 0x0A { return j }
            if c == UInt8(ascii: "\\"), j + 1 < bytes.count {
                if bytes[j + 1] == 0x0A {
                    line += 1
                    lineStart = j + 2
                }
                j += 2
                continue
            }
            j += 1
        }
        return j
    }

    // MARK: Preprocessor

    /// A preprocessor line: conditions are tracked, `#define`s kept, everything else skipped.
    private mutating func directive() {
        let lineEnd = logicalLineEnd(from: i)
        var j = i + 1
        while j < lineEnd, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
        let nameStart = j
        while j < lineEnd, Self.isIdent(bytes[j]) { j += 1 }
        let name = String(decoding: bytes[nameStart..<j], as: UTF8.self)
        let rest = String(decoding: bytes[j..<lineEnd], as: UTF8.self)
        switch name {
        case "if", "ifdef", "ifndef":
            let (value, debug, negatedDebug) = Self.evaluate(name, rest)
            var condition = Condition(
                live: isLive && value != false, debug: isDebug || (debug && value != false), parentLive: isLive,
                parentDebug: isDebug, taken: value == true, elseIsDebug: negatedDebug)
            if value == nil, !debug, condition.live, let macro = Self.requiredMacro(name, rest) {
                condition.macro = (macro, line)
            }
            conditions.append(condition)
        case "elif":
            closeMacroBranch()
            if var top = conditions.popLast() {
                let (value, debug, _) = Self.evaluate("if", rest)
                top.live = top.parentLive && !top.taken && value != false
                top.debug = top.parentDebug || (debug && value != false)
                top.taken = top.taken || value == true
                conditions.append(top)
            }
        case "else":
            closeMacroBranch()
            if var top = conditions.popLast() {
                // `#if DEBUG … #else` → the else branch is release-only, not debug.
                top.live = top.parentLive && !top.taken
                top.debug = top.parentDebug || top.elseIsDebug
                conditions.append(top)
            }
        case "endif":
            closeMacroBranch()
            _ = conditions.popLast()
        case "define" where isLive:
            define(from: j, to: lineEnd)
        default:
            break
        }
        // Skip to the end of the logical line, counting continuation lines.
        while i < lineEnd {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
    }

    /// The end of a preprocessor line: the first line break not escaped by a backslash, and not inside a block
    /// comment that started on the line.
    private func logicalLineEnd(from start: Int) -> Int {
        var j = start
        while j < bytes.count {
            if bytes[j] == 0x0A, j == 0 || bytes[j - 1] != UInt8(ascii: "\\") { return j }
            if bytes[j] == UInt8(ascii: "/"), j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "/") {
                while j < bytes.count, bytes[j] != 0x0A { j += 1 }
                return j
            }
            j += 1
        }
        return j
    }

    /// `#define NAME value`: the value is lexed with the same rules, on its own.
    private mutating func define(from start: Int, to end: Int) {
        var j = start
        while j < end, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
        let nameStart = j
        while j < end, Self.isIdent(bytes[j]) { j += 1 }
        guard j > nameStart else { return }
        let name = String(decoding: bytes[nameStart..<j], as: UTF8.self)
        let column = nameStart - lineStart + 1
        // Function-like macros (`#define LOG(x) …`) are not constants: kept apart, their body after the parameters.
        let isFunctionLike = j < end && bytes[j] == UInt8(ascii: "(")
        if isFunctionLike {
            while j < end, bytes[j] != UInt8(ascii: ")") { j += 1 }
            j = min(j + 1, end)
        }
        var sub = ObjCLexer(bytes: bytes)
        sub.i = j
        sub.line = line
        sub.lineStart = lineStart
        sub.atLineStart = false
        var value: [ObjCToken] = []
        while sub.i < end {
            let c = sub.bytes[sub.i]
            if c == 0x20 || c == 0x09 || c == 0x0D {
                sub.i += 1
                continue
            }
            if c == 0x0A || c == UInt8(ascii: "\\") {
                if c == 0x0A {
                    sub.line += 1
                    sub.lineStart = sub.i + 1
                }
                sub.i += 1
                continue
            }
            if c == UInt8(ascii: "/"), sub.i + 1 < end, sub.bytes[sub.i + 1] == UInt8(ascii: "*") {
                sub.skipBlockComment()
                continue
            }
            // `#define kToken @"…" // production`: a line comment ends the value (a `//` inside a string literal is
            // part of that literal's token, never seen here).
            if c == UInt8(ascii: "/"), sub.i + 1 < end, sub.bytes[sub.i + 1] == UInt8(ascii: "/") { break }
            value.append(sub.lexToken())
        }
        if isFunctionLike {
            functionMacros.append(ObjCFunctionMacro(name: name, body: value, line: line, isDebugOnly: isDebug))
        } else {
            defines.append(ObjCDefine(name: name, value: value, line: line, column: column))
        }
    }

    /// The value of an `#if`-family condition as far as it can be known (`0`, `1`, `DEBUG`), and whether it is a
    /// debug-build condition, or its negation (`#ifndef DEBUG`, `#if !DEBUG`). nil: unknown, both branches stay live.
    static func evaluate(_ directive: String, _ condition: String) -> (Bool?, debug: Bool, negatedDebug: Bool) {
        var text = condition
        if let comment = text.range(of: "//") { text = String(text[..<comment.lowerBound]) }
        if let comment = text.range(of: "/*") { text = String(text[..<comment.lowerBound]) }
        let compact = text.filter { !$0.isWhitespace }
        switch directive {
        case "ifdef":
            if otherPlatformMacros.contains(compact) { return (false, debug: false, negatedDebug: false) }
            return (nil, debug: compact == "DEBUG" || compact == "_DEBUG", negatedDebug: false)
        case "ifndef":
            if otherPlatformMacros.contains(compact) { return (true, debug: false, negatedDebug: false) }
            return (nil, debug: false, negatedDebug: compact == "DEBUG" || compact == "_DEBUG")
        default:
            if compact == "0" || compact == "false" { return (false, debug: false, negatedDebug: false) }
            if let platform = otherPlatformCondition(compact) { return (platform, debug: false, negatedDebug: false) }
            if compact == "1" || compact == "true" { return (true, debug: false, negatedDebug: false) }
            let debugForms: Set<String> = [
                "DEBUG", "defined(DEBUG)", "DEBUG==1", "DEBUG>0", "defined(DEBUG)&&DEBUG", "_DEBUG", "defined(_DEBUG)"
            ]
            let negated: Set<String> = ["!DEBUG", "!defined(DEBUG)", "DEBUG==0"]
            return (nil, debug: debugForms.contains(compact), negatedDebug: negated.contains(compact))
        }
    }

    /// Macros the compiler defines only for other platforms: code under them is never built for Apple's.
    static let otherPlatformMacros: Set<String> = [
        "__linux__", "__linux", "linux", "__gnu_linux__", "_WIN32", "_WIN64", "WIN32", "_MSC_VER", "__MINGW32__",
        "__MINGW64__", "__CYGWIN__", "__ANDROID__", "__FreeBSD__", "__OpenBSD__", "__NetBSD__", "__EMSCRIPTEN__"
    ]

    /// `defined(__linux__)`, `defined(_WIN32) || defined(__ANDROID__)`: false on Apple platforms; `!defined(_WIN32)`:
    /// true. nil when any part is something else.
    static func otherPlatformCondition(_ compact: String) -> Bool? {
        func macro(_ part: Substring) -> String? {
            var part = part
            if part.hasPrefix("defined(") && part.hasSuffix(")") {
                part = part.dropFirst("defined(".count).dropLast()
            } else if part.hasPrefix("defined") {
                part = part.dropFirst("defined".count)
            }
            let name = String(part)
            return otherPlatformMacros.contains(name) ? name : nil
        }
        if compact.hasPrefix("!"), !compact.contains("||"), !compact.contains("&&") {
            return macro(compact.dropFirst()) != nil ? true : nil
        }
        let parts = compact.components(separatedBy: "||")
        return parts.allSatisfy { macro(Substring($0)) != nil } ? false : nil
    }

    static func isIdentStart(_ b: UInt8) -> Bool {
        b == 0x5F || b == 0x24 || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b >= 0x80
    }
    static func isIdent(_ b: UInt8) -> Bool { isIdentStart(b) || (b >= 0x30 && b <= 0x39) }

    private static let twoCharOperators: Set<UInt16> = {
        let ops = [
            "==", "!=", "<=", ">=", "&&", "||", "->", "++", "--", "+=", "-=", "*=", "/=", "|=", "&=", "^=", "::", "<<",
            ">>", "%="
        ]
        return Set(
            ops.map { op in
                let u = Array(op.utf8)
                return UInt16(u[0]) << 8 | UInt16(u[1])
            })
    }()

    static func isTwoCharOperator(_ a: UInt8, _ b: UInt8) -> Bool {
        twoCharOperators.contains(UInt16(a) << 8 | UInt16(b))
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { index >= 0 && index < count ? self[index] : nil }
}
