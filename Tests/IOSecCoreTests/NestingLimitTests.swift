import Foundation
import Testing
@testable import IOSecCore

/// Every recursive reader of untrusted input stops at `ParserLimits.maximumNestingDepth` with one error naming
/// the problem: 100,000 levels never overflow the stack, and exactly the limit is still read.
@Suite struct NestingLimitTests {
    static let limit = ParserLimits.maximumNestingDepth
    static let hostile = 100_000

    static func nested(_ open: String, _ close: String, _ levels: Int, inner: String = "") -> Data {
        Data((String(repeating: open, count: levels) + inner + String(repeating: close, count: levels)).utf8)
    }

    static func isNestingError(_ error: any Error) -> Bool {
        guard let e = error as? PropertyListError else { return false }
        return e.kind == .nestingTooDeep(limit: limit) && e.description.contains("nesting deeper than 512 levels")
    }

    // MARK: Property lists

    @Test func xmlPlist() {
        for data in [
            Self.nested("<array>", "</array>", Self.hostile),
            Self.nested("<dict><key>k</key>", "</dict>", Self.hostile),
            Data(
                ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n"
                    + String(repeating: "<array>\n", count: Self.hostile)).utf8)
        ] {
            #expect { try PropertyListParser.parse(data) } throws: { Self.isNestingError($0) }
        }
    }

    /// The limit counts open containers: 512 arrays holding a value are read, one more is not.
    @Test func xmlPlistAtTheLimit() throws {
        let at = try PropertyListParser.parse(Self.nested("<array>", "</array>", Self.limit, inner: "<true/>"))
        #expect(at.root.array?.count == 1)
        #expect {
            try PropertyListParser.parse(Self.nested("<array>", "</array>", Self.limit + 1, inner: "<true/>"))
        } throws: { Self.isNestingError($0) }
    }

    @Test func openStepPlistAndProject() {
        for data in [
            Self.nested("(", ")", Self.hostile),
            Self.nested("{a=", ";}", Self.hostile),
            Self.nested("{ objects = { A = { isa = XCBuildConfiguration; buildSettings = ", "}; }; }", Self.hostile),
            // An object the project reader skips over is held to the same limit.
            Self.nested("{ objects = { A = { isa = PBXGroup; children = ", "}; }; }", Self.hostile)
        ] {
            #expect { try PropertyListParser.parseOpenStep(data) } throws: { Self.isNestingError($0) }
            #expect { try XcodeProject.parse(data) } throws: { Self.isNestingError($0) }
        }
        #expect(throws: Never.self) {
            try PropertyListParser.parseOpenStep(Self.nested("(", ")", Self.limit, inner: "a"))
        }
        #expect { try PropertyListParser.parseOpenStep(Self.nested("(", ")", Self.limit + 1, inner: "a")) } throws: {
            Self.isNestingError($0)
        }
    }

    @Test func binaryPlist() throws {
        #expect { try PropertyListParser.parse(BinaryPlist.nestedArrays(Self.hostile)) } throws: {
            Self.isNestingError($0)
        }
        #expect { try PropertyListParser.parse(BinaryPlist.nestedArrays(Self.limit + 1)) } throws: {
            Self.isNestingError($0)
        }
        let at = try PropertyListParser.parse(BinaryPlist.nestedArrays(Self.limit))
        #expect(at.format == .binary)
        // Dictionaries nest the same way.
        var plist = BinaryPlist()
        let key = plist.add(BinaryPlist.ascii("k"))
        let levels = Self.hostile
        for level in 0..<levels {
            // Object 0 is the key; dictionary `n` (object n + 1) holds dictionary n + 1.
            plist.add(BinaryPlist.dictionary([(key, level + 2)]))
        }
        plist.add([0x09])
        #expect { try PropertyListParser.parse(plist.data(top: 1)) } throws: { Self.isNestingError($0) }
    }

    // MARK: Association files (JSON)

    @Test func jsonSourceMap() {
        let deep = JSONSourceMap(Array(Self.nested("[", "]", Self.hostile)))
        #expect(deep.syntaxError == .init(line: 1, column: Self.limit + 1))
        let objects = JSONSourceMap(Array(Self.nested("{\"a\":", "}", Self.hostile, inner: "1")))
        #expect(objects.syntaxError == .init(line: 1, column: 5 * Self.limit + 1))
        #expect(objects.position(of: "a.a.a") == .init(line: 1, column: 12))
        let at = JSONSourceMap(Array(Self.nested("[", "]", Self.limit, inner: "\"x\"")))
        #expect(at.syntaxError == nil)
        #expect(at.strings.first?.path == String(repeating: "[0]", count: Self.limit))
        #expect(at.strings.first?.pathSuffix(segments: 2) == "[0][0]")
    }

    @Test func nestingPrecheckCountsOnlyBracketsOutsideStrings() {
        let inString = Array(("[\"" + String(repeating: "[", count: 1_000) + "\\\"]\"]").utf8)
        #expect(JSONSourceMap.firstPosition(nestingDeeperThan: Self.limit, in: inString) == nil)
        let deep = Array(("{\n  \"a\": " + String(repeating: "[", count: Self.hostile)).utf8)
        #expect(
            JSONSourceMap.firstPosition(nestingDeeperThan: Self.limit, in: deep)
                == .init(line: 2, column: 8 + Self.limit - 1))
        #expect(
            JSONSourceMap.firstPosition(nestingDeeperThan: Self.limit, in: Array(Self.nested("[", "]", Self.limit)))
                == nil)
    }

    @Test func associationFile() {
        // Unclosed, 100 KB (under Apple's 128 KB, so the size is not a second issue): exactly one issue.
        let unclosed = AssociationFile.validate(Data(String(repeating: "[", count: Self.hostile).utf8))
        #expect(unclosed.issues.count == 1, "\(unclosed.issues)")
        #expect(
            unclosed.issues.first?.message.contains("nests deeper than 512 levels at line 1, column 513") == true,
            "\(unclosed.issues)")
        #expect(unclosed.file == nil)
        // Well-formed and 200 KB: the size issue, and one about the nesting (not "not valid JSON" as well).
        let closed = AssociationFile.validate(Self.nested("[", "]", Self.hostile))
        #expect(closed.issues.filter { $0.message.contains("nests deeper") }.count == 1)
        #expect(
            closed.issues.filter { !$0.message.contains("nests deeper") }.allSatisfy { $0.message.contains("128 KB") },
            "\(closed.issues)")
        // A syntax error that lenient Foundation skips (a trailing comma) does not hide the nesting from the check.
        let lenient = AssociationFile.validate(
            Data(("{\"a\": [1,], \"b\": " + String(repeating: "[", count: Self.hostile)).utf8))
        #expect(lenient.issues.map(\.message).filter { $0.contains("nests deeper") }.count == 1, "\(lenient.issues)")
        #expect(lenient.issues.count == 1)
        // At the limit the answer is about something else (the shape, where Foundation reads 512 levels), not the depth.
        let at = AssociationFile.validate(Self.nested("[", "]", Self.limit))
        #expect(at.issues.count == 1)
        #expect(!at.issues.contains { $0.message.contains("nests deeper") }, "\(at.issues)")
        let over = AssociationFile.validate(Self.nested("[", "]", Self.limit + 1))
        #expect(over.issues.count == 1)
        #expect(over.issues.first?.message.contains("nests deeper than 512") == true)
    }

    // MARK: Readers on top of the parsers

    @Test func privacyManifestAndEntitlements() throws {
        func plist(_ key: String, _ value: String) -> Data {
            Data("<plist version=\"1.0\"><dict><key>\(key)</key>\(value)</dict></plist>".utf8)
        }
        let hostile = Self.nested("<array>", "</array>", Self.hostile)
        let hostileValue = String(decoding: hostile, as: UTF8.self)
        for key in ["NSPrivacyAccessedAPITypes", "com.apple.developer.associated-domains"] {
            #expect { try PropertyListParser.parse(plist(key, hostileValue)) } throws: { Self.isNestingError($0) }
        }
        // Deep but within the limit (the root dict is the first level): the readers answer with a type issue.
        let deepValue = String(decoding: Self.nested("<array>", "</array>", Self.limit - 1), as: UTF8.self)
        let manifest = try PropertyListParser.parse(plist("NSPrivacyAccessedAPITypes", deepValue))
        let read = PrivacyManifest.read(manifest.root, rootLine: manifest.rootLine)
        #expect(read.issues.map(\.kind) == [.wrongType])
        let entitlements = try PropertyListParser.parse(plist("com.apple.developer.associated-domains", deepValue))
        #expect(Entitlements.read(entitlements.root).issues.count == 1)
    }
}

/// The binary reader checks the object graph before it trusts it: cycles, references, offsets and counts out of
/// range, and containers shared so often the tree would explode are each one error naming the object.
@Suite struct BinaryPropertyListHostileTests {
    static func invalid(_ data: Data, _ fragment: String) -> Bool {
        do {
            _ = try PropertyListParser.parse(data)
            return false
        } catch {
            guard case .invalidBinary(let message) = error.kind else { return false }
            return message.contains(fragment) && error.description.contains("invalid binary property list")
        }
    }

    @Test func cycles() {
        var itself = BinaryPlist()
        itself.add(BinaryPlist.array([0]))
        #expect(Self.invalid(itself.data(), "object 0 contains itself"))

        var loop = BinaryPlist()
        loop.add(BinaryPlist.array([1]))
        loop.add(BinaryPlist.array([2]))
        loop.add(BinaryPlist.array([0]))
        #expect(Self.invalid(loop.data(), "a reference cycle"))

        var throughDictionary = BinaryPlist()
        let key = throughDictionary.add(BinaryPlist.ascii("self"))
        throughDictionary.add(BinaryPlist.dictionary([(key, 1)]))
        #expect(Self.invalid(throughDictionary.data(top: 1), "contains itself"))
    }

    @Test func referencesOffsetsAndCountsOutOfRange() {
        var reference = BinaryPlist()
        reference.add(BinaryPlist.array([7]))
        #expect(Self.invalid(reference.data(), "object reference 7 is out of range (the file has 1 objects)"))

        var offset = BinaryPlist()
        offset.add([0x09])
        #expect(Self.invalid(offset.data(offsets: [1_000_000]), "outside the object area"))
        #expect(Self.invalid(offset.data(offsets: [3]), "outside the object area"))

        // An array claiming 2^40 elements, a string claiming more bytes than there are.
        var count = BinaryPlist()
        count.add([0xAF, 0x13, 0, 0, 1, 0, 0, 0, 0, 0])
        #expect(Self.invalid(count.data(), "claims 1099511627776 elements"))
        var string = BinaryPlist()
        string.add([0x5E, 0x41])
        #expect(Self.invalid(string.data(), "runs past the end of the object area"))
        var utf16 = BinaryPlist()
        utf16.add([0x6F, 0x10, 0x10])
        #expect(Self.invalid(utf16.data(), "runs past the end"))

        // A dictionary key that is not a string; a set, which no property list holds.
        var key = BinaryPlist()
        let number = key.add([0x10, 0x01])
        key.add(BinaryPlist.dictionary([(number, number)]))
        #expect(Self.invalid(key.data(top: 1), "is not a string"))
        var set = BinaryPlist()
        set.add([0xC0])
        #expect(Self.invalid(set.data(), "not a property-list value"))
    }

    @Test func trailerOutOfRange() {
        var plist = BinaryPlist()
        plist.add([0x09])
        #expect {
            try PropertyListParser.parse(plist.data(top: 5))
        } throws: { ($0 as? PropertyListError)?.description.contains("truncated binary property list") == true }
    }

    @Test func sharedContainersCannotExplode() throws {
        // 60 arrays, each holding the next twice: 2^60 values once expanded, from a file of 600 bytes.
        var bomb = BinaryPlist()
        for level in 0..<60 { bomb.add(level == 59 ? [0x09] : BinaryPlist.array([level + 1, level + 1])) }
        #expect(Self.invalid(bomb.data(), "shared so often"))

        // Sharing a leaf (as every writer does for repeated strings) is fine.
        var shared = BinaryPlist()
        shared.add(BinaryPlist.array(Array(repeating: 1, count: 1_000)))
        shared.add(BinaryPlist.ascii("YES"))
        let doc = try PropertyListParser.parse(shared.data())
        #expect(doc.root.array?.values == Array(repeating: .string("YES"), count: 1_000))
    }

    @Test func valuesDecodeLikeFoundationWroteThem() throws {
        let object: [String: Any] = [
            "café": "naïve ✓ 🔐", "max": UInt64.max, "negative": -42, "byte": 200, "short": 40_000, "float": Float(1.5),
            "empty": [String: Any](), "list": [[1, 2], ["x": Data([1, 2, 3])]] as [Any]
        ]
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let xml = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        let fromBinary = try PropertyListParser.parse(binary).root
        let fromXML = try PropertyListParser.parse(xml).root
        for key in object.keys { #expect(fromBinary[key] == fromXML[key], "\(key)") }
        #expect(fromBinary["café"] == .string("naïve ✓ 🔐"))
        #expect(fromBinary["negative"] == .integer(-42))
        #expect(fromBinary["max"] == .integer(-1))  // the bit pattern, as the XML reader keeps it
        #expect(fromBinary["float"] == .real(1.5))
    }

    @Test func keyedArchiverUIDsReadAsPlutilShowsThem() throws {
        var plist = BinaryPlist()
        plist.add([0x80, 0x07])
        #expect(
            try PropertyListParser.parse(plist.data()).root
                == .dictionary(PropertyListDictionary(["CF$UID": .integer(7)])))
    }
}

/// Writes binary property lists object by object, so tests can build what no writer would: cycles, references
/// and offsets out of range, shared containers. References and offsets take 4 bytes.
struct BinaryPlist {
    private(set) var objects: [[UInt8]] = []

    @discardableResult
    mutating func add(_ object: [UInt8]) -> Int {
        objects.append(object)
        return objects.count - 1
    }

    static func be(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    }

    /// A marker with its count: in the low nibble up to 14, else 0xF and an integer object.
    static func header(_ type: UInt8, _ count: Int) -> [UInt8] {
        count < 15 ? [type << 4 | UInt8(count)] : [type << 4 | 0x0F, 0x12] + be(count, 4)
    }

    static func array(_ refs: [Int]) -> [UInt8] { header(0xA, refs.count) + references(refs) }

    static func dictionary(_ entries: [(key: Int, value: Int)]) -> [UInt8] {
        header(0xD, entries.count) + references(entries.map(\.key)) + references(entries.map(\.value))
    }

    /// 4-byte references, written in place (the large-input tests write millions).
    static func references(_ refs: [Int]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: refs.count * 4) { buffer, initialized in
            for (k, ref) in refs.enumerated() {
                for b in 0..<4 { buffer[4 * k + b] = UInt8(truncatingIfNeeded: ref >> (8 * (3 - b))) }
            }
            initialized = refs.count * 4
        }
    }

    static func ascii(_ s: String) -> [UInt8] { header(0x5, s.utf8.count) + Array(s.utf8) }

    /// `levels` arrays, each holding the next; the innermost holds `true`.
    static func nestedArrays(_ levels: Int) -> Data {
        var plist = BinaryPlist()
        for level in 0..<levels { plist.add(array([level + 1])) }
        plist.add([0x09])
        return plist.data()
    }

    func data(top: Int = 0, offsets: [Int]? = nil) -> Data {
        var out = Array("bplist00".utf8)
        var written: [Int] = []
        for object in objects {
            written.append(out.count)
            out += object
        }
        let table = out.count
        for offset in offsets ?? written { out += Self.be(offset, 4) }
        out += [0, 0, 0, 0, 0, 0, 4, 4] + Self.be(objects.count, 8) + Self.be(top, 8) + Self.be(table, 8)
        return Data(out)
    }
}
