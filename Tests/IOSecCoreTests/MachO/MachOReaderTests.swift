import Foundation
import Testing
@testable import IOSecCore
import IOSecFixtures

@Suite struct MachOReaderTests {
    @Test func thin64ReadsHeaderAndLoadCommands() throws {
        let file = try MachOFile(bytes: MachOBuilder.sampleApp().build())
        #expect(!file.isFat)
        #expect(file.issues.isEmpty, "\(file.issues)")
        let s = try #require(file.slices.first)
        #expect(file.slices.count == 1)
        #expect(s.architecture == .arm64)
        #expect(s.architecture.name == "arm64")
        #expect(s.is64Bit)
        #expect(!s.isBigEndian)
        #expect(s.fileType == .execute)
        #expect(s.fileType.name == "MH_EXECUTE")
        #expect(s.isPIE)
        #expect(s.flags.contains(.twoLevelNamespace))
        #expect(!s.flags.contains(.allowStackExecution))
        #expect(s.fileOffset == 0)
        #expect(s.loadCommands.first?.name == "LC_SEGMENT_64")
        #expect(s.loadCommands.last?.name == "LC_CODE_SIGNATURE")
        #expect(s.loadCommands.contains { $0.name == "LC_DYLD_CHAINED_FIXUPS" })
        #expect(
            s.uuid
                == UUID(
                    uuid: (
                        0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F
                    )))
        #expect(s.entryPoint == MachOEntryPoint(offset: 0x4000, stackSize: 0))
        #expect(s.platform == .iOS)
        #expect(s.minimumOS == MachOVersion(15, 0))
        #expect(s.minimumOS?.description == "15.0")
        #expect(s.sdk == MachOVersion(17, 2))
        #expect(s.encryptionInfo == MachOEncryptionInfo(cryptOffset: 0x4000, cryptSize: 0x8000, cryptID: 0))
        #expect(!s.isEncrypted)
    }

    @Test func segmentsAndSections() throws {
        let (bytes, layout) = MachOBuilder.sampleApp().buildWithLayout()
        let s = try #require(try MachOFile(bytes: bytes).slices.first)
        #expect(s.segments.map(\.name) == ["__TEXT", "__DATA_CONST"])
        #expect(
            s.segments[0].sections.map(\.name) == [
                "__text", "__cstring", "__objc_classname", "__objc_methname", "__swift5_types"
            ])
        #expect(s.segments[1].maxProtection == 3)
        let text = try #require(s.section(segment: "__TEXT", name: "__text"))
        #expect(text.segmentName == "__TEXT")
        #expect(text.flags == 0x8000_0400)
        #expect(text.size == 8)
        #expect(Int(text.offset) == layout.sectionOffsets["__TEXT,__text"])
        #expect(s.contents(of: text) == [0x1F, 0x20, 0x03, 0xD5, 0xC0, 0x03, 0x5F, 0xD6])
        let cstring = try #require(s.section(segment: "__TEXT", name: "__cstring"))
        #expect(cstring.type == 2)
        #expect(s.sections.count == 7)
    }

    @Test func symbolsImportsStabsAndLocals() throws {
        let s = try #require(try MachOFile(bytes: MachOBuilder.sampleApp().build()).slices.first)
        #expect(s.symbolCount == 12)
        #expect(s.undefinedSymbols == ["_CC_MD5", "_NSLog", "___stack_chk_fail", "_objc_msgSend"])
        #expect(s.stabSymbols == ["/Users/dev/Wallet/Sources/", "/Users/dev/Wallet/build/main.o", "_main"])
        #expect(s.stabSymbolCount == 4)
        #expect(s.hasDebugSymbols)
        #expect(s.localSymbolCount == 2)
        #expect(s.externalDefinedSymbolCount == 2)
        #expect(
            s.dynamicSymbolTable
                == MachODynamicSymbolTable(
                    localIndex: 0, localCount: 6, externalDefinedIndex: 6,
                    externalDefinedCount: 2, undefinedIndex: 8, undefinedCount: 4,
                    indirectSymbolCount: 4))
        // Union of the symbol table and the chained-fixups imports, without duplicates; matched exactly.
        #expect(
            s.imports == [
                "_CC_MD5", "_NSLog", "___stack_chk_fail", "_objc_msgSend", "_SecItemAdd", "_strcpy",
                "_OBJC_CLASS_$_NSObject"
            ])
        #expect(!s.imports.contains("CC_MD5"))
        #expect(!s.imports.contains("_main"))
    }

    @Test func strippedBinaryKeepsOnlyTheRadrMarker() throws {
        var b = MachOBuilder()
        b.symbols = [.stab("radr://5614542", type: 0x3C), .external("__mh_execute_header"), .undefined("_malloc")]
        let s = try #require(try MachOFile(bytes: b.build()).slices.first)
        #expect(s.stabSymbols == ["radr://5614542"])
        #expect(s.stabSymbolCount == 1)
        #expect(!s.hasDebugSymbols)
        #expect(s.localSymbolCount == 0)
        #expect(s.imports == ["_malloc"])
    }

    @Test func commonSymbolsAndPreboundUndefined() throws {
        var b = MachOBuilder()
        b.symbols = [
            MachOBuilder.Symbol(name: "_common_buffer", type: 0x01, value: 64),
            MachOBuilder.Symbol(name: "_prebound", type: 0x0D),
            MachOBuilder.Symbol(name: "_private_extern_local", type: 0x1E, section: 1)
        ]
        let s = try #require(try MachOFile(bytes: b.build()).slices.first)
        #expect(s.imports == ["_prebound"])
        #expect(s.externalDefinedSymbolCount == 1)
        #expect(s.localSymbolCount == 1)
    }

    @Test func dylibsRpathsAndInstallName() throws {
        var b = MachOBuilder.sampleApp()
        b.fileType = 0x6
        b.flags = 0x0010_0085
        b.installName = "@rpath/WalletKit.framework/WalletKit"
        b.dylibs += [
            MachOBuilder.Dylib(kind: .reexport, path: "@rpath/Core.framework/Core"),
            MachOBuilder.Dylib(kind: .lazy, path: "/usr/lib/libz.1.dylib"),
            MachOBuilder.Dylib(kind: .upward, path: "@loader_path/Up.dylib")
        ]
        let s = try #require(try MachOFile(bytes: b.build()).slices.first)
        #expect(s.fileType == .dylib)
        #expect(!s.isPIE)
        #expect(s.installName == "@rpath/WalletKit.framework/WalletKit")
        #expect(
            s.dylibs.map(\.path) == [
                "/usr/lib/libSystem.B.dylib",
                "/System/Library/Frameworks/LocalAuthentication.framework/LocalAuthentication",
                "@rpath/Alamofire.framework/Alamofire", "@rpath/Core.framework/Core",
                "/usr/lib/libz.1.dylib", "@loader_path/Up.dylib"
            ])
        #expect(s.dylibs.map(\.kind) == [.load, .weak, .load, .reexport, .lazy, .upward])
        #expect(s.dylibs[0].currentVersion.description == "1351.0")
        #expect(s.dylibs[2].currentVersion == MachOVersion(5, 8, 2))
        #expect(s.dylibs[2].currentVersion.description == "5.8.2")
        #expect(s.dylibs[0].compatibilityVersion == MachOVersion(1))
        #expect(s.rpaths == ["/usr/lib/swift", "@executable_path/Frameworks"])
    }

    @Test func encryptedSlice() throws {
        var b = MachOBuilder.sampleApp()
        b.cryptID = 1
        let s = try #require(try MachOFile(bytes: b.build()).slices.first)
        #expect(s.isEncrypted)
        #expect(s.encryptionInfo?.cryptID == 1)
        var b32 = MachOBuilder.sampleApp(is64Bit: false)
        b32.cryptID = 1
        let s32 = try #require(try MachOFile(bytes: b32.build()).slices.first)
        #expect(s32.isEncrypted)
        #expect(s32.loadCommands.contains { $0.name == "LC_ENCRYPTION_INFO" })
        var none = MachOBuilder.sampleApp()
        none.cryptID = nil
        #expect(try MachOFile(bytes: none.build()).slices[0].isEncrypted == false)
    }

    @Test func codeSignatureFields() throws {
        let s = try #require(try MachOFile(bytes: MachOBuilder.sampleApp().build()).slices.first)
        let sig = try #require(s.codeSignature)
        #expect(sig.identifier == "com.example.wallet")
        #expect(sig.teamID == "ABCDE12345")
        #expect(sig.codeDirectoryVersion == 0x20400)
        #expect(sig.hashType == 2)
        #expect(sig.execSegmentFlags == 0x11)
        #expect(sig.hasRequirements)
        #expect(!sig.hasCMSSignature)
        #expect(sig.entitlementsXML == Array(CodeSignatureBuilder.sampleEntitlements.utf8))
        #expect(sig.entitlementsDER == [0x70, 0x03, 0x02, 0x01, 0x01])
        #expect(sig.blobs.map(\.type) == [0, 2, 5, 7])
        #expect(sig.blobs.map(\.magic) == [0xFADE_0C02, 0xFADE_0C01, 0xFADE_7171, 0xFADE_7172])
        #expect(s.codeSignatureLocation?.dataSize ?? 0 > 0)

        // The XML is a real entitlements plist for the existing reader.
        let plist = try PropertyListParser.parse(Data(try #require(sig.entitlementsXML)))
        let (entitlements, _) = Entitlements.read(plist.root)
        #expect(entitlements.getTaskAllow == true)
        #expect(entitlements.applicationIdentifier == "ABCDE12345.com.example.wallet")
    }

    @Test func codeSignatureFlagsVersionsAndAlternates() throws {
        var cs = CodeSignatureBuilder()
        cs.flags = 0x0002_0002  // CS_ADHOC | CS_LINKER_SIGNED
        cs.teamID = nil
        cs.requirements = false
        var b = MachOBuilder()
        b.codeSignature = cs.build()
        let adhoc = try #require(try MachOFile(bytes: b.build()).slices[0].codeSignature)
        #expect(adhoc.isAdHoc)
        #expect(adhoc.isLinkerSigned)
        #expect(!adhoc.hasHardenedRuntime)
        #expect(adhoc.teamID == nil)
        #expect(adhoc.entitlementsXML == nil)
        #expect(adhoc.entitlementsDER == nil)
        #expect(!adhoc.hasRequirements)

        // Before 0x20200 there is no team field, even when the bytes after the header happen to be non-zero.
        cs = CodeSignatureBuilder()
        cs.version = 0x20100
        cs.flags = 0x10000
        b.codeSignature = cs.build()
        let old = try #require(try MachOFile(bytes: b.build()).slices[0].codeSignature)
        #expect(old.identifier == "com.example.wallet")
        #expect(old.teamID == nil)
        #expect(old.codeDirectoryVersion == 0x20100)
        #expect(old.execSegmentFlags == nil)
        #expect(old.hasHardenedRuntime)

        cs = CodeSignatureBuilder()
        cs.version = 0x20200
        cs.alternateCodeDirectory = true
        cs.cms = [UInt8](repeating: 0x30, count: 40)
        b.codeSignature = cs.build()
        let signed = try #require(try MachOFile(bytes: b.build()).slices[0].codeSignature)
        #expect(signed.teamID == "ABCDE12345")
        #expect(signed.alternateCodeDirectoryCount == 1)
        #expect(signed.hashType == 2, "the primary (slot 0) CodeDirectory wins")
        #expect(signed.hasCMSSignature)
        #expect(signed.cmsSignatureSize == 40)
    }

    @Test(arguments: [UInt32(1), 2, 3])
    func chainedFixupsImportFormats(format: UInt32) throws {
        var b = MachOBuilder()
        b.chainedFixups = .init(
            format: format,
            imports: [
                .init(name: "_SecTrustEvaluate"), .init(name: "_swift_release", ordinal: 3),
                .init(name: "_OBJC_CLASS_$_WKWebView", ordinal: 4, weak: true), .init(name: "_SecTrustEvaluate")
            ])
        let s = try #require(try MachOFile(bytes: b.build()).slices.first)
        #expect(s.issues.isEmpty, "\(s.issues)")
        #expect(
            s.chainedFixupImports == [
                "_SecTrustEvaluate", "_swift_release", "_OBJC_CLASS_$_WKWebView", "_SecTrustEvaluate"
            ])
        #expect(s.imports == ["_SecTrustEvaluate", "_swift_release", "_OBJC_CLASS_$_WKWebView"])
    }

    @Test func bindOpcodeStreams() throws {
        var b = MachOBuilder()
        b.bindStreams = .init(
            bind: MachOBuilder.bindStream([
                .dylibOrdinal(1), .symbol("_objc_release"), .type(1), .segmentOffset(segment: 2, offset: 0x10), .doBind,
                .dylibOrdinalULEB(300), .symbol("_CCCrypt"), .addend(-8), .addAddress(0x100_0000), .doBindAddAddress(8),
                .dylibSpecial(0xE), .symbol("_fopen"), .addend(1 << 40), .doBindScaled(3),
                .doBindTimes(count: 1 << 20, skip: 8),
                .threadedTableSize(2), .threadedApply, .symbol("_objc_release"), .doBind,
                .done,
                .symbol("_after_done_ignored")
            ]),
            weakBind: MachOBuilder.bindStream([
                .symbol("__ZdlPv", flags: 0x1), .type(1), .segmentOffset(segment: 2, offset: 0), .doBind,
                .symbol("__Znwm", flags: 0x8),  // a strong definition in this image, not an import
                .done
            ]),
            lazyBind: MachOBuilder.bindStream([
                .segmentOffset(segment: 3, offset: 0), .dylibOrdinal(1), .symbol("_arc4random"), .doBind, .done,
                .segmentOffset(segment: 3, offset: 8), .dylibOrdinal(2), .symbol("_SecRandomCopyBytes"), .doBind, .done,
                .done, .done
            ]))
        let s = try #require(try MachOFile(bytes: b.build()).slices.first)
        #expect(s.issues.isEmpty, "\(s.issues)")
        #expect(
            s.bindSymbols == ["_objc_release", "_CCCrypt", "_fopen", "__ZdlPv", "_arc4random", "_SecRandomCopyBytes"])
        #expect(s.imports == Set(s.bindSymbols))
    }

    @Test func importsAreTheUnionOfAllThreeSources() throws {
        var b = MachOBuilder()
        b.symbols = [.undefined("_malloc"), .undefined("_strcpy")]
        b.chainedFixups = .init(imports: [.init(name: "_strcpy"), .init(name: "_CC_SHA1")])
        b.bindStreams = .init(
            bind: MachOBuilder.bindStream([.symbol("_CC_SHA1"), .doBind, .symbol("_srand"), .doBind, .done]))
        let file = try MachOFile(bytes: b.build())
        #expect(file.slices[0].imports == ["_malloc", "_strcpy", "_CC_SHA1", "_srand"])
        #expect(file.imports == ["_malloc", "_strcpy", "_CC_SHA1", "_srand"])
    }

    @Test func stringsClassNamesSelectorsAndLanguages() throws {
        let s = try #require(try MachOFile(bytes: MachOBuilder.sampleApp().build()).slices.first)
        #expect(s.cStrings == ["http://api.example.com/v1", "Bearer %@", "sk_live_0123456789abcdef"])
        #expect(s.objcClassNames == ["AppDelegate", "LoginViewController"])
        #expect(s.selectorNames == ["application:didFinishLaunchingWithOptions:", "viewDidLoad", "setPassword:"])
        #expect(s.hasSwift)
        #expect(s.hasObjC)
    }

    @Test func classNamesInDataSegmentAndLanguageDetection() throws {
        var b = MachOBuilder()
        b.segments = [
            .init(name: "__DATA", sections: [.strings("__DATA", "__objc_classname", ["LegacyClass"])]),
            .init(
                name: "__TEXT",
                sections: [
                    .strings("__TEXT", "__objc_methname", ["init"]),
                    .strings("__TEXT", "__const", ["not a c string section"])
                ])
        ]
        let objc = try #require(try MachOFile(bytes: b.build()).slices.first)
        #expect(objc.objcClassNames == ["LegacyClass"])
        #expect(objc.selectorNames == ["init"])
        #expect(objc.cStrings.isEmpty)
        #expect(objc.hasObjC)
        #expect(!objc.hasSwift)

        // A pure Swift binary still has __objc_imageinfo: that alone is not Objective-C.
        b.segments = [
            .init(name: "__TEXT", sections: [.init(segment: "__TEXT", name: "__swift5_proto", contents: [0, 0, 0, 0])]),
            .init(
                name: "__DATA_CONST",
                sections: [
                    .init(segment: "__DATA_CONST", name: "__objc_imageinfo", contents: [0, 0, 0, 0, 0x40, 0, 0, 0])
                ])
        ]
        let swift = try #require(try MachOFile(bytes: b.build()).slices.first)
        #expect(swift.hasSwift)
        #expect(!swift.hasObjC)
    }

    @Test func thin32ReadsEverything() throws {
        var b = MachOBuilder.sampleApp(is64Bit: false)
        b.versionMin = (0x25, 0x0009_0000, 0x000A_0000)
        b.buildVersion = nil
        let file = try MachOFile(bytes: b.build())
        #expect(file.issues.isEmpty, "\(file.issues)")
        let s = try #require(file.slices.first)
        #expect(!s.is64Bit)
        #expect(s.architecture == .armv7)
        #expect(s.architecture.name == "armv7")
        #expect(s.loadCommands.first?.name == "LC_SEGMENT")
        #expect(s.segments.map(\.name) == ["__TEXT", "__DATA_CONST"])
        #expect(s.undefinedSymbols == ["_CC_MD5", "_NSLog", "___stack_chk_fail", "_objc_msgSend"])
        #expect(s.stabSymbols.count == 3)
        #expect(s.localSymbolCount == 2)
        #expect(s.cStrings.count == 3)
        #expect(s.dylibs.count == 3)
        #expect(s.rpaths == ["/usr/lib/swift", "@executable_path/Frameworks"])
        #expect(s.codeSignature?.identifier == "com.example.wallet")
        #expect(s.platform == .iOS)
        #expect(s.minimumOS == MachOVersion(9, 0))
        #expect(s.buildVersions.first?.isLegacyVersionMin == true)
        #expect(s.imports.contains("_strcpy"))
    }

    @Test func buildVersionWinsOverLegacyVersionMin() throws {
        var b = MachOBuilder()
        b.versionMin = (0x25, 0x000C_0000, 0x000D_0000)
        b.buildVersion = (7, 0x0010_0000, 0x0011_0000)  // iOS Simulator 16.0
        let s = try #require(try MachOFile(bytes: b.build()).slices.first)
        #expect(s.platform == .iOSSimulator)
        #expect(s.minimumOS == MachOVersion(16))
        #expect(s.buildVersions.count == 2)
    }

    @Test func bigEndianThinSlice() throws {
        var b = MachOBuilder()
        b.bigEndian = true
        b.is64Bit = false
        b.cpuType = 18
        b.cpuSubtype = 0
        b.symbols = [.undefined("_printf")]
        b.dylibs = [.init(path: "/usr/lib/libSystem.B.dylib")]
        let s = try #require(try MachOFile(bytes: b.build()).slices.first)
        #expect(s.isBigEndian)
        #expect(s.architecture.name == "ppc")
        #expect(s.imports == ["_printf"])
        #expect(s.dylibs.map(\.path) == ["/usr/lib/libSystem.B.dylib"])
    }

    @Test(arguments: [false, true])
    func fatReadsEverySlice(fat64: Bool) throws {
        var arm64e = MachOBuilder.sampleApp()
        arm64e.cpuSubtype = 0x8000_0002
        arm64e.chainedFixups = .init(imports: [.init(name: "_only_in_arm64e")])
        let slices: [(UInt32, UInt32, [UInt8])] = [
            (12, 9, MachOBuilder.sampleApp(is64Bit: false).build()),
            (0x0100_000C, 0, MachOBuilder.sampleApp().build()),
            (0x0100_000C, 0x8000_0002, arm64e.build())
        ]
        let (bytes, offsets) = MachOBuilder.fat(slices.map { ($0.0, $0.1, $0.2) }, is64: fat64)
        let file = try MachOFile(bytes: bytes)
        #expect(file.isFat)
        #expect(file.issues.isEmpty, "\(file.issues)")
        #expect(file.slices.map(\.architecture.name) == ["armv7", "arm64", "arm64e"])
        #expect(file.slices.map(\.fileOffset) == offsets)
        #expect(file.slices.map(\.size) == slices.map { $0.2.count })
        #expect(file.slice(for: .arm64e)?.imports.contains("_only_in_arm64e") == true)
        #expect(file.slice(for: .arm64)?.imports.contains("_only_in_arm64e") == false)
        #expect(file.imports.contains("_only_in_arm64e"))
        for s in file.slices {
            #expect(s.codeSignature?.teamID == "ABCDE12345")
            #expect(s.cStrings.contains("sk_live_0123456789abcdef"))
            #expect(s.stabSymbols.contains("_main"))
            #expect(s.dylibs.count == 3)
        }
    }

    @Test func architectureNames() {
        #expect(MachOArchitecture(cpuType: 0x0100_000C, cpuSubtype: 0).name == "arm64")
        #expect(MachOArchitecture(cpuType: 0x0100_000C, cpuSubtype: 0x8000_0002).name == "arm64e")
        #expect(MachOArchitecture(cpuType: 0x0100_000C, cpuSubtype: 0x8000_0002) == .arm64e)
        #expect(MachOArchitecture(cpuType: 12, cpuSubtype: 9).name == "armv7")
        #expect(MachOArchitecture(cpuType: 12, cpuSubtype: 11).name == "armv7s")
        #expect(MachOArchitecture(cpuType: 12, cpuSubtype: 12).name == "armv7k")
        #expect(MachOArchitecture(cpuType: 0x0200_000C, cpuSubtype: 1).name == "arm64_32")
        #expect(MachOArchitecture(cpuType: 0x0100_0007, cpuSubtype: 3).name == "x86_64")
        #expect(MachOArchitecture(cpuType: 0x0100_0007, cpuSubtype: 8).name == "x86_64h")
        #expect(MachOArchitecture(cpuType: 7, cpuSubtype: 3).name == "i386")
        #expect(MachOArchitecture(cpuType: 99, cpuSubtype: 1).name == "cputype 0x63 subtype 0x1")
        #expect(MachOArchitecture.x86_64.is64Bit)
        #expect(!MachOArchitecture.i386.is64Bit)
        #expect(MachOFileType.bundle.name == "MH_BUNDLE")
        #expect(MachOFileType(rawValue: 0x77).name == "filetype 0x77")
        #expect(MachOPlatform.iOS.name == "iOS")
        #expect(MachOLoadCommand(command: 0x8000_0018, offset: 0, size: 8).name == "LC_LOAD_WEAK_DYLIB")
    }

    @Test func otherFileTypesAndFlags() throws {
        var b = MachOBuilder()
        b.cpuType = 0x0100_0007
        b.cpuSubtype = 3
        b.fileType = 0x8
        b.flags = 0x0002_0085 | 0x0100_0000
        let s = try #require(try MachOFile(bytes: b.build()).slices.first)
        #expect(s.architecture == .x86_64)
        #expect(s.fileType == .bundle)
        #expect(s.flags.contains(.allowStackExecution))
        #expect(s.flags.contains(.noHeapExecution))
        #expect(!s.isPIE)
        #expect(s.codeSignature == nil)
        #expect(s.imports.isEmpty)
    }

    @Test func isMachOSniffing() {
        #expect(MachOFile.isMachO(prefix: [0xCF, 0xFA, 0xED, 0xFE, 0x0C, 0, 0, 1]))
        #expect(MachOFile.isMachO(prefix: [0xCE, 0xFA, 0xED, 0xFE]))
        #expect(MachOFile.isMachO(prefix: [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 2]))
        #expect(!MachOFile.isMachO(prefix: [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 0x34]), "a Java class file")
        #expect(!MachOFile.isMachO(prefix: Array("#!/bin/sh\n".utf8)))
        #expect(!MachOFile.isMachO(prefix: []))
    }

    @Test func limitsKeepWhatFitsAndSaySo() throws {
        var limits = MachOLimits()
        limits.maxStrings = 2
        limits.maxStringLength = 12
        limits.maxStabNames = 1
        let file = try MachOFile(bytes: MachOBuilder.sampleApp().build(), limits: limits)
        let s = file.slices[0]
        #expect(s.cStrings == ["Bearer %@"])
        #expect(s.objcClassNames == ["AppDelegate"])
        #expect(s.selectorNames == ["viewDidLoad", "setPassword:"])
        #expect(s.stabSymbols == ["/Users/dev/Wallet/Sources/"])
        #expect(s.stabSymbolCount == 4)
        #expect(file.issues.contains { $0.contains("longer than 12 bytes") })
        #expect(file.issues.contains { $0.contains("debug symbols") })

        limits = MachOLimits()
        limits.maxSymbols = 3
        let capped = try MachOFile(bytes: MachOBuilder.sampleApp().build(), limits: limits).slices[0]
        #expect(capped.symbolCount == 12)
        #expect(capped.stabSymbolCount == 3)
        #expect(capped.issues.contains { $0.contains("only the first 3") })
    }
}
