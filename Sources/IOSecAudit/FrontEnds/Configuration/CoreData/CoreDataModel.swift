import IOSecCore

/// What iosec reads from a Core Data model version (`Model.xcdatamodeld/Model.xcdatamodel/contents`): its
/// entities and their stored attributes, each with its line.
///
/// ```swift
/// let model = CoreDataModel.parse(Array(#"<model><entity name="Account"><attribute name="password" attributeType="String"/></entity></model>"#.utf8))
/// model.entities.first?.attributes.first?.name   // "password"
/// ```
public struct CoreDataModel: Sendable {
    public struct Attribute: Sendable, Equatable {
        public var name: String
        public var type: String?
        /// Transient attributes are never written to the store.
        public var isTransient: Bool
        public var line: Int
    }

    public struct Entity: Sendable, Equatable {
        public var name: String
        /// `representedClassName`, the class code uses for the entity's objects (nil when not set).
        public var className: String? = nil
        public var line: Int
        public var attributes: [Attribute] = []
    }

    public var entities: [Entity] = []
    /// Set when the file is not a model or ends early: where and why.
    public var error: (line: Int, message: String)?

    /// Reads the model. The file is machine-written XML with one element per line; a scanner over `<…>` tags
    /// with their attributes is enough, and it never traps on malformed input. It counts open elements only to
    /// stop at ``ParserLimits/maximumNestingDepth`` (a real model nests 4 levels): deeper is a corrupt or hostile
    /// file, said once rather than read to the end.
    public static func parse(_ bytes: [UInt8]) -> CoreDataModel {
        var model = CoreDataModel()
        var sawModel = false
        var closedModel = false
        var line = 1
        var index = 0
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            guard byte == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            // One tag: up to the next `>` outside quotes.
            let startLine = line
            var end = index + 1
            var quote: UInt8?
            while end < bytes.count {
                let b = bytes[end]
                if b == UInt8(ascii: "\n") { line += 1 }
                if let q = quote {
                    if b == q { quote = nil }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if b == UInt8(ascii: ">") {
                    break
                }
                end += 1
            }
            guard end < bytes.count else {
                model.error = (startLine, "the file ends inside a tag")
                return model
            }
            let tag = Tag(bytes[(index + 1)..<end])
            if tag.name.hasPrefix("/") {
                depth = max(0, depth - 1)
            } else if !tag.name.hasPrefix("?"), !tag.name.hasPrefix("!"), bytes[end - 1] != UInt8(ascii: "/") {
                depth += 1
                if depth > ParserLimits.maximumNestingDepth {
                    model.error = (
                        startLine,
                        "elements nest deeper than \(ParserLimits.maximumNestingDepth) levels; the file is likely corrupt or hostile"
                    )
                    return model
                }
            }
            switch tag.name {
            case "model": sawModel = true
            case "/model": closedModel = true
            case "entity":
                model.entities.append(
                    Entity(
                        name: tag.attributes["name"] ?? "?", className: tag.attributes["representedClassName"],
                        line: startLine))
            case "attribute":
                guard !model.entities.isEmpty else { break }
                model.entities[model.entities.count - 1].attributes.append(
                    Attribute(
                        name: tag.attributes["name"] ?? "?", type: tag.attributes["attributeType"],
                        isTransient: tag.attributes["transient"] == "YES", line: startLine))
            default: break
            }
            index = end + 1
        }
        if !sawModel {
            model.error = (1, "no <model> element: not a Core Data model")
        } else if !closedModel {
            model.error = (line, "the file ends before </model>: it is truncated")
        }
        return model
    }

    /// A start tag's name and attributes (entities `&quot;` etc. are left as written: names do not use them).
    private struct Tag {
        var name: String
        var attributes: [String: String] = [:]

        init(_ bytes: ArraySlice<UInt8>) {
            var i = bytes.startIndex
            func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
            while i < bytes.endIndex, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "/") || i == bytes.startIndex {
                i += 1
            }
            name = String(decoding: bytes[bytes.startIndex..<i], as: UTF8.self)
            while i < bytes.endIndex {
                while i < bytes.endIndex, isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "/") { i += 1 }
                let keyStart = i
                while i < bytes.endIndex, bytes[i] != UInt8(ascii: "="), !isSpace(bytes[i]) { i += 1 }
                let key = String(decoding: bytes[keyStart..<i], as: UTF8.self)
                while i < bytes.endIndex, isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "=") { i += 1 }
                guard i < bytes.endIndex, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                    if i < bytes.endIndex { i += 1 }
                    continue
                }
                let quote = bytes[i]
                i += 1
                let valueStart = i
                while i < bytes.endIndex, bytes[i] != quote { i += 1 }
                if !key.isEmpty { attributes[key] = String(decoding: bytes[valueStart..<i], as: UTF8.self) }
                if i < bytes.endIndex { i += 1 }
            }
        }
    }
}
