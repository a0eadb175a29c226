import Foundation

/// Hand-rolled XML plist parser: one pass over the bytes, recording the line of every key and
/// value. Handles the XML declaration, DOCTYPE, comments, CDATA, the five predefined entities
/// and numeric character references.
struct XMLPropertyListParser {
    static let maxDepth = ParserLimits.maximumNestingDepth

    private var s: ByteScanner

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        s = ByteScanner(bytes)
    }

    private struct Tag {
        var name: String
        var isClosing: Bool
        var isSelfClosing: Bool
        var line: Int
        var column: Int
    }

    mutating func parseDocument() throws(PropertyListError) -> (PropertyListValue, Int) {
        if s.hasPrefix("\u{FEFF}") { s.advance(by: 3) }
        try skipMisc()
        guard !s.isAtEnd else { throw error("no root element") }
        var tag = try readTag()
        var wrapped = false
        if tag.name == "plist" && !tag.isClosing {
            if tag.isSelfClosing { throw error("<plist/> has no value", tag) }
            wrapped = true
            try skipMisc()
            tag = try readTag()
        }
        let rootLine = tag.line
        let root = try parseValue(tag, depth: 0)
        try skipMisc()
        if wrapped {
            let close = try readTag()
            guard close.isClosing, close.name == "plist" else {
                throw error("expected </plist> after the root value, found \(describe(close))", close)
            }
            try skipMisc()
        }
        guard s.isAtEnd else { throw error("unexpected content after the root value") }
        return (root, rootLine)
    }

    // MARK: Values

    private mutating func nextTag() throws(PropertyListError) -> Tag {
        try skipMisc()
        guard !s.isAtEnd else { throw error("unexpected end of file") }
        return try readTag()
    }

    private mutating func parseValue(_ tag: Tag, depth: Int) throws(PropertyListError) -> PropertyListValue {
        guard !tag.isClosing else { throw error("unexpected \(describe(tag)) where a value was expected", tag) }
        // The depth counts open containers: the recursion is one level per <dict> or <array>.
        if tag.name == "dict" || tag.name == "array", depth >= Self.maxDepth {
            throw PropertyListError(.nestingTooDeep(limit: Self.maxDepth), line: tag.line, column: tag.column)
        }
        switch tag.name {
        case "dict":
            var dict = PropertyListDictionary()
            if tag.isSelfClosing { return .dictionary(dict) }
            while true {
                let t = try nextTag()
                if t.isClosing {
                    guard t.name == "dict" else { throw error("expected <key> or </dict>, found \(describe(t))", t) }
                    return .dictionary(dict)
                }
                guard t.name == "key" else { throw error("expected <key> in <dict>, found \(describe(t))", t) }
                let key = t.isSelfClosing ? "" : try readText(closing: "key")
                let valueTag = try nextTag()
                if valueTag.isClosing && valueTag.name == "dict" {
                    throw error("key \"\(key)\" has no value", valueTag)
                }
                let value = try parseValue(valueTag, depth: depth + 1)
                dict.append(.init(key: key, value: value, keyLine: t.line, valueLine: valueTag.line))
            }
        case "array":
            var elements: [PropertyListArray.Element] = []
            if tag.isSelfClosing { return .array(PropertyListArray(elements)) }
            while true {
                let t = try nextTag()
                if t.isClosing {
                    guard t.name == "array" else {
                        throw error("expected a value or </array>, found \(describe(t))", t)
                    }
                    return .array(PropertyListArray(elements))
                }
                elements.append(.init(value: try parseValue(t, depth: depth + 1), line: t.line))
            }
        case "string":
            return .string(tag.isSelfClosing ? "" : try readText(closing: "string"))
        case "key":
            throw error("<key> outside a <dict>", tag)
        case "true", "false":
            if !tag.isSelfClosing {
                let text = try readText(closing: tag.name)
                guard text.allSatisfy(\.isWhitespace) else { throw error("<\(tag.name)> must be empty", tag) }
            }
            return .bool(tag.name == "true")
        case "integer":
            let text = tag.isSelfClosing ? "" : try readText(closing: "integer")
            guard let v = Self.parseInteger(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw PropertyListError(
                    .invalidValue("<integer> \"\(text)\" is not a 64-bit integer"), line: tag.line, column: tag.column)
            }
            return .integer(v)
        case "real":
            let text = (tag.isSelfClosing ? "" : try readText(closing: "real")).trimmingCharacters(
                in: .whitespacesAndNewlines)
            guard let v = Double(text) else {
                throw PropertyListError(
                    .invalidValue("<real> \"\(text)\" is not a number"), line: tag.line, column: tag.column)
            }
            return .real(v)
        case "date":
            let text = (tag.isSelfClosing ? "" : try readText(closing: "date")).trimmingCharacters(
                in: .whitespacesAndNewlines)
            guard let d = Self.parseISO8601(text) else {
                throw PropertyListError(
                    .invalidValue("<date> \"\(text)\" is not of the form 2024-01-31T12:00:00Z"), line: tag.line,
                    column: tag.column)
            }
            return .date(d)
        case "data":
            let text = tag.isSelfClosing ? "" : try readText(closing: "data")
            let compact = String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
            guard let d = Data(base64Encoded: compact) else {
                throw PropertyListError(.invalidValue("<data> is not valid base64"), line: tag.line, column: tag.column)
            }
            return .data(d)
        default:
            throw error("unknown element <\(tag.name)>", tag)
        }
    }

    // MARK: Lexing

    /// Skips whitespace, comments, processing instructions and DOCTYPE.
    private mutating func skipMisc() throws(PropertyListError) {
        while true {
            s.skipWhitespace()
            if s.hasPrefix("<!--") {
                let (l, c) = (s.line, s.column)
                guard s.skip(past: "-->") else {
                    throw PropertyListError(.malformedXML("unterminated comment"), line: l, column: c)
                }
            } else if s.hasPrefix("<?") {
                let (l, c) = (s.line, s.column)
                guard s.skip(past: "?>") else {
                    throw PropertyListError(.malformedXML("unterminated processing instruction"), line: l, column: c)
                }
            } else if s.hasPrefix("<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    private mutating func skipDoctype() throws(PropertyListError) {
        let (l, c) = (s.line, s.column)
        var bracketDepth = 0
        var quote: UInt8?
        while let ch = s.current {
            s.advance()
            if let q = quote {
                if ch == q { quote = nil }
            } else if ch == UInt8(ascii: "\"") || ch == UInt8(ascii: "'") {
                quote = ch
            } else if ch == UInt8(ascii: "[") {
                bracketDepth += 1
            } else if ch == UInt8(ascii: "]") {
                bracketDepth -= 1
            } else if ch == UInt8(ascii: ">") && bracketDepth <= 0 {
                return
            }
        }
        throw PropertyListError(.malformedXML("unterminated <!DOCTYPE>"), line: l, column: c)
    }

    private mutating func readTag() throws(PropertyListError) -> Tag {
        let line = s.line, column = s.column
        guard s.current == UInt8(ascii: "<") else {
            let what = s.isAtEnd ? "unexpected end of file" : "expected a tag, found text"
            throw PropertyListError(.malformedXML(what), line: line, column: column)
        }
        s.advance()
        var isClosing = false
        if s.current == UInt8(ascii: "/") {
            isClosing = true
            s.advance()
        }
        let nameStart = s.index
        while let c = s.current, Self.isNameByte(c) { s.advance() }
        guard s.index > nameStart else {
            throw PropertyListError(.malformedXML("expected an element name after '<'"), line: line, column: column)
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: s.bytes[nameStart..<s.index]), as: UTF8.self)
        // Attributes are ignored (only <plist version="1.0"> has any), but quoted '>' must not end the tag.
        var quote: UInt8?
        var isSelfClosing = false
        while let c = s.current {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: ">") {
                s.advance()
                if isClosing && isSelfClosing {
                    throw PropertyListError(.malformedXML("malformed tag </\(name)/>"), line: line, column: column)
                }
                return Tag(name: name, isClosing: isClosing, isSelfClosing: isSelfClosing, line: line, column: column)
            } else if c == UInt8(ascii: "<") {
                break
            }
            isSelfClosing = (c == UInt8(ascii: "/") && quote == nil)
            s.advance()
        }
        throw PropertyListError(
            .malformedXML("unterminated tag <\(isClosing ? "/" : "")\(name)"), line: line, column: column)
    }

    /// Reads character data up to `</name>`, decoding entities and CDATA; comments are dropped.
    private mutating func readText(closing name: String) throws(PropertyListError) -> String {
        var out: [UInt8] = []
        let startLine = s.line, startColumn = s.column
        while true {
            let runStart = s.index
            while let c = s.current, c != UInt8(ascii: "<"), c != UInt8(ascii: "&") { s.advance() }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: s.bytes[runStart..<s.index]))
            guard let c = s.current else {
                throw PropertyListError(.malformedXML("<\(name)> is not closed"), line: startLine, column: startColumn)
            }
            if c == UInt8(ascii: "&") {
                try decodeEntity(into: &out)
            } else if s.hasPrefix("<![CDATA[") {
                let (l, col) = (s.line, s.column)
                s.advance(by: 9)
                let cdataStart = s.index
                guard s.skip(past: "]]>") else {
                    throw PropertyListError(.malformedXML("unterminated CDATA section"), line: l, column: col)
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: s.bytes[cdataStart..<(s.index - 3)]))
            } else if s.hasPrefix("<!--") {
                let (l, col) = (s.line, s.column)
                guard s.skip(past: "-->") else {
                    throw PropertyListError(.malformedXML("unterminated comment"), line: l, column: col)
                }
            } else {
                let t = try readTag()
                guard t.isClosing, t.name == name else {
                    throw error("expected </\(name)>, found \(describe(t))", t)
                }
                return String(decoding: out, as: UTF8.self)
            }
        }
    }

    private mutating func decodeEntity(into out: inout [UInt8]) throws(PropertyListError) {
        let line = s.line, column = s.column
        s.advance()  // &
        let start = s.index
        while let c = s.current, c != UInt8(ascii: ";"), s.index - start < 12 { s.advance() }
        guard s.current == UInt8(ascii: ";") else {
            throw PropertyListError(
                .malformedXML("unterminated entity reference (a bare '&' must be written &amp;)"), line: line,
                column: column)
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: s.bytes[start..<s.index]), as: UTF8.self)
        s.advance()  // ;
        switch name {
        case "lt": out.append(UInt8(ascii: "<"))
        case "gt": out.append(UInt8(ascii: ">"))
        case "amp": out.append(UInt8(ascii: "&"))
        case "quot": out.append(UInt8(ascii: "\""))
        case "apos": out.append(UInt8(ascii: "'"))
        default:
            var scalar: Unicode.Scalar?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst(1), radix: 10).flatMap(Unicode.Scalar.init)
            }
            guard let scalar else {
                throw PropertyListError(.malformedXML("unknown entity &\(name);"), line: line, column: column)
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        }
    }

    private static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
            || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: ":") || c == UInt8(ascii: ".")
    }

    private func describe(_ t: Tag) -> String {
        t.isClosing ? "</\(t.name)>" : (t.isSelfClosing ? "<\(t.name)/>" : "<\(t.name)>")
    }

    private func error(_ message: String, _ tag: Tag? = nil) -> PropertyListError {
        PropertyListError(.malformedXML(message), line: tag?.line ?? s.line, column: tag?.column ?? s.column)
    }

    // MARK: Scalars

    static func parseInteger(_ text: String) -> Int? {
        if let v = Int(text) { return v }
        var t = Substring(text)
        var negative = false
        if t.hasPrefix("-") {
            negative = true
            t = t.dropFirst()
        } else if t.hasPrefix("+") {
            t = t.dropFirst()
        }
        if t.hasPrefix("0x") || t.hasPrefix("0X"), let v = Int(t.dropFirst(2), radix: 16) { return negative ? -v : v }
        if !negative, t.first != "+", let u = UInt64(t) {
            // CFPropertyList stores values above Int64.max as unsigned; keep the bit pattern.
            return Int(bitPattern: UInt(u))
        }
        return nil
    }

    /// "YYYY-MM-DDTHH:MM:SSZ", the only form XML plists use.
    static func parseISO8601(_ text: String) -> Date? {
        let u = Array(text.utf8)
        guard u.count == 20, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-"), u[10] == UInt8(ascii: "T"),
            u[13] == UInt8(ascii: ":"), u[16] == UInt8(ascii: ":"), u[19] == UInt8(ascii: "Z")
        else { return nil }
        func num(_ r: Range<Int>) -> Int? {
            var v = 0
            for k in r {
                guard u[k] >= 48, u[k] <= 57 else { return nil }
                v = v * 10 + Int(u[k] - 48)
            }
            return v
        }
        guard let y = num(0..<4), let m = num(5..<7), let d = num(8..<10), let h = num(11..<13),
            let mi = num(14..<16), let sec = num(17..<19),
            (1...12).contains(m), (1...31).contains(d), h < 24, mi < 60, sec < 61
        else { return nil }
        // Days from civil (H. Hinnant), proleptic Gregorian.
        let yy = m <= 2 ? y - 1 : y
        let era = (yy >= 0 ? yy : yy - 399) / 400
        let yoe = yy - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146097 + doe - 719468
        return Date(timeIntervalSince1970: TimeInterval(days * 86400 + h * 3600 + mi * 60 + sec))
    }
}
