import Foundation

/// Reads certificates from PEM text (one or many `BEGIN CERTIFICATE` blocks) or raw DER.
///
/// ```swift
/// let chain = try CertificateChainReader.certificates(in: Data(contentsOf: url))
/// let pins = try chain.map { try SPKIPin(certificateDER: $0) }
/// ```
public enum CertificateChainReader {
    private static let begin = Array("-----BEGIN CERTIFICATE-----".utf8)
    private static let end = Array("-----END CERTIFICATE-----".utf8)

    /// The DER certificates in `data`: PEM blocks if it contains any, otherwise `data` itself as one DER certificate.
    public static func certificates(in data: Data) throws(SPKIPinError) -> [[UInt8]] {
        let bytes = [UInt8](data)
        if firstIndex(of: begin, in: bytes, from: 0) != nil {
            return try certificates(inPEM: bytes)
        }
        // DER starts with a SEQUENCE tag; anything else is text without a certificate.
        guard bytes.first == 0x30 else { throw .noCertificateFound }
        _ = try SPKIPin.subjectPublicKeyInfo(ofCertificateDER: bytes)
        return [bytes]
    }

    /// The DER certificates of every `BEGIN CERTIFICATE` block in PEM text, in order. Other blocks (keys) and
    /// text between blocks are ignored.
    public static func certificates(inPEM text: String) throws(SPKIPinError) -> [[UInt8]] {
        try certificates(inPEM: Array(text.utf8))
    }

    private static func certificates(inPEM bytes: [UInt8]) throws(SPKIPinError) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var cursor = 0
        while let start = firstIndex(of: begin, in: bytes, from: cursor) {
            let bodyStart = start + begin.count
            guard let stop = firstIndex(of: end, in: bytes, from: bodyStart) else {
                throw .malformedPEM(block: result.count + 1)
            }
            let body = bytes[bodyStart..<stop].filter { !($0 == 0x0A || $0 == 0x0D || $0 == 0x20 || $0 == 0x09) }
            guard let der = Data(base64Encoded: Data(body)), !der.isEmpty else {
                throw .malformedPEM(block: result.count + 1)
            }
            let certificate = [UInt8](der)
            _ = try SPKIPin.subjectPublicKeyInfo(ofCertificateDER: certificate)
            result.append(certificate)
            cursor = stop + end.count
        }
        if result.isEmpty { throw .noCertificateFound }
        return result
    }

    /// Linear scan; the marker's first byte '-' is rare in base64 bodies so restarts are cheap.
    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == needle[0] {
                var matched = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
