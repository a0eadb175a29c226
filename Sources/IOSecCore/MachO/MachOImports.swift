/// Which dyld-info opcode stream is being read.
enum BindStreamKind: String, Sendable {
    case bind = "bind"
    case weakBind = "weak-bind"
    case lazyBind = "lazy-bind"
}

/// Reads the symbol names out of `LC_DYLD_INFO(_ONLY)` bind opcode streams. Every opcode and its operands are
/// parsed (so a name is never taken from the middle of an operand), but no binding is performed: counts such as
/// `DO_BIND_ULEB_TIMES_SKIPPING_ULEB`'s are read and ignored, so the work is linear in the stream's size.
enum BindOpcodeReader {
    /// BIND_SYMBOL_FLAGS_NON_WEAK_DEFINITION: in the weak-bind stream, the image defines this symbol strongly.
    static let nonWeakDefinition: UInt8 = 0x8

    /// Appends the names found to `names` (skipping those in `seen`). On a malformed stream it throws after keeping
    /// the names read before the damage.
    static func read(
        _ stream: MachOData, kind: BindStreamKind, names: inout [String], seen: inout Set<String>,
        limits: MachOLimits
    ) throws(MachOError) {
        var c = MachOCursor(stream, context: "\(kind.rawValue) opcodes")
        while !c.isAtEnd {
            let byte = try c.u8("opcode")
            let immediate = byte & 0x0F
            switch byte & 0xF0 {
            case 0x00:  // BIND_OPCODE_DONE: ends bind and weak-bind; separates entries in lazy-bind.
                if kind != .lazyBind { return }
            case 0x10, 0x30, 0x50, 0x90, 0xB0:
                // SET_DYLIB_ORDINAL_IMM, SET_DYLIB_SPECIAL_IMM, SET_TYPE_IMM, DO_BIND, DO_BIND_ADD_ADDR_IMM_SCALED
                break
            case 0x20:
                _ = try c.uleb128("library ordinal")
            case 0x40:  // BIND_OPCODE_SET_SYMBOL_TRAILING_FLAGS_IMM
                let name = try c.cString("symbol name", maxLength: limits.maxNameLength)
                if kind == .weakBind && immediate & nonWeakDefinition != 0 { continue }
                guard !name.isEmpty, !seen.contains(name) else { continue }
                guard names.count < limits.maxImports else {
                    throw c.error(
                        .limitExceeded, "more than \(limits.maxImports) bound symbol names; the rest were not read")
                }
                seen.insert(name)
                names.append(name)
            case 0x60:
                _ = try c.sleb128("addend")
            case 0x70:
                _ = try c.uleb128("segment offset")
            case 0x80:
                _ = try c.uleb128("address increment")
            case 0xA0:
                _ = try c.uleb128("address increment")
            case 0xC0:
                _ = try c.uleb128("count")
                _ = try c.uleb128("skip")
            case 0xD0:  // BIND_OPCODE_THREADED
                switch immediate {
                // BIND_SUBOPCODE_THREADED_SET_BIND_ORDINAL_TABLE_SIZE_ULEB
                case 0x0: _ = try c.uleb128("ordinal table size")
                case 0x1: break  // BIND_SUBOPCODE_THREADED_APPLY
                default:
                    throw MachOError(
                        .malformed, at: c.absoluteOffset - 1,
                        "\(c.context): unknown threaded sub-opcode \(Checked.hex(byte))")
                }
            default:
                throw MachOError(
                    .malformed, at: c.absoluteOffset - 1, "\(c.context): unknown opcode \(Checked.hex(byte))")
            }
        }
    }
}

/// Reads the import table of `LC_DYLD_CHAINED_FIXUPS` (header, imports, symbol names). The fixup chains
/// themselves are not walked.
enum ChainedFixupsReader {
    /// `dyld_chained_fixups_header`: fixups_version 0, starts_offset 4, imports_offset 8, symbols_offset 12,
    /// imports_count 16, imports_format 20, symbols_format 24.
    static func readImports(_ blob: MachOData, into names: inout [String], limits: MachOLimits) throws(MachOError) {
        var c = MachOCursor(blob, context: "chained fixups")
        let version = try c.u32("fixups_version")
        _ = try c.u32("starts_offset")
        let importsOffset = try c.u32("imports_offset")
        let symbolsOffset = try c.u32("symbols_offset")
        let count = try c.u32("imports_count")
        let format = try c.u32("imports_format")
        let symbolsFormat = try c.u32("symbols_format")
        guard version == 0 else {
            throw MachOError(
                .malformed, at: blob.absolute(0), "chained fixups: unknown fixups_version \(version); imports not read")
        }
        guard symbolsFormat == 0 else {
            throw MachOError(
                .malformed, at: blob.absolute(24),
                "chained fixups: symbol names are compressed (symbols_format \(symbolsFormat)); imports not read")
        }
        let entrySize: Int
        switch format {
        case 1: entrySize = 4  // DYLD_CHAINED_IMPORT
        case 2: entrySize = 8  // DYLD_CHAINED_IMPORT_ADDEND
        case 3: entrySize = 16  // DYLD_CHAINED_IMPORT_ADDEND64
        default:
            throw MachOError(
                .malformed, at: blob.absolute(20), "chained fixups: unknown imports_format \(format); imports not read")
        }
        guard let n = Checked.int(count), n <= limits.maxImports else {
            throw MachOError(
                .limitExceeded, at: blob.absolute(16),
                "chained fixups: imports_count \(count) is over the limit (\(limits.maxImports)); imports not read")
        }
        guard let bytes = Checked.multiply(n, entrySize), let table = blob.region(at: importsOffset, length: bytes)
        else {
            throw MachOError(
                .truncated, at: blob.absolute(8),
                "chained fixups: \(count) imports of \(entrySize) bytes at offset \(importsOffset) run past the end of the \(blob.count)-byte fixups data; imports not read"
            )
        }
        guard let symbols = blob.region(from: symbolsOffset) else {
            throw MachOError(
                .truncated, at: blob.absolute(12),
                "chained fixups: symbols_offset \(symbolsOffset) is past the end of the \(blob.count)-byte fixups data; imports not read"
            )
        }
        names.reserveCapacity(names.count + n)
        var bad = 0
        var firstBad = 0
        var budget = NameBudget(region: symbols.count)
        for i in 0..<n {
            let nameOffset: UInt64
            if format == 3 {
                guard let raw = table.u64(i * 16) else { break }
                nameOffset = raw >> 32  // lib_ordinal:16, weak_import:1, reserved:15, name_offset:32
            } else {
                guard let raw = table.u32(i * entrySize) else { break }
                nameOffset = UInt64(raw >> 9)  // lib_ordinal:8, weak_import:1, name_offset:23
            }
            let lookup = symbols.cString(at: nameOffset, maxLength: limits.maxNameLength)
            guard budget.charge(lookup, at: nameOffset, in: symbols, maxLength: limits.maxNameLength) else {
                throw MachOError(
                    .limitExceeded, at: table.absolute(i * entrySize),
                    "chained fixups: import names overlap far more than a linker writes them; imports from entry \(i) on were not read"
                )
            }
            guard case .string(let name, _) = lookup else {
                if bad == 0 { firstBad = table.absolute(i * entrySize) }
                bad += 1
                continue
            }
            names.append(name)
        }
        if bad > 0 {
            throw MachOError(
                .malformed, at: firstBad,
                "chained fixups: \(bad) of \(n) import names are outside the symbol strings, unterminated or too long; the first is this entry"
            )
        }
    }
}
