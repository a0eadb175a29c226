#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds a byte string in a file's bytes through `memchr` on one of its bytes that is rare in source code (an upper-
/// case letter, a digit, punctuation), checking the whole string only where that byte is: far faster than a loop
/// that compares at every offset, and rules and the pre-pass ask it of every file.
struct ByteSearch: Sendable {
    let needle: [UInt8]
    private let anchor: Int

    init(_ text: String) {
        needle = Array(text.utf8)
        // Lower-case letters and spaces are the commonest bytes of source code.
        anchor =
            needle.firstIndex { !($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) && $0 != UInt8(ascii: " ") } ?? 0
    }

    func occurs(in buffer: UnsafeRawBufferPointer) -> Bool {
        needle.isEmpty || firstOffset(in: buffer, wholeWord: false) != nil
    }

    func occurs(in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { occurs(in: $0) }
    }

    /// How many times the needle occurs as a whole identifier (no letter, digit or `_` on either side), counting up
    /// to `limit`.
    func wordCount(in bytes: [UInt8], limit: Int) -> Int {
        var count = 0
        var from = 0
        while count < limit, let found = wordOffset(in: bytes, from: from) {
            count += 1
            from = found + needle.count
        }
        return count
    }

    /// The offsets at which the needle occurs as a whole identifier, up to `limit` of them.
    func wordOffsets(in bytes: [UInt8], limit: Int) -> [Int] {
        var offsets: [Int] = []
        var from = 0
        while offsets.count < limit, let found = wordOffset(in: bytes, from: from) {
            offsets.append(found)
            from = found + needle.count
        }
        return offsets
    }

    /// The first offset at or after `from` at which the needle occurs as a whole identifier. `from` must be 0 or
    /// the end of an earlier occurrence, so that the byte before it is known not to continue the word.
    func wordOffset(in bytes: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, from < bytes.count else { return nil }
        return bytes.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            let rest = UnsafeRawBufferPointer(start: base + from, count: buffer.count - from)
            return firstOffset(in: rest, wholeWord: true).map { $0 + from }
        }
    }

    /// Where the needle first occurs in `buffer` (as a whole identifier when `wholeWord`): `memchr` finds each place
    /// of its anchor byte, and only there is the rest compared.
    func firstOffset(in buffer: UnsafeRawBufferPointer, wholeWord: Bool) -> Int? {
        guard let base = buffer.baseAddress, buffer.count >= needle.count else { return nil }
        let byte = Int32(needle[anchor])
        var offset = anchor
        let last = buffer.count - needle.count + anchor
        while offset <= last {
            guard let found = memchr(base + offset, byte, last - offset + 1) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(found))
            let start = at - anchor
            var k = 0
            while k < needle.count, buffer[start + k] == needle[k] { k += 1 }
            let end = start + needle.count
            if k == needle.count,
                !wholeWord
                    || (start == 0 || !Self.isWordByte(buffer[start - 1]))
                        && (end == buffer.count || !Self.isWordByte(buffer[end]))
            {
                return start
            }
            offset = at + 1
        }
        return nil
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte >= 0x80
    }
}
