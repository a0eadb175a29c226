import Foundation

/// Reads XML, binary (`bplist00`) and old-style (OpenStep) property lists from bytes.
///
/// XML and OpenStep plists keep key order and record the line of every key and value; binary
/// plists have no lines and list dictionary keys sorted. Nesting deeper than
/// ``ParserLimits/maximumNestingDepth`` is an error in every format.
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
            guard let text = String(data: data, encoding: .utf16) else {
                throw PropertyListError(.invalidUTF8, line: 1)
            }
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
        try parseOpenStep(data, keepingObjects: nil)
    }

    /// `keepingObjects`: the root's `objects` are parsed only when the test keeps their `isa`
    /// (`OpenStepPropertyListParser`).
    static func parseOpenStep(_ data: Data, keepingObjects keep: ((String) -> Bool)?) throws(PropertyListError)
        -> PropertyListDocument
    {
        try withBytes(data) { b throws(PropertyListError) in
            try checkUTF8(b)
            var p = OpenStepPropertyListParser(b, keepingObjects: keep)
            let (root, line) = try p.parseDocument()
            return PropertyListDocument(root: root, format: .openStep, rootLine: line)
        }
    }

    /// Parses a binary plist, checking every offset, count and reference against the file (see
    /// `BinaryPropertyListParser`), so truncation, cycles and hostile nesting get a clear error.
    public static func parseBinary(_ data: Data) throws(PropertyListError) -> PropertyListDocument {
        var p = try BinaryPropertyListParser([UInt8](data))
        return PropertyListDocument(root: try p.parseDocument(), format: .binary, rootLine: nil)
    }

    // MARK: - Helpers

    private static func withBytes<R>(_ data: Data, _ body: (UnsafeBufferPointer<UInt8>) throws(PropertyListError) -> R)
        throws(PropertyListError) -> R
    {
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
        "plist", "dict", "array", "string", "key", "data", "date", "integer", "real", "true", "false"
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
}
