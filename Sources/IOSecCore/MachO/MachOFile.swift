import Foundation

/// A Mach-O binary — an app's executable, a framework's dylib, a bundle — read completely and safely: thin or
/// universal (fat, `FAT_MAGIC` / `FAT_MAGIC_64`), 32- or 64-bit, every architecture.
///
/// The reader is pure Swift, runs the same on Linux and macOS, and never traps on hostile input: every read is
/// bounds-checked, sizes and counts from the file are checked against the bytes present (with overflow-checked
/// arithmetic) and capped by ``MachOLimits``. A file whose structure is broken throws ``MachOError``; a broken
/// optional part (symbol table, code signature, fixups, a section) is skipped and listed in ``issues``, and
/// everything else is still read. A fat arch entry that overlaps another, the fat header, or the end of the file
/// is skipped with an issue.
///
/// ```swift
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "Payload/Wallet.app/Wallet")))
/// let file = try MachOFile(bytes: bytes)
/// file.isFat                                   // true
/// file.slices.map(\.architecture.name)         // ["armv7", "arm64"]
/// let arm64 = file.slice(for: .arm64)
/// arm64?.isPIE                                 // true
/// arm64?.imports.contains("_strcpy")           // true: a banned API is called
/// arm64?.codeSignature?.entitlementsXML        // the signed entitlements plist
/// file.issues                                  // ["arm64: LC_CODE_SIGNATURE: 19024 bytes at offset … run past the end …"]
/// ```
public struct MachOFile: Sendable {
    public static let fatMagic: UInt32 = 0xCAFE_BABE
    public static let fatMagic64: UInt32 = 0xCAFE_BABF

    /// Whether the file is universal (has a fat header).
    public let isFat: Bool
    /// The architectures, in fat-header order (one for a thin file). Never empty.
    public let slices: [MachOSlice]
    /// What could not be read. For a thin file, the slice's issues; for a fat file, the fat header's problems,
    /// then each slice's issues prefixed with its architecture (`"arm64: …"`).
    public let issues: [String]

    /// Reads a Mach-O file from its bytes.
    ///
    /// - Throws: ``MachOError`` when the bytes are not Mach-O, the header or load commands are cut short or
    ///   inconsistent, or (for a fat file) no slice can be read.
    public init(bytes: [UInt8], limits: MachOLimits = .default) throws(MachOError) {
        let limits = limits.sanitized
        let data = MachOData(bytes)
        guard let magic = data.withByteOrder(bigEndian: true).u32(0) else {
            throw MachOError(
                .truncated, at: 0,
                bytes.isEmpty
                    ? "the file is empty"
                    : "\(bytes.count) bytes are too few for a Mach-O header (the magic number alone needs 4)")
        }
        if magic == Self.fatMagic || magic == Self.fatMagic64 {
            var fatIssues: [String] = []
            let slices = try Self.readFat(
                data.withByteOrder(bigEndian: true), is64: magic == Self.fatMagic64, limits: limits,
                issues: &fatIssues)
            self.isFat = true
            self.slices = slices
            self.issues = fatIssues + slices.flatMap { s in s.issues.map { "\(s.architecture.name): \($0)" } }
        } else {
            let slice = try MachOSliceReader.read(data, limits: limits)
            self.isFat = false
            self.slices = [slice]
            self.issues = slice.issues
        }
    }

    /// Reads a Mach-O file from `Data` (copied once into an array).
    public init(data: Data, limits: MachOLimits = .default) throws(MachOError) {
        try self.init(bytes: [UInt8](data), limits: limits)
    }

    /// Whether `prefix` (the first 8 or more bytes of a file) starts like a Mach-O or universal binary. A fat
    /// magic only counts with a plausible architecture count, because Java class files share `0xCAFEBABE`.
    public static func isMachO(prefix: [UInt8]) -> Bool {
        let data = MachOData(prefix)
        guard let le = data.u32(0) else { return false }
        switch le {
        case MachOSliceReader.mhMagic, MachOSliceReader.mhMagic64, MachOSliceReader.mhCigam, MachOSliceReader.mhCigam64:
            return true
        default:
            let be = data.withByteOrder(bigEndian: true)
            guard let magic = be.u32(0), magic == fatMagic || magic == fatMagic64, let n = be.u32(4) else {
                return false
            }
            return n > 0 && n <= UInt32(MachOLimits.default.maxArchitectures)
        }
    }

    /// The slice for an architecture (capability bits ignored: `.arm64e` matches an arm64e slice with the
    /// pointer-authentication ABI bit).
    public func slice(for architecture: MachOArchitecture) -> MachOSlice? {
        slices.first { $0.architecture == architecture }
    }

    /// The union of every slice's ``MachOSlice/imports``.
    public var imports: Set<String> {
        slices.reduce(into: Set<String>()) { $0.formUnion($1.imports) }
    }

    // MARK: - Fat header

    /// `fat_header` (magic, nfat_arch) then `fat_arch` entries (cputype, cpusubtype, offset, size, align: 20
    /// bytes) or `fat_arch_64` (offset and size 64-bit, then align and reserved: 32 bytes), all big-endian.
    private static func readFat(
        _ d: MachOData, is64: Bool, limits: MachOLimits,
        issues: inout [String]
    ) throws(MachOError) -> [MachOSlice] {
        guard let count = d.u32(4) else {
            throw MachOError(.truncated, at: 0, "fat header is cut short: \(d.count) of its 8 bytes are present")
        }
        guard count > 0 else {
            throw MachOError(.malformed, at: 4, "fat header lists no architectures")
        }
        guard let n = Checked.int(count), n <= limits.maxArchitectures else {
            throw MachOError(
                .limitExceeded, at: 4,
                "fat header claims \(count) architectures (limit \(limits.maxArchitectures)); a Java class file also starts with 0xCAFEBABE"
            )
        }
        let entrySize = is64 ? 32 : 20
        guard let tableBytes = Checked.multiply(n, entrySize), let tableEnd = Checked.add(8, tableBytes),
            d.contains(8, tableBytes)
        else {
            throw MachOError(
                .truncated, at: 8,
                "fat header lists \(n) architectures whose \(entrySize)-byte entries run past the end of the \(d.count)-byte file"
            )
        }
        var accepted: [Range<Int>] = []
        var slices: [MachOSlice] = []
        for i in 0..<n {
            let entry = 8 + i * entrySize
            var c = MachOCursor(d, at: entry, context: "fat arch \(i)")
            let cputype = try c.u32("cputype"), cpusubtype = try c.u32("cpusubtype")
            let offset = is64 ? try c.u64("offset") : UInt64(try c.u32("offset"))
            let size = is64 ? try c.u64("size") : UInt64(try c.u32("size"))
            let arch = MachOArchitecture(cpuType: cputype, cpuSubtype: cpusubtype)
            let label = "fat arch \(i) (\(arch.name))"
            guard let start = Checked.int(offset), let length = Checked.int(size), let end = Checked.add(start, length),
                end <= d.count
            else {
                issues.append(
                    MachOError(
                        .truncated, at: entry,
                        "\(label): \(size) bytes at offset \(offset) run past the end of the \(d.count)-byte file; slice skipped"
                    ).description)
                continue
            }
            guard length > 0 else {
                issues.append(MachOError(.malformed, at: entry, "\(label) is empty; slice skipped").description)
                continue
            }
            guard start >= tableEnd else {
                issues.append(
                    MachOError(
                        .malformed, at: entry,
                        "\(label) at offset \(offset) overlaps the fat header (\(tableEnd) bytes); slice skipped"
                    ).description)
                continue
            }
            let range = start..<end
            if let other = accepted.firstIndex(where: { $0.overlaps(range) }) {
                issues.append(
                    MachOError(
                        .malformed, at: entry,
                        "\(label) (\(start)..<\(end)) overlaps the slice at \(accepted[other].lowerBound)..<\(accepted[other].upperBound); slice skipped"
                    ).description)
                continue
            }
            guard let region = d.region(at: start, length: length) else { continue }
            do throws(MachOError) {
                var slice = try MachOSliceReader.read(region, limits: limits)
                if slice.architecture != arch {
                    slice.issues.insert(
                        "the fat header says \(arch.name) but the slice's header says \(slice.architecture.name)", at: 0
                    )
                }
                accepted.append(range)
                slices.append(slice)
            } catch {
                issues.append("\(label) skipped: \(error.description)")
            }
        }
        guard !slices.isEmpty else {
            throw MachOError(
                .malformed, at: 8, "no readable architecture in the fat file: " + issues.joined(separator: "; "))
        }
        return slices
    }
}
