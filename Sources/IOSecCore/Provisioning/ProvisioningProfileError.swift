/// Why an `embedded.mobileprovision` could not be read: what is wrong, in words a reviewer can act on.
///
/// Only damage that leaves no property list to read is thrown — bytes that are not a CMS envelope, an envelope cut
/// short, a signature without its content, content that is not a property list. A part that is damaged but not
/// needed for the rest (one certificate, a key of the wrong type) is listed in ``ProvisioningProfile/issues``
/// instead.
///
/// ```swift
/// do {
///     _ = try ProvisioningProfile(bytes: bytes)
/// } catch {
///     print(error)       // "truncated: the element at offset 1234 claims 4096 bytes but only 310 remain"
///     error.kind         // .truncated
/// }
/// ```
public struct ProvisioningProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of damage, for callers that branch on it; the ``message`` says the specifics.
    public enum Kind: String, Sendable, Equatable {
        /// The bytes are not a BER/DER CMS `ContentInfo` (another file, a bare property list, text).
        case notCMS = "not CMS"
        /// A CMS `ContentInfo` of another type than signedData (enveloped, digested, plain data).
        case notSignedData = "not signedData"
        /// The signature is detached or the encapsulated content is missing: there is no property list inside.
        case noContent = "no content"
        /// The encapsulated content is not a property list, or its root is not a dictionary.
        case notPropertyList = "not a property list"
        /// An element runs past the end of the file or of the element that contains it.
        case truncated
        /// The encoding breaks a BER rule, or a CMS field has the wrong type.
        case malformed
        /// The file is larger, deeper or has more elements than ``ProvisioningProfileLimits`` allows: treated as
        /// hostile rather than read.
        case limitExceeded = "limit exceeded"
    }

    public let kind: Kind
    /// What is wrong, in words; ``description`` prefixes the kind.
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(kind.rawValue): \(message)" }
}
