/// A strict reader of DER (X.690) tag-length-value structure: enough to find a certificate's
/// SubjectPublicKeyInfo without an ASN.1 library, so that the app library depends on Foundation alone.
///
/// Only single-byte tags and definite, minimally encoded lengths are accepted; constructed values are read
/// down to their leaves, and the whole input must be exactly one value. Anything else is not DER.
///
/// ```swift
/// let node = DERNode.parse(certificateBytes)  // nil unless the bytes are one well-formed DER value
/// node?.children.first?.tag                   // 0x30: tbsCertificate
/// ```
struct DERNode {
    static let sequence: UInt8 = 0x30

    let tag: UInt8
    /// Where the whole encoding (tag, length and content) stands in the input.
    let range: Range<Int>
    /// The values inside a constructed value; empty for a primitive one.
    let children: [DERNode]

    /// Deeper than any certificate goes (a few levels); the limit keeps hostile input off the stack.
    static let maximumDepth = 64

    static func parse(_ bytes: [UInt8]) -> DERNode? {
        var offset = 0
        guard let node = read(bytes, at: &offset, end: bytes.count, depth: 0), offset == bytes.count else {
            return nil
        }
        return node
    }

    private static func read(_ bytes: [UInt8], at offset: inout Int, end: Int, depth: Int) -> DERNode? {
        guard depth < maximumDepth, offset < end else { return nil }
        let start = offset
        let tag = bytes[offset]
        guard tag & 0x1F != 0x1F else { return nil }  // Multi-byte tags: none in the parts read here.
        offset += 1
        guard offset < end else { return nil }
        let first = bytes[offset]
        offset += 1
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            // 0x80 is BER's indefinite length; more than four length bytes is beyond any input read here.
            guard count >= 1, count <= 4, end - offset >= count, bytes[offset] != 0 else { return nil }
            for _ in 0..<count {
                length = length << 8 | Int(bytes[offset])
                offset += 1
            }
            guard length >= 0x80 else { return nil }  // DER uses the short form when it can.
        }
        guard length <= end - offset else { return nil }
        let contentEnd = offset + length
        var children: [DERNode] = []
        if tag & 0x20 != 0 {
            while offset < contentEnd {
                guard let child = read(bytes, at: &offset, end: contentEnd, depth: depth + 1) else { return nil }
                children.append(child)
            }
        }
        offset = contentEnd
        return DERNode(tag: tag, range: start..<contentEnd, children: children)
    }
}
