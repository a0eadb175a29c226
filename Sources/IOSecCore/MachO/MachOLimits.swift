/// The caps the Mach-O reader applies, so a hostile file costs bounded time and memory. Counts are also always
/// checked against the bytes actually present, so a count is never trusted to allocate memory.
///
/// Exceeding a limit on the file's structure (architectures, load commands) throws ``MachOError`` with kind
/// `.limitExceeded`; exceeding one on what is collected (symbols, strings) keeps what was read up to the limit
/// and says so in the slice's ``MachOSlice/issues``.
///
/// ```swift
/// var limits = MachOLimits()
/// limits.maxStrings = 10_000          // only a sample of __cstring is needed
/// let file = try MachOFile(bytes: bytes, limits: limits)
/// ```
public struct MachOLimits: Sendable, Equatable {
    /// Fat header `nfat_arch`. Real universal binaries have 2–4; Java class files also start with `0xCAFEBABE`
    /// and put their version (≥ 45) where the count would be.
    public var maxArchitectures = 32
    /// `ncmds` in a mach header.
    public var maxLoadCommands = 10_000
    /// `sizeofcmds` in a mach header (real apps: tens of KB).
    public var maxLoadCommandBytes = 16 * 1024 * 1024
    /// Symbol table entries examined per slice.
    public var maxSymbols = 4_000_000
    /// Length of one symbol or library name; longer names are skipped (Swift mangled names reach a few KB).
    public var maxNameLength = 16_384
    /// Debug (N_STAB) names kept per slice (all are counted in ``MachOSlice/stabSymbolCount``).
    public var maxStabNames = 100_000
    /// Import names read from chained fixups or bind opcodes per slice.
    public var maxImports = 1_000_000
    /// Strings kept per kind (C strings, class names, selectors) per slice.
    public var maxStrings = 500_000
    /// Length of one string from `__cstring`, `__objc_classname`, `__objc_methname`; longer ones are left out.
    public var maxStringLength = 16_384
    /// Blobs in the code-signature SuperBlob (real signatures have under 20).
    public var maxSignatureBlobs = 256
    /// Size of an entitlements blob (XML or DER).
    public var maxEntitlementsBytes = 4 * 1024 * 1024

    public init() {}

    public static let `default` = MachOLimits()

    /// The limits with negative values raised to 0.
    var sanitized: MachOLimits {
        var l = self
        for path in [
            \MachOLimits.maxArchitectures, \.maxLoadCommands, \.maxLoadCommandBytes, \.maxSymbols, \.maxNameLength,
            \.maxStabNames, \.maxImports, \.maxStrings, \.maxStringLength, \.maxSignatureBlobs, \.maxEntitlementsBytes
        ] {
            l[keyPath: path] = max(0, l[keyPath: path])
        }
        return l
    }
}
