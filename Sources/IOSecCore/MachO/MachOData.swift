/// A bounds-checked, endian-aware view of a region of a Mach-O file. Every read is checked against the region and
/// returns nil when it does not fit, so no file content can make the reader trap. Offsets passed in are relative
/// to the region; `absolute(_:)` turns one into a file offset for messages. Data-derived values arrive as unsigned
/// integers of any width and are converted with `Int(exactly:)` here, in one place.
struct MachOData: Sendable {
    /// The whole file (shared, never copied).
    let storage: [UInt8]
    /// File offset of the region's first byte. Invariant: `0 <= base`, `base + count <= storage.count`.
    let base: Int
    let count: Int
    var bigEndian: Bool

    init(_ storage: [UInt8], bigEndian: Bool = false) {
        self.storage = storage
        self.base = 0
        self.count = storage.count
        self.bigEndian = bigEndian
    }

    private init(storage: [UInt8], base: Int, count: Int, bigEndian: Bool) {
        self.storage = storage
        self.base = base
        self.count = count
        self.bigEndian = bigEndian
    }

    func absolute(_ offset: Int) -> Int {
        let (r, o) = base.addingReportingOverflow(offset)
        return o ? Int.max : r
    }

    /// Whether `length` bytes at `offset` lie inside the region.
    @inline(__always)
    func contains(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }

    func contains<A: BinaryInteger, B: BinaryInteger>(_ offset: A, _ length: B) -> Bool {
        guard let o = Int(exactly: offset), let l = Int(exactly: length) else { return false }
        return contains(o, l)
    }

    /// The sub-region of `length` bytes at `offset`, or nil when it does not fit.
    func region<A: BinaryInteger, B: BinaryInteger>(at offset: A, length: B) -> MachOData? {
        guard let o = Int(exactly: offset), let l = Int(exactly: length), contains(o, l) else { return nil }
        return MachOData(storage: storage, base: base + o, count: l, bigEndian: bigEndian)
    }

    /// The sub-region from `offset` to the end, or nil when `offset` is past the end.
    func region<A: BinaryInteger>(from offset: A) -> MachOData? {
        guard let o = Int(exactly: offset), o >= 0, o <= count else { return nil }
        return MachOData(storage: storage, base: base + o, count: count - o, bigEndian: bigEndian)
    }

    func withByteOrder(bigEndian: Bool) -> MachOData {
        MachOData(storage: storage, base: base, count: count, bigEndian: bigEndian)
    }

    func u8(_ offset: Int) -> UInt8? {
        guard contains(offset, 1) else { return nil }
        return storage[base + offset]
    }

    func u16(_ offset: Int) -> UInt16? {
        guard contains(offset, 2) else { return nil }
        let i = base + offset
        let b0 = UInt16(storage[i]), b1 = UInt16(storage[i + 1])
        return bigEndian ? (b0 << 8 | b1) : (b1 << 8 | b0)
    }

    func u32(_ offset: Int) -> UInt32? {
        guard contains(offset, 4) else { return nil }
        let i = base + offset
        let b0 = UInt32(storage[i]), b1 = UInt32(storage[i + 1]), b2 = UInt32(storage[i + 2]),
            b3 = UInt32(storage[i + 3])
        return bigEndian ? (b0 << 24 | b1 << 16 | b2 << 8 | b3) : (b3 << 24 | b2 << 16 | b1 << 8 | b0)
    }

    func u64(_ offset: Int) -> UInt64? {
        guard contains(offset, 8), let a = u32(offset), let b = u32(offset + 4) else { return nil }
        return bigEndian ? (UInt64(a) << 32 | UInt64(b)) : (UInt64(b) << 32 | UInt64(a))
    }

    /// A copy of `length` bytes at `offset`.
    func bytes<A: BinaryInteger, B: BinaryInteger>(at offset: A, length: B) -> [UInt8]? {
        guard let r = region(at: offset, length: length) else { return nil }
        return Array(r.storage[r.base..<(r.base + r.count)])
    }

    /// All bytes of the region.
    var allBytes: ArraySlice<UInt8> { storage[base..<(base + count)] }

    enum CString {
        case string(String, end: Int)  // `end` is the offset just past the terminating NUL
        case outOfRange
        case unterminated
        case tooLong
    }

    /// The NUL-terminated string at `offset`, at most `maxLength` bytes before the NUL. Invalid UTF-8 is
    /// repaired (U+FFFD), so names compare exactly as the bytes say.
    func cString<A: BinaryInteger>(at offset: A, maxLength: Int) -> CString {
        guard let o = Int(exactly: offset), o >= 0, o < count else { return .outOfRange }
        let available = count - o
        let maxLength = max(0, maxLength)
        let window = available > maxLength ? maxLength + 1 : available
        let start = base + o
        guard let nul = storage[start..<(start + window)].firstIndex(of: 0) else {
            return available > maxLength ? .tooLong : .unterminated
        }
        return .string(String(decoding: storage[start..<nul], as: UTF8.self), end: nul - base + 1)
    }

    /// A fixed-width, NUL-padded name such as `segname[16]` (not terminated when it fills the field).
    func fixedString(at offset: Int, length: Int) -> String? {
        guard contains(offset, length) else { return nil }
        let start = base + offset
        let field = storage[start..<(start + length)]
        let end = field.firstIndex(of: 0) ?? field.endIndex
        return String(decoding: field[start..<end], as: UTF8.self)
    }
}

/// A reading position in a ``MachOData`` region; every read throws ``MachOError`` (with the file offset and what was
/// being read) instead of running past the end.
struct MachOCursor {
    let data: MachOData
    private(set) var offset: Int
    /// Names the structure being read, for messages ("bind opcodes").
    let context: String

    init(_ data: MachOData, at offset: Int = 0, context: String) {
        self.data = data
        self.offset = offset
        self.context = context
    }

    var isAtEnd: Bool { offset >= data.count }
    var absoluteOffset: Int { data.absolute(offset) }

    func error(_ kind: MachOError.Kind, _ message: String) -> MachOError {
        MachOError(kind, at: absoluteOffset, "\(context): \(message)")
    }

    private func truncated(_ what: String) -> MachOError {
        error(.truncated, "\(what) runs past the end (\(max(0, data.count - offset)) bytes left)")
    }

    mutating func skip(_ n: Int, _ what: String) throws(MachOError) {
        guard data.contains(offset, n) else { throw truncated(what) }
        offset += n
    }

    mutating func u8(_ what: String = "byte") throws(MachOError) -> UInt8 {
        guard let v = data.u8(offset) else { throw truncated(what) }
        offset += 1
        return v
    }

    mutating func u32(_ what: String) throws(MachOError) -> UInt32 {
        guard let v = data.u32(offset) else { throw truncated(what) }
        offset += 4
        return v
    }

    mutating func u64(_ what: String) throws(MachOError) -> UInt64 {
        guard let v = data.u64(offset) else { throw truncated(what) }
        offset += 8
        return v
    }

    /// Unsigned LEB128: at most 10 bytes, and the value must fit in 64 bits.
    mutating func uleb128(_ what: String) throws(MachOError) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard let byte = data.u8(offset) else {
                offset = start
                throw truncated("ULEB128 \(what)")
            }
            offset += 1
            let payload = UInt64(byte & 0x7F)
            if shift >= 64 || (shift == 63 && payload > 1) {
                let at = start
                offset = start
                throw MachOError(.malformed, at: data.absolute(at), "\(context): ULEB128 \(what) overflows 64 bits")
            }
            result |= payload << shift
            shift += 7
            if byte & 0x80 == 0 { return result }
        }
    }

    /// Signed LEB128: at most 10 bytes, and the value must fit in 64 bits.
    mutating func sleb128(_ what: String) throws(MachOError) -> Int64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        var byte: UInt8 = 0
        repeat {
            guard let b = data.u8(offset) else {
                offset = start
                throw truncated("SLEB128 \(what)")
            }
            byte = b
            offset += 1
            let payload = UInt64(byte & 0x7F)
            if shift >= 64 {
                offset = start
                throw MachOError(.malformed, at: data.absolute(start), "\(context): SLEB128 \(what) overflows 64 bits")
            }
            if shift == 63 && payload != 0 && payload != 0x7F {
                offset = start
                throw MachOError(.malformed, at: data.absolute(start), "\(context): SLEB128 \(what) overflows 64 bits")
            }
            result |= payload << shift
            shift += 7
        } while byte & 0x80 != 0
        if shift < 64 && byte & 0x40 != 0 { result |= ~UInt64(0) << shift }
        return Int64(bitPattern: result)
    }

    mutating func cString(_ what: String, maxLength: Int) throws(MachOError) -> String {
        switch data.cString(at: offset, maxLength: maxLength) {
        case .string(let s, let end):
            offset = end
            return s
        case .outOfRange: throw truncated(what)
        case .unterminated: throw error(.truncated, "\(what) is not NUL-terminated before the end")
        case .tooLong: throw error(.limitExceeded, "\(what) is longer than \(maxLength) bytes")
        }
    }
}

/// Overflow-checked arithmetic for offsets and sizes taken from the file.
enum Checked {
    static func add(_ a: Int, _ b: Int) -> Int? {
        let (r, o) = a.addingReportingOverflow(b)
        return o ? nil : r
    }

    static func multiply(_ a: Int, _ b: Int) -> Int? {
        let (r, o) = a.multipliedReportingOverflow(by: b)
        return o ? nil : r
    }

    static func int<T: BinaryInteger>(_ v: T) -> Int? { Int(exactly: v) }

    static func hex<T: BinaryInteger>(_ v: T) -> String { "0x" + String(v, radix: 16, uppercase: true) }
}
