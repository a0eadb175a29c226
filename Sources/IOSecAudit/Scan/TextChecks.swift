import Foundation

/// Cheap byte-level checks done before parsing a file. They read every byte of every file, so they skip ASCII eight
/// bytes at a time and leave the searching to the C library.
enum TextChecks {
    /// A NUL byte in the first 8 KiB: not a text file.
    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return false }
            return memchr(base, 0, min(raw.count, 8192)) != nil
        }
    }

    /// The 1-based line of the first invalid UTF-8 sequence, or nil when the bytes are valid UTF-8.
    static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int? {
        guard let index = firstInvalidUTF8Index(bytes) else { return nil }
        return 1 + bytes[..<index].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// The offset of the first byte that starts an invalid UTF-8 sequence (or a truncated one), nil when valid.
    static func firstInvalidUTF8Index(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            let n = buffer.count
            guard let base = buffer.baseAddress else { return nil }
            var i = 0
            while i < n {
                // Source is nearly all ASCII: eight bytes with no high bit set at a time.
                if i + 8 <= n {
                    let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 {
                        i += 8
                        continue
                    }
                }
                let b = base[i]
                if b < 0x80 {
                    i += 1
                    continue
                }
                let length: Int
                let minimum: UInt32
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
                default: return i
                }
                guard i + length <= n else { return i }
                for k in 1..<length {
                    let c = base[i + k]
                    guard c & 0xC0 == 0x80 else { return i }
                    scalar = scalar << 6 | UInt32(c & 0x3F)
                }
                if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
                i += length
            }
            return nil
        }
    }
}
