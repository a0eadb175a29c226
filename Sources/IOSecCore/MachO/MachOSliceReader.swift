import Foundation

/// Reads one thin Mach-O image. The header and the framing of the load commands must be intact (otherwise it
/// throws); everything a load command points at is optional: a bad part is skipped with an issue.
enum MachOSliceReader {
    static let mhMagic: UInt32 = 0xFEED_FACE
    static let mhMagic64: UInt32 = 0xFEED_FACF
    static let mhCigam: UInt32 = 0xCEFA_EDFE
    static let mhCigam64: UInt32 = 0xCFFA_EDFE

    /// Where the linkedit structures are, gathered from the load commands and read after them.
    /// (`at`: the load command's offset in the slice, so an issue can point at the field that is wrong.)
    private struct Pending {
        var symtab: (command: Int, at: Int, symoff: UInt32, nsyms: UInt32, stroff: UInt32, strsize: UInt32)?
        var dysymtab: (command: Int, table: MachODynamicSymbolTable)?
        var dyldInfo:
            (command: Int, at: Int, streams: [(kind: BindStreamKind, field: Int, offset: UInt32, size: UInt32)])?
        var chainedFixups: (command: Int, at: Int, location: MachOLinkeditData)?
        var codeSignatureAt: Int?
        /// Offset of each section header, in the order of `slice.segments.flatMap(\.sections)`.
        var sectionHeaders: [Int] = []
        /// LC_BUILD_VERSION is authoritative: those go before any legacy LC_VERSION_MIN_* command.
        var buildVersions: [MachOBuildVersion] = []
        var legacyVersions: [MachOBuildVersion] = []
    }

    static func read(_ region: MachOData, limits: MachOLimits) throws(MachOError) -> MachOSlice {
        guard let raw = region.withByteOrder(bigEndian: false).u32(0) else {
            throw MachOError(
                .truncated, at: region.absolute(0),
                "\(region.count) bytes are too few for a Mach-O header (the magic number alone needs 4)")
        }
        let is64: Bool, bigEndian: Bool
        switch raw {
        case mhMagic: (is64, bigEndian) = (false, false)
        case mhMagic64: (is64, bigEndian) = (true, false)
        case mhCigam: (is64, bigEndian) = (false, true)
        case mhCigam64: (is64, bigEndian) = (true, true)
        default:
            throw MachOError(
                .notMachO, at: region.absolute(0),
                "not a Mach-O file: magic \(Checked.hex(raw)) is none of 0xFEEDFACE, 0xFEEDFACF, 0xCAFEBABE, 0xCAFEBABF"
            )
        }
        let d = region.withByteOrder(bigEndian: bigEndian)
        let headerSize = is64 ? 32 : 28
        var header = MachOCursor(d, at: 4, context: "Mach-O header")
        guard d.count >= headerSize else {
            throw MachOError(
                .truncated, at: d.absolute(0),
                "Mach-O header is cut short: \(d.count) of its \(headerSize) bytes are present")
        }
        let cputype = try header.u32("cputype")
        let cpusubtype = try header.u32("cpusubtype")
        let filetype = try header.u32("filetype")
        let ncmds = try header.u32("ncmds")
        let sizeofcmds = try header.u32("sizeofcmds")
        let flags = try header.u32("flags")

        var slice = MachOSlice(
            architecture: MachOArchitecture(cpuType: cputype, cpuSubtype: cpusubtype), is64Bit: is64,
            isBigEndian: bigEndian, fileType: MachOFileType(rawValue: filetype),
            flags: MachOHeaderFlags(rawValue: flags), data: d)
        slice.fileOffset = d.base
        slice.size = d.count

        guard let commandCount = Checked.int(ncmds), commandCount <= limits.maxLoadCommands else {
            throw MachOError(
                .limitExceeded, at: d.absolute(16),
                "the header claims \(ncmds) load commands (limit \(limits.maxLoadCommands))")
        }
        guard let commandBytes = Checked.int(sizeofcmds), commandBytes <= limits.maxLoadCommandBytes else {
            throw MachOError(
                .limitExceeded, at: d.absolute(20),
                "the header claims \(sizeofcmds) bytes of load commands (limit \(limits.maxLoadCommandBytes))")
        }
        guard d.contains(headerSize, commandBytes) else {
            throw MachOError(
                .truncated, at: d.absolute(20),
                "the header claims \(sizeofcmds) bytes of load commands but only \(d.count - headerSize) follow the header"
            )
        }
        guard commandCount <= commandBytes / 8 else {
            throw MachOError(
                .malformed, at: d.absolute(16),
                "\(ncmds) load commands cannot fit in \(sizeofcmds) bytes (each needs at least 8)")
        }

        var pending = Pending()
        var offset = headerSize
        let end = headerSize + commandBytes
        for index in 0..<commandCount {
            guard end - offset >= 8, let cmd = d.u32(offset), let cmdsize = d.u32(offset + 4) else {
                throw MachOError(
                    .truncated, at: d.absolute(offset),
                    "load command \(index) of \(ncmds) starts past the end of the \(sizeofcmds) bytes of load commands")
            }
            let name = MachOLoadCommandName.name(cmd)
            guard cmdsize >= 8 else {
                throw MachOError(
                    .malformed, at: d.absolute(offset + 4),
                    "load command \(index) (\(name)) has cmdsize \(cmdsize); each command needs at least 8 bytes")
            }
            guard let size = Checked.int(cmdsize), size <= end - offset, let lc = d.region(at: offset, length: size)
            else {
                throw MachOError(
                    .truncated, at: d.absolute(offset + 4),
                    "load command \(index) (\(name)) of \(cmdsize) bytes runs past the end of the load commands (\(end - offset) bytes left)"
                )
            }
            slice.loadCommands.append(MachOLoadCommand(command: cmd, offset: offset, size: size))
            do throws(MachOError) {
                try readCommand(
                    cmd, name: name, lc, index: index, at: offset, into: &slice, pending: &pending, limits: limits)
            } catch {
                slice.issues.append(error.description)
            }
            offset += size
        }

        slice.buildVersions = pending.buildVersions + pending.legacyVersions
        readLinkedit(d, pending: pending, into: &slice, limits: limits)
        readSectionContents(d, sectionHeaders: pending.sectionHeaders, into: &slice, limits: limits)
        var imports = Set(slice.undefinedSymbols)
        imports.formUnion(slice.chainedFixupImports)
        imports.formUnion(slice.bindSymbols)
        imports.remove("")
        slice.imports = imports
        return slice
    }

    // MARK: - Load commands

    private static func readCommand(
        _ cmd: UInt32, name: String, _ lc: MachOData, index: Int, at: Int, into slice: inout MachOSlice,
        pending: inout Pending, limits: MachOLimits
    ) throws(MachOError) {
        var c = MachOCursor(lc, at: 8, context: "load command \(index) (\(name))")
        func duplicate() -> MachOError {
            MachOError(
                .malformed, at: lc.absolute(0), "load command \(index): a second \(name); only the first is used")
        }
        switch cmd {
        case 0x1, 0x19:
            let segment = try readSegment(lc, is64: cmd == 0x19, cursor: &c, issues: &slice.issues)
            let (header, entry) = cmd == 0x19 ? (72, 80) : (56, 68)
            pending.sectionHeaders += segment.sections.indices.map { at + header + $0 * entry }
            slice.segments.append(segment)
        case 0x2:
            guard pending.symtab == nil else { throw duplicate() }
            let symoff = try c.u32("symoff"), nsyms = try c.u32("nsyms"), stroff = try c.u32("stroff"),
                strsize = try c.u32("strsize")
            pending.symtab = (index, at, symoff, nsyms, stroff, strsize)
        case 0xB:
            guard pending.dysymtab == nil else { throw duplicate() }
            var f: [UInt32] = []
            for field in 0..<14 { f.append(try c.u32("field \(field)")) }
            pending.dysymtab = (
                index,
                MachODynamicSymbolTable(
                    localIndex: f[0], localCount: f[1], externalDefinedIndex: f[2],
                    externalDefinedCount: f[3], undefinedIndex: f[4], undefinedCount: f[5],
                    indirectSymbolCount: f[13])
            )
        case 0xC, 0x8000_0018, 0x8000_001F, 0x20, 0x8000_0023:
            let nameOffset = try c.u32("name offset")
            _ = try c.u32("timestamp")
            let current = try c.u32("current_version"), compatibility = try c.u32("compatibility_version")
            let path = try string(in: lc, at: nameOffset, what: "library path", context: c, limits: limits)
            let kind: MachODylib.Kind
            switch cmd {
            case 0x8000_0018: kind = .weak
            case 0x8000_001F: kind = .reexport
            case 0x20: kind = .lazy
            case 0x8000_0023: kind = .upward
            default: kind = .load
            }
            slice.dylibs.append(
                MachODylib(
                    kind: kind, path: path, currentVersion: MachOVersion(rawValue: current),
                    compatibilityVersion: MachOVersion(rawValue: compatibility)))
        case 0xD:
            let nameOffset = try c.u32("name offset")
            guard slice.installName == nil else { throw duplicate() }
            slice.installName = try string(in: lc, at: nameOffset, what: "install name", context: c, limits: limits)
        case 0x8000_001C:
            let pathOffset = try c.u32("path offset")
            slice.rpaths.append(try string(in: lc, at: pathOffset, what: "run path", context: c, limits: limits))
        case 0x1B:
            var b: [UInt8] = []
            for _ in 0..<16 { b.append(try c.u8("uuid")) }
            slice.uuid = UUID(
                uuid: (
                    b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
                ))
        case 0x21, 0x2C:
            let off = try c.u32("cryptoff"), size = try c.u32("cryptsize"), id = try c.u32("cryptid")
            guard slice.encryptionInfo == nil else { throw duplicate() }
            slice.encryptionInfo = MachOEncryptionInfo(cryptOffset: off, cryptSize: size, cryptID: id)
        case 0x1D:
            let off = try c.u32("dataoff"), size = try c.u32("datasize")
            guard slice.codeSignatureLocation == nil else { throw duplicate() }
            slice.codeSignatureLocation = MachOLinkeditData(dataOffset: off, dataSize: size)
            pending.codeSignatureAt = at
        case 0x8000_0034:
            let off = try c.u32("dataoff"), size = try c.u32("datasize")
            guard pending.chainedFixups == nil else { throw duplicate() }
            pending.chainedFixups = (index, at, MachOLinkeditData(dataOffset: off, dataSize: size))
        case 0x22, 0x8000_0022:
            var f: [UInt32] = []
            for field in [
                "rebase_off", "rebase_size", "bind_off", "bind_size", "weak_bind_off", "weak_bind_size",
                "lazy_bind_off", "lazy_bind_size", "export_off", "export_size"
            ] {
                f.append(try c.u32(field))
            }
            guard pending.dyldInfo == nil else { throw duplicate() }
            pending.dyldInfo = (
                index, at, [(.bind, 16, f[2], f[3]), (.weakBind, 24, f[4], f[5]), (.lazyBind, 32, f[6], f[7])]
            )
        case 0x8000_0028:
            let entry = try c.u64("entryoff"), stack = try c.u64("stacksize")
            guard slice.entryPoint == nil else { throw duplicate() }
            slice.entryPoint = MachOEntryPoint(offset: entry, stackSize: stack)
        case 0x32:
            let platform = try c.u32("platform"), minos = try c.u32("minos"), sdk = try c.u32("sdk")
            pending.buildVersions.append(
                MachOBuildVersion(
                    platform: MachOPlatform(rawValue: platform),
                    minimumOS: MachOVersion(rawValue: minos), sdk: MachOVersion(rawValue: sdk)))
        case 0x24, 0x25, 0x2F, 0x30:
            let version = try c.u32("version"), sdk = try c.u32("sdk")
            let platform: MachOPlatform
            switch cmd {
            case 0x24: platform = .macOS
            case 0x25: platform = .iOS
            case 0x2F: platform = .tvOS
            default: platform = .watchOS
            }
            let v = MachOBuildVersion(
                platform: platform, minimumOS: MachOVersion(rawValue: version),
                sdk: MachOVersion(rawValue: sdk), isLegacyVersionMin: true)
            pending.legacyVersions.append(v)
        default:
            break
        }
    }

    /// The `lc_str` at `offset` inside a load command: NUL-terminated within the command.
    private static func string(
        in lc: MachOData, at offset: UInt32, what: String, context c: MachOCursor,
        limits: MachOLimits
    ) throws(MachOError) -> String {
        switch lc.cString(at: offset, maxLength: limits.maxNameLength) {
        case .string(let s, _): return s
        case .outOfRange:
            throw c.error(.malformed, "\(what) offset \(offset) is outside the \(lc.count)-byte command")
        case .unterminated:
            throw c.error(.truncated, "\(what) at offset \(offset) is not NUL-terminated within the command")
        case .tooLong:
            throw c.error(.limitExceeded, "\(what) is longer than \(limits.maxNameLength) bytes")
        }
    }

    private static func readSegment(
        _ lc: MachOData, is64: Bool, cursor c: inout MachOCursor,
        issues: inout [String]
    ) throws(MachOError) -> MachOSegment {
        let name = lc.fixedString(at: 8, length: 16) ?? ""
        try c.skip(16, "segname")
        let vmaddr = is64 ? try c.u64("vmaddr") : UInt64(try c.u32("vmaddr"))
        let vmsize = is64 ? try c.u64("vmsize") : UInt64(try c.u32("vmsize"))
        let fileoff = is64 ? try c.u64("fileoff") : UInt64(try c.u32("fileoff"))
        let filesize = is64 ? try c.u64("filesize") : UInt64(try c.u32("filesize"))
        let maxprot = try c.u32("maxprot"), initprot = try c.u32("initprot")
        let nsects = try c.u32("nsects"), flags = try c.u32("flags")
        let sectionSize = is64 ? 80 : 68
        let headerSize = c.offset
        let room = (lc.count - headerSize) / sectionSize
        var count = room
        if let n = Checked.int(nsects), n <= room {
            count = n
        } else {
            issues.append(
                c.error(
                    .truncated,
                    "segment \(name) claims \(nsects) sections but its command has room for \(room); reading \(room)"
                ).description)
        }
        var sections: [MachOSection] = []
        sections.reserveCapacity(count)
        for i in 0..<count {
            let at = headerSize + i * sectionSize
            guard let s = lc.region(at: at, length: sectionSize) else { break }
            var sc = MachOCursor(s, at: 32, context: "section \(i) of segment \(name)")
            let address = is64 ? try sc.u64("addr") : UInt64(try sc.u32("addr"))
            let size = is64 ? try sc.u64("size") : UInt64(try sc.u32("size"))
            let offset = try sc.u32("offset"), align = try sc.u32("align")
            _ = try sc.u32("reloff")
            _ = try sc.u32("nreloc")
            let sectionFlags = try sc.u32("flags")
            sections.append(
                MachOSection(
                    segmentName: s.fixedString(at: 16, length: 16) ?? "", name: s.fixedString(at: 0, length: 16) ?? "",
                    address: address, size: size, offset: offset, alignment: align, flags: sectionFlags))
        }
        return MachOSegment(
            name: name, vmAddress: vmaddr, vmSize: vmsize, fileOffset: fileoff, fileSize: filesize,
            maxProtection: maxprot, initialProtection: initprot, flags: flags, sections: sections)
    }

    // MARK: - Linkedit

    private static func readLinkedit(
        _ d: MachOData, pending: Pending, into slice: inout MachOSlice, limits: MachOLimits
    ) {
        var symbolsRead = false
        if let symtab = pending.symtab {
            do throws(MachOError) {
                try readSymbols(d, symtab, into: &slice, limits: limits)
                symbolsRead = true
            } catch {
                slice.issues.append(error.description)
            }
        }
        if let (index, t) = pending.dysymtab {
            // Only checked against a symbol table that was read (otherwise that problem is already reported).
            let n = UInt64(slice.symbolCount)
            for (what, start, count) in [
                ("local", t.localIndex, t.localCount),
                ("defined external", t.externalDefinedIndex, t.externalDefinedCount),
                ("undefined", t.undefinedIndex, t.undefinedCount)
            ]
            where symbolsRead && UInt64(start) + UInt64(count) > n {
                slice.issues.append(
                    "load command \(index) (LC_DYSYMTAB): the \(what) symbols \(start)..<\(UInt64(start) + UInt64(count)) lie outside the \(n)-entry symbol table"
                )
            }
            slice.dynamicSymbolTable = t
        }
        if let (index, at, location) = pending.chainedFixups {
            do throws(MachOError) {
                guard let region = d.region(at: location.dataOffset, length: location.dataSize) else {
                    throw MachOError(
                        .truncated, at: d.absolute(at + 8),
                        "load command \(index) (LC_DYLD_CHAINED_FIXUPS): \(location.dataSize) bytes at offset \(location.dataOffset) run past the end of the \(d.count)-byte slice; imports not read"
                    )
                }
                try ChainedFixupsReader.readImports(region, into: &slice.chainedFixupImports, limits: limits)
            } catch {
                slice.issues.append(error.description)
            }
        }
        if let (index, at, streams) = pending.dyldInfo {
            var seen = Set<String>()
            for (kind, field, offset, size) in streams where size > 0 {
                do throws(MachOError) {
                    guard let region = d.region(at: offset, length: size) else {
                        throw MachOError(
                            .truncated, at: d.absolute(at + field),
                            "load command \(index) (LC_DYLD_INFO): \(kind.rawValue) opcodes (\(size) bytes at offset \(offset)) run past the end of the \(d.count)-byte slice"
                        )
                    }
                    try BindOpcodeReader.read(
                        region, kind: kind, names: &slice.bindSymbols, seen: &seen, limits: limits)
                } catch {
                    slice.issues.append(error.description)
                }
            }
        }
        if let location = slice.codeSignatureLocation {
            do throws(MachOError) {
                guard let region = d.region(at: location.dataOffset, length: location.dataSize) else {
                    throw MachOError(
                        .truncated, at: d.absolute((pending.codeSignatureAt ?? 0) + 8),
                        "LC_CODE_SIGNATURE: \(location.dataSize) bytes at offset \(location.dataOffset) run past the end of the \(d.count)-byte slice; signature not read"
                    )
                }
                slice.codeSignature = try CodeSignatureReader.read(region, limits: limits, issues: &slice.issues)
            } catch {
                slice.issues.append(error.description)
            }
        }
    }

    private static func readSymbols(
        _ d: MachOData,
        _ symtab: (command: Int, at: Int, symoff: UInt32, nsyms: UInt32, stroff: UInt32, strsize: UInt32),
        into slice: inout MachOSlice, limits: MachOLimits
    ) throws(MachOError) {
        let context = "load command \(symtab.command) (LC_SYMTAB)"
        let entrySize = slice.is64Bit ? 16 : 12
        guard let n = Checked.int(symtab.nsyms), let tableBytes = Checked.multiply(n, entrySize),
            let table = d.region(at: symtab.symoff, length: tableBytes)
        else {
            throw MachOError(
                .truncated, at: d.absolute(symtab.at + 8),
                "\(context): \(symtab.nsyms) symbols at offset \(symtab.symoff) run past the end of the \(d.count)-byte slice; symbols not read"
            )
        }
        guard let strings = d.region(at: symtab.stroff, length: symtab.strsize) else {
            throw MachOError(
                .truncated, at: d.absolute(symtab.at + 16),
                "\(context): the string table (\(symtab.strsize) bytes at offset \(symtab.stroff)) runs past the end of the \(d.count)-byte slice; symbols not read"
            )
        }
        slice.symbolCount = n
        let limit = min(n, limits.maxSymbols)
        if n > limit {
            slice.issues.append("\(context): \(n) symbols, only the first \(limit) were read (limit)")
        }
        var outOfRange = 0, unterminated = 0, tooLong = 0
        // Bytes examined looking up names: linear in the string table however the entries point into it.
        var budget = NameBudget(region: strings.count)
        var firstBad: Int?
        var undefined: [String] = []
        var seenUndefined = Set<String>()
        for i in 0..<limit {
            let e = i * entrySize
            guard let strx = table.u32(e), let type = table.u8(e + 4) else { break }
            let value = slice.is64Bit ? table.u64(e + 8) : table.u32(e + 8).map(UInt64.init)
            var name = ""
            if strx != 0 {
                let lookup = strings.cString(at: strx, maxLength: limits.maxNameLength)
                guard budget.charge(lookup, at: strx, in: strings, maxLength: limits.maxNameLength) else {
                    slice.issues.append(
                        MachOError(
                            .limitExceeded, at: table.absolute(e),
                            "\(context): symbol names overlap far more than a linker writes them; symbols from entry \(i) on were not read"
                        ).description)
                    break
                }
                switch lookup {
                case .string(let s, _): name = s
                case .outOfRange:
                    outOfRange += 1
                    firstBad = firstBad ?? table.absolute(e)
                    continue
                case .unterminated:
                    unterminated += 1
                    firstBad = firstBad ?? table.absolute(e)
                    continue
                case .tooLong:
                    tooLong += 1
                    firstBad = firstBad ?? table.absolute(e)
                    continue
                }
            }
            if type & 0xE0 != 0 {  // N_STAB
                slice.stabSymbolCount += 1
                if name != "radr://5614542" { slice.hasDebugSymbols = true }
                if !name.isEmpty && slice.stabSymbols.count < limits.maxStabNames { slice.stabSymbols.append(name) }
            } else if type & 0x01 != 0 {  // N_EXT
                let kind = type & 0x0E  // N_TYPE
                if (kind == 0x0 && (value ?? 0) == 0) || kind == 0xC {  // N_UNDF (not a common symbol), N_PBUD
                    if !name.isEmpty && seenUndefined.insert(name).inserted { undefined.append(name) }
                } else {
                    slice.externalDefinedSymbolCount += 1
                }
            } else if name != "__dyld_private" {
                // `__dyld_private` is the linker's own (the lazy-binding helper's data), present however the
                // binary was built: seen on real ld64.lld output (RealLinkerTests).
                slice.localSymbolCount += 1
            }
        }
        slice.undefinedSymbols = undefined
        if slice.stabSymbolCount > slice.stabSymbols.count && slice.stabSymbols.count == limits.maxStabNames {
            slice.issues.append(
                "\(context): \(slice.stabSymbolCount) debug symbols, the names of the first \(limits.maxStabNames) were kept (limit)"
            )
        }
        let bad = outOfRange + unterminated + tooLong
        if bad > 0, let firstBad {
            var parts: [String] = []
            if outOfRange > 0 {
                parts.append("\(outOfRange) point past the end of the \(symtab.strsize)-byte string table")
            }
            if unterminated > 0 { parts.append("\(unterminated) are not NUL-terminated before its end") }
            if tooLong > 0 { parts.append("\(tooLong) are longer than \(limits.maxNameLength) bytes") }
            slice.issues.append(
                MachOError(
                    .malformed, at: firstBad,
                    "\(context): \(bad) symbol names skipped: " + parts.joined(separator: ", ")
                        + "; the first is the entry"
                ).description)
        }
    }

    // MARK: - Section contents

    private static func readSectionContents(
        _ d: MachOData, sectionHeaders: [Int], into slice: inout MachOSlice,
        limits: MachOLimits
    ) {
        // String sections do not overlap in a real binary: reading more than the slice's size of them means the
        // same bytes are being pointed at again and again.
        var scanned = 0
        var overBudget = false
        func header(_ i: Int) -> Int { i < sectionHeaders.count ? sectionHeaders[i] : 0 }
        for (i, section) in slice.segments.flatMap(\.sections).enumerated() {
            let seg = section.segmentName, name = section.name
            if name.hasPrefix("__swift") { slice.hasSwift = true }
            if (name.hasPrefix("__objc_") && name != "__objc_imageinfo") || seg == "__OBJC" { slice.hasObjC = true }
            let kind: StringKind?
            if seg == "__TEXT" && name == "__cstring" {
                kind = .cString
            } else if name == "__objc_classname" && (seg == "__TEXT" || seg.hasPrefix("__DATA") || seg == "__OBJC") {
                kind = .className
            } else if name == "__objc_methname" {
                kind = .selector
            } else {
                kind = nil
            }
            guard let kind, !section.isZeroFill, section.size > 0 else { continue }
            let label = "section \(seg),\(name)"
            guard let region = d.region(at: section.offset, length: section.size) else {
                slice.issues.append(
                    MachOError(
                        .truncated, at: d.absolute(header(i)),
                        "\(label): \(section.size) bytes at offset \(section.offset) run past the end of the \(d.count)-byte slice; its strings were not read"
                    ).description)
                continue
            }
            scanned = Checked.add(scanned, region.count) ?? Int.max
            guard scanned <= d.count else {
                if !overBudget {
                    slice.issues.append(
                        MachOError(
                            .limitExceeded, at: d.absolute(header(i)),
                            "\(label): string sections add up to more than the slice's \(d.count) bytes; it and later ones were not read"
                        ).description)
                }
                overBudget = true
                continue
            }
            switch kind {
            case .cString:
                splitStrings(region, label: label, into: &slice.cStrings, issues: &slice.issues, limits: limits)
            case .className:
                splitStrings(region, label: label, into: &slice.objcClassNames, issues: &slice.issues, limits: limits)
            case .selector:
                splitStrings(region, label: label, into: &slice.selectorNames, issues: &slice.issues, limits: limits)
            }
        }
    }

    private enum StringKind { case cString, className, selector }

    /// Splits a string section at its NULs, leaving out empty strings and those longer than the limit.
    private static func splitStrings(
        _ region: MachOData, label: String, into strings: inout [String], issues: inout [String],
        limits: MachOLimits
    ) {
        let bytes = region.allBytes
        var start = bytes.startIndex
        var tooLong = 0
        while start < bytes.endIndex {
            guard strings.count < limits.maxStrings else {
                issues.append("\(label): more than \(limits.maxStrings) strings; the rest were not read (limit)")
                return
            }
            guard let nul = bytes[start...].firstIndex(of: 0) else {
                issues.append(
                    MachOError(.truncated, at: start, "\(label): the last string is not NUL-terminated; left out")
                        .description)
                break
            }
            let length = nul - start
            if length > limits.maxStringLength {
                tooLong += 1
            } else if length > 0 {
                strings.append(String(decoding: bytes[start..<nul], as: UTF8.self))
            }
            start = nul + 1
        }
        if tooLong > 0 {
            issues.append(
                "\(label): \(tooLong) strings longer than \(limits.maxStringLength) bytes were left out (limit)")
        }
    }
}

/// Caps the bytes examined while looking names up in a string region at a multiple of its size, so entries that all
/// point into one long unterminated run cannot cost (entries × name limit). A linker-written table is examined
/// about once (suffixes are shared, so a bit more), far below the cap.
struct NameBudget {
    private var remaining: Int

    init(region: Int) {
        remaining = (Checked.multiply(region, 4) ?? Int.max / 2) + 16 * 1024 * 1024
    }

    /// Charges what looking up the name at `offset` examined; false once the budget is spent.
    mutating func charge<T: BinaryInteger>(
        _ result: MachOData.CString, at offset: T, in region: MachOData, maxLength: Int
    ) -> Bool {
        let o = Int(exactly: offset) ?? 0
        let cost: Int
        switch result {
        case .string(_, let end): cost = end - o
        case .tooLong: cost = max(0, maxLength) + 1
        case .unterminated: cost = region.count - o
        case .outOfRange: cost = 0
        }
        remaining -= max(0, cost)
        return remaining >= 0
    }
}
