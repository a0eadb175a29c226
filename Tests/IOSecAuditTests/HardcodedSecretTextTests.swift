import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import IOSecAudit

/// `secrets.hardcoded` reads `NAME=value` inside a literal by bytes when the text is ASCII; it must read exactly
/// what the reading by Character reads.
@Suite struct HardcodedSecretTextTests {
    @Test(arguments: [
        "MAS_API_KEY=8767086b9f6f", "api_key: abc123", "https://example.com/a?b=c", " token =  x1 ", "\tkey:\tv",
        "Hello world: %@", "a=b=c", "=value", "key=", "key = two words", "HH:mm", "x.y-z_w=1", "k:v:w", "",
        "no separator", "key\t=\tvalue\t", "🔑=x"
    ])
    func asciiReadingMatchesTheReadingByCharacter(text: String) {
        let byCharacter = HardcodedSecretRule.unicodeAssignmentInText(text)
        let read = HardcodedSecretRule.assignmentInText(text)
        #expect(read?.0 == byCharacter?.0 && read?.1 == byCharacter?.1)
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let ascii = HardcodedSecretRule.asciiAssignmentInText(text)
            #expect(ascii?.0 == byCharacter?.0 && ascii?.1 == byCharacter?.1)
        }
    }

    @Test func configurationLinesAreRead() {
        #expect(HardcodedSecretRule.assignmentInText("MAS_API_KEY=8767086b9f6f")! == ("MAS_API_KEY", "8767086b9f6f"))
        #expect(HardcodedSecretRule.assignmentInText("Hello world: %@") == nil)
    }
}

/// `HardcodedSecretRule.wantsLiteral(_:)` decides from the raw tree which literals the rule sees: it may let through
/// a literal the rule then passes over, never hold back one the rule reports.
@Suite(.serialized) struct HardcodedSecretLiteralFilterTests {
    /// The rule without its filter: every literal of four bytes or more reaches it.
    struct UnfilteredHardcodedSecretRule: SwiftVisitor {
        static let nodeKinds: Set<SyntaxKind> = [.stringLiteralExpr]
        static let subscription = Subscription(literals: .atLeast(HardcodedSecretRule.shortestSecret))
        var rule = HardcodedSecretRule()
        mutating func visit(_ node: StringLiteralExprSyntax, in file: SwiftFile) { rule.visit(node, in: file) }
    }

    static func findings(_ source: String, _ rule: any SwiftVisitor.Type) -> [String] {
        let file = SwiftFile(path: "App/Config.swift", bytes: Array(source.utf8), tree: Parser.parse(source: source))
        RuleDispatcher(ruleTypes: [rule], file: file).run()
        return file.findings.map { "\($0.line):\($0.column) \($0.message)" }
    }

    static let shapes = #"""
        let adminPassword = "Winter#2019"
        var apiToken: String = "tok3n-value"
        enum Keys: String { case sessionToken = "abcd1234" }
        func login(password: String = "hunter22") {}
        struct S {
            var apiSecret: String { "s3cr3t-v" }
            func clientSecret() -> String { return "c1ient!" }
            var pin: String { get { "0000" } }
        }
        func f() {
            account.pin = "4321"
            params["password"] = "pa55word"
            defaults.set("9931x", forKey: "PIN")
            request.setValue("k3y-v4l", forHTTPHeaderField: "X-Api-Key")
            api.storeCredentials(user: "ops", password: "letmein42")
            let d = ["password": "pw-123456", token: "tkn-9876"]
            let key = "k3yMat3rial".data(using: .utf8)!
            let salt = Data("s4ltv4lue".utf8)
            let bytes = Array("pinvalue".utf8)
            let raw = "otpcode9".utf8
            (x).password = "tupl3pw"
            a as? B = "castpw1"
            let label = "MAS_API_KEY=8767086b9f6f"
            let short = "PIN=1234"
            let hello = "Hello"
            title = "Welcome"
            let secretKeyName = "passcode"
            let u = "\(host)?password=pw12"
            let long = "sk_live_51H8abcdefghijklmnopqrstuv"
        }
        """#

    @Test func theFilterHoldsBackNoLiteralTheRuleReportsInShapesItReads() {
        let reported = Self.findings(Self.shapes, UnfilteredHardcodedSecretRule.self)
        #expect(reported.count >= 15)
        #expect(Self.findings(Self.shapes, HardcodedSecretRule.self) == reported)
    }

    /// The same over every Swift file of the examples and the labelled corpus.
    @Test func theFilterHoldsBackNoLiteralTheRuleReportsInTheCorpus() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var files = 0, reports = 0
        for folder in ["Examples", "Tests/Corpus"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".swift") else { continue }
                let url = root.appendingPathComponent(folder).appendingPathComponent(path)
                let source = String(decoding: try Data(contentsOf: url), as: UTF8.self)
                let reported = Self.findings(source, UnfilteredHardcodedSecretRule.self)
                #expect(Self.findings(source, HardcodedSecretRule.self) == reported, "\(folder)/\(path)")
                files += 1
                reports += reported.count
            }
        }
        #expect(files > 100)
        #expect(reports > 10)
    }

    /// What reaches a visitor through the rule's filter.
    struct FilterProbe: SwiftVisitor {
        nonisolated(unsafe) static var seen: [String] = []
        static let nodeKinds: Set<SyntaxKind> = [.stringLiteralExpr]
        static let subscription = HardcodedSecretRule.subscription
        mutating func visit(_ node: StringLiteralExprSyntax, in file: SwiftFile) {
            Self.seen.append(node.trimmedDescription)
        }
    }

    /// Most literals are never made: labels and keys passed where no name says secret.
    @Test func labelsAreHeldBackAndNamedValuesLetThrough() {
        let source = #"""
            Text("Settings")
            let title = "Welcome"
            label.text = "Hello"
            Image(systemName: "xmark")
            let greeting = "Hi \(name)!"
            let password = "abcd"
            store(token: "t0ken")
            let url = "https://example.com/v1"
            let line = "PASSWORD=abcd"
            let pair = ("x", "tupl")
            let message = "Your session has expired, sign in again"
            let encryptionKey = "0123456789abcdef0123"
            let stripe = "sk_live_51H8abcdefghijklmnopqrstuv\(suffix)"
            """#
        FilterProbe.seen = []
        _ = Self.findings(source, FilterProbe.self)
        #expect(
            FilterProbe.seen == [
                #""abcd""#, #""t0ken""#, #""PASSWORD=abcd""#, #""0123456789abcdef0123""#,
                #""sk_live_51H8abcdefghijklmnopqrstuv\(suffix)""#
            ])
    }
}
