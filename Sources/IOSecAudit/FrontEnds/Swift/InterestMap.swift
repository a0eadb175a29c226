/// The parts of a Swift file where its tree may hold a node some visitor wants, found by the constant pre-pass's
/// lexer. The dispatcher walks a subtree only when its bytes meet one of these parts: two thirds of a tree's nodes
/// lie in statements that name nothing any rule asks about.
///
/// It holds, as ranges of bytes:
/// - every identifier whose bytes a route's names may match (`InterestFilter`: by length and first and last byte, so
///   it may hold more), where it stands as the route wants it (a call's name before `(`), and every identifier in
///   backticks;
/// - every routed operator (`==`, `!=`);
/// - every string literal and every comment, whole: a string holds literals and, in its interpolations, any code;
///   and where the lexer reads a string or a comment that the parser does not (a regular expression literal), the
///   bytes still count.
///
/// Every other byte is one the lexer read as white space, punctuation, a number or a name outside the filter, so a
/// subtree that meets no part holds no node a route could want.
struct InterestMap: Sendable, Equatable {
    /// Start and end offsets in pairs, in order, apart.
    private(set) var bounds: [Int32] = []

    /// Nothing marked: no node of the file is one a visitor wants.
    var isEmpty: Bool { bounds.isEmpty }

    /// Adds the bytes `start..<end`, which start at or after every part added before.
    mutating func add(_ start: Int, _ end: Int) {
        let start = Int32(start), end = Int32(end)
        if let last = bounds.last, start <= last {
            if end > last { bounds[bounds.count - 1] = end }
            return
        }
        bounds.append(start)
        bounds.append(end)
    }

    /// A reader for one walk, whose questions come in order.
    struct Cursor {
        private let bounds: [Int32]
        private var index = 0

        init(_ map: InterestMap) { bounds = map.bounds }

        /// Whether `start..<end` meets a part. `start` must not go down between calls: the walk is in source order.
        @inline(__always)
        mutating func meets(_ start: Int, _ end: Int) -> Bool {
            while index < bounds.count, Int(bounds[index + 1]) <= start { index += 2 }
            return index < bounds.count && Int(bounds[index]) < end
        }
    }
}

/// What makes bytes interesting besides literals and comments: names and operators, from the routes of a
/// `RuleDispatcher.Plan`.
struct InterestFilter: Sendable, Equatable {
    /// Names wanted wherever they stand: references, members, types, assignment targets, parameters, attributes.
    var names = NameFilter()
    /// Names wanted anywhere in any case: parameters (`Password`), which rules compare lowercased.
    var foldedNames = NameFilter(foldingCase: true)
    /// Names wanted only as a call's name: marked only where a call's `(`, trailing `{` or generic `<` follows (and
    /// `init` only after a `.`, the one form that names a type). Most `String`s are type annotations, not calls.
    var calleeNames = NameFilter()
    /// Names wanted only as argument labels: marked only where a `:` follows.
    var labelNames = NameFilter()
    /// Names wanted only as an assignment's target (`pasteboard.url = …`): marked only where `=` follows. A target
    /// of another shape (a tuple, a subscript) reaches no rule by a name.
    var assignedNames = NameFilter()
    /// The routed operators' bytes (`==`).
    var operators: [[UInt8]] = [] {
        didSet {
            operatorStarts = 0
            for op in operators where op.first.map({ $0 < 64 }) == true { operatorStarts |= 1 << UInt64(op[0]) }
            operatorsStartAbove63 = operators.contains { ($0.first ?? 0) >= 64 }
        }
    }
    /// Whether an operator with `nil`, a number or a Boolean right of it is marked
    /// (`Subscription.Operators.plainLiteralOperands`).
    var marksOperatorsBeforePlainLiterals = true
    /// The fewest bytes a literal route wants (`Subscription.Literals.minimumLength`): a plain one-line literal with
    /// fewer holds nothing any route wants.
    var shortestLiteral = Int.max
    /// The ASCII bytes below 64 an operator starts with (`=` and `!` are), as bits.
    private var operatorStarts: UInt64 = 0
    private var operatorsStartAbove63 = false

    /// Whether a routed operator may start with `byte`: asked of every punctuation byte.
    @inline(__always)
    func mayStartOperator(_ byte: UInt8) -> Bool {
        byte < 64 ? operatorStarts >> UInt64(byte) & 1 != 0 : operatorsStartAbove63
    }

    /// Whether a plain one-line literal with its content at `start..<end` is marked: when it is long enough for a
    /// literal route, or holds a `/`. The lexer reads a literal where the parser does only inside a regular
    /// expression, and one that reaches past the expression's end holds its closing `/`: a literal without one
    /// hides no code.
    @inline(__always)
    func marksPlainLiteral(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard end - start < shortestLiteral else { return true }
        for k in start..<end where bytes[k] == UInt8(ascii: "/") { return true }
        return false
    }

    /// Whether only white space stands between the start of its line and `index`.
    static func opensLine(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        var k = index - 1
        while k >= 0 {
            switch bytes[k] {
            case 0x20, 0x09: k -= 1
            case 0x0A, 0x0D: return true
            default: return false
            }
        }
        return true
    }

    /// How the lexer decides on a name that passed none of the filters outright.
    enum Role { case anywhere, callee, label, assigned }

    /// The role a name between `start` and `end` of `bytes` may play for some route, if any.
    @inline(__always)
    func role(of bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Role? {
        let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if names.mayContain(name) || foldedNames.mayContain(name) { return .anywhere }
        if calleeNames.mayContain(name) { return .callee }
        if labelNames.mayContain(name) { return .label }
        if assignedNames.mayContain(name) { return .assigned }
        return nil
    }

    /// Whether the name at `start..<end` stands where a call's name stands: before `(`, `{` or `<`, white space
    /// between; `init` also after a `.` with something before it. A comment after the name counts as a yes.
    static func mayBeCallee(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        if end - start == 4, bytes[start] == UInt8(ascii: "i"), bytes[start + 1] == UInt8(ascii: "n"),
            bytes[start + 2] == UInt8(ascii: "i"), bytes[start + 3] == UInt8(ascii: "t"),
            start == 0 || bytes[start - 1] != UInt8(ascii: ".") || !mayEndBase(bytes, before: start - 1)
        {
            return false
        }
        switch nextByte(bytes, after: end) {
        case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "<"), UInt8(ascii: "/"): return true
        default: return false
        }
    }

    /// Whether what stands before the `.` at `dot` may be the base of a member access (`PrivateKey.init`,
    /// `key?\n.init`): only then does `init` name a type (`RuleDispatcher`). A bare `.init(…)` follows `(`, `,`,
    /// `:`, `=`, `[` or an operator. Keywords (`return .init(…)`) and comments count as a yes.
    static func mayEndBase(_ bytes: UnsafeBufferPointer<UInt8>, before dot: Int) -> Bool {
        var k = dot - 1
        while k >= 0, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D { k -= 1 }
        guard k >= 0 else { return false }
        switch bytes[k] {
        case UInt8(ascii: "("), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "["),
            UInt8(ascii: "{"), UInt8(ascii: ";"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"),
            UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"),
            UInt8(ascii: "<"):
            return false
        default:
            return true
        }
    }

    /// Whether the name at `end` is followed by `:`, white space between (or a comment).
    static func mayBeLabel(_ bytes: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        switch nextByte(bytes, after: end) {
        case UInt8(ascii: ":"), UInt8(ascii: "/"): return true
        default: return false
        }
    }

    /// Whether the name that ends at `end` is followed by an assignment's `=` (not `==`), through `?` and `!` and
    /// white space; a comment after the name counts as a yes.
    static func mayBeAssigned(_ bytes: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        var i = end
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?"), UInt8(ascii: "!"): i += 1
            case UInt8(ascii: "/"): return true
            case UInt8(ascii: "="): return i + 1 >= bytes.count || bytes[i + 1] != UInt8(ascii: "=")
            default: return false
            }
        }
        return false
    }

    /// Whether the element right of an operator that ends at `index` is `nil`, `true`, `false` or a number, as the
    /// dispatcher's `OperandShape.plainLiteral` reads it: the next element of the unfolded sequence, whatever
    /// follows it. A member of one (`1.description`), a call or a prefix operator is not.
    static func plainLiteralFollows(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        var i = index
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        guard i < bytes.count else { return false }
        let start = i
        func isWordByte(_ c: UInt8) -> Bool {
            c >= 0x80 || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "_")
                || c == UInt8(ascii: "$")
        }
        while i < bytes.count, isWordByte(bytes[i]) { i += 1 }
        let word = UnsafeBufferPointer(rebasing: bytes[start..<i])
        guard let first = word.first else { return false }
        if first >= 0x30 && first <= 0x39 {
            // `1.5`: the fraction belongs to the literal.
            if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "."), bytes[i + 1] >= 0x30, bytes[i + 1] <= 0x39 {
                i += 1
                while i < bytes.count, isWordByte(bytes[i]) { i += 1 }
            }
        } else if !(word.elementsEqual("nil".utf8) || word.elementsEqual("true".utf8)
            || word.elementsEqual("false".utf8))
        {
            return false
        }
        guard i < bytes.count else { return true }
        switch bytes[i] {
        case UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: "["): return false
        default: return true
        }
    }

    /// The first byte from `index` on that is not white space; 0 at the end.
    @inline(__always)
    private static func nextByte(_ bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> UInt8 {
        var i = index
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return bytes[i]
            }
        }
        return 0
    }
}
