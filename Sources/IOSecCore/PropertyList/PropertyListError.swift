/// Why a property list could not be read, with the 1-based line (and column where known).
///
/// ```swift
/// do { _ = try PropertyListParser.parse(data) }
/// catch { print(error) }  // "line 7, column 3: malformed XML property list: expected </string>, found </key>; …"
/// ```
public struct PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case malformedXML(String)
        case malformedOpenStep(String)
        case truncatedBinary(String)
        case invalidBinary(String)
        case invalidUTF8
        case invalidValue(String)
        case unexpectedRootType(expected: String, found: String)
        case nestingTooDeep(limit: Int)
        case empty
    }

    public let kind: Kind
    public let line: Int?
    public let column: Int?

    public init(_ kind: Kind, line: Int? = nil, column: Int? = nil) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    public var description: String {
        var where_ = ""
        if let line { where_ = "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": " }
        let what: String
        switch kind {
        case .malformedXML(let m): what = "malformed XML property list: \(m); check it with `plutil -lint`"
        case .malformedOpenStep(let m): what = "malformed old-style (OpenStep) property list: \(m)"
        case .truncatedBinary(let m):
            what = "truncated binary property list: \(m); the file was cut short, re-export it"
        case .invalidBinary(let m):
            what = "invalid binary property list: \(m); convert it with `plutil -convert xml1` to inspect"
        case .invalidUTF8: what = "text is not valid UTF-8; save the file as UTF-8"
        case .invalidValue(let m): what = "invalid value: \(m)"
        case .unexpectedRootType(let expected, let found):
            what = "the root is \(article(found)) but this file needs \(article(expected))"
        case .nestingTooDeep(let limit):
            what = "nesting deeper than \(limit) levels; the file is likely corrupt or hostile"
        case .empty: what = "the file is empty"
        }
        return where_ + what
    }

    private func article(_ s: String) -> String {
        ("aeiou".contains(s.first ?? "x") ? "an " : "a ") + s
    }
}
