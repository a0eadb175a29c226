import CryptoKit
import Foundation

/// Implements the `podcast:guid` derivation from the Podcasting 2.0 namespace:
/// a UUIDv5 of the feed URL (scheme and trailing slashes removed) under a
/// fixed namespace. UUIDv5 is defined in terms of SHA-1, so `Insecure.SHA1`
/// is required for interoperability; the value is an identifier, not a MAC.
public enum PodcastGUID {
    public static let namespace = UUID(uuidString: "ead4c236-bf58-58c6-a2c6-a6b28d128cb6")!

    public static func make(feedURL: URL) -> UUID {
        make(feedURLString: feedURL.absoluteString)
    }

    public static func make(feedURLString: String) -> UUID {
        var input = withUnsafeBytes(of: namespace.uuid) { Data($0) }
        input.append(Data(normalize(feedURLString).utf8))

        var bytes = Array(Insecure.SHA1.hash(data: input).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80

        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3],
            bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11],
            bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }

    static func normalize(_ raw: String) -> String {
        var value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let schemeEnd = value.range(of: "://") {
            value = String(value[schemeEnd.upperBound...])
        }
        while value.hasSuffix("/") {
            value.removeLast()
        }
        return value
    }
}
