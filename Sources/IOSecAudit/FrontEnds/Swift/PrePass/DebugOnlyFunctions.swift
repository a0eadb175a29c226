/// Functions whose whole body is one `#if DEBUG … #endif` with no `#else`: a call of one does nothing in a release
/// build (a logger's `static func debug(_ message: String) { #if DEBUG print(message) #endif }`). Read from the
/// pre-pass's tokens: each function declaration of a file, by name, and whether its body is such a block.
enum DebugOnlyFunctions {
    typealias Token = SwiftToken

    static func declarations(in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> [(name: String, debugOnly: Bool)]
    {
        var result: [(String, Bool)] = []
        var i = 0
        let n = tokens.count
        while i < n {
            guard tokens[i] == .keyword(.func) else {
                i += 1
                continue
            }
            i += 1
            guard let nameIndex = nextToken(tokens, from: i), case .identifier(let start, let end) = tokens[nameIndex]
            else { continue }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)]), as: UTF8.self)
            result.append((name, body(after: nameIndex + 1, in: tokens, bytes: bytes)))
        }
        return result
    }

    /// Whether the body of the function whose name ends before `start` is one `#if DEBUG` block.
    private static func body(after start: Int, in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The parameter list, then the `{` within a few tokens (`-> String`, `throws`); nothing longer is followed.
        var k = start
        while k < tokens.count, tokens[k] != .punct(UInt8(ascii: "(")) {
            if k > start + 8 || tokens[k] == .punct(UInt8(ascii: "{")) { return false }
            k += 1
        }
        var parens = 0
        while k < tokens.count {
            if tokens[k] == .punct(UInt8(ascii: "(")) { parens += 1 }
            if tokens[k] == .punct(UInt8(ascii: ")")) {
                parens -= 1
                if parens == 0 { break }
            }
            k += 1
        }
        k += 1
        let limit = k + 12
        while k < tokens.count, k < limit, tokens[k] != .punct(UInt8(ascii: "{")) {
            if tokens[k] == .newline || tokens[k] == .punct(UInt8(ascii: "}")) { return false }
            k += 1
        }
        guard k < tokens.count, tokens[k] == .punct(UInt8(ascii: "{")),
            let hash = nextToken(tokens, from: k + 1), directive(at: hash, in: tokens, bytes: bytes) == "if",
            case .identifier(let s, let e) = tokens[hash + 2],
            UnsafeBufferPointer(rebasing: bytes[Int(s)..<Int(e)]).elementsEqual("DEBUG".utf8),
            hash + 3 < tokens.count, tokens[hash + 3] == .newline
        else { return false }
        var depth = 1
        var nesting = 1
        var j = hash + 3
        while j < tokens.count {
            switch tokens[j] {
            case .punct(UInt8(ascii: "{")): depth += 1
            case .punct(UInt8(ascii: "}")):
                depth -= 1
                if depth == 0 { return false }
            case .punct(UInt8(ascii: "#")):
                switch directive(at: j, in: tokens, bytes: bytes) {
                case "if": nesting += 1
                case "else", "elseif": if nesting == 1 { return false }
                case "endif":
                    nesting -= 1
                    if nesting == 0 {
                        guard let after = nextToken(tokens, from: j + 2) else { return false }
                        return depth == 1 && tokens[after] == .punct(UInt8(ascii: "}"))
                    }
                default: break
                }
            default: break
            }
            j += 1
        }
        return false
    }

    /// `if`, `else`, `elseif`, `endif` for the directive whose `#` is at `index`.
    private static func directive(at index: Int, in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard tokens[index] == .punct(UInt8(ascii: "#")), index + 1 < tokens.count,
            case .identifier(let s, let e) = tokens[index + 1], e - s <= 6
        else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(s)..<Int(e)]), as: UTF8.self)
    }

    /// The first token at or after `index` that is not a line break.
    private static func nextToken(_ tokens: [Token], from index: Int) -> Int? {
        var k = index
        while k < tokens.count, tokens[k] == .newline { k += 1 }
        return k < tokens.count ? k : nil
    }
}
