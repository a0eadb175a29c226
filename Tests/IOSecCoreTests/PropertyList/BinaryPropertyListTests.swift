import Foundation
import Testing
@testable import IOSecCore

@Suite struct BinaryPropertyListTests {
    static var object: [String: Any] {
        [
            "flag": true, "off": false, "zero": 0, "one": 1, "big": Int64(1) << 40, "pi": 3.25, "name": "app",
            "blob": Data([9, 8, 7]), "when": Date(timeIntervalSince1970: 1_700_000_000),
            "list": [true, 0, 1, "x"] as [Any], "nested": ["k": ["v"]]
        ]
    }

    static func binary(_ object: Any) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
    }

    @Test func decodesTypesExactly() throws {
        let doc = try PropertyListParser.parse(try Self.binary(Self.object))
        #expect(doc.format == .binary)
        #expect(doc.rootLine == nil)
        let root = try doc.requireDictionaryRoot()
        #expect(root.keys == root.keys.sorted())
        #expect(root["flag"] == .bool(true))
        #expect(root["off"] == .bool(false))
        #expect(root["zero"] == .integer(0))  // not confused with false
        #expect(root["one"] == .integer(1))
        #expect(root["big"] == .integer(1 << 40))
        #expect(root["pi"] == .real(3.25))
        #expect(root["name"] == .string("app"))
        #expect(root["blob"] == .data(Data([9, 8, 7])))
        #expect(root["when"] == .date(Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(root["list"] == .array(.init(values: [.bool(true), .integer(0), .integer(1), .string("x")])))
        #expect(root["nested"]?["k"] == .array(.init(values: [.string("v")])))
        #expect(root.entry("flag")?.keyLine == nil)
    }

    @Test func equalsTheXMLForm() throws {
        let xml = try PropertyListSerialization.data(fromPropertyList: Self.object, format: .xml, options: 0)
        let fromXML = try PropertyListParser.parse(xml)
        let fromBinary = try PropertyListParser.parse(try Self.binary(Self.object))
        #expect(fromXML.root.dictionary?.count == fromBinary.root.dictionary?.count)
        for key in fromBinary.root.dictionary?.keys ?? [] {
            #expect(fromXML.root[key] == fromBinary.root[key], "\(key)")
        }
    }

    @Test func truncatedBinaryIsReported() throws {
        let data = try Self.binary(Self.object)
        for cut in [7, 20, data.count / 2, data.count - 1] {
            #expect {
                try PropertyListParser.parse(data.prefix(cut))
            } throws: { error in
                guard let e = error as? PropertyListError else { return false }
                switch e.kind {
                case .truncatedBinary, .invalidBinary: return e.description.contains("binary property list")
                default: return false
                }
            }
        }
    }

    @Test func arrayRoot() throws {
        let doc = try PropertyListParser.parse(try Self.binary(["a", "b"]))
        #expect(doc.root == .array(.init(values: [.string("a"), .string("b")])))
        #expect(throws: PropertyListError(.unexpectedRootType(expected: "dictionary", found: "array"))) {
            try doc.requireDictionaryRoot()
        }
    }
}
