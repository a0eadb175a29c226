import Foundation
import IOSecCore

/// What iosec reads from a storyboard or XIB: its text inputs with the traits that decide how the keyboard
/// treats them, and the outlets that name them in code.
///
/// ```swift
/// let document = InterfaceDocument.parse(Array(xml.utf8))
/// document.textInputs.first?.isSecure   // false for <textField placeholder="Password"> without secureTextEntry
/// ```
public struct InterfaceDocument: Sendable {
    /// One `<textField>` or `<textView>`.
    public struct TextInput: Sendable, Equatable {
        public var element: String
        public var line: Int
        public var id: String?
        public var placeholder: String?
        public var userLabel: String?
        public var accessibilityIdentifier: String?
        public var isSecure = false
        public var contentType: String?
        public var autocorrection: String?
        /// `keyboardType` of its traits (`numberPad`), nil for the default keyboard.
        public var keyboardType: String?
        /// `hidden="YES"`: the field shows nothing (a custom keypad draws the digits).
        public var isHidden = false
        /// Its `customClass` (a `UITextField` subclass of the app), which may turn secure entry on in code.
        public var customClass: String?
        /// Whether a person can type into it: not `enabled="NO"`, `userInteractionEnabled="NO"` or, for a text view,
        /// `editable="NO"`. UIKit never makes such a control first responder, so no keyboard sees its text.
        public var takesKeyboardInput = true
        /// The outlet properties connected to it (`passwordField`), filled in after parsing.
        public var outlets: [String] = []

        /// Every name people gave the field: outlets, accessibility identifier, label, placeholder. A placeholder
        /// that shows an example value (`e.g. MyPasswords` for a database's file name) says what may be typed, not
        /// what the field is for.
        public var names: [String] {
            outlets
                + [accessibilityIdentifier, userLabel, placeholder.flatMap { Self.isExample($0) ? nil : $0 }]
                .compactMap { $0 }
        }

        static func isExample(_ placeholder: String) -> Bool {
            let text = placeholder.lowercased().drop { $0 == " " }
            return ["e.g.", "eg.", "eg:", "e.g:", "ex.", "ex:", "example:", "for example"].contains {
                text.hasPrefix($0)
            }
        }
    }

    public var textInputs: [TextInput] = []
    /// Set when the XML cannot be read: where and why.
    public var error: (line: Int, message: String)?
    /// True when ``error`` is elements nesting deeper than ``ParserLimits/maximumNestingDepth`` (the XML may be
    /// well-formed; the file is corrupt or hostile).
    public var errorIsNestingLimit = false

    /// Reads the document. Storyboards and XIBs are machine-written XML, so a small scanner that tracks elements,
    /// attributes and lines is enough; it never traps on malformed input (FoundationXML's parser crashes on Linux
    /// for some malformed declarations, such as `<?xml?>`), and it records where the XML stops making sense.
    public static func parse(_ bytes: [UInt8]) -> InterfaceDocument {
        // Most storyboards and XIBs have no text input at all: nothing to read there, so no XML to check either.
        guard contains(bytes, "<textField") || contains(bytes, "<textView") else { return InterfaceDocument() }
        var reader = Reader()
        var scanner = XMLScanner(bytes: bytes)
        scanner.run(&reader)
        var document = InterfaceDocument()
        document.textInputs = reader.inputs.map { input in
            var linked = input
            if let id = input.id { linked.outlets = reader.outlets[id] ?? [] }
            return linked
        }
        document.error = scanner.error
        document.errorIsNestingLimit = scanner.nestingTooDeep
        return document
    }

    /// A byte search run over every interface file: the C library jumps to each occurrence of the first byte (a tag's
    /// `<`), then the rest is compared.
    static func contains(_ bytes: [UInt8], _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard count > 0, bytes.count >= count else { return false }
        let p = needle.utf8Start
        return bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return false }
            let last = b.count - count
            var i = 0
            while i <= last {
                guard let hit = memchr(base + i, Int32(p[0]), last - i + 1) else { return false }
                i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                var k = 1
                while k < count, b[i + k] == p[k] { k += 1 }
                if k == count { return true }
                i += 1
            }
            return false
        }
    }

    fileprivate struct Reader: XMLElementReader {
        var inputs: [TextInput] = []
        var outlets: [String: [String]] = [:]
        /// Index in `inputs` of the text input being read, and the depth it opened at.
        private var open: (index: Int, depth: Int)?

        mutating func start(_ name: String, attributes: [String: String], line: Int, depth: Int) {
            switch name {
            case "textField", "textView", "secureTextField":
                guard open == nil else { break }
                var input = TextInput(
                    element: name, line: line, id: attributes["id"], placeholder: attributes["placeholder"],
                    userLabel: attributes["userLabel"])
                // AppKit's NSSecureTextField is secure by its class, with no trait to say so.
                input.isSecure = name == "secureTextField"
                input.takesKeyboardInput =
                    attributes["enabled"] != "NO" && attributes["userInteractionEnabled"] != "NO"
                    && attributes["editable"] != "NO"
                input.isHidden = attributes["hidden"] == "YES"
                input.customClass = attributes["customClass"]
                inputs.append(input)
                open = (inputs.count - 1, depth)
            case "textInputTraits":
                guard let index = open?.index else { break }
                inputs[index].isSecure = inputs[index].isSecure || attributes["secureTextEntry"] == "YES"
                inputs[index].contentType = attributes["textContentType"]
                inputs[index].autocorrection = attributes["autocorrectionType"]
                inputs[index].keyboardType = attributes["keyboardType"]
            case "accessibility":
                if let index = open?.index, let identifier = attributes["identifier"] {
                    inputs[index].accessibilityIdentifier = identifier
                }
            case "outlet":
                if let property = attributes["property"], let destination = attributes["destination"] {
                    outlets[destination, default: []].append(property)
                }
            default:
                break
            }
        }

        mutating func end(depth: Int) {
            if let current = open, current.depth == depth { open = nil }
        }
    }
}

/// What ``XMLScanner`` tells as it reads: each start tag with its attributes, line and depth, and each end.
protocol XMLElementReader {
    mutating func start(_ name: String, attributes: [String: String], line: Int, depth: Int)
    mutating func end(depth: Int)
}

/// A forgiving scanner over XML bytes: start tags with their attributes and line, end tags, and the first place
/// the document stops being well-formed (mismatched or missing end tags, an unterminated tag or comment).
///
/// It keeps open elements on a stack rather than recursing, so depth cannot overflow the call stack; it still
/// stops at ``ParserLimits/maximumNestingDepth``, where no real storyboard goes, with one error saying so.
struct XMLScanner {
    let bytes: [UInt8]

    /// XML's white space: space, tab, carriage return, line feed.
    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
    var i = 0
    var line = 1
    var error: (line: Int, message: String)?
    /// Set with ``error`` when elements nest too deeply.
    private(set) var nestingTooDeep = false
    private var stack: [String] = []

    init(bytes: [UInt8], elements: Set<String> = interfaceElements) {
        self.bytes = bytes
        self.wanted = elements
    }

    private mutating func fail(_ message: String) {
        if error == nil { error = (line, message) }
    }

    /// Moves to `index`, counting the newlines passed.
    private mutating func advance(to index: Int) {
        let end = min(index, bytes.count)
        while i < end {
            if bytes[i] == 0x0A { line += 1 }
            i += 1
        }
    }

    /// The index of the first occurrence of `pattern` at or after `from`, or nil.
    private func find(_ pattern: [UInt8], from: Int) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var k = from
        while k + pattern.count <= bytes.count {
            if bytes[k] == pattern[0], bytes[k..<(k + pattern.count)].elementsEqual(pattern) { return k }
            k += 1
        }
        return nil
    }

    mutating func run<Reader: XMLElementReader>(_ reader: inout Reader) {
        let n = bytes.count
        var sawRoot = false
        while i < n, error == nil {
            guard let lt = bytes[i...].firstIndex(of: UInt8(ascii: "<")) else {
                advance(to: n)
                break
            }
            advance(to: lt)
            if hasPrefix("<!--") {
                guard let close = find(Array("-->".utf8), from: i + 4) else {
                    fail("a comment is not closed")
                    break
                }
                advance(to: close + 3)
            } else if hasPrefix("<![CDATA[") {
                guard let close = find(Array("]]>".utf8), from: i + 9) else {
                    fail("a CDATA section is not closed")
                    break
                }
                advance(to: close + 3)
            } else if hasPrefix("<?") || hasPrefix("<!") {
                guard let close = bytes[i...].firstIndex(of: UInt8(ascii: ">")) else {
                    fail("a declaration is not closed")
                    break
                }
                advance(to: close + 1)
            } else if hasPrefix("</") {
                guard let close = bytes[i...].firstIndex(of: UInt8(ascii: ">")) else {
                    fail("an end tag is not closed")
                    break
                }
                // The name without the white space XML allows around it, trimmed as bytes.
                var nameStart = i + 2
                var nameEnd = close
                while nameStart < nameEnd, Self.isXMLSpace(bytes[nameStart]) { nameStart += 1 }
                while nameEnd > nameStart, Self.isXMLSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
                let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
                guard let top = stack.last, top == name else {
                    fail(stack.last.map { "</\(name)> closes <\($0)>" } ?? "</\(name)> has no start tag")
                    break
                }
                reader.end(depth: stack.count)
                stack.removeLast()
                advance(to: close + 1)
            } else {
                let tagLine = line
                guard let (name, attributes, selfClosing, end) = startTag(at: i) else {
                    fail("a start tag is malformed")
                    break
                }
                if stack.isEmpty, sawRoot {
                    fail("content after the root element")
                    break
                }
                if stack.count >= ParserLimits.maximumNestingDepth {
                    fail("elements nest deeper than \(ParserLimits.maximumNestingDepth) levels")
                    nestingTooDeep = true
                    break
                }
                sawRoot = true
                stack.append(name)
                reader.start(name, attributes: attributes, line: tagLine, depth: stack.count)
                if selfClosing {
                    reader.end(depth: stack.count)
                    stack.removeLast()
                }
                advance(to: end)
            }
        }
        if error == nil {
            if let open = stack.last {
                fail("the file ends inside <\(open)>")
            } else if !sawRoot {
                fail("there is no root element")
            }
        }
    }

    private func hasPrefix(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        let p = text.utf8Start
        for k in 0..<count where bytes[i + k] != p[k] { return false }
        return true
    }

    /// Elements whose attributes the reader looks at; the attributes of every other element are skipped unread.
    static let interfaceElements: Set<String> = [
        "textField", "textView", "secureTextField", "textInputTraits", "accessibility", "outlet"
    ]
    private let wanted: Set<String>

    /// `<name a="1" b='2'/>` at `start`: name, attributes (for wanted elements only), whether it closes itself, and
    /// the index after `>`.
    private func startTag(at start: Int) -> (String, [String: String], Bool, Int)? {
        let n = bytes.count
        var k = start + 1
        func isNameByte(_ b: UInt8) -> Bool {
            !(b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == UInt8(ascii: ">") || b == UInt8(ascii: "/")
                || b == UInt8(ascii: "="))
        }
        let nameStart = k
        while k < n, isNameByte(bytes[k]) { k += 1 }
        guard k > nameStart else { return nil }
        let name = String(decoding: bytes[nameStart..<k], as: UTF8.self)
        let keep = wanted.contains(name)
        var attributes: [String: String] = [:]
        while k < n {
            while k < n, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D { k += 1 }
            guard k < n else { return nil }
            if bytes[k] == UInt8(ascii: ">") { return (name, attributes, false, k + 1) }
            if bytes[k] == UInt8(ascii: "/") {
                guard k + 1 < n, bytes[k + 1] == UInt8(ascii: ">") else { return nil }
                return (name, attributes, true, k + 2)
            }
            let keyStart = k
            while k < n, isNameByte(bytes[k]) { k += 1 }
            let keyEnd = k
            // XML allows white space around `=`; Xcode writes schemes as `buildConfiguration = "Release"`.
            while k < n, Self.isXMLSpace(bytes[k]) { k += 1 }
            guard keyEnd > keyStart, k < n, bytes[k] == UInt8(ascii: "="), k + 1 < n else { return nil }
            k += 1
            while k < n, Self.isXMLSpace(bytes[k]) { k += 1 }
            guard k < n else { return nil }
            let quote = bytes[k]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
            guard let close = bytes[(k + 1)...].firstIndex(of: quote) else { return nil }
            if keep {
                let key = String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self)
                attributes[key] = Self.unescape(String(decoding: bytes[(k + 1)..<close], as: UTF8.self))
            }
            k = close + 1
        }
        return nil
    }

    /// XML's five named entities and numeric references.
    static func unescape(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        // On bytes, and an entity ends within 10 bytes of its '&': searching the rest of the value for ';', on
        // Characters, made a 10 MB value of bare '&' take minutes.
        let u = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(u.count)
        var i = 0
        while i < u.count {
            guard u[i] == UInt8(ascii: "&") else {
                out.append(u[i])
                i += 1
                continue
            }
            var semicolon = i + 1
            while semicolon < u.count, semicolon - i <= 10, u[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
            guard semicolon < u.count, semicolon - i <= 10, u[semicolon] == UInt8(ascii: ";") else {
                out.append(u[i])
                i += 1
                continue
            }
            let entity = String(decoding: u[(i + 1)..<semicolon], as: UTF8.self)
            switch entity {
            case "quot": out.append(UInt8(ascii: "\""))
            case "amp": out.append(UInt8(ascii: "&"))
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "apos": out.append(UInt8(ascii: "'"))
            default:
                let code =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let code, let scalar = Unicode.Scalar(code) {
                    out += Array(String(scalar).utf8)
                } else {
                    out += u[i...semicolon]
                }
            }
            i = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
