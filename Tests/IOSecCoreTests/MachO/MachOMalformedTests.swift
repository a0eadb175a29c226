import Foundation
import Testing
@testable import IOSecCore
import IOSecFixtures

/// Damaged and hostile files: each gives a thrown ``MachOError`` or an issue with the rest still read — never a
/// crash.
@Suite struct MachOMalformedTests {
    static let sample = MachOBuilder.sampleApp().buildWithLayout()

    static func error(_ bytes: [UInt8], limits: MachOLimits = .default) -> MachOError? {
        do {
            _ = try MachOFile(bytes: bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static func patched(_ edits: (inout [UInt8], MachOBuilder.Layout) -> Void) -> [UInt8] {
        var bytes = sample.bytes
        edits(&bytes, sample.layout)
        return bytes
    }

    static func put32(_ v: UInt32, _ offset: Int, _ bytes: inout [UInt8], bigEndian: Bool = false) {
        ByteWriter.put32(v, at: offset, in: &bytes, bigEndian: bigEndian)
    }

    // MARK: - Header and load commands (thrown)

    @Test func truncatedHeaderAtEveryLength() {
        for (bytes, headerSize) in [(Self.sample.bytes, 32), (MachOBuilder.sampleApp(is64Bit: false).build(), 28)] {
            for length in 0..<headerSize {
                let e = Self.error(Array(bytes.prefix(length)))
                #expect(e?.kind == .truncated, "length \(length): \(String(describing: e))")
            }
        }
        #expect(Self.error([])?.message == "the file is empty")
    }

    @Test func everyTruncationOfTheFileIsHandled() {
        let bytes = Self.sample.bytes
        var thrown = 0, partial = 0
        for length in 0..<bytes.count {
            do {
                let file = try MachOFile(bytes: Array(bytes.prefix(length)))
                if !file.issues.isEmpty { partial += 1 }
            } catch {
                thrown += 1
            }
        }
        #expect(thrown > 0)
        #expect(partial > 0)
        #expect(thrown + partial == bytes.count, "every cut-short file is either refused or read with issues")
    }

    @Test func notMachO() {
        #expect(Self.error(Array("#!/bin/sh\necho hello\n".utf8))?.kind == .notMachO)
        #expect(Self.error([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0])?.kind == .notMachO)  // ELF
        let e = Self.error([0xDE, 0xAD, 0xBE, 0xEF])
        #expect(e?.message.contains("0xEFBEADDE") == true, "\(String(describing: e))")
    }

    @Test func loadCommandSizeZero() throws {
        let third = Self.sample.layout.commands[2].offset
        let bytes = Self.patched { b, _ in Self.put32(0, third + 4, &b) }
        let e = try #require(Self.error(bytes))
        #expect(e.kind == .malformed)
        #expect(e.offset == third + 4)
        #expect(e.message.contains("load command 2"))
        #expect(e.message.contains("cmdsize 0"))
        #expect(e.description.hasSuffix("(at offset \(third + 4), 0x\(String(third + 4, radix: 16, uppercase: true)))"))
        let seven = Self.patched { b, _ in Self.put32(7, third + 4, &b) }
        #expect(Self.error(seven)?.kind == .malformed)
    }

    @Test func loadCommandPastTheEnd() {
        let last = Self.sample.layout.commands.last!.offset
        for size: UInt32 in [0xFFFF_FFF0, 0xFFFF_FFFF, 0x8000_0000, UInt32(Self.sample.layout.sizeOfCommands)] {
            let bytes = Self.patched { b, _ in Self.put32(size, last + 4, &b) }
            let e = Self.error(bytes)
            #expect(e?.kind == .truncated, "cmdsize \(size): \(String(describing: e))")
            #expect(e?.message.contains("runs past the end of the load commands") == true)
        }
    }

    @Test func sizeOfCommandsAndCommandCounts() {
        // A 4 GB claim, a claim past the end of the file, and counts that cannot fit.
        #expect(Self.error(Self.patched { b, _ in Self.put32(0xFFFF_FFFF, 20, &b) })?.kind == .limitExceeded)
        #expect(Self.error(Self.patched { b, l in Self.put32(UInt32(l.size), 20, &b) })?.kind == .truncated)
        #expect(Self.error(Self.patched { b, _ in Self.put32(0xFFFF_FFFF, 16, &b) })?.kind == .limitExceeded)
        #expect(Self.error(Self.patched { b, _ in Self.put32(10_000, 16, &b) })?.kind == .malformed)
        let commands = UInt32(Self.sample.layout.commands.count)
        let oneMore = Self.error(Self.patched { b, _ in Self.put32(commands + 1, 16, &b) })
        #expect(oneMore?.kind == .truncated)
        #expect(oneMore?.message.contains("starts past the end") == true)
        // Fewer commands than present: the rest are simply not read.
        let fewer = try? MachOFile(bytes: Self.patched { b, _ in Self.put32(1, 16, &b) })
        #expect(fewer?.slices[0].loadCommands.count == 1)
        var limits = MachOLimits()
        limits.maxLoadCommands = 3
        #expect(Self.error(Self.sample.bytes, limits: limits)?.kind == .limitExceeded)
    }

    // MARK: - Optional parts (issues, rest read)

    @Test func shortLoadCommandsAreSkippedWithAnIssue() throws {
        var b = MachOBuilder()
        b.dylibs = [.init(path: "/usr/lib/libSystem.B.dylib")]
        b.extraCommands = [
            [0x02, 0, 0, 0, 8, 0, 0, 0],  // LC_SYMTAB of 8 bytes
            [0x28, 0, 0, 0x80, 16, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8],  // LC_MAIN of 16 bytes
            // LC_LOAD_DYLIB whose name is unterminated
            [0x0C, 0, 0, 0, 32, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] + Array("ABCDEFGH".utf8),
            [0x1C, 0, 0, 0x80, 16, 0, 0, 0, 0xFF, 0, 0, 0, 0, 0, 0, 0]  // LC_RPATH with its path outside
        ]
        let file = try MachOFile(bytes: b.build())
        let s = file.slices[0]
        #expect(s.dylibs.map(\.path) == ["/usr/lib/libSystem.B.dylib"])
        #expect(s.rpaths.isEmpty)
        #expect(s.entryPoint == nil)
        #expect(s.issues.count == 4, "\(s.issues)")
        #expect(s.issues.contains { $0.contains("LC_SYMTAB") && $0.contains("runs past the end") })
        #expect(s.issues.contains { $0.contains("LC_LOAD_DYLIB") && $0.contains("not NUL-terminated") })
        #expect(s.issues.contains { $0.contains("LC_RPATH") && $0.contains("outside") })
    }

    @Test func dylibNameOffsetPastTheCommand() throws {
        let dylib = try #require(Self.sample.layout.command(0xC))
        let file = try MachOFile(bytes: Self.patched { b, _ in Self.put32(0xFFFF, dylib + 8, &b) })
        let s = file.slices[0]
        #expect(s.dylibs.count == 2)
        #expect(file.issues.count == 1)
        #expect(file.issues[0].contains("library path offset 65535"))
    }

    @Test func duplicateCommands() throws {
        var b = MachOBuilder()
        b.symbols = [.undefined("_a")]
        b.extraCommands = [[0x02, 0, 0, 0, 24, 0, 0, 0] + [UInt8](repeating: 0xFF, count: 16)]
        let s = try MachOFile(bytes: b.build()).slices[0]
        #expect(s.imports == ["_a"])
        #expect(s.issues.count == 1)
        #expect(s.issues[0].contains("a second LC_SYMTAB"))
    }

    @Test func segmentWithMoreSectionsThanItsCommandHolds() throws {
        let text = Self.sample.layout.commands[0].offset
        let file = try MachOFile(bytes: Self.patched { b, _ in Self.put32(0xFFFF_FFFF, text + 64, &b) })
        let s = file.slices[0]
        #expect(s.segments[0].sections.count == 5)
        #expect(s.cStrings.count == 3)
        #expect(file.issues.count == 1)
        #expect(file.issues[0].contains("claims 4294967295 sections"))
    }

    @Test func sectionClaimingHugeSize() throws {
        let text = Self.sample.layout.commands[0].offset
        let cstringSize = text + 72 + 80 + 40
        let file = try MachOFile(bytes: Self.patched { b, _ in ByteWriter.put64(.max, at: cstringSize, in: &b) })
        let s = file.slices[0]
        #expect(s.cStrings.isEmpty)
        #expect(s.objcClassNames == ["AppDelegate", "LoginViewController"])
        #expect(file.issues.count == 1)
        #expect(file.issues[0].contains("__TEXT,__cstring"))
        #expect(s.contents(of: try #require(s.section(segment: "__TEXT", name: "__cstring"))) == nil)
    }

    @Test func unterminatedLastStringInASection() throws {
        var b = MachOBuilder()
        b.segments = [
            .init(
                name: "__TEXT",
                sections: [
                    .init(segment: "__TEXT", name: "__cstring", contents: Array("one\0two\0three".utf8), flags: 2)
                ])
        ]
        let s = try MachOFile(bytes: b.build()).slices[0]
        #expect(s.cStrings == ["one", "two"])
        #expect(s.issues.count == 1)
        #expect(s.issues[0].contains("not NUL-terminated"))
    }

    @Test func stringTableOffsetPastTheEnd() throws {
        let symtab = try #require(Self.sample.layout.command(0x2))
        for (field, value): (Int, UInt32) in [
            (16, 0xFFFF_FF00), (20, 0xFFFF_FFFF), (16, UInt32(Self.sample.layout.size)), (8, 0xFFFF_FFF0),
            (12, 0xFFFF_FFFF)
        ] {
            let file = try MachOFile(bytes: Self.patched { b, _ in Self.put32(value, symtab + field, &b) })
            let s = file.slices[0]
            #expect(s.undefinedSymbols.isEmpty)
            #expect(s.stabSymbols.isEmpty)
            #expect(file.issues.count == 1, "\(file.issues)")
            #expect(file.issues.first?.contains("LC_SYMTAB") == true)
            #expect(
                file.issues.first?.contains("at offset \(symtab + (field >= 16 ? 16 : 8)),") == true,
                "the issue points at the field")
            // Everything else is still read.
            #expect(s.dylibs.count == 3)
            #expect(s.codeSignature?.identifier == "com.example.wallet")
            #expect(s.imports.contains("_strcpy"))
        }
    }

    @Test func symbolNamePastTheStringTable() throws {
        let table = try #require(Self.sample.layout.symbolTableOffset)
        let ccMD5 = table + 8 * 16  // the first undefined symbol
        let file = try MachOFile(bytes: Self.patched { b, _ in Self.put32(0x7FFF_FFFF, ccMD5, &b) })
        let s = file.slices[0]
        #expect(s.undefinedSymbols == ["_NSLog", "___stack_chk_fail", "_objc_msgSend"])
        #expect(file.issues.count == 1)
        #expect(file.issues[0].contains("1 symbol names skipped"))
        #expect(file.issues[0].contains("at offset \(ccMD5)"))
    }

    @Test func unterminatedStringAtTheEndOfTheStringTable() throws {
        let layout = Self.sample.layout
        let strtab = try #require(layout.stringTableOffset)
        let symtab = try #require(layout.command(0x2))
        let table = Array(Self.sample.bytes[strtab..<(strtab + layout.stringTableSize)])
        let name = Array("_objc_msgSend".utf8)
        let at = try #require((0...(table.count - name.count)).last { Array(table[$0..<($0 + name.count)]) == name })
        let file = try MachOFile(bytes: Self.patched { b, _ in Self.put32(UInt32(at + 5), symtab + 20, &b) })
        let s = file.slices[0]
        #expect(s.undefinedSymbols == ["_CC_MD5", "_NSLog", "___stack_chk_fail"])
        #expect(file.issues.count == 1)
        #expect(file.issues[0].contains("not NUL-terminated"))
    }

    @Test func bindOpcodeDamage() throws {
        let lazy = MachOBuilder.bindStream([.symbol("_lazy_ok"), .doBind, .done])
        let cases: [(stream: [UInt8], kept: [String], message: String)] = [
            // ULEB128 of 11 bytes, and one whose 10th byte has more than the 64th bit.
            (
                MachOBuilder.bindStream([
                    .symbol("_before"), .raw([0x20] + [UInt8](repeating: 0xFF, count: 10) + [0x01])
                ]), ["_before"], "ULEB128 library ordinal overflows 64 bits"
            ),
            (
                MachOBuilder.bindStream([.raw([0x70] + [UInt8](repeating: 0x80, count: 9) + [0x02])]), [],
                "ULEB128 segment offset overflows 64 bits"
            ),
            (
                MachOBuilder.bindStream([.raw([0x60] + [UInt8](repeating: 0xFF, count: 10) + [0x7F])]), [],
                "SLEB128 addend overflows 64 bits"
            ),
            (MachOBuilder.bindStream([.symbol("_a"), .raw([0xC0, 0x80])]), ["_a"], "ULEB128 count runs past the end"),
            (MachOBuilder.bindStream([.symbol("_a"), .raw([0xE0])]), ["_a"], "unknown opcode 0xE0"),
            (MachOBuilder.bindStream([.raw([0xD7])]), [], "unknown threaded sub-opcode 0xD7"),
            (
                MachOBuilder.bindStream([.raw([0x40] + Array("_unterminated".utf8))]), [],
                "symbol name is not NUL-terminated"
            )
        ]
        for c in cases {
            var b = MachOBuilder()
            b.bindStreams = .init(bind: c.stream, lazyBind: lazy)
            let s = try MachOFile(bytes: b.build()).slices[0]
            #expect(s.bindSymbols == c.kept + ["_lazy_ok"])
            #expect(s.issues.count == 1, "\(s.issues)")
            #expect(s.issues.first?.contains(c.message) == true, "\(s.issues)")
            #expect(s.issues.first?.contains("bind opcodes") == true)
        }
        // Largest legal values are fine.
        var b = MachOBuilder()
        b.bindStreams = .init(
            bind: MachOBuilder.bindStream([.dylibOrdinalULEB(.max), .addend(.min), .addend(.max), .symbol("_x"), .done])
        )
        let ok = try MachOFile(bytes: b.build()).slices[0]
        #expect(ok.issues.isEmpty, "\(ok.issues)")
        #expect(ok.bindSymbols == ["_x"])
    }

    @Test func bindStreamOffsetsPastTheEnd() throws {
        var b = MachOBuilder()
        b.bindStreams = .init(
            bind: MachOBuilder.bindStream([.symbol("_a"), .done]),
            lazyBind: MachOBuilder.bindStream([.symbol("_b"), .done]))
        let (bytes, layout) = b.buildWithLayout()
        let info = try #require(layout.command(0x8000_0022))
        var patched = bytes
        ByteWriter.put32(0xFFFF_FFFF, at: info + 20, in: &patched)  // bind_size
        let s = try MachOFile(bytes: patched).slices[0]
        #expect(s.bindSymbols == ["_b"])
        #expect(s.issues.count == 1)
        #expect(s.issues[0].contains("bind opcodes (4294967295 bytes"))
    }

    @Test func chainedFixupsDamage() throws {
        let blob = try #require(Self.sample.layout.chainedFixupsOffset)
        let cases: [(field: Int, value: UInt32, message: String)] = [
            (16, 0xFFFF_FFFF, "imports_count 4294967295 is over the limit"),
            (16, 100_000, "100000 imports of 4 bytes"),
            (20, 7, "unknown imports_format 7"),
            (24, 1, "compressed"),
            (0, 1, "unknown fixups_version 1"),
            (8, 0xFFFF_FFF0, "run past the end"),
            (12, 0xFFFF_FFF0, "symbols_offset")
        ]
        for c in cases {
            let file = try MachOFile(bytes: Self.patched { b, _ in Self.put32(c.value, blob + c.field, &b) })
            let s = file.slices[0]
            #expect(s.chainedFixupImports.isEmpty)
            #expect(file.issues.count == 1, "\(file.issues)")
            #expect(file.issues.first?.contains(c.message) == true, "\(c.message): \(file.issues)")
            #expect(s.imports.contains("_CC_MD5"), "the symbol table is still read")
        }
        var limits = MachOLimits()
        limits.maxImports = 3
        let capped = try MachOFile(bytes: Self.sample.bytes, limits: limits)
        #expect(capped.issues.first?.contains("imports_count 4 is over the limit (3)") == true)
    }

    @Test func chainedFixupNameOutsideTheSymbols() throws {
        let blob = try #require(Self.sample.layout.chainedFixupsOffset)
        // The second import's name_offset (bits 9...31) points far away.
        let file = try MachOFile(bytes: Self.patched { b, _ in Self.put32(0xFFFF_FE02, blob + 40 + 4, &b) })
        let s = file.slices[0]
        #expect(s.chainedFixupImports == ["_objc_msgSend", "_strcpy", "_OBJC_CLASS_$_NSObject"])
        #expect(file.issues.count == 1)
        #expect(file.issues[0].contains("1 of 4 import names"))
    }

    @Test func linkeditDataPastTheEnd() throws {
        let signature = try #require(Self.sample.layout.command(0x1D))
        let fixups = try #require(Self.sample.layout.command(0x8000_0034))
        for (command, field, value) in [
            (signature, 8, UInt32.max), (signature, 12, UInt32.max), (fixups, 8, UInt32.max - 1),
            (fixups, 12, UInt32.max)
        ] {
            let file = try MachOFile(bytes: Self.patched { b, _ in Self.put32(value, command + field, &b) })
            #expect(file.issues.count == 1, "\(file.issues)")
            #expect(file.issues.first?.contains("run past the end of the") == true)
            #expect(file.slices[0].dylibs.count == 3)
        }
    }

    @Test func superBlobDamage() throws {
        let sig = try #require(Self.sample.layout.codeSignatureOffset)
        func read(_ edit: (inout [UInt8]) -> Void) throws -> MachOFile {
            try MachOFile(bytes: Self.patched { b, _ in edit(&b) })
        }
        // Huge counts: nothing of the signature, everything else.
        for count: UInt32 in [0xFFFF_FFFF, 257, 10_000] {
            let file = try read { Self.put32(count, sig + 8, &$0, bigEndian: true) }
            #expect(file.slices[0].codeSignature == nil)
            #expect(file.issues.count == 1)
            #expect(file.issues.first?.contains("\(count) blobs") == true)
            #expect(file.slices[0].dylibs.count == 3)
        }
        // An index that fits the limit but not the blob.
        let index = try read { Self.put32(200, sig + 8, &$0, bigEndian: true) }
        #expect(index.issues.first?.contains("index of 200 entries does not fit") == true)
        // Wrong magic.
        let magic = try read { Self.put32(0xFADE_0C02, sig, &$0, bigEndian: true) }
        #expect(magic.slices[0].codeSignature == nil)
        #expect(magic.issues.first?.contains("does not start with an embedded-signature SuperBlob") == true)
        // A 4 GB length claim is clamped to LC_CODE_SIGNATURE's size, with an issue.
        let length = try read { Self.put32(0xFFFF_FFFF, sig + 4, &$0, bigEndian: true) }
        #expect(length.slices[0].codeSignature?.identifier == "com.example.wallet")
        #expect(length.issues.count == 1)
        #expect(length.issues.first?.contains("claims 4294967295 bytes") == true)
        // One blob offset past the end: that blob is skipped, the others read.
        let blob = try read { Self.put32(0xFFFF_FF00, sig + 12 + 2 * 8 + 4, &$0, bigEndian: true) }
        let partial = try #require(blob.slices[0].codeSignature)
        #expect(partial.entitlementsXML == nil)
        #expect(partial.entitlementsDER != nil)
        #expect(partial.identifier == "com.example.wallet")
        #expect(blob.issues.count == 1)
        #expect(blob.issues.first?.contains("lies outside") == true)
        // A blob whose length is huge.
        let cd = sig + 12 + 4 * 8
        let big = try read { Self.put32(0xFFFF_FFFF, cd + 4, &$0, bigEndian: true) }
        #expect(big.slices[0].codeSignature?.identifier == nil)
        #expect(big.slices[0].codeSignature?.entitlementsXML != nil)
        #expect(big.issues.first?.contains("claims 4294967295 bytes") == true)
        // The CodeDirectory's identifier and team offsets outside it.
        let ident = try read { Self.put32(0x7FFF_FFFF, cd + 20, &$0, bigEndian: true) }
        #expect(ident.slices[0].codeSignature?.identifier == nil)
        #expect(ident.slices[0].codeSignature?.entitlementsXML != nil)
        #expect(ident.issues.first?.contains("CodeDirectory identifier") == true)
        let team = try read { Self.put32(0xFFFF_FFFF, cd + 48, &$0, bigEndian: true) }
        #expect(team.issues.first?.contains("team identifier") == true)
        #expect(team.slices[0].codeSignature?.entitlementsDER != nil)
        // Entitlements larger than the limit.
        var limits = MachOLimits()
        limits.maxEntitlementsBytes = 16
        let capped = try MachOFile(bytes: Self.sample.bytes, limits: limits)
        #expect(capped.slices[0].codeSignature?.entitlementsXML == nil)
        #expect(capped.slices[0].codeSignature?.entitlementsDER == [0x70, 0x03, 0x02, 0x01, 0x01])
        #expect(capped.issues.first?.contains("larger than the limit") == true)
    }

    @Test(.timeLimit(.minutes(2))) func namesPointingIntoOneLongRunCostBoundedWork() throws {
        var b = MachOBuilder()
        b.extraStrings = [UInt8](repeating: 0x41, count: 20_000)
        b.symbols = (0..<20_000).map { MachOBuilder.Symbol(name: "", type: 0x01, strx: UInt32(2 + $0 % 8)) }
        let file = try MachOFile(bytes: b.build())
        #expect(file.slices[0].undefinedSymbols.isEmpty)
        #expect(file.issues.count == 2, "\(file.issues)")
        #expect(file.issues.contains { $0.contains("symbol names overlap far more than a linker writes them") })
        #expect(file.issues.contains { $0.contains("are longer than 16384 bytes") })
    }

    @Test func stringSectionsPointingAtTheSameBytesAreReadOnce() throws {
        var b = MachOBuilder()
        b.segments = [.init(name: "__TEXT", sections: (0..<300).map { _ in .strings("__TEXT", "__cstring", ["x"]) })]
        let (original, layout) = b.buildWithLayout()
        var bytes = original
        let segment = layout.commands[0].offset
        for i in 0..<300 {
            let header = segment + 72 + i * 80
            ByteWriter.put64(UInt64(bytes.count), at: header + 40, in: &bytes)  // size: the whole file
            ByteWriter.put32(0, at: header + 48, in: &bytes)  // offset 0
        }
        let file = try MachOFile(bytes: bytes)
        let s = file.slices[0]
        #expect(s.cStrings.count == bytes.split(separator: 0).count, "the first section (the whole file) is read once")
        #expect(file.issues.count == 1, "\(file.issues)")
        #expect(file.issues[0].contains("string sections add up to more than the slice's"))
    }

    @Test func negativeLimitsAreTreatedAsZero() {
        var limits = MachOLimits()
        limits.maxNameLength = -5
        limits.maxSymbols = -1
        limits.maxStrings = -1
        limits.maxArchitectures = -1
        let file = try? MachOFile(bytes: Self.sample.bytes, limits: limits)
        #expect(file?.slices[0].undefinedSymbols.isEmpty == true)
        #expect(Self.error(Self.fatSample().bytes, limits: limits)?.kind == .limitExceeded)
    }

    // MARK: - Fat

    static func fatSample(is64: Bool = false) -> (bytes: [UInt8], offsets: [Int]) {
        MachOBuilder.fat(
            [
                (12, 9, MachOBuilder.sampleApp(is64Bit: false).build()),
                (0x0100_000C, 0, MachOBuilder.sampleApp().build())
            ],
            is64: is64)
    }

    @Test func fatArchOverlapping() throws {
        var (bytes, offsets) = Self.fatSample()
        ByteWriter.put32(UInt32(offsets[0]), at: 8 + 20 + 8, in: &bytes, bigEndian: true)
        let file = try MachOFile(bytes: bytes)
        #expect(file.slices.map(\.architecture.name) == ["armv7"])
        #expect(file.issues.count == 1)
        #expect(file.issues[0].contains("fat arch 1 (arm64)"))
        #expect(file.issues[0].contains("overlaps the slice"))
    }

    @Test func fatArchPastTheEnd() throws {
        let (original, offsets) = Self.fatSample()
        for (field, value) in [
            (12, UInt32.max), (8, UInt32(original.count)), (8, UInt32.max), (12, UInt32(original.count))
        ] {
            var bytes = original
            ByteWriter.put32(value, at: 8 + 20 + field, in: &bytes, bigEndian: true)
            let file = try MachOFile(bytes: bytes)
            #expect(file.slices.map(\.architecture.name) == ["armv7"])
            #expect(file.issues.count == 1)
            #expect(file.issues.first?.contains("run past the end of the") == true, "\(file.issues)")
        }
        // Into the fat header, and empty.
        for (field, value) in [(8, UInt32(0)), (8, UInt32(20)), (12, UInt32(0))] {
            var bytes = original
            ByteWriter.put32(value, at: 8 + 20 + field, in: &bytes, bigEndian: true)
            let file = try MachOFile(bytes: bytes)
            #expect(file.slices.count == 1)
            #expect(file.issues.count == 1, "\(file.issues)")
        }
        _ = offsets
    }

    @Test func fat64OffsetsThatOverflow() throws {
        var (bytes, _) = Self.fatSample(is64: true)
        ByteWriter.put64(.max, at: 8 + 32 + 8, in: &bytes, bigEndian: true)
        ByteWriter.put64(.max, at: 8 + 32 + 16, in: &bytes, bigEndian: true)
        let file = try MachOFile(bytes: bytes)
        #expect(file.slices.map(\.architecture.name) == ["armv7"])
        #expect(file.issues.first?.contains("18446744073709551615 bytes at offset 18446744073709551615") == true)
        ByteWriter.put64(0x7FFF_FFFF_FFFF_FFFF, at: 8 + 8, in: &bytes, bigEndian: true)
        ByteWriter.put64(0x7FFF_FFFF_FFFF_FFFF, at: 8 + 16, in: &bytes, bigEndian: true)
        let e = Self.error(bytes)
        #expect(e?.kind == .malformed)
        #expect(e?.message.contains("no readable architecture") == true)
    }

    @Test func fatHeaderCounts() {
        var (bytes, _) = Self.fatSample()
        ByteWriter.put32(0xFFFF_FFFF, at: 4, in: &bytes, bigEndian: true)
        #expect(Self.error(bytes)?.kind == .limitExceeded)
        ByteWriter.put32(0, at: 4, in: &bytes, bigEndian: true)
        #expect(Self.error(bytes)?.kind == .malformed)
        let java: [UInt8] = [0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x00, 0x00, 0x34, 0x00, 0x1D]
        #expect(Self.error(java)?.message.contains("Java class") == true)
        #expect(Self.error([0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 3] + [UInt8](repeating: 0, count: 30))?.kind == .truncated)
        #expect(Self.error([0xCA, 0xFE, 0xBA, 0xBE, 0, 0])?.kind == .truncated)
    }

    @Test func fatSliceThatCannotBeReadIsSkipped() throws {
        var (bytes, offsets) = Self.fatSample()
        ByteWriter.put32(0, at: offsets[0] + 32, in: &bytes)  // armv7's first cmdsize (after a 28-byte header + cmd)
        ByteWriter.put32(0xFFFF_FFFF, at: offsets[1] + 20, in: &bytes)  // arm64's sizeofcmds
        #expect(Self.error(bytes)?.message.contains("no readable architecture") == true)
        (bytes, offsets) = Self.fatSample()
        ByteWriter.put32(0, at: offsets[0] + 32, in: &bytes)
        let file = try MachOFile(bytes: bytes)
        #expect(file.slices.map(\.architecture.name) == ["arm64"])
        #expect(file.issues.count == 1)
        #expect(file.issues[0].contains("fat arch 0 (armv7) skipped: load command 0 (LC_SEGMENT) has cmdsize 0"))
        #expect(file.issues[0].contains("at offset \(offsets[0] + 32)"), "offsets are from the start of the file")
    }

    @Test func fatEntryDisagreeingWithTheSliceHeader() throws {
        var (bytes, _) = Self.fatSample()
        ByteWriter.put32(0x0100_0007, at: 8 + 20, in: &bytes, bigEndian: true)
        let file = try MachOFile(bytes: bytes)
        #expect(file.slices.count == 2)
        #expect(file.issues == ["arm64: the fat header says x86_64 but the slice's header says arm64"])
    }
}
