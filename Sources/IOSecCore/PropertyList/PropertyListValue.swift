import Foundation

/// A property-list value with ordered dictionary keys and, where the source format has them,
/// the line of every dictionary key, dictionary value and array element.
///
/// Equality compares values only, never lines, so an XML plist and the same plist in binary
/// form compare equal.
///
/// ```swift
/// let doc = try PropertyListParser.parse(Data(xml.utf8))
/// if case .bool(true)? = doc.root["NSAppTransportSecurity"]?["NSAllowsArbitraryLoads"] { … }
/// doc.root.dictionary?.entry("NSAppTransportSecurity")?.keyLine  // 12
/// ```
public indirect enum PropertyListValue: Sendable, Equatable {
    case dictionary(PropertyListDictionary)
    case array(PropertyListArray)
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)

    /// The plist type name used in messages: "dictionary", "array", "string", "integer", "real",
    /// "boolean", "date", "data".
    public var typeName: String {
        switch self {
        case .dictionary: return "dictionary"
        case .array: return "array"
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .bool: return "boolean"
        case .date: return "date"
        case .data: return "data"
        }
    }

    public var dictionary: PropertyListDictionary? {
        if case .dictionary(let d) = self { return d }
        return nil
    }

    public var array: PropertyListArray? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var integer: Int? {
        if case .integer(let i) = self { return i }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// Strings of an array value, or nil when this is not an array of strings only.
    public var stringArray: [String]? {
        guard let a = array else { return nil }
        var out: [String] = []
        out.reserveCapacity(a.count)
        for v in a.values {
            guard let s = v.string else { return nil }
            out.append(s)
        }
        return out
    }

    /// Dictionary lookup; nil when this is not a dictionary or the key is absent.
    public subscript(key: String) -> PropertyListValue? {
        dictionary?[key]
    }
}

/// A plist dictionary that keeps its keys in source order (sorted for binary plists, whose
/// decoder does not report order) and where each key came from.
///
/// ```swift
/// let ats = root.dictionary?["NSAppTransportSecurity"]?.dictionary
/// for entry in ats?.entries ?? [] { print(entry.key, entry.keyLine ?? 0) }
/// ```
public struct PropertyListDictionary: Sendable, Equatable {
    /// One key/value pair. Lines are 1-based and nil when the format has none (binary).
    public struct Entry: Sendable, Equatable {
        public let key: String
        public let value: PropertyListValue
        public let keyLine: Int?
        public let valueLine: Int?

        public init(key: String, value: PropertyListValue, keyLine: Int? = nil, valueLine: Int? = nil) {
            self.key = key
            self.value = value
            self.keyLine = keyLine
            self.valueLine = valueLine
        }

        public static func == (a: Entry, b: Entry) -> Bool { a.key == b.key && a.value == b.value }
    }

    public private(set) var entries: [Entry] = []
    /// Positions by key, kept only past `linearLimit` entries: most dictionaries (a project file's thousands of
    /// objects) are a few keys, which a scan of the entries finds faster than a hash table costs to build.
    private var indexByKey: [String: Int] = [:]
    private static let linearLimit = 8

    public init() {}

    public init(_ entries: [Entry]) {
        for e in entries { append(e) }
    }

    /// Convenience for tests and code that builds values: keys in the given order, no lines.
    public init(_ pairs: KeyValuePairs<String, PropertyListValue>) {
        for (k, v) in pairs { append(Entry(key: k, value: v)) }
    }

    /// Appends an entry; a duplicate key replaces the earlier value (as Foundation does) but keeps
    /// the original position.
    public mutating func append(_ entry: Entry) {
        if let i = position(of: entry.key) {
            entries[i] = entry
            return
        }
        entries.append(entry)
        if entries.count > Self.linearLimit {
            if indexByKey.isEmpty {
                for (i, e) in entries.enumerated() { indexByKey[e.key] = i }
            } else {
                indexByKey[entry.key] = entries.count - 1
            }
        }
    }

    private func position(of key: String) -> Int? {
        if entries.count > Self.linearLimit { return indexByKey[key] }
        return entries.firstIndex { $0.key == key }
    }

    public subscript(key: String) -> PropertyListValue? { entry(key)?.value }
    public func entry(_ key: String) -> Entry? { position(of: key).map { entries[$0] } }
    public var keys: [String] { entries.map(\.key) }
    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    public static func == (a: Self, b: Self) -> Bool { a.entries == b.entries }
}

/// A plist array whose elements remember their line.
public struct PropertyListArray: Sendable, Equatable {
    public struct Element: Sendable, Equatable {
        public let value: PropertyListValue
        public let line: Int?

        public init(value: PropertyListValue, line: Int? = nil) {
            self.value = value
            self.line = line
        }

        public static func == (a: Element, b: Element) -> Bool { a.value == b.value }
    }

    public var elements: [Element]

    public init(_ elements: [Element]) { self.elements = elements }
    public init(values: [PropertyListValue]) { self.elements = values.map { Element(value: $0) } }

    public var values: [PropertyListValue] { elements.map(\.value) }
    public var count: Int { elements.count }
    public var isEmpty: Bool { elements.isEmpty }
    public subscript(index: Int) -> PropertyListValue? {
        elements.indices.contains(index) ? elements[index].value : nil
    }
}

/// A parsed property-list file: its root value and the format it was read from.
public struct PropertyListDocument: Sendable, Equatable {
    public enum Format: String, Sendable { case xml, binary, openStep }
    public let root: PropertyListValue
    public let format: Format
    /// Line of the root value's opening tag (nil for binary).
    public let rootLine: Int?

    public init(root: PropertyListValue, format: Format, rootLine: Int?) {
        self.root = root
        self.format = format
        self.rootLine = rootLine
    }

    /// The root as a dictionary, or a typed error naming what was found instead (Info.plist,
    /// entitlements and privacy manifests must have a dictionary root).
    public func requireDictionaryRoot() throws(PropertyListError) -> PropertyListDictionary {
        guard let d = root.dictionary else {
            throw PropertyListError(.unexpectedRootType(expected: "dictionary", found: root.typeName), line: rootLine)
        }
        return d
    }
}
