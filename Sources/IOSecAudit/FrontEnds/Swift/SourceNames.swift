/// Names a file's bytes show in the shapes the shared analyses look for, found in one linear pass on first use.
/// Rules ask "where did this local get its value?" and "what was put into this container?" of nearly every name
/// they meet, and the answer is almost always "nowhere": each question walks bodies or scopes. A name that never
/// follows `let`/`var` has no declaration to find, and one never followed by `[`, `.set…` or `.member =` is never
/// filled, so those questions are answered here without touching the tree.
///
/// The sets may hold more than the tree would confirm (a comment, a string, an argument label, a hash collision):
/// they only rule names out, never in.
struct SourceNames: Sendable {
    /// Names that may be declared with a value: after `let` or `var`, or after a comma and before `=` or `:`
    /// (`var a = 1, b = 2`).
    private(set) var declared = NameBits()
    /// Names that may be filled: followed by `[`, by `.set…` / `.updateValue`, or by `.member =`.
    private(set) var filled = NameBits()
    /// Members assigned to: `member` of `base.member =` (`base?.member =`).
    private(set) var assignedMembers = NameBits()

    init(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { scan($0) }
    }

    /// The names the constant pre-pass found in a file's tokens (`ConstantScanner`), so the file's own walk needs
    /// no second pass over its bytes.
    init(declared: NameBits, filled: NameBits, assignedMembers: NameBits) {
        self.declared = declared
        self.filled = filled
        self.assignedMembers = assignedMembers
    }

    /// A set of names as bits of their hashes: no name is copied, and a query never allocates.
    struct NameBits: Sendable {
        private var words: [UInt64]
        private let mask: Int

        /// Room for every 16-bit hash: for a set filled while the names are found.
        init() {
            words = [UInt64](repeating: 0, count: 1 << 10)
            mask = 0xFFFF
        }

        /// A set of these hashes (`hash(_:)`), sized to hold them with few collisions: kept per file between the
        /// pre-pass and the file's walk, so it is small.
        init(hashes: [Int]) {
            var bits = 1 << 10
            while bits < hashes.count * 16, bits < 1 << 16 { bits <<= 1 }
            words = [UInt64](repeating: 0, count: bits >> 6)
            mask = bits - 1
            for hash in hashes { insert(hash: hash) }
        }

        static func hash(_ bytes: some Sequence<UInt8>) -> Int {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
            for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            return Int(truncatingIfNeeded: (h >> 32) ^ h) & 0xFFFF
        }

        mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) {
            insert(hash: Self.hash(bytes))
        }

        private mutating func insert(hash: Int) {
            let bit = hash & mask
            words[bit >> 6] |= 1 << UInt64(bit & 63)
        }

        func contains(_ name: String) -> Bool {
            let bit = Self.hash(name.utf8) & mask
            return words[bit >> 6] & (1 << UInt64(bit & 63)) != 0
        }
    }

    private static func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b >= 0x80
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private mutating func scan(_ s: UnsafeBufferPointer<UInt8>) {
        let n = s.count
        func skipSpace(_ i: Int) -> Int {
            var j = i
            while j < n, Self.isSpace(s[j]) { j += 1 }
            return j
        }
        func identifierEnd(_ i: Int) -> Int {
            var j = i
            while j < n, Self.isIdentifierByte(s[j]) { j += 1 }
            return j
        }
        func text(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: s[start..<end])
        }
        func isWord(_ start: Int, _ end: Int, _ word: StaticString) -> Bool {
            guard end - start == word.utf8CodeUnitCount else { return false }
            return word.withUTF8Buffer { w in (0..<w.count).allSatisfy { s[start + $0] == w[$0] } }
        }
        /// `=` that is an assignment, not `==`.
        func isAssignment(_ i: Int) -> Bool { i < n && s[i] == 0x3D && (i + 1 >= n || s[i + 1] != 0x3D) }

        var previousWasDeclarator = false  // the last identifier was `let` or `var`
        var i = 0
        while i < n {
            let b = s[i]
            if b == 0x2C {  // `,`: a further binding of a declaration may follow
                let start = skipSpace(i + 1)
                let end = identifierEnd(start)
                if end > start {
                    let next = skipSpace(end)
                    if isAssignment(next) || (next < n && s[next] == 0x3A) { declared.insert(text(start, end)) }
                }
                previousWasDeclarator = false
                i += 1
                continue
            }
            // A backticked name: `let `default` = …`.
            let quoted = b == 0x60
            let start = quoted ? i + 1 : i
            guard start < n, Self.isIdentifierByte(s[start]), !(s[start] >= 0x30 && s[start] <= 0x39) else {
                if !Self.isSpace(b) { previousWasDeclarator = false }
                i += 1
                continue
            }
            let end = identifierEnd(start)
            let afterName = quoted && end < n && s[end] == 0x60 ? end + 1 : end
            if previousWasDeclarator {
                declared.insert(text(start, end))
                // swift-syntax keeps the backticks in a name's text.
                if quoted, afterName > end { declared.insert(text(i, afterName)) }
                previousWasDeclarator = false
            } else if !quoted && (isWord(start, end, "let") || isWord(start, end, "var")) {
                previousWasDeclarator = true
                i = end
                continue
            }
            var next = skipSpace(afterName)
            while next < n, s[next] == 0x3F || s[next] == 0x21 { next = skipSpace(next + 1) }  // `?` `!`
            if next < n, s[next] == 0x5B {  // `[`
                filled.insert(text(start, end))
            } else if next < n, s[next] == 0x2E {  // `.`
                let memberStart = skipSpace(next + 1)
                let memberEnd = identifierEnd(memberStart)
                let isSetter =
                    memberEnd - memberStart >= 3 && s[memberStart] == 0x73 && s[memberStart + 1] == 0x65
                    && s[memberStart + 2] == 0x74  // `set…`
                let assigned = memberEnd > memberStart && isAssignment(skipSpace(memberEnd))
                if assigned { assignedMembers.insert(text(memberStart, memberEnd)) }
                if isSetter || isWord(memberStart, memberEnd, "updateValue") || assigned {
                    filled.insert(text(start, end))
                }
            }
            i = afterName
        }
    }
}
