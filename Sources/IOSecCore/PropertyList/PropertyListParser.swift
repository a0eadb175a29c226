import Foundation

/// Reads XML, binary (`bplist00`) and old-style (OpenStep) property lists from bytes.
///
/// XML and OpenStep plists keep key order and record the line of every key and value; binary
/// plists are decoded with Foundation's `PropertyListSerialization`, have no lines and list
/// dictionary keys sorted.
///
/// ```swift
/// let doc = try PropertyListParser.parse(infoPlistData)
/// let info = try doc.requireDictionaryRoot()
/// info.entry("NSAppTransportSecurity")?.keyLine   // 24
/// ```
public enum PropertyListParser {
    /// Parses any supported format, detected from the first bytes.
    public static func parse(_ data: Data) throws(PropertyListError) -> PropertyListDocument {
        guard !data.isEmpty else { throw PropertyListError(.empty) }
        if data.starts(with: Array("bplist".utf8)) { return try parseBinary(data) }
        // UTF-16 text plists exist (old Xcode, some tools); transcode once and parse as UTF-8.
        if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) {
            guard let text = String(data: data, encoding: .utf16) else { throw PropertyListError(.invalidUTF8, line: 1) }
            return try parse(Data(text.utf8))
        }
        return try withBytes(data) { b throws(PropertyListError) in
            try checkUTF8(b)
            var i = 0
            if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
            while i < b.count, ByteScanner.isWhitespace(b[i]) { i += 1 }
            if i < b.count, b[i] == UInt8(ascii: "<"), looksLikeXML(b, i) {
                var p = XMLPropertyListParser(b)
                let (root, line) = try p.parseDocument()
                return PropertyListDocument(root: root, format: .xml, rootLine: line)
            }
            var p = OpenStepPropertyListParser(b)
            let (root, line) = try p.parseDocument()
            return PropertyListDocument(root: root, format: .openStep, rootLine: line)
        }
    }

    /// Parses an XML plist only (errors instead of guessing another format).
    public static func parseXML(_ data: Data) throws(PropertyListError) -> PropertyListDocument {
        try withBytes(data) { b throws(PropertyListError) in
            try checkUTF8(b)
            var p = XMLPropertyListParser(b)
            let (root, line) = try p.parseDocument()
            return PropertyListDocument(root: root, format: .xml, rootLine: line)
        }
    }

    /// Parses an old-style (OpenStep) plist such as `project.pbxproj`.
    public static func parseOpenStep(_ data: Data) throws(PropertyListError) -> PropertyListDocument {
        try withBytes(data) { b throws(PropertyListError) in
            try checkUTF8(b)
            var p = OpenStepPropertyListParser(b)
            let (root, line) = try p.parseDocument()
            return PropertyListDocument(root: root, format: .openStep, rootLine: line)
        }
    }

    /// Parses a binary plist after checking its header and trailer, so truncation gets a clear error.
    public static func parseBinary(_ data: Data) throws(PropertyListError) -> PropertyListDocument {
        let bytes = [UInt8](data)
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
            throw PropertyListError(.truncatedBinary("trailer is not valid (offset size \(offsetSize), reference size \(refSize))"))
        }
        guard objectCount > 0, topObject < objectCount, tableOffset >= 8,
              objectCount <= UInt64(bytes.count), tableOffset <= UInt64(t),
              tableOffset + objectCount * UInt64(offsetSize) <= UInt64(t) else {
            throw PropertyListError(.truncatedBinary("the offset table (\(objectCount) objects at \(tableOffset)) does not fit in \(bytes.count) bytes"))
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw PropertyListError(.invalidBinary("Foundation could not decode it"))
        }
        guard let root = convert(object, depth: 0) else {
            throw PropertyListError(.invalidBinary("contains a value that is not a property-list type"))
        }
        return PropertyListDocument(root: root, format: .binary, rootLine: nil)
    }

    // MARK: - Helpers

    private static func withBytes<R>(_ data: Data, _ body: (UnsafeBufferPointer<UInt8>) throws(PropertyListError) -> R) throws(PropertyListError) -> R {
        let result: Result<R, PropertyListError> = data.withUnsafeBytes { raw in
            let b = raw.bindMemory(to: UInt8.self)
            do throws(PropertyListError) { return .success(try body(b)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    private static func checkUTF8(_ b: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
        if let bad = UTF8Check.firstInvalidByte(b) {
            throw PropertyListError(.invalidUTF8, line: UTF8Check.line(of: bad, in: b))
        }
    }

    private static let xmlRootNames: Set<String> = [
        "plist", "dict", "array", "string", "key", "data", "date", "integer", "real", "true", "false",
    ]

    /// `<?xml`, `<!DOCTYPE`, `<!--` or a plist element name; otherwise a leading `<` is an OpenStep
    /// `<0fab>` data root.
    private static func looksLikeXML(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        guard i + 1 < b.count else { return true }
        if b[i + 1] == UInt8(ascii: "?") || b[i + 1] == UInt8(ascii: "!") { return true }
        var j = i + 1
        while j < b.count, (b[j] | 0x20) >= 97, (b[j] | 0x20) <= 122 { j += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: b[(i + 1)..<j]), as: UTF8.self)
        return xmlRootNames.contains(name)
    }

    static func convert(_ x: Any, depth: Int) -> PropertyListValue? {
        guard depth < 512 else { return nil }
        if let s = x as? String { return .string(s) }
        if let d = x as? Data { return .data(d) }
        if let d = x as? Date { return .date(d) }
        if let n = x as? NSNumber {
            // Bool and small integers bridge to each other; the Objective-C type code tells them apart.
            switch String(cString: n.objCType) {
            case "c", "B": return .bool(n.boolValue)
            case "d", "f": return .real(n.doubleValue)
            default: return .integer(n.intValue)
            }
        }
        if let a = x as? [Any] {
            var out: [PropertyListArray.Element] = []
            out.reserveCapacity(a.count)
            for e in a {
                guard let v = convert(e, depth: depth + 1) else { return nil }
                out.append(.init(value: v))
            }
            return .array(PropertyListArray(out))
        }
        if let d = x as? [String: Any] {
            var dict = PropertyListDictionary()
            for (k, e) in d.sorted(by: { $0.key < $1.key }) {
                guard let v = convert(e, depth: depth + 1) else { return nil }
                dict.append(.init(key: k, value: v))
            }
            return .dictionary(dict)
        }
        return nil
    }
}
