/// Why a Mach-O file could not be read: what is wrong and the byte offset (from the start of the file) where the
/// reader found it.
///
/// Only damage that leaves nothing trustworthy to read is thrown — a header cut short, load commands whose sizes
/// do not add up, a fat header with no usable slice. Damage to an optional part (a symbol table pointing past the
/// end, a corrupt code signature) is reported in ``MachOSlice/issues`` and ``MachOFile/issues`` instead, and
/// everything else is still read.
///
/// ```swift
/// do {
///     let file = try MachOFile(bytes: Array(data))
///     print(file.slices.map(\.architecture.name))          // ["armv7", "arm64"]
/// } catch {
///     print(error)  // "load command 3 (LC_SEGMENT_64) has cmdsize 0; each command needs at least 8 bytes
///                   //  (at offset 184, 0xB8)"
/// }
/// ```
public struct MachOError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of damage, for callers that branch on it; the ``message`` says the specifics.
    public enum Kind: Sendable, Equatable {
        /// The bytes do not start with a Mach-O or fat magic number.
        case notMachO
        /// A structure runs past the end of the file (or of its slice, or of the region that contains it).
        case truncated
        /// A field holds a value the format does not allow (a load command smaller than 8 bytes, counts that
        /// cannot fit, an unknown opcode).
        case malformed
        /// A count or size is larger than ``MachOLimits`` allows: treated as hostile rather than read.
        case limitExceeded
    }

    public let kind: Kind
    /// Byte offset from the start of the file (not of the slice) where the problem was found.
    public let offset: Int
    /// What is wrong, in words; ``description`` adds the offset.
    public let message: String

    public init(_ kind: Kind, at offset: Int, _ message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }

    public var description: String {
        "\(message) (at offset \(offset), 0x\(String(offset, radix: 16, uppercase: true)))"
    }
}
