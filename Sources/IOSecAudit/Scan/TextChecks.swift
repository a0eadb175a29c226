/// Cheap byte-level checks done before parsing a file.
enum TextChecks {
    /// A NUL byte in the first 8 KiB: not a text file.
    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        bytes.prefix(8192).contains(0)
    }

    /// The 1-based line of the first invalid UTF-8 sequence, or nil when the bytes are valid UTF-8.
    static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int? {
        var i = 0
        var line = 1
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0x0A { line += 1 }
                i += 1
                continue
            }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF:
                length = 2
                minimum = 0x80
                scalar = UInt32(b & 0x1F)
            case 0xE0...0xEF:
                length = 3
                minimum = 0x800
                scalar = UInt32(b & 0x0F)
            case 0xF0...0xF4:
                length = 4
                minimum = 0x10000
                scalar = UInt32(b & 0x07)
            default: return line
            }
            guard i + length <= n else { return line }
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { return line }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return line }
            i += length
        }
        return nil
    }
}
