/// A walk over the tags and lengths of a BER (or DER) encoding, with a loop and an explicit stack, before swift-asn1
/// parses it.
///
/// swift-asn1 recurses once per level and allocates a node per element before the caller sees anything, and its
/// errors do not say where. This walk checks, without recursion, that every element fits in the file and in its
/// parent, that the nesting and the element count stay under the caps, and that indefinite lengths are closed —
/// naming the offset of the first problem. It does not look at contents.
///
/// ```swift
/// let rootLength = try BERShapeCheck.rootLength(of: bytes, maximumDepth: 32, maximumElements: 100_000)
/// let root = try BER.parse(bytes[..<rootLength])   // bytes after the first element are left alone
/// ```
enum BERShapeCheck {
    /// A constructed element whose contents are being walked.
    private struct Open {
        let start: Int
        /// Where its contents end; nil for an indefinite length (ended by the octets 00 00).
        let end: Int?
        /// Where its contents must end at the latest: its own end, or the innermost definite ancestor's.
        let limit: Int
    }

    /// The length in bytes of the first element of `bytes`, header included. Bytes after it are not examined.
    static func rootLength(
        of bytes: [UInt8], maximumDepth: Int, maximumElements: Int
    ) throws(ProvisioningProfileError) -> Int {
        var open: [Open] = []
        var offset = 0
        var elements = 0
        while true {
            // Close the elements that end here. Definite children were checked to fit, so `offset` never passes
            // an `end`.
            while let top = open.last {
                if let end = top.end {
                    guard offset == end else { break }
                } else {
                    guard top.limit - offset >= 2, bytes[offset] == 0, bytes[offset + 1] == 0 else { break }
                    offset += 2
                }
                open.removeLast()
            }
            if open.isEmpty, elements > 0 { return offset }

            let limit = open.last?.limit ?? bytes.count
            let start = offset
            guard offset < limit else {
                // Only an indefinite-length element gets here: it was never closed.
                let where_ = limit == bytes.count ? "the end of the file" : "offset \(limit)"
                throw ProvisioningProfileError(
                    .truncated,
                    "the indefinite-length element at offset \(open.last?.start ?? 0) has no end-of-contents octets "
                        + "before \(where_)")
            }

            // Identifier: one byte, or more for tag numbers from 31 (base 128, high bit set on all but the last).
            let first = bytes[offset]
            offset += 1
            if first & 0x1F == 0x1F {
                var tagBytes = 0
                while true {
                    guard offset < limit else { throw cutShort("the tag", at: start) }
                    let byte = bytes[offset]
                    offset += 1
                    tagBytes += 1
                    // CMS uses tags below 31; four bytes already allow 2^28.
                    guard tagBytes <= 4 else {
                        throw ProvisioningProfileError(
                            .malformed, "the tag number at offset \(start) is longer than 4 bytes")
                    }
                    if byte & 0x80 == 0 { break }
                }
            }
            // [UNIVERSAL 0] is only valid as end-of-contents, which is consumed above unless cut in half.
            if first == 0, limit - start < 2, let top = open.last, top.end == nil {
                throw ProvisioningProfileError(
                    .truncated, "the end-of-contents octets at offset \(start) are cut short")
            }
            if first & 0xDF == 0 {
                throw ProvisioningProfileError(
                    .malformed, "tag 0, reserved for end-of-contents octets, at offset \(start)")
            }
            let constructed = first & 0x20 != 0

            // Length: short form, long form in 1 to 8 bytes, or 0x80 for indefinite.
            guard offset < limit else { throw cutShort("the length", at: start) }
            let lengthByte = bytes[offset]
            offset += 1
            var claimed: UInt64?
            if lengthByte == 0x80 {
                guard constructed else {
                    throw ProvisioningProfileError(
                        .malformed, "the primitive element at offset \(start) has an indefinite length")
                }
            } else if lengthByte & 0x80 != 0 {
                let count = Int(lengthByte & 0x7F)
                guard count <= 8 else {
                    throw ProvisioningProfileError(
                        .malformed, "the length at offset \(start) is said to take \(count) bytes (at most 8)")
                }
                guard count <= limit - offset else { throw cutShort("the length", at: start) }
                var value: UInt64 = 0
                for byte in bytes[offset..<(offset + count)] { value = value << 8 | UInt64(byte) }
                offset += count
                claimed = value
            } else {
                claimed = UInt64(lengthByte)
            }
            var length: Int?
            if let claimed {
                let available = limit - offset
                guard claimed <= UInt64(available) else {
                    throw ProvisioningProfileError(
                        .truncated,
                        "the element at offset \(start) claims \(claimed) bytes but only \(available) remain")
                }
                length = Int(claimed)
            }

            elements += 1
            guard elements <= maximumElements else {
                throw ProvisioningProfileError(
                    .limitExceeded, "more than \(maximumElements) BER elements (at offset \(start))")
            }
            guard open.count < maximumDepth else {
                throw ProvisioningProfileError(
                    .limitExceeded, "BER nesting deeper than \(maximumDepth) levels at offset \(start)")
            }
            if constructed {
                let end = length.map { offset + $0 }
                open.append(Open(start: start, end: end, limit: end ?? limit))
            } else {
                offset += length ?? 0
            }
        }
    }

    private static func cutShort(_ part: String, at start: Int) -> ProvisioningProfileError {
        ProvisioningProfileError(.truncated, "\(part) of the element at offset \(start) is cut short")
    }
}
