// Builds Mach-O binaries in memory for the reader's tests: thin 32- and 64-bit images (either byte order) and fat
// wrappers, with segments and sections, a symbol table, dylib / rpath / encryption / entry / version commands, a
// code-signature SuperBlob, chained-fixups imports and dyld-info bind opcodes. It writes plain bytes and knows
// nothing of the reader, so a test checks the reader against the format, not against itself. `Layout` records
// where each structure went, for the tests that corrupt one field.
//
// A library target (not test code) because the example IPAs and the benchmark's generated IPA are built from it too:
// every binary iosec's tests read is made by this repository's own code.

/// Little- or big-endian byte output.
public struct ByteWriter: Sendable {
    public var bytes: [UInt8] = []
    public var bigEndian = false

    public init(bigEndian: Bool = false) { self.bigEndian = bigEndian }

    public var count: Int { bytes.count }

    public mutating func u8(_ v: UInt8) { bytes.append(v) }

    public mutating func u16(_ v: UInt16) {
        let b = [UInt8(v & 0xFF), UInt8(v >> 8)]
        bytes += bigEndian ? b.reversed() : b
    }

    public mutating func u32(_ v: UInt32) {
        let b = (0..<4).map { UInt8((v >> (8 * UInt32($0))) & 0xFF) }
        bytes += bigEndian ? b.reversed() : b
    }

    public mutating func u64(_ v: UInt64) {
        let b = (0..<8).map { UInt8((v >> (8 * UInt64($0))) & 0xFF) }
        bytes += bigEndian ? b.reversed() : b
    }

    public mutating func raw(_ b: [UInt8]) { bytes += b }

    /// A NUL-padded fixed-width name (segname, sectname).
    public mutating func fixed(_ s: String, _ width: Int) {
        var b = Array(s.utf8.prefix(width))
        b += [UInt8](repeating: 0, count: width - b.count)
        bytes += b
    }

    public mutating func cString(_ s: String) { bytes += Array(s.utf8) + [0] }

    public mutating func align(_ n: Int) {
        while bytes.count % n != 0 { bytes.append(0) }
    }

    public mutating func pad(to size: Int) {
        while bytes.count < size { bytes.append(0) }
    }

    public static func uleb(_ value: UInt64) -> [UInt8] {
        var v = value
        var out: [UInt8] = []
        repeat {
            var b = UInt8(v & 0x7F)
            v >>= 7
            if v != 0 { b |= 0x80 }
            out.append(b)
        } while v != 0
        return out
    }

    public static func sleb(_ value: Int64) -> [UInt8] {
        var v = value
        var out: [UInt8] = []
        while true {
            let b = UInt8(truncatingIfNeeded: v) & 0x7F
            v >>= 7
            if (v == 0 && b & 0x40 == 0) || (v == -1 && b & 0x40 != 0) {
                out.append(b)
                return out
            }
            out.append(b | 0x80)
        }
    }

    /// Overwrites 4 bytes at `offset` (little-endian unless `bigEndian`).
    public static func put32(_ v: UInt32, at offset: Int, in bytes: inout [UInt8], bigEndian: Bool = false) {
        for i in 0..<4 {
            let byte = UInt8((v >> (8 * UInt32(i))) & 0xFF)
            bytes[offset + (bigEndian ? 3 - i : i)] = byte
        }
    }

    public static func put64(_ v: UInt64, at offset: Int, in bytes: inout [UInt8], bigEndian: Bool = false) {
        for i in 0..<8 {
            let byte = UInt8((v >> (8 * UInt64(i))) & 0xFF)
            bytes[offset + (bigEndian ? 7 - i : i)] = byte
        }
    }
}

public struct MachOBuilder: Sendable {
    public struct Section: Sendable {
        public var segment: String
        public var name: String
        public var contents: [UInt8]
        public var flags: UInt32 = 0

        public init(segment: String, name: String, contents: [UInt8], flags: UInt32 = 0) {
            self.segment = segment
            self.name = name
            self.contents = contents
            self.flags = flags
        }

        public static func strings(_ segment: String, _ name: String, _ strings: [String], flags: UInt32 = 0x2)
            -> Section
        {
            Section(segment: segment, name: name, contents: strings.flatMap { Array($0.utf8) + [0] }, flags: flags)
        }
    }

    public struct Segment: Sendable {
        public var name: String
        public var sections: [Section] = []
        public var maxProtection: UInt32 = 5
        public var initialProtection: UInt32 = 5
        public var vmAddress: UInt64 = 0x1_0000_0000

        public init(
            name: String, sections: [Section] = [], maxProtection: UInt32 = 5, initialProtection: UInt32 = 5,
            vmAddress: UInt64 = 0x1_0000_0000
        ) {
            self.name = name
            self.sections = sections
            self.maxProtection = maxProtection
            self.initialProtection = initialProtection
            self.vmAddress = vmAddress
        }
    }

    public struct Symbol: Sendable {
        public var name: String
        public var type: UInt8
        public var section: UInt8 = 0
        public var desc: UInt16 = 0
        public var value: UInt64 = 0
        /// Overrides the string-table index the builder would give the name.
        public var strx: UInt32?

        public init(
            name: String, type: UInt8, section: UInt8 = 0, desc: UInt16 = 0, value: UInt64 = 0, strx: UInt32? = nil
        ) {
            self.name = name
            self.type = type
            self.section = section
            self.desc = desc
            self.value = value
            self.strx = strx
        }

        public static func undefined(_ name: String) -> Symbol { Symbol(name: name, type: 0x01) }
        public static func external(_ name: String, value: UInt64 = 0x1_0000_4000) -> Symbol {
            Symbol(name: name, type: 0x0F, section: 1, value: value)
        }
        public static func local(_ name: String, value: UInt64 = 0x1_0000_4100) -> Symbol {
            Symbol(name: name, type: 0x0E, section: 1, value: value)
        }
        /// A debug entry: N_SO 0x64, N_OSO 0x66, N_FUN 0x24, N_OPT 0x3c (`radr://5614542`).
        public static func stab(_ name: String, type: UInt8 = 0x24) -> Symbol {
            Symbol(name: name, type: type, section: 1)
        }
    }

    public enum DylibKind: UInt32, Sendable {
        case load = 0xC, weak = 0x8000_0018, reexport = 0x8000_001F, lazy = 0x20, upward = 0x8000_0023
    }

    public struct Dylib: Sendable {
        public var kind: DylibKind = .load
        public var path: String
        public var current: UInt32 = 0x0001_0000
        public var compatibility: UInt32 = 0x0001_0000

        public init(
            kind: DylibKind = .load, path: String, current: UInt32 = 0x0001_0000, compatibility: UInt32 = 0x0001_0000
        ) {
            self.kind = kind
            self.path = path
            self.current = current
            self.compatibility = compatibility
        }
    }

    public struct ChainedImport: Sendable {
        public var name: String
        public var ordinal: UInt16 = 1
        public var weak = false

        public init(name: String, ordinal: UInt16 = 1, weak: Bool = false) {
            self.name = name
            self.ordinal = ordinal
            self.weak = weak
        }
    }

    public struct ChainedFixups: Sendable {
        public var format: UInt32 = 1
        public var imports: [ChainedImport]

        public init(format: UInt32 = 1, imports: [ChainedImport]) {
            self.format = format
            self.imports = imports
        }
    }

    public struct BindStreams: Sendable {
        public var bind: [UInt8] = []
        public var weakBind: [UInt8] = []
        public var lazyBind: [UInt8] = []

        public init(bind: [UInt8] = [], weakBind: [UInt8] = [], lazyBind: [UInt8] = []) {
            self.bind = bind
            self.weakBind = weakBind
            self.lazyBind = lazyBind
        }
    }

    public var is64Bit = true
    public var bigEndian = false
    public var cpuType: UInt32 = 0x0100_000C
    public var cpuSubtype: UInt32 = 0
    public var fileType: UInt32 = 0x2
    /// MH_NOUNDEFS | MH_DYLDLINK | MH_TWOLEVEL | MH_PIE
    public var flags: UInt32 = 0x0020_0085
    public var segments: [Segment] = []
    /// nil: no LC_SYMTAB.
    public var symbols: [Symbol]?
    /// Bytes appended to the string table after the names (for symbols with an explicit `strx`).
    public var extraStrings: [UInt8] = []
    public var dysymtab = false
    public var dylibs: [Dylib] = []
    public var installName: String?
    public var rpaths: [String] = []
    public var uuid: [UInt8]?
    public var cryptID: UInt32?
    public var entryPoint: (offset: UInt64, stackSize: UInt64)?
    public var buildVersion: (platform: UInt32, minOS: UInt32, sdk: UInt32)?
    public var versionMin: (command: UInt32, version: UInt32, sdk: UInt32)?
    public var codeSignature: [UInt8]?
    public var chainedFixups: ChainedFixups?
    public var bindStreams: BindStreams?
    /// Raw load commands added after the others (cmd and cmdsize included).
    public var extraCommands: [[UInt8]] = []

    public init() {}

    /// Where everything went, as file offsets within this image.
    public struct Layout: Sendable {
        public var headerSize = 0
        public var sizeOfCommands = 0
        public var commands: [(command: UInt32, offset: Int)] = []
        public var sectionOffsets: [String: Int] = [:]
        public var symbolTableOffset: Int?
        public var stringTableOffset: Int?
        public var stringTableSize = 0
        public var bindOffset: Int?
        public var weakBindOffset: Int?
        public var lazyBindOffset: Int?
        public var chainedFixupsOffset: Int?
        public var codeSignatureOffset: Int?
        public var size = 0

        /// Offset of the first load command with this `cmd`.
        public func command(_ cmd: UInt32) -> Int? { commands.first { $0.command == cmd }?.offset }
    }

    private struct Placement {
        public var sections: [[(offset: Int, size: Int)]] = []
        public var segmentFile: [(offset: Int, size: Int)] = []
        public var bind = (0, 0), weakBind = (0, 0), lazyBind = (0, 0)
        public var chained = (0, 0)
        public var symtab = (0, 0), strtab = (0, 0)
        public var signature = (0, 0)
    }

    public func build() -> [UInt8] { buildWithLayout().bytes }

    public func buildWithLayout() -> (bytes: [UInt8], layout: Layout) {
        let headerSize = is64Bit ? 32 : 28
        // Pass 1: the commands' sizes do not depend on offsets.
        let commandBytes = loadCommands(
            Placement(
                sections: segments.map { $0.sections.map { _ in (0, 0) } },
                segmentFile: segments.map { _ in (0, 0) }))
        let sizeOfCommands = commandBytes.reduce(0) { $0 + $1.bytes.count }

        var body = ByteWriter(bigEndian: bigEndian)
        body.pad(to: headerSize + sizeOfCommands)
        body.align(16)
        var p = Placement()
        var layout = Layout()
        for segment in segments {
            var placed: [(Int, Int)] = []
            let start = body.count
            for section in segment.sections {
                body.align(8)
                placed.append((body.count, section.contents.count))
                layout.sectionOffsets["\(section.segment),\(section.name)"] = body.count
                body.raw(section.contents)
            }
            p.sections.append(placed)
            p.segmentFile.append((start, body.count - start))
        }
        body.align(8)
        if let b = bindStreams {
            p.bind = (body.count, b.bind.count)
            if !b.bind.isEmpty { layout.bindOffset = body.count }
            body.raw(b.bind)
            p.weakBind = (body.count, b.weakBind.count)
            if !b.weakBind.isEmpty { layout.weakBindOffset = body.count }
            body.raw(b.weakBind)
            p.lazyBind = (body.count, b.lazyBind.count)
            if !b.lazyBind.isEmpty { layout.lazyBindOffset = body.count }
            body.raw(b.lazyBind)
            body.align(8)
        }
        if let chainedFixups {
            let blob = Self.chainedFixupsBlob(chainedFixups)
            p.chained = (body.count, blob.count)
            layout.chainedFixupsOffset = body.count
            body.raw(blob)
            body.align(8)
        }
        if let symbols {
            var strtab: [UInt8] = [0x20, 0x00]
            var strx: [UInt32] = []
            for s in symbols {
                if let x = s.strx {
                    strx.append(x)
                } else if s.name.isEmpty {
                    strx.append(0)
                } else {
                    strx.append(UInt32(strtab.count))
                    strtab += Array(s.name.utf8) + [0]
                }
            }
            strtab += extraStrings
            while strtab.count % 8 != 0 { strtab.append(0) }
            layout.symbolTableOffset = body.count
            p.symtab = (body.count, symbols.count)
            for (s, x) in zip(symbols, strx) {
                body.u32(x)
                body.u8(s.type)
                body.u8(s.section)
                body.u16(s.desc)
                if is64Bit { body.u64(s.value) } else { body.u32(UInt32(truncatingIfNeeded: s.value)) }
            }
            layout.stringTableOffset = body.count
            layout.stringTableSize = strtab.count
            p.strtab = (body.count, strtab.count)
            body.raw(strtab)
        }
        if let codeSignature {
            body.align(16)
            layout.codeSignatureOffset = body.count
            p.signature = (body.count, codeSignature.count)
            body.raw(codeSignature)
        }

        // Pass 2: the commands with the real offsets.
        var header = ByteWriter(bigEndian: bigEndian)
        header.u32(is64Bit ? 0xFEED_FACF : 0xFEED_FACE)
        header.u32(cpuType)
        header.u32(cpuSubtype)
        header.u32(fileType)
        let commands = loadCommands(p)
        header.u32(UInt32(commands.count))
        header.u32(UInt32(sizeOfCommands))
        header.u32(flags)
        if is64Bit { header.u32(0) }
        for c in commands {
            layout.commands.append((c.command, header.count))
            header.raw(c.bytes)
        }
        precondition(header.count == headerSize + sizeOfCommands)
        var bytes = body.bytes
        bytes.replaceSubrange(0..<header.count, with: header.bytes)
        layout.headerSize = headerSize
        layout.sizeOfCommands = sizeOfCommands
        layout.size = bytes.count
        return (bytes, layout)
    }

    private func loadCommands(_ p: Placement) -> [(command: UInt32, bytes: [UInt8])] {
        var out: [(UInt32, [UInt8])] = []
        let pointerAlign = is64Bit ? 8 : 4
        func command(_ cmd: UInt32, _ body: (inout ByteWriter) -> Void) {
            var w = ByteWriter(bigEndian: bigEndian)
            w.u32(cmd)
            w.u32(0)
            body(&w)
            w.align(pointerAlign)
            var bytes = w.bytes
            ByteWriter.put32(UInt32(bytes.count), at: 4, in: &bytes, bigEndian: bigEndian)
            out.append((cmd, bytes))
        }
        for (i, segment) in segments.enumerated() {
            let file = p.segmentFile[i]
            command(is64Bit ? 0x19 : 0x1) { w in
                w.fixed(segment.name, 16)
                let vmSize = UInt64(max(file.size, 0x4000))
                if is64Bit {
                    w.u64(segment.vmAddress)
                    w.u64(vmSize)
                    w.u64(UInt64(file.offset))
                    w.u64(UInt64(file.size))
                } else {
                    w.u32(UInt32(truncatingIfNeeded: segment.vmAddress))
                    w.u32(UInt32(vmSize))
                    w.u32(UInt32(file.offset))
                    w.u32(UInt32(file.size))
                }
                w.u32(segment.maxProtection)
                w.u32(segment.initialProtection)
                w.u32(UInt32(segment.sections.count))
                w.u32(0)
                for (j, section) in segment.sections.enumerated() {
                    let placed = p.sections[i][j]
                    w.fixed(section.name, 16)
                    w.fixed(section.segment, 16)
                    let address = segment.vmAddress + UInt64(placed.offset)
                    if is64Bit {
                        w.u64(address)
                        w.u64(UInt64(placed.size))
                    } else {
                        w.u32(UInt32(truncatingIfNeeded: address))
                        w.u32(UInt32(placed.size))
                    }
                    w.u32(UInt32(placed.offset))
                    w.u32(3)
                    w.u32(0)
                    w.u32(0)
                    w.u32(section.flags)
                    w.u32(0)
                    w.u32(0)
                    if is64Bit { w.u32(0) }
                }
            }
        }
        if bindStreams != nil {
            command(0x8000_0022) { w in
                for _ in 0..<2 { w.u32(0) }  // rebase
                for (off, size) in [p.bind, p.weakBind, p.lazyBind] {
                    w.u32(size > 0 ? UInt32(off) : 0)
                    w.u32(UInt32(size))
                }
                for _ in 0..<2 { w.u32(0) }  // export
            }
        }
        if chainedFixups != nil {
            command(0x8000_0034) { w in
                w.u32(UInt32(p.chained.0))
                w.u32(UInt32(p.chained.1))
            }
        }
        if let symbols {
            command(0x2) { w in
                w.u32(UInt32(p.symtab.0))
                w.u32(UInt32(p.symtab.1))
                w.u32(UInt32(p.strtab.0))
                w.u32(UInt32(p.strtab.1))
            }
            if dysymtab {
                let locals = symbols.filter { $0.type & 0x01 == 0 }.count
                let undefined = symbols.filter { $0.type & 0xE1 == 0x01 && $0.type & 0x0E == 0 }.count
                let defined = symbols.count - locals - undefined
                command(0xB) { w in
                    for v in [0, locals, locals, defined, locals + defined, undefined] { w.u32(UInt32(v)) }
                    for _ in 0..<7 { w.u32(0) }
                    w.u32(UInt32(undefined))  // nindirectsyms
                    for _ in 0..<4 { w.u32(0) }
                }
            }
        }
        if let installName {
            command(0xD) { w in
                w.u32(24)
                w.u32(2)
                w.u32(0x0001_0000)
                w.u32(0x0001_0000)
                w.cString(installName)
            }
        }
        for d in dylibs {
            command(d.kind.rawValue) { w in
                w.u32(24)
                w.u32(2)
                w.u32(d.current)
                w.u32(d.compatibility)
                w.cString(d.path)
            }
        }
        for r in rpaths {
            command(0x8000_001C) { w in
                w.u32(12)
                w.cString(r)
            }
        }
        if let uuid {
            command(0x1B) { w in w.raw(uuid) }
        }
        if let cryptID {
            command(is64Bit ? 0x2C : 0x21) { w in
                w.u32(0x4000)
                w.u32(0x8000)
                w.u32(cryptID)
                if is64Bit { w.u32(0) }
            }
        }
        if let entryPoint {
            command(0x8000_0028) { w in
                w.u64(entryPoint.offset)
                w.u64(entryPoint.stackSize)
            }
        }
        if let buildVersion {
            command(0x32) { w in
                w.u32(buildVersion.platform)
                w.u32(buildVersion.minOS)
                w.u32(buildVersion.sdk)
                w.u32(0)
            }
        }
        if let versionMin {
            command(versionMin.command) { w in
                w.u32(versionMin.version)
                w.u32(versionMin.sdk)
            }
        }
        for raw in extraCommands {
            out.append(
                (
                    raw.count >= 4
                        ? UInt32(raw[0]) | UInt32(raw[1]) << 8 | UInt32(raw[2]) << 16 | UInt32(raw[3]) << 24 : 0, raw
                ))
        }
        if codeSignature != nil {
            command(0x1D) { w in
                w.u32(UInt32(p.signature.0))
                w.u32(UInt32(p.signature.1))
            }
        }
        return out
    }

    // MARK: - Chained fixups

    /// `dyld_chained_fixups_header` (28 bytes), an empty `dyld_chained_starts_in_image`, the imports table and the
    /// symbol strings.
    public static func chainedFixupsBlob(_ fixups: ChainedFixups) -> [UInt8] {
        var symbols: [UInt8] = [0]
        var nameOffsets: [UInt32] = []
        for i in fixups.imports {
            nameOffsets.append(UInt32(symbols.count))
            symbols += Array(i.name.utf8) + [0]
        }
        var table = ByteWriter()
        for (i, imp) in fixups.imports.enumerated() {
            switch fixups.format {
            case 3:
                table.u64(UInt64(imp.ordinal) | (imp.weak ? 1 << 16 : 0) | UInt64(nameOffsets[i]) << 32)
                table.u64(0)
            case 2:
                table.u32(UInt32(imp.ordinal & 0xFF) | (imp.weak ? 1 << 8 : 0) | nameOffsets[i] << 9)
                table.u32(0)
            default:
                table.u32(UInt32(imp.ordinal & 0xFF) | (imp.weak ? 1 << 8 : 0) | nameOffsets[i] << 9)
            }
        }
        let startsOffset: UInt32 = 32
        let importsOffset: UInt32 = 40
        let symbolsOffset = importsOffset + UInt32(table.count)
        var w = ByteWriter()
        w.u32(0)
        w.u32(startsOffset)
        w.u32(importsOffset)
        w.u32(symbolsOffset)
        w.u32(UInt32(fixups.imports.count))
        w.u32(fixups.format)
        w.u32(0)
        w.pad(to: Int(startsOffset))
        w.u32(0)  // seg_count
        w.pad(to: Int(importsOffset))
        w.raw(table.bytes)
        w.raw(symbols)
        w.align(8)
        return w.bytes
    }

    // MARK: - Bind opcodes

    public enum BindOp: Sendable {
        case done
        case dylibOrdinal(UInt8)
        case dylibOrdinalULEB(UInt64)
        case dylibSpecial(UInt8)
        case symbol(String, flags: UInt8 = 0)
        case type(UInt8)
        case addend(Int64)
        case segmentOffset(segment: UInt8, offset: UInt64)
        case addAddress(UInt64)
        case doBind
        case doBindAddAddress(UInt64)
        case doBindScaled(UInt8)
        case doBindTimes(count: UInt64, skip: UInt64)
        case threadedTableSize(UInt64)
        case threadedApply
        case raw([UInt8])
    }

    public static func bindStream(_ ops: [BindOp]) -> [UInt8] {
        var out: [UInt8] = []
        for op in ops {
            switch op {
            case .done: out.append(0x00)
            case .dylibOrdinal(let n): out.append(0x10 | (n & 0xF))
            case .dylibOrdinalULEB(let n):
                out.append(0x20)
                out += ByteWriter.uleb(n)
            case .dylibSpecial(let n): out.append(0x30 | (n & 0xF))
            case .symbol(let name, let flags):
                out.append(0x40 | (flags & 0xF))
                out += Array(name.utf8) + [0]
            case .type(let t): out.append(0x50 | (t & 0xF))
            case .addend(let a):
                out.append(0x60)
                out += ByteWriter.sleb(a)
            case .segmentOffset(let s, let o):
                out.append(0x70 | (s & 0xF))
                out += ByteWriter.uleb(o)
            case .addAddress(let a):
                out.append(0x80)
                out += ByteWriter.uleb(a)
            case .doBind: out.append(0x90)
            case .doBindAddAddress(let a):
                out.append(0xA0)
                out += ByteWriter.uleb(a)
            case .doBindScaled(let n): out.append(0xB0 | (n & 0xF))
            case .doBindTimes(let count, let skip):
                out.append(0xC0)
                out += ByteWriter.uleb(count) + ByteWriter.uleb(skip)
            case .threadedTableSize(let n):
                out.append(0xD0)
                out += ByteWriter.uleb(n)
            case .threadedApply: out.append(0xD1)
            case .raw(let b): out += b
            }
        }
        return out
    }

    // MARK: - Fat

    /// A universal binary: big-endian `fat_header` and `fat_arch` (or `fat_arch_64`) entries, each slice aligned
    /// to `2^alignment`. Returns the bytes and each slice's offset.
    public static func fat(
        _ slices: [(cpuType: UInt32, cpuSubtype: UInt32, bytes: [UInt8])], is64: Bool = false,
        alignment: UInt32 = 12
    ) -> (bytes: [UInt8], offsets: [Int]) {
        var w = ByteWriter(bigEndian: true)
        w.u32(is64 ? 0xCAFE_BABF : 0xCAFE_BABE)
        w.u32(UInt32(slices.count))
        let align = 1 << Int(alignment)
        var offset = 8 + slices.count * (is64 ? 32 : 20)
        var offsets: [Int] = []
        for s in slices {
            offset = (offset + align - 1) / align * align
            offsets.append(offset)
            w.u32(s.cpuType)
            w.u32(s.cpuSubtype)
            if is64 {
                w.u64(UInt64(offset))
                w.u64(UInt64(s.bytes.count))
            } else {
                w.u32(UInt32(offset))
                w.u32(UInt32(s.bytes.count))
            }
            w.u32(alignment)
            if is64 { w.u32(0) }
            offset += s.bytes.count
        }
        for (s, o) in zip(slices, offsets) {
            w.pad(to: o)
            w.raw(s.bytes)
        }
        return (w.bytes, offsets)
    }

    // MARK: - A realistic app

    /// An arm64 (or armv7) iOS app executable with a bit of everything.
    public static func sampleApp(is64Bit: Bool = true) -> MachOBuilder {
        var b = MachOBuilder()
        b.is64Bit = is64Bit
        if !is64Bit {
            b.cpuType = 12
            b.cpuSubtype = 9
        }
        b.segments = [
            Segment(
                name: "__TEXT",
                sections: [
                    Section(
                        segment: "__TEXT", name: "__text", contents: [0x1F, 0x20, 0x03, 0xD5, 0xC0, 0x03, 0x5F, 0xD6],
                        flags: 0x8000_0400),
                    .strings(
                        "__TEXT", "__cstring",
                        ["http://api.example.com/v1", "", "Bearer %@", "sk_live_0123456789abcdef"]),
                    .strings("__TEXT", "__objc_classname", ["AppDelegate", "LoginViewController"]),
                    .strings(
                        "__TEXT", "__objc_methname",
                        ["application:didFinishLaunchingWithOptions:", "viewDidLoad", "setPassword:"]),
                    Section(segment: "__TEXT", name: "__swift5_types", contents: [0, 0, 0, 0])
                ]),
            Segment(
                name: "__DATA_CONST",
                sections: [
                    Section(
                        segment: "__DATA_CONST", name: "__objc_classlist", contents: [UInt8](repeating: 0, count: 16)),
                    Section(segment: "__DATA_CONST", name: "__objc_imageinfo", contents: [0, 0, 0, 0, 0x40, 0, 0, 0])
                ], maxProtection: 3, initialProtection: 3)
        ]
        b.symbols = [
            .stab("/Users/dev/Wallet/Sources/", type: 0x64),
            .stab("/Users/dev/Wallet/build/main.o", type: 0x66),
            .stab("_main", type: 0x24),
            .stab("", type: 0x64),
            .local("_helper"),
            .local("ltmp0"),
            .external("__mh_execute_header", value: 0x1_0000_0000),
            .external("_main"),
            .undefined("_CC_MD5"),
            .undefined("_NSLog"),
            .undefined("___stack_chk_fail"),
            .undefined("_objc_msgSend")
        ]
        b.dysymtab = true
        b.dylibs = [
            Dylib(path: "/usr/lib/libSystem.B.dylib", current: 0x0547_0000, compatibility: 0x0001_0000),
            Dylib(kind: .weak, path: "/System/Library/Frameworks/LocalAuthentication.framework/LocalAuthentication"),
            Dylib(path: "@rpath/Alamofire.framework/Alamofire", current: 0x0005_0802)
        ]
        b.rpaths = ["/usr/lib/swift", "@executable_path/Frameworks"]
        b.uuid = Array(0x10...0x1F)
        b.cryptID = 0
        b.entryPoint = (0x4000, 0)
        b.buildVersion = (2, 0x000F_0000, 0x0011_0200)  // iOS 15.0, SDK 17.2
        b.chainedFixups = ChainedFixups(
            format: 1,
            imports: [
                ChainedImport(name: "_objc_msgSend"), ChainedImport(name: "_SecItemAdd", ordinal: 2),
                ChainedImport(name: "_strcpy"), ChainedImport(name: "_OBJC_CLASS_$_NSObject", weak: true)
            ])
        b.codeSignature = CodeSignatureBuilder(
            entitlementsXML: CodeSignatureBuilder.sampleEntitlements,
            entitlementsDER: [0x70, 0x03, 0x02, 0x01, 0x01]
        ).build()
        return b
    }
}

/// An embedded signature: SuperBlob (0xfade0cc0) with a CodeDirectory, requirements, XML and DER entitlements,
/// optionally an alternate CodeDirectory and a CMS blob wrapper. All big-endian.
public struct CodeSignatureBuilder: Sendable {
    public var identifier = "com.example.wallet"
    public var teamID: String? = "ABCDE12345"
    public var version: UInt32 = 0x20400
    public var flags: UInt32 = 0
    public var hashType: UInt8 = 2
    public var execSegmentFlags: UInt64 = 0x11
    public var entitlementsXML: String?
    public var entitlementsDER: [UInt8]?
    public var alternateCodeDirectory = false
    public var cms: [UInt8]?
    public var requirements = true

    public init(
        identifier: String = "com.example.wallet", teamID: String? = "ABCDE12345", flags: UInt32 = 0,
        entitlementsXML: String? = nil, entitlementsDER: [UInt8]? = nil, cms: [UInt8]? = nil
    ) {
        self.identifier = identifier
        self.teamID = teamID
        self.flags = flags
        self.entitlementsXML = entitlementsXML
        self.entitlementsDER = entitlementsDER
        self.cms = cms
    }

    public static let sampleEntitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>application-identifier</key>
        \t<string>ABCDE12345.com.example.wallet</string>
        \t<key>get-task-allow</key>
        \t<true/>
        </dict>
        </plist>
        """

    public func codeDirectory(identifier: String, hashType: UInt8) -> [UInt8] {
        let headerSize: Int
        switch version {
        case 0x20400...: headerSize = 88
        case 0x20300..<0x20400: headerSize = 64
        case 0x20200..<0x20300: headerSize = 52
        case 0x20100..<0x20200: headerSize = 48
        default: headerSize = 44
        }
        let identOffset = headerSize
        var strings = Array(identifier.utf8) + [0]
        var teamOffset = 0
        if let teamID, version >= 0x20200 {
            teamOffset = headerSize + strings.count
            strings += Array(teamID.utf8) + [0]
        }
        let hashOffset = headerSize + strings.count
        var w = ByteWriter(bigEndian: true)
        w.u32(0xFADE_0C02)
        w.u32(UInt32(hashOffset))
        w.u32(version)
        w.u32(flags)
        w.u32(UInt32(hashOffset))
        w.u32(UInt32(identOffset))
        w.u32(0)  // nSpecialSlots
        w.u32(0)  // nCodeSlots
        w.u32(0x4000)  // codeLimit
        w.u8(32)
        w.u8(hashType)
        w.u8(0)
        w.u8(12)
        w.u32(0)  // spare2
        if headerSize >= 48 { w.u32(0) }  // scatterOffset
        if headerSize >= 52 { w.u32(UInt32(teamOffset)) }
        if headerSize >= 64 {
            w.u32(0)
            w.u64(0)
        }  // spare3, codeLimit64
        if headerSize >= 88 {
            w.u64(0)
            w.u64(0x4000)
            w.u64(execSegmentFlags)
        }
        w.raw(strings)
        return w.bytes
    }

    public func build() -> [UInt8] {
        var blobs: [(UInt32, [UInt8])] = [(0, codeDirectory(identifier: identifier, hashType: hashType))]
        if requirements {
            var r = ByteWriter(bigEndian: true)
            r.u32(0xFADE_0C01)
            r.u32(12)
            r.u32(0)
            blobs.append((2, r.bytes))
        }
        if let entitlementsXML {
            let payload = Array(entitlementsXML.utf8)
            var e = ByteWriter(bigEndian: true)
            e.u32(0xFADE_7171)
            e.u32(UInt32(8 + payload.count))
            e.raw(payload)
            blobs.append((5, e.bytes))
        }
        if let entitlementsDER {
            var e = ByteWriter(bigEndian: true)
            e.u32(0xFADE_7172)
            e.u32(UInt32(8 + entitlementsDER.count))
            e.raw(entitlementsDER)
            blobs.append((7, e.bytes))
        }
        if alternateCodeDirectory {
            blobs.append((0x1000, codeDirectory(identifier: identifier, hashType: 1)))
        }
        if let cms {
            var e = ByteWriter(bigEndian: true)
            e.u32(0xFADE_0B01)
            e.u32(UInt32(8 + cms.count))
            e.raw(cms)
            blobs.append((0x10000, e.bytes))
        }
        var offset = 12 + blobs.count * 8
        var index = ByteWriter(bigEndian: true)
        var payload: [UInt8] = []
        for (type, bytes) in blobs {
            index.u32(type)
            index.u32(UInt32(offset))
            payload += bytes
            offset += bytes.count
        }
        var w = ByteWriter(bigEndian: true)
        w.u32(0xFADE_0CC0)
        w.u32(UInt32(offset))
        w.u32(UInt32(blobs.count))
        w.raw(index.bytes)
        w.raw(payload)
        w.align(16)  // LC_CODE_SIGNATURE's datasize usually exceeds the SuperBlob
        return w.bytes
    }
}
