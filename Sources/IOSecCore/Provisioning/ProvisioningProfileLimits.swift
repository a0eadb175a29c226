/// The caps the provisioning-profile reader applies, so a hostile file costs bounded time, memory and stack.
///
/// Real profiles are 8–40 KB with a few hundred BER elements nested at most about 12 deep (inside a certificate's
/// extensions); the caps are far above that. swift-asn1 builds one node per element before anything can be
/// looked at, so the element count is checked first, by a loop that also reports truncation precisely.
///
/// ```swift
/// guard bytes.count <= ProvisioningProfileLimits.maximumBytes else { … }  // skip without reading
/// ```
public enum ProvisioningProfileLimits {
    /// Size of the whole file: 8 MiB. A profile listing the maximum of devices and certificates is under 1 MiB.
    public static let maximumBytes = 8 * 1024 * 1024
    /// How many BER elements may be open inside one another, the outermost counting as 1: 32. swift-asn1 stops
    /// at 50 on its own; this cap keeps a clearer error and room below that.
    public static let maximumNestingDepth = 32
    /// BER elements in the envelope: 100,000 (each costs swift-asn1 about 100 bytes of node while parsing).
    public static let maximumElements = 100_000
    /// Size of one certificate, in the envelope or in `DeveloperCertificates`: 64 KiB (real ones are 1–2 KB).
    /// Larger ones are skipped with an issue, which bounds the nodes each certificate parse allocates.
    public static let maximumCertificateBytes = 64 * 1024
}
