import Foundation
import IOSecCore

/// The lexical pre-pass over one file: from `SwiftLexer`'s tokens it recognises `let|var NAME [: Type] = LITERAL`
/// and `case NAME = LITERAL` followed by the end of the statement, the bodies that only return a literal
/// (`var NAME: Type { LITERAL }`, and `func NAME() -> Type { return LITERAL }`, recorded as `NAME()`), and the names
/// the file may declare or fill (`SourceNames`). It never builds a tree, so it costs a small fraction of a parse; what it cannot read it skips.
enum ConstantScanner {
    private typealias Token = SwiftToken
    private typealias Keyword = SwiftToken.Keyword

    /// What the pre-pass finds in one file.
    struct Scanned: Sendable {
        var declarations: [ConstantDeclaration] = []
        var sensitiveMembers: [SensitiveMember] = []
        var types: [DeclaredType] = []
        var names: SourceNames?
        var interest: InterestMap?
        var encryption: DatabaseEncryption = []
        /// Names the file assigns to (`token = …`, `self.token = …`, `token += …`), as `SourceNames.NameBits`
        /// hashes: a `var` so named holds more than its initial literal.
        var assigned: Set<Int> = []
        /// `@NSManaged` properties: what Core Data saves of an instance of the type (or extension) they sit in.
        var managedProperties: [ManagedProperty] = []
        /// Each function the file declares, and whether its body is one `#if DEBUG` block (`DebugOnlyFunctions`).
        var functions: [(name: String, debugOnly: Bool)] = []
        /// The computed properties (`var name: T {`) and the functions without parameters (`func name()`) the file
        /// declares: what a value may be read through in another file (`MemberSink`).
        var computedMembers: [String] = []

        static let nothing = Scanned()
    }

    static func scan(_ bytes: [UInt8], file: String) -> [ConstantDeclaration] {
        scanAll(bytes, file: file).declarations
    }

    /// `names: false` leaves out the file's `SourceNames`, for a file whose tree will not be walked; with an
    /// `interest` filter, the result has the file's `InterestMap` too.
    static func scanAll(
        _ bytes: [UInt8], file: String, names wantsNames: Bool = true, interest filter: InterestFilter? = nil
    ) -> Scanned {
        // Token offsets are 32-bit; a file this large is read by nothing else either.
        guard bytes.count < Int32.max else { return .nothing }
        return bytes.withUnsafeBufferPointer { buffer in
            var lexer = SwiftLexer(bytes: buffer, interest: wantsNames ? filter : nil)
            var tokens: [Token] = []
            tokens.reserveCapacity(buffer.count / 8)
            while let token = lexer.next() { tokens.append(token) }
            var members: [SensitiveMember] = []
            var types: [DeclaredType] = []
            var managed: [ManagedProperty] = []
            let declarations = declarations(
                in: tokens, bytes: buffer, file: file, members: &members, types: &types, managed: &managed)
            let assigned = assignedNames(in: tokens, bytes: buffer)
            if !types.isEmpty, importsRealm.occurs(in: UnsafeRawBufferPointer(buffer)) {
                for k in types.indices { types[k].importsRealm = true }
            }
            var encryption: DatabaseEncryption = []
            for case .identifier(let start, let end) in tokens where (11...14).contains(end - start) {
                encryption.formUnion(.keyed(by: UnsafeBufferPointer(rebasing: buffer[Int(start)..<Int(end)])))
            }
            return Scanned(
                declarations: declarations, sensitiveMembers: members, types: types,
                names: wantsNames ? names(in: tokens, bytes: buffer) : nil,
                interest: wantsNames && filter != nil ? lexer.interest : nil, encryption: encryption,
                assigned: assigned, managedProperties: managed,
                functions: DebugOnlyFunctions.declarations(in: tokens, bytes: buffer),
                computedMembers: computedMembers(in: tokens, bytes: buffer))
        }
    }

    /// `var name: T {` (a `{` before any `=` or line end) and `func name()`.
    private static func computedMembers(in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var names: [String] = []
        for k in tokens.indices.dropLast(2) where tokens[k] == .keyword(.var) || tokens[k] == .keyword(.func) {
            guard case .identifier(let start, let end) = tokens[k + 1] else { continue }
            var computed = false
            if tokens[k] == .keyword(.func) {
                computed =
                    tokens[k + 2] == .punct(UInt8(ascii: "(")) && k + 3 < tokens.count
                    && tokens[k + 3] == .punct(UInt8(ascii: ")"))
            } else {
                var j = k + 2
                while j < tokens.count, j < k + 24 {
                    let token = tokens[j]
                    if token == .newline || token == .punct(UInt8(ascii: "=")) { break }
                    if token == .punct(UInt8(ascii: "{")) {
                        computed = true
                        break
                    }
                    j += 1
                }
            }
            if computed {
                names.append(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)]), as: UTF8.self))
            }
        }
        return names
    }

    /// The file's `InterestMap` alone, for a file the pre-pass did not read.
    static func interest(in bytes: [UInt8], filter: InterestFilter) -> InterestMap? {
        guard bytes.count < Int32.max else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var lexer = SwiftLexer(bytes: buffer, interest: filter)
            while lexer.next() != nil {}
            return lexer.interest
        }
    }

    /// `SourceNames` from the tokens: names after `let`/`var` or after a comma and before `=`/`:` may be declared;
    /// names followed by `[`, `.set…`, `.updateValue` or `.member =` may be filled. Comments and string contents
    /// are already gone, so the sets are smaller than a scan of the bytes gives, and still hold every name the
    /// tree declares or fills outside string interpolations.
    private static func names(in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> SourceNames {
        var declared: [Int] = []
        var filled: [Int] = []
        var assignedMembers: [Int] = []
        let n = tokens.count
        func next(from j: Int) -> Int {
            var k = j
            while k < n, tokens[k] == .newline { k += 1 }
            return k
        }
        func hash(_ start: Int32, _ end: Int32) -> Int {
            SourceNames.NameBits.hash(UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)]))
        }
        /// `=` that is an assignment: not the first half of `==`.
        func isAssignment(_ k: Int) -> Bool {
            k < n && tokens[k] == .punct(UInt8(ascii: "="))
                && (k + 1 >= n || tokens[k + 1] != .punct(UInt8(ascii: "=")))
        }
        func declare(_ start: Int32, _ end: Int32) {
            declared.append(hash(start, end))
            // swift-syntax keeps the backticks in a name's text.
            if start > 0, end < bytes.count, bytes[start - 1] == UInt8(ascii: "`"), bytes[end] == UInt8(ascii: "`") {
                declared.append(hash(start - 1, end + 1))
            }
        }
        for k in 0..<n {
            switch tokens[k] {
            case .keyword(.let), .keyword(.var):
                let j = next(from: k + 1)
                if j < n, case .identifier(let start, let end) = tokens[j] { declare(start, end) }
            case .punct(UInt8(ascii: ",")):
                let j = next(from: k + 1)
                if j < n, case .identifier(let start, let end) = tokens[j] {
                    let after = next(from: j + 1)
                    if isAssignment(after) || (after < n && tokens[after] == .punct(UInt8(ascii: ":"))) {
                        declare(start, end)
                    }
                }
            case .identifier(let start, let end):
                var j = next(from: k + 1)
                while j < n, tokens[j] == .punct(UInt8(ascii: "?")) || tokens[j] == .punct(UInt8(ascii: "!")) {
                    j = next(from: j + 1)
                }
                guard j < n else { continue }
                if tokens[j] == .punct(UInt8(ascii: "[")) {
                    filled.append(hash(start, end))
                } else if tokens[j] == .punct(UInt8(ascii: ".")) {
                    let m = next(from: j + 1)
                    guard m < n, case .identifier(let memberStart, let memberEnd) = tokens[m] else { continue }
                    let member = UnsafeBufferPointer(rebasing: bytes[Int(memberStart)..<Int(memberEnd)])
                    let isSetter =
                        member.count >= 3 && member[0] == UInt8(ascii: "s") && member[1] == UInt8(ascii: "e")
                        && member[2] == UInt8(ascii: "t")
                    let assigned = isAssignment(next(from: m + 1))
                    if assigned { assignedMembers.append(hash(memberStart, memberEnd)) }
                    if isSetter || member.elementsEqual("updateValue".utf8) || assigned {
                        filled.append(hash(start, end))
                    }
                }
            default:
                continue
            }
        }
        return SourceNames(
            declared: SourceNames.NameBits(hashes: declared), filled: SourceNames.NameBits(hashes: filled),
            assignedMembers: SourceNames.NameBits(hashes: assignedMembers))
    }

    /// Whether `@NSManaged` is among the attributes and modifiers before the `var` at `i` (`@NSManaged public var`,
    /// or the attribute on the line above).
    private static func isManaged(before i: Int, in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = i - 1
        var steps = 0
        while k >= 0, steps < 10 {
            switch tokens[k] {
            case .identifier(let start, let end):
                if end - start == 9, text(bytes, start, end) == "NSManaged" { return true }
            case .newline, .punct(UInt8(ascii: "@")), .punct(UInt8(ascii: "(")), .punct(UInt8(ascii: ")")):
                break
            default:
                return false
            }
            k -= 1
            steps += 1
        }
        return false
    }

    /// Names written before `=` (not `==`) or a compound assignment (`+=`), other than the name a `let`, `var` or
    /// `case` declares there.
    private static func assignedNames(in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Set<Int> {
        var result: Set<Int> = []
        let n = tokens.count
        for k in 0..<n {
            guard case .identifier(let start, let end) = tokens[k], k + 1 < n else { continue }
            var j = k + 1
            if j + 1 < n, tokens[j] == .punct(UInt8(ascii: "+")) || tokens[j] == .punct(UInt8(ascii: "-")) { j += 1 }
            guard tokens[j] == .punct(UInt8(ascii: "=")), j + 1 >= n || tokens[j + 1] != .punct(UInt8(ascii: "="))
            else { continue }
            var p = k - 1
            while p >= 0, tokens[p] == .newline { p -= 1 }
            if p >= 0, tokens[p] == .keyword(.let) || tokens[p] == .keyword(.var) || tokens[p] == .keyword(.case) {
                continue
            }
            result.insert(SourceNames.NameBits.hash(UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)])))
        }
        return result
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int32, _ end: Int32) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)]), as: UTF8.self)
    }

    private static func declarations(
        in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, file: String, members: inout [SensitiveMember],
        types: inout [DeclaredType], managed: inout [ManagedProperty]
    ) -> [ConstantDeclaration] {
        var result: [ConstantDeclaration] = []
        // (type name, brace depth inside it)
        // `encodable`: the declaration says `Codable`, `Encodable` or `NSCoding`; only such types' members are
        // classified, which keeps the classifier off the members of views and view models.
        var typeStack: [(name: String, depth: Int, encodable: Bool)] = []
        var pendingType: String?
        var pendingEncodable = false
        var depth = 0
        var i = 0
        let n = tokens.count
        func next(from j: Int) -> Int {
            var k = j
            while k < n, tokens[k] == .newline { k += 1 }
            return k
        }
        while i < n {
            switch tokens[i] {
            case .punct(UInt8(ascii: "{")):
                depth += 1
                if let name = pendingType {
                    typeStack.append((name, depth, pendingEncodable))
                    pendingType = nil
                }
            case .punct(UInt8(ascii: "}")):
                if let top = typeStack.last, top.depth == depth { typeStack.removeLast() }
                depth = max(0, depth - 1)
            case .keyword(.type), .keyword(.extension):
                // `class Foo`, `extension Foo.Bar`: the name is the next identifier (its last component).
                var k = next(from: i + 1)
                var name: (Int32, Int32)?
                while k < n, case .identifier(let start, let end) = tokens[k] {
                    name = (start, end)
                    if k + 2 < n, tokens[k + 1] == .punct(UInt8(ascii: ".")) { k += 2 } else { break }
                }
                if let name {
                    pendingType = text(bytes, name.0, name.1)
                    pendingEncodable = isEncodable(from: k, in: tokens, bytes: bytes)
                    // Declarations, not extensions: a name declared twice (two targets' `User`) is ambiguous.
                    if tokens[i] == .keyword(.type), let type = pendingType {
                        types.append(
                            DeclaredType(
                                name: type, supertypes: supertypes(after: k, in: tokens, bytes: bytes),
                                importsRealm: false, enclosingType: typeStack.last?.name))
                    }
                }
            case .keyword(.func):
                // `func apiKey() -> String { "…" }`: a call of it stands for the literal, recorded as `apiKey()`.
                let k = next(from: i + 1)
                guard k + 3 < n, case .identifier(let nameStart, let nameEnd) = tokens[k],
                    tokens[k + 1] == .punct(UInt8(ascii: "(")), tokens[k + 2] == .punct(UInt8(ascii: ")")),
                    let open = bodyOpen(in: tokens, from: k + 3),
                    let (value, end) = literalBody(in: tokens, at: open, bytes: bytes)
                else { break }
                result.append(
                    ConstantDeclaration(
                        name: text(bytes, nameStart, nameEnd) + "()", value: value, typeName: typeStack.last?.name,
                        isEnumCase: false, file: file))
                i = end
                continue
            case .keyword(let keyword):
                let k = next(from: i + 1)
                guard k + 2 < n, case .identifier(let nameStart, let nameEnd) = tokens[k] else { break }
                // An instance property of a type (not a local, not `static`) named for a secret.
                if keyword != .case, let type = typeStack.last, type.encodable, type.depth == depth,
                    !isStatic(before: i, in: tokens, bytes: bytes)
                {
                    let name = text(bytes, nameStart, nameEnd)
                    if holdsSecret(name) { members.append(SensitiveMember(typeName: type.name, name: name)) }
                }
                if keyword == .var, let type = typeStack.last, type.depth == depth,
                    isManaged(before: i, in: tokens, bytes: bytes)
                {
                    managed.append(ManagedProperty(typeName: type.name, name: text(bytes, nameStart, nameEnd)))
                }
                var m = k + 1
                // Optional type annotation: skip to `=` on the same logical line.
                if tokens[m] == .punct(UInt8(ascii: ":")) {
                    var guardCount = 0
                    while m < n, tokens[m] != .punct(UInt8(ascii: "=")), tokens[m] != .newline,
                        tokens[m] != .punct(UInt8(ascii: "{")), guardCount < 16
                    {
                        m += 1
                        guardCount += 1
                    }
                }
                // `var apiKey: String { "…" }`: a computed property that only returns a literal.
                if keyword == .var, m < n, tokens[m] == .punct(UInt8(ascii: "{")),
                    let (value, end) = literalBody(in: tokens, at: m, bytes: bytes)
                {
                    result.append(
                        ConstantDeclaration(
                            name: text(bytes, nameStart, nameEnd), value: value, typeName: typeStack.last?.name,
                            isEnumCase: false, file: file))
                    i = end
                    continue
                }
                guard m + 1 < n, tokens[m] == .punct(UInt8(ascii: "=")) else { break }
                guard let (value, end) = literal(in: tokens, at: m + 1, bytes: bytes) else { break }
                // The literal must be the whole initializer.
                if end < n {
                    switch tokens[end] {
                    case .newline, .punct(UInt8(ascii: ";")), .punct(UInt8(ascii: "}")), .punct(UInt8(ascii: ",")):
                        break
                    default:
                        i = end
                        continue
                    }
                }
                result.append(
                    ConstantDeclaration(
                        name: text(bytes, nameStart, nameEnd), value: value, typeName: typeStack.last?.name,
                        isEnumCase: keyword == .case, file: file, isVariable: keyword == .var))
                i = end
                continue
            default:
                break
            }
            i += 1
        }
        return result
    }

    /// A property that holds a secret: `password`, `sessionToken`, and a password's or PIN's hash
    /// (`passwordHash`), which a stored copy exposes to offline guessing. A hash on its own is metadata elsewhere.
    static func holdsSecret(_ name: String) -> Bool {
        if SensitiveName.isSensitive(name) { return true }
        for suffix in ["Hash", "_hash", "Digest", "_digest"] where name.hasSuffix(suffix) && name.count > suffix.count {
            let category = SensitiveName.classify(String(name.dropLast(suffix.count)))
            if category == .password || category == .pin { return true }
        }
        return false
    }

    /// Whether the inheritance clause after a type's name (from `k`, up to its `{`) names a serialisation protocol.
    /// The types after `:` in a type declaration whose name ends at token `k` (`class A<T>: Base, P where …`), the
    /// last component of each; generic arguments are skipped.
    private static func supertypes(after k: Int, in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var j = k + 1
        let n = tokens.count
        var angle = 0
        var colon = false
        var last: String?
        var result: [String] = []
        while j < n, j < k + 64 {
            switch tokens[j] {
            case .punct(UInt8(ascii: "<")): angle += 1
            case .punct(UInt8(ascii: ">")): angle = max(0, angle - 1)
            case .punct(UInt8(ascii: ":")) where angle == 0: colon = true
            case .punct(UInt8(ascii: ",")) where angle == 0:
                if let name = last { result.append(name) }
                last = nil
            case .punct(UInt8(ascii: "{")):
                if let name = last { result.append(name) }
                return colon ? result : []
            case .identifier(let start, let end) where colon && angle == 0:
                let word = text(bytes, start, end)
                if word == "where" {
                    if let name = last { result.append(name) }
                    return result
                }
                last = word
            case .newline: break
            case .punct(UInt8(ascii: ".")): break
            default: if !colon && angle == 0 { return [] }
            }
            j += 1
        }
        return []
    }

    /// Whether the file's bytes contain `needle` (a plain byte search).
    /// The import that makes a bare `Object` Realm's.
    private static let importsRealm = ByteSearch("import RealmSwift")

    private static func isEncodable(from k: Int, in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var j = k + 1
        while j < tokens.count, j < k + 48 {
            switch tokens[j] {
            case .punct(UInt8(ascii: "{")): return false
            case .identifier(let start, let end):
                switch end - start {
                case 7, 8, 9, 14:
                    let word = text(bytes, start, end)
                    if word == "Codable" || word == "NSCoding" || word == "Encodable" || word == "NSSecureCoding" {
                        return true
                    }
                default: break
                }
            default: break
            }
            j += 1
        }
        return false
    }

    /// Whether `static` or `class` comes among the few tokens before the `let`/`var` at `i` on its line.
    private static func isStatic(before i: Int, in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = i - 1
        while k >= 0, k >= i - 4 {
            switch tokens[k] {
            case .newline: return false
            case .keyword(.type): return true  // `class var`
            case .identifier(let start, let end):
                if end - start == 6, bytes[start] == UInt8(ascii: "s"), bytes[start + 1] == UInt8(ascii: "t"),
                    text(bytes, start, end) == "static"
                {
                    return true
                }
            default: break
            }
            k -= 1
        }
        return false
    }

    /// The `{` of a function's body after its parameter list: `-> String {`, `throws -> [UInt8] {`, on the same
    /// line and within a few tokens; nil for anything longer (generic constraints, `where` clauses).
    private static func bodyOpen(in tokens: [Token], from start: Int) -> Int? {
        var k = start
        while k < tokens.count, k < start + 12 {
            switch tokens[k] {
            case .punct(UInt8(ascii: "{")): return k
            case .newline, .punct(UInt8(ascii: "(")), .punct(UInt8(ascii: "=")), .punct(UInt8(ascii: "}")):
                return nil
            default: k += 1
            }
        }
        return nil
    }

    /// A body `{ LITERAL }` or `{ return LITERAL }` (newlines allowed) starting at the `{` at `open`: its value and
    /// the index after the `}`.
    private static func literalBody(in tokens: [Token], at open: Int, bytes: UnsafeBufferPointer<UInt8>) -> (
        ConstantValue, Int
    )? {
        let n = tokens.count
        func skipNewlines(_ j: Int) -> Int {
            var k = j
            while k < n, tokens[k] == .newline { k += 1 }
            return k
        }
        var k = skipNewlines(open + 1)
        if k < n, case .identifier(let start, let end) = tokens[k], text(bytes, start, end) == "return" {
            k = skipNewlines(k + 1)
        }
        guard k < n, let (value, after) = literal(in: tokens, at: k, bytes: bytes) else { return nil }
        let close = skipNewlines(after)
        guard close < n, tokens[close] == .punct(UInt8(ascii: "}")) else { return nil }
        return (value, close + 1)
    }

    /// A literal starting at `i`: its value and the index after it.
    private static func literal(in tokens: [Token], at i: Int, bytes: UnsafeBufferPointer<UInt8>) -> (
        ConstantValue, Int
    )? {
        switch tokens[i] {
        case .string(let start, let end):
            return (.string(text(bytes, start, end)), i + 1)
        case .integer(let start, let end):
            return integerValue(bytes, start, end).map { (.integer($0), i + 1) }
        case .punct(UInt8(ascii: "-")):
            if i + 1 < tokens.count, case .integer(let start, let end) = tokens[i + 1],
                let v = integerValue(bytes, start, end)
            {
                return (.integer(-v), i + 2)
            }
            return nil
        case .punct(UInt8(ascii: "[")):
            var count = 0
            var k = i + 1
            while k < tokens.count {
                switch tokens[k] {
                case .integer: count += 1
                case .punct(UInt8(ascii: ",")), .newline: break
                case .punct(UInt8(ascii: "]")): return count > 0 ? (.bytes(count: count), k + 1) : nil
                default: return nil
                }
                k += 1
            }
            return nil
        default:
            return nil
        }
    }

    /// A number token's value: decimal, hex (0x), octal (0o) or binary (0b) integers with `_` separators; nil for
    /// anything else (floats) and for values that overflow.
    private static func integerValue(_ bytes: UnsafeBufferPointer<UInt8>, _ start32: Int32, _ end32: Int32) -> Int? {
        let start = Int(start32), end = Int(end32)
        var radix = 10
        var k = start
        if end - start > 2, bytes[start] == UInt8(ascii: "0") {
            switch bytes[start + 1] {
            case UInt8(ascii: "x"), UInt8(ascii: "X"):
                radix = 16
                k += 2
            case UInt8(ascii: "b"):
                radix = 2
                k += 2
            case UInt8(ascii: "o"):
                radix = 8
                k += 2
            default: break
            }
        }
        var value = 0
        while k < end {
            let b = bytes[k]
            k += 1
            if b == UInt8(ascii: "_") { continue }
            let digit: Int
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(b - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(b - UInt8(ascii: "A")) + 10
            default: return nil
            }
            guard digit < radix else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: radix)
            let (sum, o2) = times.addingReportingOverflow(digit)
            guard !o1, !o2 else { return nil }
            value = sum
        }
        return value
    }

}
