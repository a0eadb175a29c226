import Foundation

/// Reads binary property lists (`bplist00`) from bytes, checking every offset, count and object reference
/// before using it.
///
/// Not Foundation's `PropertyListSerialization`: its reader trusts the object graph, so a file that is a few
/// hundred bytes long could hang a scan (containers shared over and over expand exponentially when bridged to
/// Swift), and deep nesting and cycles give no useful message. Here:
/// - nesting deeper than ``ParserLimits/maximumNestingDepth`` is ``PropertyListError/Kind/nestingTooDeep(limit:)``;
/// - an object that contains itself, a reference or offset outside the file, a count larger than the file are
///   ``PropertyListError/Kind/invalidBinary(_:)`` naming the object;
/// - the decoded tree may hold at most one value per byte of the file: without shared containers a tree has one
///   value per object reference, and a reference takes at least a byte, so only a container reused over and over
///   (the binary "billion laughs") goes past it. The work is therefore linear in the file size.
///
/// Format: the header `bplist0?`, the objects, a table of object offsets, and a 32-byte trailer giving the
/// sizes of offsets and references, the object count, the root object and where the table is.
struct BinaryPropertyListParser {
    private let bytes: [UInt8]
    private let offsetSize: Int
    private let refSize: Int
    private let objectCount: Int
    private let topObject: Int
    private let tableOffset: Int
    /// Objects on the path from the root to the object being decoded: a reference back to one is a cycle.
    private var open: [Bool]
    /// Values that may still be decoded (see the type's documentation).
    private var budget: Int

    init(_ bytes: [UInt8]) throws(PropertyListError) {
        guard bytes.count >= 8, bytes.starts(with: Array("bplist0".utf8)) else {
            throw PropertyListError(.invalidBinary("missing the bplist0x header"))
        }
        guard bytes.count >= 8 + 32 + 1 else {
            throw PropertyListError(.truncatedBinary("\(bytes.count) bytes is smaller than header plus trailer"))
        }
        let t = bytes.count - 32
        let offsetSize = Int(bytes[t + 6]), refSize = Int(bytes[t + 7])
        func be64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 << 8 | UInt64(bytes[at + $1]) } }
        let objectCount = be64(t + 8), topObject = be64(t + 16), tableOffset = be64(t + 24)
        guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
            throw PropertyListError(
                .truncatedBinary("trailer is not valid (offset size \(offsetSize), reference size \(refSize))"))
        }
        // objectCount is at most the file size, so the multiplication cannot overflow.
        guard objectCount > 0, topObject < objectCount, tableOffset >= 8,
            objectCount <= UInt64(bytes.count), tableOffset <= UInt64(t),
            tableOffset + objectCount * UInt64(offsetSize) <= UInt64(t)
        else {
            throw PropertyListError(
                .truncatedBinary(
                    "the offset table (\(objectCount) objects at \(tableOffset)) does not fit in \(bytes.count) bytes"))
        }
        self.bytes = bytes
        self.offsetSize = offsetSize
        self.refSize = refSize
        self.objectCount = Int(objectCount)
        self.topObject = Int(topObject)
        self.tableOffset = Int(tableOffset)
        open = Array(repeating: false, count: Int(objectCount))
        budget = bytes.count
    }

    mutating func parseDocument() throws(PropertyListError) -> PropertyListValue {
        try value(topObject, depth: 0)
    }

    // MARK: Objects

    private mutating func value(_ object: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        guard budget > 0 else {
            throw invalid(
                "containers are shared so often that the decoded list would hold more values than the file has bytes")
        }
        budget -= 1
        // Objects live between the header and the offset table.
        let start = readInt(at: tableOffset + object * offsetSize, size: offsetSize)
        guard start >= 8, start < tableOffset else {
            throw invalid("object \(object) is at offset \(start), outside the object area (8..<\(tableOffset))")
        }
        let marker = bytes[start]
        let info = Int(marker & 0x0F)
        // The depth counts open containers (arrays and dictionaries), as in the other formats.
        if marker >> 4 == 0xA || marker >> 4 == 0xD, depth >= ParserLimits.maximumNestingDepth {
            throw PropertyListError(.nestingTooDeep(limit: ParserLimits.maximumNestingDepth))
        }
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default:
                throw invalid(
                    "object \(object) has marker 0x\(String(marker, radix: 16)), which is not a property-list value")
            }
        case 0x1:
            guard info <= 4 else { throw invalid("object \(object) is an integer of 2^\(info) bytes") }
            let size = 1 << info
            try need(start + 1, size, object)
            // 1, 2 and 4 bytes are unsigned, 8 bytes signed; 16 bytes hold values above Int64.max, whose bit
            // pattern is kept (as the XML reader does).
            return .integer(Int(truncatingIfNeeded: readUInt64(at: start + 1 + max(0, size - 8), size: min(size, 8))))
        case 0x2:
            guard info == 2 || info == 3 else { throw invalid("object \(object) is a real of 2^\(info) bytes") }
            try need(start + 1, 1 << info, object)
            let raw = readUInt64(at: start + 1, size: 1 << info)
            return .real(info == 2 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
        case 0x3:
            guard marker == 0x33 else { throw invalid("object \(object) has marker 0x\(String(marker, radix: 16))") }
            try need(start + 1, 8, object)
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: readUInt64(at: start + 1, size: 8))))
        case 0x4:
            let (count, body) = try length(info, at: start, object)
            try need(body, count, object)
            return .data(Data(bytes[body..<(body + count)]))
        case 0x5, 0x6:
            return .string(try string(object))
        case 0x8:
            // A keyed-archiver UID; written the way `plutil -convert xml1` shows it.
            try need(start + 1, info + 1, object)
            let uid = Int(truncatingIfNeeded: readUInt64(at: start + 1, size: min(info + 1, 8)))
            return .dictionary(PropertyListDictionary(["CF$UID": .integer(uid)]))
        case 0xA:
            let refs = try references(info, at: start, object)
            let count = refs.count / refSize
            var elements: [PropertyListArray.Element] = []
            elements.reserveCapacity(count)
            open[object] = true
            for k in 0..<count {
                elements.append(.init(value: try child(reference(refs, k), of: object, depth: depth)))
            }
            open[object] = false
            return .array(PropertyListArray(elements))
        case 0xD:
            let both = try references(info, at: start, object, perEntry: 2)
            let count = both.count / (2 * refSize)
            var pairs: [(key: String, value: PropertyListValue)] = []
            pairs.reserveCapacity(count)
            open[object] = true
            for k in 0..<count {
                let key = try reference(both, k)
                guard try isString(key) else { throw invalid("a key of dictionary \(object) is not a string") }
                budget -= 1  // the key is a value of the file like any other
                pairs.append((try string(key), try child(reference(both, count + k), of: object, depth: depth)))
            }
            open[object] = false
            // Binary plists do not keep key order: sort the keys, and on a duplicate the later one wins.
            var dict = PropertyListDictionary()
            for (key, value) in pairs.enumerated().sorted(by: {
                ($0.element.key, $0.offset) < ($1.element.key, $1.offset)
            }).map(\.element) {
                dict.append(.init(key: key, value: value))
            }
            return .dictionary(dict)
        default:
            // Sets (0xB, 0xC) and the unused markers are not property-list values.
            throw invalid(
                "object \(object) has marker 0x\(String(marker, radix: 16)), which is not a property-list value")
        }
    }

    private mutating func child(_ object: Int, of parent: Int, depth: Int) throws(PropertyListError)
        -> PropertyListValue
    {
        guard !open[object] else {
            throw invalid(
                object == parent
                    ? "object \(object) contains itself"
                    : "object \(object) contains itself through object \(parent) (a reference cycle)")
        }
        return try value(object, depth: depth + 1)
    }

    private func isString(_ object: Int) throws(PropertyListError) -> Bool {
        let start = readInt(at: tableOffset + object * offsetSize, size: offsetSize)
        guard start >= 8, start < tableOffset else {
            throw invalid("object \(object) is at offset \(start), outside the object area (8..<\(tableOffset))")
        }
        return bytes[start] >> 4 == 0x5 || bytes[start] >> 4 == 0x6
    }

    private func string(_ object: Int) throws(PropertyListError) -> String {
        let start = readInt(at: tableOffset + object * offsetSize, size: offsetSize)
        let marker = bytes[start]
        let (count, body) = try length(Int(marker & 0x0F), at: start, object)
        if marker >> 4 == 0x5 {
            try need(body, count, object)
            let ascii = bytes[body..<(body + count)]
            // Foundation rejects such a string too: the marker promises ASCII.
            if let bad = ascii.first(where: { $0 >= 0x80 }) {
                throw invalid("string object \(object) is marked ASCII but holds byte 0x\(String(bad, radix: 16))")
            }
            return String(decoding: ascii, as: UTF8.self)
        }
        let (units, overflow) = count.multipliedReportingOverflow(by: 2)
        guard !overflow else { throw invalid("object \(object) claims \(count) UTF-16 characters") }
        try need(body, units, object)
        var utf16: [UInt16] = []
        utf16.reserveCapacity(count)
        for k in 0..<count { utf16.append(UInt16(bytes[body + 2 * k]) << 8 | UInt16(bytes[body + 2 * k + 1])) }
        return String(decoding: utf16, as: UTF16.self)
    }

    // MARK: Lengths and references

    /// A container's or string's element count: the marker's low nibble, or (0xF) an integer object after it.
    /// Returns the count and where the body starts.
    private func length(_ info: Int, at start: Int, _ object: Int) throws(PropertyListError) -> (Int, Int) {
        guard info == 0x0F else { return (info, start + 1) }
        try need(start + 1, 1, object)
        let intMarker = bytes[start + 1]
        guard intMarker >> 4 == 0x1, intMarker & 0x0F <= 3 else {
            throw invalid("object \(object) has a malformed length (marker 0x\(String(intMarker, radix: 16)))")
        }
        let size = 1 << Int(intMarker & 0x0F)
        try need(start + 2, size, object)
        let count = readUInt64(at: start + 2, size: size)
        // Every element takes at least a byte, so a count beyond the file size is a lie (and could overflow).
        guard count <= UInt64(bytes.count) else {
            throw invalid("object \(object) claims \(count) elements, more than the file's \(bytes.count) bytes")
        }
        return (Int(count), start + 2 + size)
    }

    /// The references of an array (`perEntry` 1) or dictionary (2: all keys, then all values), unread.
    private func references(_ info: Int, at start: Int, _ object: Int, perEntry: Int = 1) throws(PropertyListError)
        -> ArraySlice<UInt8>
    {
        let (count, body) = try length(info, at: start, object)
        let size = count * perEntry * refSize  // count ≤ file size, so no overflow
        try need(body, size, object)
        return bytes[body..<(body + size)]
    }

    /// The `k`-th object reference in `refs`, checked against the object count.
    private func reference(_ refs: ArraySlice<UInt8>, _ k: Int) throws(PropertyListError) -> Int {
        let ref = readUInt64(at: refs.startIndex + k * refSize, size: refSize)
        guard ref < UInt64(objectCount) else {
            throw invalid("object reference \(ref) is out of range (the file has \(objectCount) objects)")
        }
        return Int(ref)
    }

    /// Checks that `count` bytes from `at` lie in the object area.
    private func need(_ at: Int, _ count: Int, _ object: Int) throws(PropertyListError) {
        guard count >= 0, at <= tableOffset, count <= tableOffset - at else {
            throw invalid("object \(object) runs past the end of the object area at offset \(tableOffset)")
        }
    }

    private func readUInt64(at: Int, size: Int) -> UInt64 {
        var v: UInt64 = 0
        for k in 0..<size { v = v << 8 | UInt64(bytes[at + k]) }
        return v
    }

    /// An offset-table entry; offsets beyond `Int.max` become -1 so the range check rejects them.
    private func readInt(at: Int, size: Int) -> Int {
        let v = readUInt64(at: at, size: size)
        return v > UInt64(Int.max) ? -1 : Int(v)
    }

    private func invalid(_ message: String) -> PropertyListError {
        PropertyListError(.invalidBinary(message))
    }
}
