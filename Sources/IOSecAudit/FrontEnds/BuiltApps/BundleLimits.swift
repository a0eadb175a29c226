/// Caps on what iosec reads from a built app, so a crafted IPA (a zip bomb, a million entries, an entry claiming
/// 4 GB) costs a diagnostic, not the machine. Real apps sit far below each: the largest app binaries are a few
/// hundred megabytes, and Mach-O code compresses about 3:1.
public struct BundleLimits: Sendable, Hashable {
    /// Entries listed in the archive's central directory (or files in an `.app` folder).
    public var maxEntries: Int
    /// Uncompressed bytes of one entry iosec reads.
    public var maxEntryBytes: Int
    /// Uncompressed bytes of all entries iosec reads, together.
    public var maxTotalBytes: Int
    /// Uncompressed ÷ compressed size of one entry, checked for entries over ``ratioFloor`` bytes: deflate reaches
    /// about 1000:1 only on data made to be repetitive.
    public var maxCompressionRatio: Int
    public var ratioFloor: Int

    public init(
        maxEntries: Int = 200_000, maxEntryBytes: Int = 1 << 30, maxTotalBytes: Int = 4 << 30,
        maxCompressionRatio: Int = 200, ratioFloor: Int = 1 << 20
    ) {
        self.maxEntries = maxEntries
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioFloor = ratioFloor
    }

    public static let `default` = BundleLimits()
}
