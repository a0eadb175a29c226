/// The embedded code signature of a slice (`LC_CODE_SIGNATURE` → SuperBlob `0xfade0cc0`, big-endian): what the
/// CodeDirectory says and the raw entitlements.
///
/// The reader does not verify the signature (no hashes are checked, the CMS blob is not parsed); it reports what
/// the signature claims, which is what a review needs: who signed (team), with which entitlements, how
/// (ad-hoc, hardened runtime), in which format version.
///
/// ```swift
/// if let signature = slice.codeSignature {
///     signature.identifier            // "com.example.wallet"
///     signature.teamID                // "ABCDE12345" (CodeDirectory version ≥ 0x20200 only)
///     signature.isAdHoc               // true for `codesign -s -` and linker-signed builds
///     if let xml = signature.entitlementsXML {
///         let plist = try PropertyListParser.parse(Data(xml))
///         let (entitlements, _) = Entitlements.read(plist.root)
///         entitlements.getTaskAllow    // true: a debuggable (development-signed) build
///     }
/// }
/// ```
public struct CodeSignature: Sendable, Hashable {
    /// The signing identifier from the CodeDirectory (usually the bundle identifier); nil when there is no
    /// readable CodeDirectory.
    public internal(set) var identifier: String?
    /// The team identifier (CodeDirectory version 0x20200 and later, and only when signed by a team).
    public internal(set) var teamID: String?
    /// CodeDirectory `flags` (CS_ADHOC 0x2, CS_RUNTIME 0x10000, CS_LINKER_SIGNED 0x20000, …).
    public internal(set) var flags: UInt32 = 0
    /// CodeDirectory `version` (0x20400 is current; MASTG-TEST-0220 reports outdated formats).
    public internal(set) var codeDirectoryVersion: UInt32 = 0
    /// CodeDirectory `hashType`: 1 SHA-1, 2 SHA-256, 3 SHA-256 truncated, 4 SHA-384.
    public internal(set) var hashType: UInt8 = 0
    /// `execSegFlags` (CodeDirectory version 0x20400 and later): CS_EXECSEG_MAIN_BINARY 0x1,
    /// CS_EXECSEG_ALLOW_UNSIGNED 0x10 (get-task-allow), CS_EXECSEG_DEBUGGER 0x20, CS_EXECSEG_JIT 0x40, ….
    public internal(set) var execSegmentFlags: UInt64?
    /// Number of CodeDirectories besides the primary one (alternate hash types).
    public internal(set) var alternateCodeDirectoryCount = 0
    /// The XML entitlements blob's payload (`0xfade7171`), exactly as embedded.
    public internal(set) var entitlementsXML: [UInt8]?
    /// The DER entitlements blob's payload (`0xfade7172`), exactly as embedded.
    public internal(set) var entitlementsDER: [UInt8]?
    /// Whether a requirements blob (`0xfade0c01`) is present.
    public internal(set) var hasRequirements = false
    /// Size of the CMS signature in the blob wrapper (`0xfade0b01`); 0 or nil for ad-hoc signatures.
    public internal(set) var cmsSignatureSize: Int?
    /// `(type, magic)` of every blob in the SuperBlob index, in order.
    public internal(set) var blobs: [Blob] = []

    /// One entry of the SuperBlob index.
    public struct Blob: Sendable, Hashable {
        /// Slot type (0 CodeDirectory, 2 requirements, 5 entitlements, 7 DER entitlements, 0x1000+ alternate
        /// CodeDirectories, 0x10000 CMS signature).
        public let type: UInt32
        /// The blob's magic, or nil when its header could not be read.
        public let magic: UInt32?
        /// Offset from the start of the SuperBlob.
        public let offset: UInt32
    }

    public init() {}

    /// CS_ADHOC: signed without an identity (`codesign -s -`, linker-signed): not installable from the App Store.
    public var isAdHoc: Bool { flags & 0x2 != 0 }
    /// CS_RUNTIME: hardened runtime.
    public var hasHardenedRuntime: Bool { flags & 0x10000 != 0 }
    /// CS_LINKER_SIGNED: the ad-hoc signature `ld` adds.
    public var isLinkerSigned: Bool { flags & 0x20000 != 0 }
    /// Whether a CMS signature with content is present (an identity signed it).
    public var hasCMSSignature: Bool { (cmsSignatureSize ?? 0) > 0 }
}

enum CodeSignatureReader {
    static let superBlobMagic: UInt32 = 0xFADE_0CC0
    static let codeDirectoryMagic: UInt32 = 0xFADE_0C02
    static let requirementsMagic: UInt32 = 0xFADE_0C01
    static let entitlementsMagic: UInt32 = 0xFADE_7171
    static let derEntitlementsMagic: UInt32 = 0xFADE_7172
    static let blobWrapperMagic: UInt32 = 0xFADE_0B01

    /// Reads the SuperBlob in `region` (the bytes `LC_CODE_SIGNATURE` points at). A SuperBlob that cannot be
    /// read at all throws; a bad blob inside it is skipped with an issue.
    static func read(_ region: MachOData, limits: MachOLimits, issues: inout [String]) throws(MachOError)
        -> CodeSignature
    {
        let data = region.withByteOrder(bigEndian: true)
        let here = data.absolute(0)
        guard let magic = data.u32(0), let claimed = data.u32(4), let count = data.u32(8) else {
            throw MachOError(
                .truncated, at: here,
                "code signature of \(data.count) bytes is too short for a SuperBlob header (12 bytes)")
        }
        guard magic == superBlobMagic else {
            throw MachOError(
                .malformed, at: here,
                "code signature does not start with an embedded-signature SuperBlob (magic \(Checked.hex(magic)), expected 0xFADE0CC0)"
            )
        }
        var length = data.count
        if let l = Checked.int(claimed), l <= data.count {
            length = l
        } else {
            issues.append(
                MachOError(
                    .truncated, at: data.absolute(4),
                    "code-signature SuperBlob claims \(claimed) bytes but LC_CODE_SIGNATURE gives \(data.count); reading \(data.count)"
                ).description)
        }
        guard let sb = data.region(at: 0, length: length) else {
            throw MachOError(.truncated, at: here, "code-signature SuperBlob does not fit")
        }
        guard let n = Checked.int(count), n <= limits.maxSignatureBlobs else {
            throw MachOError(
                .limitExceeded, at: data.absolute(8),
                "code-signature SuperBlob claims \(count) blobs (limit \(limits.maxSignatureBlobs))")
        }
        guard let indexBytes = Checked.multiply(n, 8), sb.contains(12, indexBytes) else {
            throw MachOError(
                .truncated, at: data.absolute(8),
                "code-signature SuperBlob index of \(count) entries does not fit in its \(length) bytes")
        }

        var signature = CodeSignature()
        var codeDirectoryRead = false
        var codeDirectoryCount = 0
        for i in 0..<n {
            let entry = 12 + i * 8
            guard let type = sb.u32(entry), let offset = sb.u32(entry + 4) else { break }
            let blobMagic = sb.u32Checked(offset)
            signature.blobs.append(.init(type: type, magic: blobMagic, offset: offset))
            let at = sb.absolute(Checked.int(offset) ?? 0)
            guard let blobMagic, let blobLength = sb.u32Checked(UInt64(offset) + 4) else {
                issues.append(
                    MachOError(
                        .truncated, at: sb.absolute(entry),
                        "code-signature blob \(i) (type \(Checked.hex(type))) at offset \(offset) lies outside the \(length)-byte SuperBlob; skipped"
                    ).description)
                continue
            }
            guard blobLength >= 8, let blob = sb.region(at: offset, length: blobLength) else {
                issues.append(
                    MachOError(
                        .truncated, at: at,
                        "code-signature blob \(i) (magic \(Checked.hex(blobMagic))) claims \(blobLength) bytes, which do not fit in the SuperBlob; skipped"
                    ).description)
                continue
            }
            switch blobMagic {
            case codeDirectoryMagic:
                codeDirectoryCount += 1
                // The primary CodeDirectory is slot 0; the others (slots 0x1000+) repeat it with other hashes.
                guard type == 0 || !codeDirectoryRead else { continue }
                do throws(MachOError) {
                    let cd = try readCodeDirectory(blob)
                    signature.identifier = cd.identifier
                    signature.teamID = cd.teamID
                    signature.flags = cd.flags
                    signature.codeDirectoryVersion = cd.version
                    signature.hashType = cd.hashType
                    signature.execSegmentFlags = cd.execSegmentFlags
                    codeDirectoryRead = true
                } catch {
                    issues.append(error.description)
                }
            case entitlementsMagic, derEntitlementsMagic:
                let payload = blob.count - 8
                guard payload <= limits.maxEntitlementsBytes else {
                    issues.append(
                        MachOError(
                            .limitExceeded, at: at,
                            "entitlements blob of \(payload) bytes is larger than the limit (\(limits.maxEntitlementsBytes)); skipped"
                        ).description)
                    continue
                }
                if blobMagic == entitlementsMagic {
                    if signature.entitlementsXML == nil {
                        signature.entitlementsXML = blob.bytes(at: 8, length: payload)
                    }
                } else if signature.entitlementsDER == nil {
                    signature.entitlementsDER = blob.bytes(at: 8, length: payload)
                }
            case requirementsMagic:
                signature.hasRequirements = true
            case blobWrapperMagic:
                signature.cmsSignatureSize = blob.count - 8
            default:
                break
            }
        }
        signature.alternateCodeDirectoryCount = max(0, codeDirectoryCount - 1)
        return signature
    }

    /// CodeDirectory layout (big-endian): magic 0, length 4, version 8, flags 12, hashOffset 16, identOffset 20,
    /// nSpecialSlots 24, nCodeSlots 28, codeLimit 32, hashSize 36, hashType 37, platform 38, pageSize 39,
    /// spare2 40, scatterOffset 44 (≥ 0x20100), teamOffset 48 (≥ 0x20200), spare3 52, codeLimit64 56 (≥ 0x20300),
    /// execSegBase 64, execSegLimit 72, execSegFlags 80 (≥ 0x20400).
    struct CodeDirectory {
        var identifier: String
        var teamID: String?
        var flags: UInt32
        var version: UInt32
        var hashType: UInt8
        var execSegmentFlags: UInt64?
    }

    static func readCodeDirectory(_ cd: MachOData) throws(MachOError) -> CodeDirectory {
        guard let version = cd.u32(8), let flags = cd.u32(12), let identOffset = cd.u32(20), let hashType = cd.u8(37)
        else {
            throw MachOError(
                .truncated, at: cd.absolute(0),
                "CodeDirectory of \(cd.count) bytes is too short for its header (44 bytes)")
        }
        guard case .string(let identifier, _) = cd.cString(at: identOffset, maxLength: 4096) else {
            throw MachOError(
                .truncated, at: cd.absolute(20),
                "CodeDirectory identifier at offset \(identOffset) is outside its \(cd.count) bytes or not NUL-terminated"
            )
        }
        var result = CodeDirectory(identifier: identifier, flags: flags, version: version, hashType: hashType)
        if version >= 0x20200, let teamOffset = cd.u32(48), teamOffset != 0 {
            guard case .string(let team, _) = cd.cString(at: teamOffset, maxLength: 4096) else {
                throw MachOError(
                    .truncated, at: cd.absolute(48),
                    "CodeDirectory team identifier at offset \(teamOffset) is outside its \(cd.count) bytes or not NUL-terminated"
                )
            }
            result.teamID = team
        }
        if version >= 0x20400, let execFlags = cd.u64(80) {
            result.execSegmentFlags = execFlags
        }
        return result
    }
}

extension MachOData {
    /// `u32` at a data-derived offset of any width.
    func u32Checked<T: BinaryInteger>(_ offset: T) -> UInt32? {
        guard let o = Int(exactly: offset) else { return nil }
        return u32(o)
    }
}
