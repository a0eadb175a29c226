import Foundation
import Testing
@testable import IOSecCore

@Suite struct ATSEvaluationTests {
    static func evaluate(_ body: String) throws -> ATSEvaluation {
        let xml = "<plist>\n<dict>\n<key>NSAppTransportSecurity</key>\n<dict>\n" + body + "\n</dict>\n</dict>\n</plist>"
        let info = try PropertyListParser.parse(Data(xml.utf8)).requireDictionaryRoot()
        let entry = try #require(info.entry("NSAppTransportSecurity"))
        return ATSEvaluation.evaluate(entry.value, line: entry.keyLine)
    }

    @Test func arbitraryLoadsAlone() throws {
        let ats = try Self.evaluate("<key>NSAllowsArbitraryLoads</key>\n<true/>")
        #expect(
            ats.facts == [
                .init(
                    kind: .arbitraryLoads(ignoredOnModernOS: false, ignoringKeys: []),
                    keyPath: "NSAppTransportSecurity.NSAllowsArbitraryLoads", line: 5)
            ])
        #expect(ats.weakensTransportSecurity)
    }

    @Test func inWebContentMakesArbitraryLoadsIgnored() throws {
        let ats = try Self.evaluate(
            """
            <key>NSAllowsArbitraryLoads</key><true/>
            <key>NSAllowsArbitraryLoadsInWebContent</key><false/>
            """)
        #expect(
            ats.facts.map(\.kind) == [
                .arbitraryLoads(ignoredOnModernOS: true, ignoringKeys: ["NSAllowsArbitraryLoadsInWebContent"])
            ])
        #expect(!ats.weakensTransportSecurity)
        let both = try Self.evaluate(
            """
            <key>NSAllowsArbitraryLoadsInWebContent</key><true/>
            <key>NSAllowsArbitraryLoadsForMedia</key><true/>
            <key>NSAllowsLocalNetworking</key><true/>
            """)
        #expect(both.facts.map(\.kind) == [.arbitraryLoadsInWebContent, .arbitraryLoadsForMedia, .localNetworking])
    }

    @Test func falseAndAbsentProduceNothing() throws {
        #expect(try Self.evaluate("<key>NSAllowsArbitraryLoads</key><false/>").facts.isEmpty)
        #expect(try Self.evaluate("").facts.isEmpty)
    }

    @Test func stringYesIsAWrongTypeNotTrue() throws {
        let ats = try Self.evaluate("<key>NSAllowsArbitraryLoads</key><string>YES</string>")
        #expect(
            ats.facts.map(\.kind) == [.wrongType(key: "NSAllowsArbitraryLoads", expected: "boolean", found: "string")])
        #expect(!ats.weakensTransportSecurity)
    }

    @Test func exceptionDomains() throws {
        let ats = try Self.evaluate(
            """
            <key>NSExceptionDomains</key>
            <dict>
              <key>legacy.example.com</key>
              <dict>
                <key>NSIncludesSubdomains</key><true/>
                <key>NSExceptionAllowsInsecureHTTPLoads</key><true/>
                <key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string>
                <key>NSExceptionRequiresForwardSecrecy</key><false/>
              </dict>
              <key>cdn.partner.com</key>
              <dict>
                <key>NSThirdPartyExceptionAllowsInsecureHTTPLoads</key><true/>
                <key>NSThirdPartyExceptionMinimumTLSVersion</key><string>TLSv1.2</string>
                <key>NSTemporaryExceptionMinimumTLSVersion</key><string>SSLv3</string>
              </dict>
              <key>localhost</key>
              <dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
              <key>good.example.com</key>
              <dict><key>NSExceptionRequiresForwardSecrecy</key><true/></dict>
            </dict>
            """)
        #expect(
            ats.facts.map(\.kind) == [
                .insecureHTTPLoads(domain: "legacy.example.com", includesSubdomains: true, isLocal: false),
                .minimumTLSBelow12(domain: "legacy.example.com", version: "TLSv1.0", isLocal: false),
                .forwardSecrecyDisabled(domain: "legacy.example.com", isLocal: false),
                .insecureHTTPLoads(domain: "cdn.partner.com", includesSubdomains: false, isLocal: false),
                .unknownTLSVersion(domain: "cdn.partner.com", value: "SSLv3"),
                .insecureHTTPLoads(domain: "localhost", includesSubdomains: false, isLocal: true)
            ])
        #expect(
            ats.facts[1].keyPath
                == "NSAppTransportSecurity.NSExceptionDomains.legacy.example.com.NSExceptionMinimumTLSVersion")
        #expect(ats.facts[1].line == 11)
        #expect(ats.weakensTransportSecurity)
    }

    @Test func localOnlyExceptionsDoNotWeaken() throws {
        let ats = try Self.evaluate(
            """
            <key>NSExceptionDomains</key>
            <dict><key>127.0.0.1</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>
            """)
        #expect(!ats.weakensTransportSecurity)
        #expect(ATSEvaluation.isLocalHost("printer.local"))
        #expect(ATSEvaluation.isLocalHost("devbox"))
        #expect(ATSEvaluation.isLocalHost("172.20.1.1"))
        #expect(!ATSEvaluation.isLocalHost("172.40.1.1"))
        #expect(!ATSEvaluation.isLocalHost("api.example.com"))
    }

    @Test func pinnedDomains() throws {
        let ats = try Self.evaluate(
            """
            <key>NSPinnedDomains</key>
            <dict>
              <key>api.example.com</key>
              <dict>
                <key>NSIncludesSubdomains</key><true/>
                <key>NSPinnedCAIdentities</key>
                <array><dict><key>SPKI-SHA256-BASE64</key><string>r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=</string></dict></array>
              </dict>
              <key>empty.example.com</key>
              <dict><key>NSPinnedLeafIdentities</key><array/></dict>
            </dict>
            """)
        #expect(
            ats.facts.map(\.kind) == [
                .pinnedDomain(domain: "api.example.com", hasPins: true),
                .pinnedDomain(domain: "empty.example.com", hasPins: false)
            ])
        #expect(ats.hasPinnedDomains)
    }

    @Test func wrongShapes() throws {
        #expect(
            ATSEvaluation.evaluate(.string("x"), line: 3).facts == [
                .init(
                    kind: .wrongType(key: "NSAppTransportSecurity", expected: "dictionary", found: "string"),
                    keyPath: "NSAppTransportSecurity", line: 3)
            ])
        let ats = try Self.evaluate(
            """
            <key>NSExceptionDomains</key><array/>
            <key>NSPinnedDomains</key><string>x</string>
            """)
        #expect(
            ats.facts.map(\.kind) == [
                .wrongType(key: "NSExceptionDomains", expected: "dictionary", found: "array"),
                .wrongType(key: "NSPinnedDomains", expected: "dictionary", found: "string")
            ])
    }

    @Test func binaryPlistHasNoLines() throws {
        let plist: [String: Any] = ["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true]]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let info = try PropertyListParser.parse(data).requireDictionaryRoot()
        let ats = ATSEvaluation.evaluate(try #require(info["NSAppTransportSecurity"]))
        #expect(ats.facts.count == 1)
        #expect(ats.facts.first?.line == nil)
    }
}
