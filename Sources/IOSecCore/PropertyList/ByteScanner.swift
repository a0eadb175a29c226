/// Shared cursor over UTF-8 bytes that keeps the 1-based line and column up to date, so every
/// parser in this folder can report positions without a second pass.
struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index: Int = 0
    private(set) var line: Int = 1
    private var lineStart: Int = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }
    var column: Int { index - lineStart + 1 }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func peek(_ offset: Int = 0) -> UInt8? {
        let j = index + offset
        return j < bytes.count ? bytes[j] : nil
    }

    mutating func advance() {
        guard index < bytes.count else { return }
        if bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    mutating func advance(by n: Int) {
        for _ in 0..<n { advance() }
    }

    func hasPrefix(_ s: StaticString) -> Bool {
        s.withUTF8Buffer { prefix in
            guard index + prefix.count <= bytes.count else { return false }
            for k in 0..<prefix.count where bytes[index + k] != prefix[k] { return false }
            return true
        }
    }

    /// Skips past the next occurrence of `terminator`; false (at end) when it never occurs. Byte by byte only
    /// where a line ends or the terminator may start: a project file has tens of thousands of comments.
    mutating func skip(past terminator: StaticString) -> Bool {
        terminator.withUTF8Buffer { t in
            let first = t[0]
            while index < bytes.count {
                let c = bytes[index]
                if c == first && hasPrefix(terminator) {
                    index += t.count  // the terminators hold no line break
                    return true
                }
                if c == 0x0A {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
            return false
        }
    }

    mutating func skipWhitespace() {
        while let c = current, c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D { advance() }
    }

    static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D }
}

enum UTF8Check {
    /// Index of the first byte that is not part of valid UTF-8, or nil when all is valid.
    static func firstInvalidByte(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = b.count
        while i < n {
            let c = b[i]
            if c < 0x80 {
                i += 1
                continue
            }
            let len: Int
            var minNext: UInt8 = 0x80, maxNext: UInt8 = 0xBF
            switch c {
            case 0xC2...0xDF: len = 2
            case 0xE0:
                len = 3
                minNext = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: len = 3
            case 0xED:
                len = 3
                maxNext = 0x9F  // no UTF-16 surrogates
            case 0xF0:
                len = 4
                minNext = 0x90
            case 0xF1...0xF3: len = 4
            case 0xF4:
                len = 4
                maxNext = 0x8F
            default: return i
            }
            guard i + len <= n else { return i }
            if b[i + 1] < minNext || b[i + 1] > maxNext { return i }
            for k in 2..<len where b[i + k] < 0x80 || b[i + k] > 0xBF { return i }
            i += len
        }
        return nil
    }

    /// 1-based line of a byte offset (only used on the error path).
    static func line(of offset: Int, in b: UnsafeBufferPointer<UInt8>) -> Int {
        var line = 1
        for j in 0..<min(offset, b.count) where b[j] == 0x0A { line += 1 }
        return line
    }
}
