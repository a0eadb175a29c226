import IOSecCore

/// An Objective-C, Objective-C++ or C file, lexed and structured for security rules: message sends, C calls,
/// assignments, method and function bodies, and constants (`#define`, `NSString *const`). Built once per file and
/// shared by its rules (`ArtifactFile.objc`).
///
/// The structure is recovered from brackets, not from a grammar: an unbalanced bracket (from `#if` branches or a
/// macro) only loses the sends around it, and a file always yields something.
final class ObjCSource {
    let bytes: [UInt8]
    let tokens: [ObjCToken]
    let defines: [ObjCDefine]
    /// Lines compiled only when a project macro is true (`ObjCMacroRegion`).
    let macroRegions: [ObjCMacroRegion]
    /// For each matched `[`, `(` or `{`: the index of its closer, and for the closer the index of its opener; -1 for
    /// unmatched brackets and other tokens. `match[i] > i` means "opens a group".
    private(set) var match: [Int]
    private(set) var sends: [ObjCMessageSend] = []
    private(set) var calls: [ObjCCall] = []
    /// `{ … }` ranges of method and function bodies (outermost braces), in order.
    private(set) var bodies: [ClosedRange<Int>] = []
    /// Constant strings by name: `#define kKey @"…"`, `static NSString *const kKey = @"…";`.
    private(set) var constants: [String: String] = [:]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        (tokens, defines, macroRegions) = ObjCLexer.lex(bytes)
        match = Array(repeating: -1, count: tokens.count)
        matchBrackets()
        findBodies()
        findSendsAndCalls()
        findConstants()
    }

    // MARK: Tokens

    func text(_ index: Int) -> String {
        guard index >= 0, index < tokens.count else { return "" }
        return String(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self)
    }

    func text(_ range: Range<Int>) -> String {
        guard let first = range.first, first < tokens.count, range.upperBound <= tokens.count, !range.isEmpty else {
            return ""
        }
        return String(decoding: bytes[tokens[first].start..<tokens[range.upperBound - 1].end], as: UTF8.self)
    }

    func isPunct(_ index: Int, _ symbol: StaticString) -> Bool {
        guard index >= 0, index < tokens.count, tokens[index].kind == .punctuation else { return false }
        return tokenEquals(index, symbol)
    }

    func isIdentifier(_ index: Int, _ name: StaticString? = nil) -> Bool {
        guard index >= 0, index < tokens.count, tokens[index].kind == .identifier else { return false }
        guard let name else { return true }
        return tokenEquals(index, name)
    }

    /// Byte comparison with a literal: no String is made (this runs for nearly every token).
    private func tokenEquals(_ index: Int, _ text: StaticString) -> Bool {
        let t = tokens[index]
        let count = text.utf8CodeUnitCount
        guard t.end - t.start == count else { return false }
        let pointer = text.utf8Start
        for k in 0..<count where bytes[t.start + k] != pointer[k] { return false }
        return true
    }

    /// The value of a string token (`@"…"` or `"…"`), escapes kept as written except `\"` and `\\`.
    func stringValue(ofToken index: Int) -> String? {
        guard index >= 0, index < tokens.count else { return nil }
        let t = tokens[index]
        let open: Int
        switch t.kind {
        case .objcString: open = t.start + 2
        case .string: open = t.start + 1
        default: return nil
        }
        let close = t.end > open && bytes[t.end - 1] == UInt8(ascii: "\"") ? t.end - 1 : t.end
        guard close >= open else { return "" }
        let raw = bytes[open..<close]
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        // `\"` → `"` and `\\` → `\`, left to right as the compiler reads them; other escapes stay as written.
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "\\"), index + 1 < raw.endIndex,
                raw[index + 1] == UInt8(ascii: "\"") || raw[index + 1] == UInt8(ascii: "\\")
            {
                unescaped.append(raw[index + 1])
                index += 2
                continue
            }
            unescaped.append(byte)
            index += 1
        }
        return String(decoding: unescaped, as: UTF8.self)
    }

    /// The constant string an expression stands for: a literal (adjacent literals joined), a `#define`d or
    /// `const` name, or a parenthesised one of those. nil otherwise.
    func stringValue(of range: Range<Int>) -> String? {
        var r = range
        while r.count >= 2, isPunct(r.lowerBound, "("), match[r.lowerBound] == r.upperBound - 1 {
            r = (r.lowerBound + 1)..<(r.upperBound - 1)
        }
        guard !r.isEmpty else { return nil }
        if r.count == 1, isIdentifier(r.lowerBound) { return constants[text(r.lowerBound)] }
        var joined = ""
        for index in r {
            guard let part = stringValue(ofToken: index) else { return nil }
            joined += part
        }
        return joined
    }

    /// The last identifier of an expression: `self.passwordField.text` → `text`, `kTokenKey` → `kTokenKey`.
    func lastIdentifier(in range: Range<Int>) -> String? {
        for index in range.reversed() where tokens[index].kind == .identifier { return text(index) }
        return nil
    }

    /// The identifiers of an expression, in order.
    func identifiers(in range: Range<Int>) -> [String] {
        range.filter { $0 < tokens.count && tokens[$0].kind == .identifier }.map { text($0) }
    }

    /// The body (`{ … }` of a method or function) that holds token `index`.
    func body(containing index: Int) -> ClosedRange<Int>? {
        bodies.binarySearch { $0.upperBound < index ? -1 : $0.lowerBound > index ? 1 : 0 }
    }

    /// The method or function signature before a body: from the previous `}` or `;` (or a `-`/`+` that starts a
    /// method) to the body's `{`.
    func signature(of body: ClosedRange<Int>) -> Range<Int> {
        var start = body.lowerBound
        while start > 0 {
            let previous = start - 1
            if isPunct(previous, "}") || isPunct(previous, ";") || tokens[previous].kind == .directive { break }
            start = previous
        }
        return start..<body.lowerBound
    }

    /// The name of the method or function a body belongs to, as Swift's `func` name: a method's first selector
    /// part (`- (NSString *)makeToken:(int)n length:(int)l` → `makeToken`), a C function's name
    /// (`static uint32_t makeNonce(void)` → `makeNonce`, `Foo::makeNonce(…)` → `makeNonce`). Parameter names and
    /// types, and the later selector parts that label them, are not the method's name. nil when the signature is
    /// neither (an `@implementation Foo {` ivar block, a file-level block).
    func functionName(of body: ClosedRange<Int>) -> String? {
        let signature = signature(of: body)
        guard var index = signature.first else { return nil }
        // The first method after `@implementation Foo`: the signature starts at `Foo`, the method at its `-`/`+`.
        if let method = signature.first(where: { (isPunct($0, "-") || isPunct($0, "+")) && isPunct($0 + 1, "(") }) {
            index = method
        }
        if isPunct(index, "-") || isPunct(index, "+") {
            index += 1
            // The return type: `(NSString *)`.
            if isPunct(index, "("), match[index] > index { index = match[index] + 1 }
            return index < signature.upperBound && isIdentifier(index) ? text(index) : nil
        }
        // C and C++: the identifier right before the first top-level `(`, skipping `__attribute__((…))` and friends.
        while index < signature.upperBound {
            if isPunct(index, "("), match[index] > index {
                if index - 1 >= signature.lowerBound, isIdentifier(index - 1),
                    !Self.notCallees.contains(text(index - 1))
                {
                    return text(index - 1)
                }
                index = match[index] + 1
                continue
            }
            index += 1
        }
        return nil
    }

    /// The selector and parameters of the method a body belongs to: `- (NSArray *)recordsForSQL:(NSString *)sql
    /// binder:(CPBinder)binder {` → `recordsForSQL:binder:`, [(`recordsForSQL`, `sql`), (`binder`, `binder`)]. nil for
    /// a C function, a method without parameters, or a signature it cannot read.
    func methodParameters(of body: ClosedRange<Int>) -> (selector: String, parameters: [(label: String, name: String)])?
    {
        let signature = signature(of: body)
        guard var index = signature.first(where: { (isPunct($0, "-") || isPunct($0, "+")) && isPunct($0 + 1, "(") }),
            match[index + 1] > index + 1
        else { return nil }
        index = match[index + 1] + 1
        var parameters: [(label: String, name: String)] = []
        // `label:(Type)name`, repeated; an unlabelled part (`:(int)b`) has an empty label.
        while index < signature.upperBound {
            var label = ""
            if isIdentifier(index) {
                label = text(index)
                index += 1
            }
            guard index + 1 < signature.upperBound, isPunct(index, ":"), isPunct(index + 1, "("),
                match[index + 1] > index + 1
            else { break }
            let name = match[index + 1] + 1
            guard name < signature.upperBound, isIdentifier(name) else { return nil }
            parameters.append((label, text(name)))
            index = name + 1
        }
        guard !parameters.isEmpty else { return nil }
        return (parameters.map { $0.label + ":" }.joined(), parameters)
    }

    // MARK: Structure

    private func matchBrackets() {
        var stack: [Int] = []
        for index in tokens.indices where tokens[index].kind == .punctuation {
            let t = tokens[index]
            guard t.end - t.start == 1 else { continue }
            switch bytes[t.start] {
            case UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "{"):
                stack.append(index)
            case UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: "}"):
                let open: UInt8 =
                    bytes[t.start] == UInt8(ascii: "]")
                    ? UInt8(ascii: "[") : bytes[t.start] == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "{")
                // Recover from unbalanced code: close the nearest opener of the same shape, dropping the ones
                // above it; a closer with no opener is ignored.
                if let position = stack.lastIndex(where: { bytes[tokens[$0].start] == open }) {
                    match[stack[position]] = index
                    match[index] = stack[position]
                    stack.removeSubrange(position...)
                }
            default:
                break
            }
        }
    }

    /// Outermost brace groups that follow a signature: `- (void)x {`, `void f(int a) {`, `^{`, not `@{` literals
    /// or `= {` initialisers.
    private func findBodies() {
        var index = 0
        while index < tokens.count {
            if isPunct(index, "{"), match[index] > index {
                let previous = index - 1
                let isLiteral = isPunct(previous, "@") || isPunct(previous, "=") || isPunct(previous, ",")
                if !isLiteral { bodies.append(index...match[index]) }
                index = match[index] + 1
                continue
            }
            index += 1
        }
    }

    private static let notCallees: Set<String> = [
        "if", "while", "for", "switch", "return", "sizeof", "typeof", "__typeof__", "__typeof", "catch", "defined",
        "__attribute__", "alignof", "_Alignof", "decltype", "static_assert", "NS_ENUM", "NS_OPTIONS"
    ]

    private func findSendsAndCalls() {
        for index in tokens.indices {
            if isPunct(index, "["), match[index] > index, isMessageSendOpener(index), let send = messageSend(at: index)
            {
                sends.append(send)
            } else if tokens[index].kind == .identifier, isPunct(index + 1, "("), match[index + 1] > index + 1 {
                let name = text(index)
                guard !Self.notCallees.contains(name), !isPunct(index - 1, "."), !isPunct(index - 1, "->") else {
                    continue
                }
                let close = match[index + 1]
                calls.append(
                    ObjCCall(
                        name: name, nameIndex: index, open: index + 1, close: close,
                        arguments: split((index + 2)..<close)))
            }
        }
    }

    /// `[` starts a send unless it indexes something (`a[0]`, `f()[1]`, `x[i][j]`) or opens `@[ … ]`.
    private func isMessageSendOpener(_ index: Int) -> Bool {
        let previous = index - 1
        guard previous >= 0 else { return true }
        let p = tokens[previous]
        if p.kind == .identifier {
            // `return [x y]`, `in [x y]`: keywords before an expression.
            return ["return", "in", "case", "throw", "else", "do"].contains(text(previous))
        }
        if p.kind == .number || p.kind == .string || p.kind == .objcString { return false }
        return !(isPunct(previous, "]") || isPunct(previous, ")") || isPunct(previous, "@"))
    }

    /// `[receiver selector]` or `[receiver part: arg part: arg …]`.
    private func messageSend(at open: Int) -> ObjCMessageSend? {
        let close = match[open]
        guard let receiverEnd = operandEnd(from: open + 1, limit: close), receiverEnd < close else { return nil }
        var parts: [ObjCMessageSend.Part] = []
        var index = receiverEnd
        if index + 1 == close, tokens[index].kind == .identifier {
            return ObjCMessageSend(
                open: open, close: close, receiver: (open + 1)..<receiverEnd,
                parts: [.init(name: text(index), nameIndex: index, argument: nil)])
        }
        while index < close {
            // A part: `name:` or a bare `:` (`[x performSelector:s withObject:o :extra]` style).
            var nameIndex: Int?
            if tokens[index].kind == .identifier, isPunct(index + 1, ":") {
                nameIndex = index
                index += 2
            } else if isPunct(index, ":") {
                index += 1
            } else {
                return parts.isEmpty
                    ? nil : ObjCMessageSend(open: open, close: close, receiver: (open + 1)..<receiverEnd, parts: parts)
            }
            let argumentStart = index
            var pendingTernary = 0
            while index < close {
                if match[index] > index {
                    index = match[index] + 1
                    continue
                }
                if isPunct(index, "?") { pendingTernary += 1 }
                if isPunct(index, ":") {
                    if pendingTernary > 0 {
                        pendingTernary -= 1
                        index += 1
                        continue
                    }
                    break
                }
                if index > argumentStart, pendingTernary == 0, tokens[index].kind == .identifier,
                    isPunct(index + 1, ":")
                {
                    break
                }
                index += 1
            }
            parts.append(
                .init(
                    name: nameIndex.map { text($0) } ?? "", nameIndex: nameIndex ?? argumentStart - 1,
                    argument: argumentStart..<index))
        }
        return parts.isEmpty
            ? nil : ObjCMessageSend(open: open, close: close, receiver: (open + 1)..<receiverEnd, parts: parts)
    }

    /// The end of one operand (a receiver): a name, literal, send, cast or parenthesised expression, then
    /// `.member`, `->member`, calls and subscripts.
    private func operandEnd(from start: Int, limit: Int) -> Int? {
        var index = start
        guard index < limit else { return nil }
        // Casts: `(NSString *)x`.
        while isPunct(index, "("), match[index] > index, match[index] < limit {
            index = match[index] + 1
            if index >= limit { return index }
            if !(tokens[index].kind == .identifier || isPunct(index, "[") || isPunct(index, "(")
                || tokens[index].kind == .objcString)
            {
                return index
            }
        }
        if isPunct(index, "["), match[index] > index, match[index] < limit {
            index = match[index] + 1
        } else if isPunct(index, "@"), match[index + 1] > index + 1, match[index + 1] < limit {
            index = match[index + 1] + 1  // `@{…}`, `@[…]`, `@(…)`: `[@{…} mutableCopy]`
        } else if [.identifier, .objcString, .string, .number, .directive].contains(tokens[index].kind) {
            index += 1
            // `@"a" @"b"`
            while index < limit, tokens[index].kind == .objcString, tokens[index - 1].kind == .objcString { index += 1 }
        } else if isPunct(index, "*") || isPunct(index, "&") || isPunct(index, "!") || isPunct(index, "-") {
            return operandEnd(from: index + 1, limit: limit)
        } else {
            return nil
        }
        while index < limit {
            if isPunct(index, ".") || isPunct(index, "->"), index + 1 < limit, tokens[index + 1].kind == .identifier {
                index += 2
            } else if isPunct(index, "("), match[index] > index, match[index] < limit {
                index = match[index] + 1
            } else if isPunct(index, "["), match[index] > index, match[index] + 1 < limit,
                tokens[match[index] + 1].kind == .identifier
            {
                // `[items[0] count]`: a subscript, since a selector follows it.
                index = match[index] + 1
            } else {
                break
            }
        }
        return index
    }

    /// Comma-separated arguments at depth 0 (brackets skipped).
    func split(_ range: Range<Int>) -> [Range<Int>] {
        guard !range.isEmpty else { return [] }
        var result: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if match[index] > index {
                index = min(match[index] + 1, range.upperBound)
                continue
            }
            if isPunct(index, ",") {
                result.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        result.append(start..<range.upperBound)
        return result
    }

    /// `#define` constants, and `NSString *const kKey = @"…";` / `static NSString *kKey = @"…";` at file level.
    private func findConstants() {
        for define in defines {
            let values = define.value.map { token -> String? in
                let open = token.kind == .objcString ? token.start + 2 : token.start + 1
                guard token.kind == .objcString || token.kind == .string, token.end - 1 >= open else { return nil }
                return String(decoding: bytes[open..<(token.end - 1)], as: UTF8.self)
            }
            if !values.isEmpty, values.allSatisfy({ $0 != nil }) {
                constants[define.name] = values.compactMap { $0 }.joined()
            }
        }
        for (index, token) in tokens.enumerated()
        where token.kind == .punctuation && isPunct(index, "=") && body(containing: index) == nil {
            guard isIdentifier(index - 1) else { continue }
            var end = index + 1
            while end < tokens.count, tokens[end].kind == .objcString || tokens[end].kind == .string { end += 1 }
            guard end > index + 1, isPunct(end, ";"), let value = stringValue(of: (index + 1)..<end) else { continue }
            constants[text(index - 1)] = value
        }
    }

    /// Every identifier's token index, chained by a hash of its bytes, built once: rules look names up instead of
    /// turning each token into a String. Keyed by bytes, not Strings: a `[String: [Int]]` of every identifier cost
    /// more than lexing the file.
    private lazy var identifierIndex = IdentifierIndex(tokens: tokens, bytes: bytes)

    /// The token indices of an identifier, in order.
    func occurrences(of name: String) -> [Int] { identifierIndex.occurrences(of: name, tokens: tokens, bytes: bytes) }

    /// Whether the file uses an identifier anywhere in its code.
    func mentions(_ name: String) -> Bool {
        identifierIndex.contains(name, tokens: tokens, bytes: bytes)
    }

    /// Whether the file uses any of the names anywhere in its code.
    func mentionsAny(of names: IdentifierNames) -> Bool {
        identifierIndex.containsAny(names, tokens: tokens, bytes: bytes)
    }

    /// Assignments `target = value;` in code, found once per file.
    private(set) lazy var assignmentList: [ObjCAssignment] = findAssignments()

    func assignments() -> [ObjCAssignment] { assignmentList }

    /// Whether a string token's value starts with `prefix`, without building the value.
    func stringToken(_ index: Int, hasPrefix prefix: String) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let t = tokens[index]
        let open: Int
        switch t.kind {
        case .objcString: open = t.start + 2
        case .string: open = t.start + 1
        default: return false
        }
        let count = prefix.utf8.count
        guard open + count <= t.end else { return false }
        return bytes[open..<(open + count)].elementsEqual(prefix.utf8)
    }

    /// Where the target of the `=` at `index` starts: after the previous `;`, `{`, `}`, `(`, `,`, `:` or
    /// preprocessor line, bracketed groups (`defaults[@"k"]`) crossed whole.
    func assignmentTargetStart(ofEquals index: Int) -> Int {
        var start = index - 1
        while start > 0 {
            let previous = start - 1
            if isPunct(previous, ";") || isPunct(previous, "{") || isPunct(previous, "}") || isPunct(previous, "(")
                || isPunct(previous, ",") || isPunct(previous, ":") || tokens[previous].kind == .directive
            {
                break
            }
            if isPunct(previous, "]") || isPunct(previous, ")") {
                // Step over a bracketed group.
                if match[previous] >= 0, match[previous] < previous {
                    start = match[previous]
                    continue
                }
            }
            start = previous
        }
        return start
    }

    /// The name a lone value token is assigned to (`self.apiSecret = @"…";` → `apiSecret`): the last identifier of
    /// the target, when the token is the whole value. The same pairs as `assignments()`, without finding them all.
    func assignedName(ofValueAt index: Int) -> String? {
        let equals = index - 1
        guard equals >= 1, isPunct(equals, "="),
            index + 1 >= tokens.count || isPunct(index + 1, ";") || isPunct(index + 1, "}") || isPunct(index + 1, ")")
                || isPunct(index + 1, "]") || isPunct(index + 1, ",")
        else { return nil }
        return lastIdentifier(in: assignmentTargetStart(ofEquals: equals)..<equals)
    }

    /// Assignments `target = value;` in code: `self.token = x`, `_password = y`, `defaults[@"k"] = v`.
    private func findAssignments() -> [ObjCAssignment] {
        var result: [ObjCAssignment] = []
        // An `=` with nothing before it (a file that starts with one) has no target.
        for index in tokens.indices.dropFirst() where isPunct(index, "=") {
            let start = assignmentTargetStart(ofEquals: index)
            var end = index + 1
            while end < tokens.count, !isPunct(end, ";"), !isPunct(end, "}"), !isPunct(end, ")"), !isPunct(end, "]"),
                !isPunct(end, ",")
            {
                if match[end] > end {
                    end = match[end] + 1
                    continue
                }
                end += 1
            }
            guard start < index, end > index + 1 else { continue }
            result.append(
                ObjCAssignment(target: start..<index, equals: index, value: (index + 1)..<min(end, tokens.count)))
        }
        return result
    }
}

extension Array {
    /// The element of an ordered array at which `order` is 0: `order` is negative for an element before the one
    /// sought and positive for one after it. nil when there is none.
    func binarySearch(_ order: (Element) -> Int) -> Element? {
        var low = 0, high = count - 1
        while low <= high {
            let mid = (low + high) / 2
            let side = order(self[mid])
            if side < 0 {
                low = mid + 1
            } else if side > 0 {
                high = mid - 1
            } else {
                return self[mid]
            }
        }
        return nil
    }
}

/// `[receiver part: argument part: argument]`.
struct ObjCMessageSend: Sendable {
    struct Part: Sendable {
        let name: String
        let nameIndex: Int
        let argument: Range<Int>?
    }

    let open: Int
    let close: Int
    let receiver: Range<Int>
    let parts: [Part]
    /// `setObject:forKey:`, or `count` for a unary send.
    let selector: String

    init(open: Int, close: Int, receiver: Range<Int>, parts: [Part]) {
        self.open = open
        self.close = close
        self.receiver = receiver
        self.parts = parts
        selector = parts.count == 1 && parts[0].argument == nil ? parts[0].name : parts.map { $0.name + ":" }.joined()
    }

    func argument(_ name: String) -> Range<Int>? { parts.first { $0.name == name }?.argument }
}

/// `name(arguments)`.
struct ObjCCall: Sendable {
    let name: String
    let nameIndex: Int
    let open: Int
    let close: Int
    let arguments: [Range<Int>]
}

struct ObjCAssignment: Sendable {
    let target: Range<Int>
    let equals: Int
    let value: Range<Int>
}

extension ObjCSource {
    /// Whether an expression is `nil`, `NULL`, `YES`/`NO`, `@YES`/`@NO` or a number: never a secret.
    func isTrivialValue(_ range: Range<Int>) -> Bool {
        guard range.count == 1, let index = range.first, index < tokens.count else { return false }
        if tokens[index].kind == .number { return true }
        return ["nil", "NULL", "YES", "NO", "true", "false", "@YES", "@NO", "@true", "@false"].contains(text(index))
    }
}

extension ObjCSource {
    /// The statement around a token: from after the previous `;` to the next `;` (bracketed groups, such as a
    /// dictionary literal or a block, are crossed whole).
    func statement(containing index: Int) -> Range<Int> {
        var start = index
        while start > 0 {
            let previous = start - 1
            if isPunct(previous, ";") || (match[previous] > previous && match[previous] > index) { break }
            if match[previous] >= 0, match[previous] < previous {
                start = match[previous]
                continue
            }
            if isPunct(previous, "}") { break }
            start = previous
        }
        var end = index
        while end < tokens.count, !isPunct(end, ";") {
            if match[end] > end {
                end = match[end] + 1
                continue
            }
            if match[end] >= 0, match[end] < end, match[end] < start { break }  // the closer of a group we are inside
            end += 1
        }
        return start..<min(end, tokens.count)
    }
}

/// Names asked of every file (a matcher's `requiredNames`), their bytes and hash worked out once per scan rather
/// than once per lookup.
struct IdentifierNames: Sendable {
    /// Every name's bytes, one after another, and each name's hash and place in them: flat, so that going through
    /// them retains nothing.
    fileprivate let bytes: [UInt8]
    fileprivate let names: [(hash: Int, start: Int, end: Int)]

    init(_ names: some Sequence<String>) {
        var bytes: [UInt8] = []
        var spans: [(hash: Int, start: Int, end: Int)] = []
        for name in names.sorted() {
            let start = bytes.count
            bytes += name.utf8
            spans.append(
                (
                    bytes.withUnsafeBufferPointer { IdentifierIndex.hash(UnsafeBufferPointer(rebasing: $0[start...])) },
                    start, bytes.count
                ))
        }
        self.bytes = bytes
        self.names = spans
    }
}

/// Identifier tokens by the hash of their bytes: for each bucket the last token in it, and for each token the
/// token before it in the same bucket (-1 ends a chain). Two integer arrays, whatever the number of names.
/// A class: rules look names up many times per file, and each lookup copied a struct's two arrays out of the lazy
/// property, two retains and releases that cost more than the lookup.
private final class IdentifierIndex {
    private let heads: [Int32]
    private let previous: [Int32]
    private let mask: Int

    init(tokens: [ObjCToken], bytes: [UInt8]) {
        // Sized by all tokens, of which about half are identifiers: counting them first was a second pass.
        var size = 16
        while size < tokens.count { size <<= 1 }
        let mask = size - 1
        self.mask = mask
        var heads = [Int32](repeating: -1, count: size)
        var previous = [Int32](repeating: -1, count: tokens.count)
        // Through buffers: array accesses in this loop, one per token, were checked and retained.
        bytes.withUnsafeBufferPointer { buffer in
            tokens.withUnsafeBufferPointer { tokens in
                heads.withUnsafeMutableBufferPointer { heads in
                    previous.withUnsafeMutableBufferPointer { previous in
                        for i in tokens.indices where tokens[i].kind == .identifier {
                            let token = tokens[i]
                            let bucket =
                                Self.hash(UnsafeBufferPointer(rebasing: buffer[token.start..<token.end])) & mask
                            previous[i] = heads[bucket]
                            heads[bucket] = Int32(i)
                        }
                    }
                }
            }
        }
        self.heads = heads
        self.previous = previous
    }

    /// The length and the first and last eight bytes, mixed: Objective-C names are long (`kSecAttrAccessible…`,
    /// `setAllowsAnyHTTPSCertificate`), and reading them a byte at a time cost most of building the index.
    fileprivate static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        var h = UInt64(truncatingIfNeeded: count) &* 0x9e37_79b9_7f4a_7c15
        if count >= 8, let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            h = (h ^ raw.loadUnaligned(as: UInt64.self)) &* 0xff51_afd7_ed55_8ccd
            h = (h ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) &* 0xc4ce_b9fe_1a85_ec53
        } else {
            for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        // The bucket is the low bits, which a product takes from the low bits alone: fold the high ones in.
        h = (h ^ (h >> 33)) &* 0xff51_afd7_ed55_8ccd
        return Int(truncatingIfNeeded: h ^ (h >> 33))
    }

    /// Calls `visit` with each identifier token spelled `name`, last first, while it returns true.
    private func forEachMatch(of name: String, tokens: [ObjCToken], bytes: [UInt8], _ visit: (Int) -> Bool) {
        var name = name
        name.withUTF8 { wanted in
            forEachMatch(hash: Self.hash(wanted), wanted, tokens: tokens, bytes: bytes, visit)
        }
    }

    private func forEachMatch(
        hash: Int, _ wanted: UnsafeBufferPointer<UInt8>, tokens: [ObjCToken], bytes: [UInt8], _ visit: (Int) -> Bool
    ) {
        bytes.withUnsafeBufferPointer { buffer in
            var i = Int(heads[hash & mask])
            while i >= 0 {
                let token = tokens[i]
                if token.end - token.start == wanted.count,
                    UnsafeBufferPointer(rebasing: buffer[token.start..<token.end]).elementsEqual(wanted),
                    !visit(i)
                {
                    return
                }
                i = Int(previous[i])
            }
        }
    }

    /// Whether any identifier token is spelled as one of `names`.
    func containsAny(_ names: IdentifierNames, tokens: [ObjCToken], bytes: [UInt8]) -> Bool {
        names.bytes.withUnsafeBufferPointer { wantedBytes in
            for name in names.names {
                var found = false
                forEachMatch(
                    hash: name.hash, UnsafeBufferPointer(rebasing: wantedBytes[name.start..<name.end]), tokens: tokens,
                    bytes: bytes
                ) { _ in
                    found = true
                    return false
                }
                if found { return true }
            }
            return false
        }
    }

    func occurrences(of name: String, tokens: [ObjCToken], bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        forEachMatch(of: name, tokens: tokens, bytes: bytes) {
            found.append($0)
            return true
        }
        return found.reversed()
    }

    /// Whether any identifier token is spelled `name`. Each matcher asks this of every file for each name it needs,
    /// so it makes no array.
    func contains(_ name: String, tokens: [ObjCToken], bytes: [UInt8]) -> Bool {
        var found = false
        forEachMatch(of: name, tokens: tokens, bytes: bytes) { _ in
            found = true
            return false
        }
        return found
    }
}

extension ObjCSource {
    /// Where a token's code runs, as the engine decides it for findings and facts: `.debug` inside `#if DEBUG` and
    /// its kin, `.app` otherwise (the file's own context, a test or a tool, is the file's). Rules and collectors ask
    /// this instead of reading the lexer's build conditions.
    func context(of token: ObjCToken) -> CodeContext { Self.context(of: token) }

    static func context(of token: ObjCToken) -> CodeContext { token.isDebugOnly ? .debug : .app }
}
