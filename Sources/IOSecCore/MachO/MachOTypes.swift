/// The CPU of one Mach-O slice (`cputype` / `cpusubtype` from the mach header or the fat arch entry), with the name
/// Apple's tools use (`lipo -info`, `file`).
///
/// ```swift
/// let file = try MachOFile(bytes: bytes)
/// file.slices.map(\.architecture.name)     // ["armv7", "arm64"]
/// file.slices[1].architecture == .arm64    // true
/// ```
public struct MachOArchitecture: Sendable, Hashable, CustomStringConvertible {
    /// `cputype` as stored (e.g. `0x0100000C` for arm64: CPU_TYPE_ARM | CPU_ARCH_ABI64).
    public let cpuType: UInt32
    /// `cpusubtype` as stored, including the capability bits in the top byte (arm64e sets `0x80000000`).
    public let cpuSubtype: UInt32

    public init(cpuType: UInt32, cpuSubtype: UInt32) {
        self.cpuType = cpuType
        self.cpuSubtype = cpuSubtype
    }

    public static let arm64 = MachOArchitecture(cpuType: 0x0100_000C, cpuSubtype: 0)
    public static let arm64e = MachOArchitecture(cpuType: 0x0100_000C, cpuSubtype: 2)
    public static let armv7 = MachOArchitecture(cpuType: 12, cpuSubtype: 9)
    public static let armv7s = MachOArchitecture(cpuType: 12, cpuSubtype: 11)
    public static let x86_64 = MachOArchitecture(cpuType: 0x0100_0007, cpuSubtype: 3)
    public static let i386 = MachOArchitecture(cpuType: 7, cpuSubtype: 3)

    /// The subtype without the capability bits (CPU_SUBTYPE_MASK).
    public var baseSubtype: UInt32 { cpuSubtype & 0x00FF_FFFF }

    /// Equality ignores the capability bits, so arm64e with or without the pointer-authentication ABI flag is arm64e.
    public static func == (a: MachOArchitecture, b: MachOArchitecture) -> Bool {
        a.cpuType == b.cpuType && a.baseSubtype == b.baseSubtype
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(cpuType)
        hasher.combine(baseSubtype)
    }

    /// Whether the CPU uses the 64-bit ABI (CPU_ARCH_ABI64).
    public var is64Bit: Bool { cpuType & 0x0100_0000 != 0 }

    /// `arm64`, `arm64e`, `armv7`, `armv7s`, `armv7k`, `arm64_32`, `x86_64`, `x86_64h`, `i386`, …; unknown CPUs as
    /// `cputype 0x… subtype 0x…`.
    public var name: String {
        let sub = baseSubtype
        switch cpuType {
        case 0x0100_000C:
            switch sub {
            case 2: return "arm64e"
            case 1: return "arm64v8"
            default: return "arm64"
            }
        case 0x0200_000C: return "arm64_32"
        case 12:
            switch sub {
            case 5: return "armv4t"
            case 6: return "armv6"
            case 7: return "armv5"
            case 8: return "xscale"
            case 9: return "armv7"
            case 10: return "armv7f"
            case 11: return "armv7s"
            case 12: return "armv7k"
            case 13: return "armv8"
            case 14: return "armv6m"
            case 15: return "armv7m"
            case 16: return "armv7em"
            default: return "arm"
            }
        case 0x0100_0007: return sub == 8 ? "x86_64h" : "x86_64"
        case 7: return "i386"
        case 18: return "ppc"
        case 0x0100_0012: return "ppc64"
        default: return "cputype \(Checked.hex(cpuType)) subtype \(Checked.hex(cpuSubtype))"
        }
    }

    public var description: String { name }
}

/// The kind of Mach-O file (`filetype` in the mach header). Unknown values are kept as they are.
///
/// ```swift
/// if slice.fileType == .execute && !slice.isPIE { /* report: main executable without ASLR */ }
/// slice.fileType.name   // "MH_DYLIB"
/// ```
public struct MachOFileType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let object = MachOFileType(rawValue: 0x1)
    public static let execute = MachOFileType(rawValue: 0x2)
    public static let fixedVMLibrary = MachOFileType(rawValue: 0x3)
    public static let core = MachOFileType(rawValue: 0x4)
    public static let preload = MachOFileType(rawValue: 0x5)
    public static let dylib = MachOFileType(rawValue: 0x6)
    public static let dylinker = MachOFileType(rawValue: 0x7)
    public static let bundle = MachOFileType(rawValue: 0x8)
    public static let dylibStub = MachOFileType(rawValue: 0x9)
    public static let dsym = MachOFileType(rawValue: 0xA)
    public static let kextBundle = MachOFileType(rawValue: 0xB)
    public static let fileset = MachOFileType(rawValue: 0xC)

    /// The `<mach-o/loader.h>` name (`MH_EXECUTE`), or `filetype 0x…`.
    public var name: String {
        switch rawValue {
        case 0x1: return "MH_OBJECT"
        case 0x2: return "MH_EXECUTE"
        case 0x3: return "MH_FVMLIB"
        case 0x4: return "MH_CORE"
        case 0x5: return "MH_PRELOAD"
        case 0x6: return "MH_DYLIB"
        case 0x7: return "MH_DYLINKER"
        case 0x8: return "MH_BUNDLE"
        case 0x9: return "MH_DYLIB_STUB"
        case 0xA: return "MH_DSYM"
        case 0xB: return "MH_KEXT_BUNDLE"
        case 0xC: return "MH_FILESET"
        default: return "filetype \(Checked.hex(rawValue))"
        }
    }

    public var description: String { name }
}

/// The mach header's `flags`.
///
/// ```swift
/// slice.flags.contains(.pie)                  // ASLR for an MH_EXECUTE (dylibs are always position-independent)
/// slice.flags.contains(.allowStackExecution)  // executable stack: report
/// ```
public struct MachOHeaderFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let noUndefinedReferences = MachOHeaderFlags(rawValue: 0x1)
    public static let incrementalLink = MachOHeaderFlags(rawValue: 0x2)
    public static let dyldLink = MachOHeaderFlags(rawValue: 0x4)
    public static let bindAtLoad = MachOHeaderFlags(rawValue: 0x8)
    public static let prebound = MachOHeaderFlags(rawValue: 0x10)
    public static let splitSegments = MachOHeaderFlags(rawValue: 0x20)
    public static let twoLevelNamespace = MachOHeaderFlags(rawValue: 0x80)
    public static let forceFlat = MachOHeaderFlags(rawValue: 0x100)
    public static let weakDefines = MachOHeaderFlags(rawValue: 0x8000)
    public static let bindsToWeak = MachOHeaderFlags(rawValue: 0x10000)
    public static let allowStackExecution = MachOHeaderFlags(rawValue: 0x20000)
    public static let rootSafe = MachOHeaderFlags(rawValue: 0x40000)
    public static let setuidSafe = MachOHeaderFlags(rawValue: 0x80000)
    public static let noReexportedDylibs = MachOHeaderFlags(rawValue: 0x100000)
    public static let pie = MachOHeaderFlags(rawValue: 0x200000)
    public static let deadStrippableDylib = MachOHeaderFlags(rawValue: 0x400000)
    public static let hasTLVDescriptors = MachOHeaderFlags(rawValue: 0x800000)
    public static let noHeapExecution = MachOHeaderFlags(rawValue: 0x1000000)
    public static let appExtensionSafe = MachOHeaderFlags(rawValue: 0x2000000)
    public static let simulatorSupport = MachOHeaderFlags(rawValue: 0x8000000)
    public static let dylibInCache = MachOHeaderFlags(rawValue: 0x8000_0000)
}

/// A version packed as `xxxx.yy.zz` in 32 bits (minimum OS, SDK, dylib current / compatibility versions).
///
/// ```swift
/// slice.minimumOS?.description              // "15.0"
/// slice.minimumOS! < MachOVersion(12, 0)     // false
/// ```
public struct MachOVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        let ma = UInt32(clamping: max(0, min(major, 0xFFFF)))
        let mi = UInt32(clamping: max(0, min(minor, 0xFF)))
        let pa = UInt32(clamping: max(0, min(patch, 0xFF)))
        rawValue = ma << 16 | mi << 8 | pa
    }

    public var major: Int { Int(rawValue >> 16) }
    public var minor: Int { Int((rawValue >> 8) & 0xFF) }
    public var patch: Int { Int(rawValue & 0xFF) }

    /// `15.0` or `1.2.3` (the patch only when it is not zero).
    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }

    public static func < (a: MachOVersion, b: MachOVersion) -> Bool { a.rawValue < b.rawValue }
}

/// The platform a slice was built for (`LC_BUILD_VERSION` platform, or implied by `LC_VERSION_MIN_*`).
///
/// ```swift
/// if slice.platform == .iOSSimulator { /* a simulator build was shipped */ }
/// ```
public struct MachOPlatform: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let macOS = MachOPlatform(rawValue: 1)
    public static let iOS = MachOPlatform(rawValue: 2)
    public static let tvOS = MachOPlatform(rawValue: 3)
    public static let watchOS = MachOPlatform(rawValue: 4)
    public static let bridgeOS = MachOPlatform(rawValue: 5)
    public static let macCatalyst = MachOPlatform(rawValue: 6)
    public static let iOSSimulator = MachOPlatform(rawValue: 7)
    public static let tvOSSimulator = MachOPlatform(rawValue: 8)
    public static let watchOSSimulator = MachOPlatform(rawValue: 9)
    public static let driverKit = MachOPlatform(rawValue: 10)
    public static let visionOS = MachOPlatform(rawValue: 11)
    public static let visionOSSimulator = MachOPlatform(rawValue: 12)

    public var name: String {
        switch rawValue {
        case 1: return "macOS"
        case 2: return "iOS"
        case 3: return "tvOS"
        case 4: return "watchOS"
        case 5: return "bridgeOS"
        case 6: return "macCatalyst"
        case 7: return "iOS Simulator"
        case 8: return "tvOS Simulator"
        case 9: return "watchOS Simulator"
        case 10: return "DriverKit"
        case 11: return "visionOS"
        case 12: return "visionOS Simulator"
        default: return "platform \(rawValue)"
        }
    }

    public var description: String { name }
}

/// One `LC_BUILD_VERSION` or `LC_VERSION_MIN_*` command. Zippered (Mac Catalyst) binaries carry two.
///
/// ```swift
/// slice.buildVersions   // [MachOBuildVersion(platform: .iOS, minimumOS: 15.0, sdk: 17.2)]
/// ```
public struct MachOBuildVersion: Sendable, Hashable {
    public let platform: MachOPlatform
    public let minimumOS: MachOVersion
    public let sdk: MachOVersion
    /// True for `LC_VERSION_MIN_*` (older toolchains), false for `LC_BUILD_VERSION`.
    public let isLegacyVersionMin: Bool

    public init(platform: MachOPlatform, minimumOS: MachOVersion, sdk: MachOVersion, isLegacyVersionMin: Bool = false) {
        self.platform = platform
        self.minimumOS = minimumOS
        self.sdk = sdk
        self.isLegacyVersionMin = isLegacyVersionMin
    }
}

/// A load command as found: its `cmd`, where it is (offset from the start of the slice) and its `cmdsize`.
///
/// ```swift
/// slice.loadCommands.map(\.name)   // ["LC_SEGMENT_64", "LC_SEGMENT_64", "LC_DYLD_CHAINED_FIXUPS", …]
/// ```
public struct MachOLoadCommand: Sendable, Hashable {
    public let command: UInt32
    public let offset: Int
    public let size: Int

    public init(command: UInt32, offset: Int, size: Int) {
        self.command = command
        self.offset = offset
        self.size = size
    }

    /// The `<mach-o/loader.h>` name, or `cmd 0x…`.
    public var name: String { MachOLoadCommandName.name(command) }
}

/// A segment (`LC_SEGMENT` / `LC_SEGMENT_64`) with its sections.
///
/// ```swift
/// let text = slice.segments.first { $0.name == "__TEXT" }
/// text?.sections.map(\.name)    // ["__text", "__stubs", "__cstring", "__objc_methname", …]
/// ```
public struct MachOSegment: Sendable, Hashable {
    public let name: String
    public let vmAddress: UInt64
    public let vmSize: UInt64
    /// Offset from the start of the slice.
    public let fileOffset: UInt64
    public let fileSize: UInt64
    /// VM_PROT bits: 1 read, 2 write, 4 execute.
    public let maxProtection: UInt32
    public let initialProtection: UInt32
    public let flags: UInt32
    public let sections: [MachOSection]

    public init(
        name: String, vmAddress: UInt64, vmSize: UInt64, fileOffset: UInt64, fileSize: UInt64,
        maxProtection: UInt32, initialProtection: UInt32, flags: UInt32, sections: [MachOSection]
    ) {
        self.name = name
        self.vmAddress = vmAddress
        self.vmSize = vmSize
        self.fileOffset = fileOffset
        self.fileSize = fileSize
        self.maxProtection = maxProtection
        self.initialProtection = initialProtection
        self.flags = flags
        self.sections = sections
    }
}

/// A section of a segment. `offset` is from the start of the slice; zero-fill sections have no bytes in the file.
///
/// ```swift
/// let cstring = slice.section(segment: "__TEXT", name: "__cstring")
/// cstring.map { slice.contents(of: $0) }
/// ```
public struct MachOSection: Sendable, Hashable {
    public let segmentName: String
    public let name: String
    public let address: UInt64
    public let size: UInt64
    public let offset: UInt32
    /// Alignment as a power of two.
    public let alignment: UInt32
    public let flags: UInt32

    public init(
        segmentName: String, name: String, address: UInt64, size: UInt64, offset: UInt32, alignment: UInt32,
        flags: UInt32
    ) {
        self.segmentName = segmentName
        self.name = name
        self.address = address
        self.size = size
        self.offset = offset
        self.alignment = alignment
        self.flags = flags
    }

    /// SECTION_TYPE: the low byte of `flags` (2 = S_CSTRING_LITERALS, 1 = S_ZEROFILL, …).
    public var type: UInt8 { UInt8(truncatingIfNeeded: flags) }

    /// Zero-fill sections (S_ZEROFILL, S_GB_ZEROFILL, S_THREAD_LOCAL_ZEROFILL) occupy no bytes in the file.
    public var isZeroFill: Bool { type == 0x1 || type == 0xC || type == 0x12 }
}

/// A library the slice links (`LC_LOAD_DYLIB`, `LC_LOAD_WEAK_DYLIB`, `LC_REEXPORT_DYLIB`, `LC_LAZY_LOAD_DYLIB`,
/// `LC_LOAD_UPWARD_DYLIB`).
///
/// ```swift
/// slice.dylibs.filter { $0.path.hasPrefix("@rpath/") }.map(\.path)   // ["@rpath/Alamofire.framework/Alamofire"]
/// slice.dylibs.contains { $0.kind == .weak }
/// ```
public struct MachODylib: Sendable, Hashable {
    /// The load command: `LC_LOAD_DYLIB` (load), `LC_LOAD_WEAK_DYLIB` (weak: the app runs without it),
    /// `LC_REEXPORT_DYLIB`, `LC_LAZY_LOAD_DYLIB`, `LC_LOAD_UPWARD_DYLIB`.
    public enum Kind: String, Sendable, Hashable {
        case load, weak, reexport, lazy, upward
    }

    public let kind: Kind
    /// The install name as written (`/usr/lib/libSystem.B.dylib`, `@rpath/Foo.framework/Foo`).
    public let path: String
    public let currentVersion: MachOVersion
    public let compatibilityVersion: MachOVersion

    public init(kind: Kind, path: String, currentVersion: MachOVersion, compatibilityVersion: MachOVersion) {
        self.kind = kind
        self.path = path
        self.currentVersion = currentVersion
        self.compatibilityVersion = compatibilityVersion
    }
}

/// `LC_ENCRYPTION_INFO` / `LC_ENCRYPTION_INFO_64`: the FairPlay-encrypted range. `cryptID != 0` means an App Store
/// binary that is still encrypted (its code cannot be analysed); 0 in development, ad-hoc and decrypted builds.
///
/// ```swift
/// if slice.isEncrypted { /* symbols and strings of __TEXT are ciphertext: say so instead of reporting nothing */ }
/// ```
public struct MachOEncryptionInfo: Sendable, Hashable {
    public let cryptOffset: UInt32
    public let cryptSize: UInt32
    public let cryptID: UInt32

    public init(cryptOffset: UInt32, cryptSize: UInt32, cryptID: UInt32) {
        self.cryptOffset = cryptOffset
        self.cryptSize = cryptSize
        self.cryptID = cryptID
    }
}

/// `LC_MAIN`: the entry point's offset in `__TEXT` and the requested stack size (0 = default).
///
/// ```swift
/// slice.entryPoint?.offset   // 0x5F20
/// ```
public struct MachOEntryPoint: Sendable, Hashable {
    public let offset: UInt64
    public let stackSize: UInt64

    public init(offset: UInt64, stackSize: UInt64) {
        self.offset = offset
        self.stackSize = stackSize
    }
}

/// A `linkedit_data_command` (`LC_CODE_SIGNATURE`, `LC_DYLD_CHAINED_FIXUPS`, …): where its data is, from the start of
/// the slice.
///
/// ```swift
/// slice.codeSignatureLocation   // MachOLinkeditData(dataOffset: 0x1C9A0, dataSize: 0x4A50)
/// ```
public struct MachOLinkeditData: Sendable, Hashable {
    public let dataOffset: UInt32
    public let dataSize: UInt32

    public init(dataOffset: UInt32, dataSize: UInt32) {
        self.dataOffset = dataOffset
        self.dataSize = dataSize
    }
}

/// `LC_DYSYMTAB`'s partition of the symbol table: locals, defined externals, undefined (imported) symbols, each as
/// a start index and a count, plus the size of the indirect symbol table.
///
/// ```swift
/// slice.dynamicSymbolTable?.undefinedCount   // 214 imported symbols
/// ```
public struct MachODynamicSymbolTable: Sendable, Hashable {
    public let localIndex: UInt32
    public let localCount: UInt32
    public let externalDefinedIndex: UInt32
    public let externalDefinedCount: UInt32
    public let undefinedIndex: UInt32
    public let undefinedCount: UInt32
    public let indirectSymbolCount: UInt32

    public init(
        localIndex: UInt32, localCount: UInt32, externalDefinedIndex: UInt32, externalDefinedCount: UInt32,
        undefinedIndex: UInt32, undefinedCount: UInt32, indirectSymbolCount: UInt32
    ) {
        self.localIndex = localIndex
        self.localCount = localCount
        self.externalDefinedIndex = externalDefinedIndex
        self.externalDefinedCount = externalDefinedCount
        self.undefinedIndex = undefinedIndex
        self.undefinedCount = undefinedCount
        self.indirectSymbolCount = indirectSymbolCount
    }
}

/// Names of load commands for messages and ``MachOLoadCommand/name``.
enum MachOLoadCommandName {
    static func name(_ cmd: UInt32) -> String {
        switch cmd {
        case 0x1: return "LC_SEGMENT"
        case 0x2: return "LC_SYMTAB"
        case 0x3: return "LC_SYMSEG"
        case 0x4: return "LC_THREAD"
        case 0x5: return "LC_UNIXTHREAD"
        case 0xB: return "LC_DYSYMTAB"
        case 0xC: return "LC_LOAD_DYLIB"
        case 0xD: return "LC_ID_DYLIB"
        case 0xE: return "LC_LOAD_DYLINKER"
        case 0xF: return "LC_ID_DYLINKER"
        case 0x19: return "LC_SEGMENT_64"
        case 0x1A: return "LC_ROUTINES_64"
        case 0x1B: return "LC_UUID"
        case 0x1D: return "LC_CODE_SIGNATURE"
        case 0x1E: return "LC_SEGMENT_SPLIT_INFO"
        case 0x20: return "LC_LAZY_LOAD_DYLIB"
        case 0x21: return "LC_ENCRYPTION_INFO"
        case 0x22: return "LC_DYLD_INFO"
        case 0x24: return "LC_VERSION_MIN_MACOSX"
        case 0x25: return "LC_VERSION_MIN_IPHONEOS"
        case 0x26: return "LC_FUNCTION_STARTS"
        case 0x27: return "LC_DYLD_ENVIRONMENT"
        case 0x29: return "LC_DATA_IN_CODE"
        case 0x2A: return "LC_SOURCE_VERSION"
        case 0x2B: return "LC_DYLIB_CODE_SIGN_DRS"
        case 0x2C: return "LC_ENCRYPTION_INFO_64"
        case 0x2D: return "LC_LINKER_OPTION"
        case 0x2E: return "LC_LINKER_OPTIMIZATION_HINT"
        case 0x2F: return "LC_VERSION_MIN_TVOS"
        case 0x30: return "LC_VERSION_MIN_WATCHOS"
        case 0x31: return "LC_NOTE"
        case 0x32: return "LC_BUILD_VERSION"
        case 0x8000_0018: return "LC_LOAD_WEAK_DYLIB"
        case 0x8000_001C: return "LC_RPATH"
        case 0x8000_001F: return "LC_REEXPORT_DYLIB"
        case 0x8000_0022: return "LC_DYLD_INFO_ONLY"
        case 0x8000_0023: return "LC_LOAD_UPWARD_DYLIB"
        case 0x8000_0028: return "LC_MAIN"
        case 0x8000_0033: return "LC_DYLD_EXPORTS_TRIE"
        case 0x8000_0034: return "LC_DYLD_CHAINED_FIXUPS"
        default: return "cmd \(Checked.hex(cmd))"
        }
    }
}
