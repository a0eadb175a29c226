import Foundation

/// One architecture of a Mach-O file: the whole file when it is thin, one fat arch entry when it is universal.
///
/// Everything is read eagerly when the ``MachOFile`` is made; all offsets (segments, sections, linkedit data) are
/// from the start of this slice, as in the file format. Symbol names are as stored, so C symbols carry their
/// leading underscore (`_strcpy`, `_CC_MD5`, `_objc_release`).
///
/// ```swift
/// let file = try MachOFile(bytes: Array(try Data(contentsOf: appBinaryURL)))
/// for slice in file.slices {
///     print(slice.architecture, slice.fileType, slice.isPIE)          // arm64 MH_EXECUTE true
///     if slice.imports.contains("_CC_MD5") { /* weak hash in use */ }
///     if !slice.imports.contains("___stack_chk_fail") && !slice.hasSwift { /* no stack canaries */ }
///     if slice.hasDebugSymbols { /* not stripped: \(slice.stabSymbols.prefix(3)) */ }
///     slice.dylibs.map(\.path)                      // ["/usr/lib/libSystem.B.dylib", "@rpath/Alamofire.framework/Alamofire"]
///     slice.rpaths                                  // ["@executable_path/Frameworks"]
///     slice.codeSignature?.teamID                   // "ABCDE12345"
///     slice.cStrings.filter { $0.hasPrefix("http://") }
/// }
/// ```
public struct MachOSlice: Sendable {
    /// The CPU, from the mach header.
    public internal(set) var architecture: MachOArchitecture
    /// Offset of the slice in the file (0 for a thin file).
    public internal(set) var fileOffset: Int = 0
    /// Size of the slice in bytes.
    public internal(set) var size: Int = 0
    /// `MH_MAGIC_64` (true) or `MH_MAGIC` (false).
    public internal(set) var is64Bit: Bool
    /// True for a byte-swapped (`MH_CIGAM*`) big-endian slice, e.g. PowerPC; iOS slices are little-endian.
    public internal(set) var isBigEndian: Bool
    public internal(set) var fileType: MachOFileType
    public internal(set) var flags: MachOHeaderFlags

    /// Every load command in order, including the ones this reader does not interpret.
    public internal(set) var loadCommands: [MachOLoadCommand] = []
    public internal(set) var segments: [MachOSegment] = []

    /// The imported symbol names: undefined external symbols of the symbol table, the chained-fixups import table
    /// and the names bound by dyld-info bind / weak-bind / lazy-bind opcodes, without duplicates. Compare exactly
    /// (`imports.contains("_strcpy")`).
    public internal(set) var imports: Set<String> = []
    /// Undefined external symbols of `LC_SYMTAB` (N_EXT, type N_UNDF or N_PBUD, not common), in table order.
    public internal(set) var undefinedSymbols: [String] = []
    /// Names from the `LC_DYLD_CHAINED_FIXUPS` import table, in table order.
    public internal(set) var chainedFixupImports: [String] = []
    /// Names bound by `LC_DYLD_INFO(_ONLY)` bind, weak-bind and lazy-bind opcodes, first occurrence order, without
    /// duplicates (a weak-bind entry flagged BIND_SYMBOL_FLAGS_NON_WEAK_DEFINITION is a definition, not an import,
    /// and is left out).
    public internal(set) var bindSymbols: [String] = []
    /// Names of debug (N_STAB) symbol-table entries — source files, object files, functions — up to
    /// ``MachOLimits/maxStabNames``; empty names are left out. Present means the binary was not stripped.
    public internal(set) var stabSymbols: [String] = []
    /// Number of N_STAB entries (all of them, named or not).
    public internal(set) var stabSymbolCount = 0
    /// Whether debug symbols remain: an N_STAB entry other than the `radr://5614542` marker `strip` leaves.
    public internal(set) var hasDebugSymbols = false

    /// Non-debug symbols without N_EXT (local functions and data), the linker's `__dyld_private` left out: a
    /// stripped app has few.
    public internal(set) var localSymbolCount = 0
    /// Defined symbols with N_EXT (exported or private-external).
    public internal(set) var externalDefinedSymbolCount = 0
    /// `nsyms` of `LC_SYMTAB` (0 without one).
    public internal(set) var symbolCount = 0
    public internal(set) var dynamicSymbolTable: MachODynamicSymbolTable?

    /// Libraries linked, in load-command order.
    public internal(set) var dylibs: [MachODylib] = []
    /// `LC_ID_DYLIB`'s install name (dylibs and frameworks).
    public internal(set) var installName: String?
    /// `LC_RPATH` paths in order.
    public internal(set) var rpaths: [String] = []
    public internal(set) var uuid: UUID?
    public internal(set) var entryPoint: MachOEntryPoint?
    /// Every `LC_BUILD_VERSION` and `LC_VERSION_MIN_*`, in order.
    public internal(set) var buildVersions: [MachOBuildVersion] = []
    /// The first `LC_ENCRYPTION_INFO(_64)`.
    public internal(set) var encryptionInfo: MachOEncryptionInfo?
    /// Where `LC_CODE_SIGNATURE` says the signature is.
    public internal(set) var codeSignatureLocation: MachOLinkeditData?
    /// The signature, when present and readable (problems with it are in ``issues``).
    public internal(set) var codeSignature: CodeSignature?

    /// NUL-separated strings of `__TEXT,__cstring` (empty ones left out), bounded by ``MachOLimits``.
    public internal(set) var cStrings: [String] = []
    /// Objective-C class names (`__objc_classname` in `__TEXT`, `__DATA*` or `__OBJC`).
    public internal(set) var objcClassNames: [String] = []
    /// Objective-C selector names (`__objc_methname`).
    public internal(set) var selectorNames: [String] = []
    /// Whether a `__swift*` section (`__swift5_types`, `__swift5_proto`, …) is present.
    public internal(set) var hasSwift = false
    /// Whether an Objective-C metadata section is present: `__objc_*` other than `__objc_imageinfo` (which every
    /// Swift binary also has), or the legacy `__OBJC` segment.
    public internal(set) var hasObjC = false

    /// What could not be read, each with its offset from the start of the file; everything else was read.
    public internal(set) var issues: [String] = []

    /// The slice's bytes (a view of the file's storage, not a copy).
    let data: MachOData

    init(
        architecture: MachOArchitecture, is64Bit: Bool, isBigEndian: Bool, fileType: MachOFileType,
        flags: MachOHeaderFlags, data: MachOData
    ) {
        self.architecture = architecture
        self.is64Bit = is64Bit
        self.isBigEndian = isBigEndian
        self.fileType = fileType
        self.flags = flags
        self.data = data
    }

    /// `MH_PIE`: the executable is loaded at a random address (ASLR). Only meaningful for ``MachOFileType/execute``;
    /// dylibs and bundles are always position-independent and do not set it.
    public var isPIE: Bool { flags.contains(.pie) }

    /// Whether `LC_ENCRYPTION_INFO(_64)` has a non-zero `cryptid` (FairPlay-encrypted, as downloaded from the
    /// App Store).
    public var isEncrypted: Bool { (encryptionInfo?.cryptID ?? 0) != 0 }

    /// The first build version's platform.
    public var platform: MachOPlatform? { buildVersions.first?.platform }
    /// The first build version's minimum OS.
    public var minimumOS: MachOVersion? { buildVersions.first?.minimumOS }
    /// The first build version's SDK.
    public var sdk: MachOVersion? { buildVersions.first?.sdk }

    /// Every section of every segment, in order.
    public var sections: [MachOSection] { segments.flatMap(\.sections) }

    /// The first section with this segment and section name.
    public func section(segment: String, name: String) -> MachOSection? {
        for s in segments {
            for section in s.sections where section.segmentName == segment && section.name == name { return section }
        }
        return nil
    }

    /// The bytes of a section (a copy); nil for zero-fill sections and sections that lie outside the slice.
    public func contents(of section: MachOSection) -> [UInt8]? {
        guard !section.isZeroFill else { return nil }
        return data.bytes(at: section.offset, length: section.size)
    }
}
