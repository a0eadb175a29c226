import Foundation
import Testing
@testable import IOSecCore

@Suite struct PinFormatterTests {
    func infos() throws -> [CertificatePinInfo] {
        try PinFormatter.describe(CertificateChainReader.certificates(inPEM: PinFixtures.ecPEM + PinFixtures.rsaPEM))
    }

    @Test func describeReadsSubjectIssuerExpiryAndPins() throws {
        let infos = try infos()
        #expect(infos.count == 2)
        #expect(infos[0].subject.contains("CN=pin-fixture.example"))
        #expect(infos[0].subject == infos[0].issuer)  // self-signed fixture
        #expect(infos[0].pin.base64 == PinFixtures.ecPin)
        #expect(infos[1].pin.base64 == PinFixtures.rsaPin)
        // openssl -days 3650 from 2026-11-22: expires in 2036.
        #expect(Calendar(identifier: .gregorian).component(.year, from: infos[0].notValidAfter) == 2036)
        // openssl req -x509 marks its certificates as CA (basicConstraints CA:TRUE).
        #expect(infos[0].isCertificateAuthority)
        #expect(infos.map(\.position) == [0, 1])
    }

    @Test func textListsEveryPinAndTheReminder() throws {
        let text = PinFormatter.text(try infos(), source: "chain.pem")
        #expect(text.contains("pin:       \(PinFixtures.ecPin)"))
        #expect(text.contains("pin:       \(PinFixtures.rsaPin)"))
        #expect(text.contains("not after: 2036-11-19"))
        #expect(text.contains("backup pin"))
    }

    @Test func plistSnippetIsWellFormedAndPutsCAsUnderCAIdentities() throws {
        let snippet = PinFormatter.pinnedDomainsPlist(try infos(), host: "api.example.com", includesSubdomains: true)
        #expect(snippet.contains("<key>NSPinnedCAIdentities</key>"))
        #expect(!snippet.contains("NSPinnedLeafIdentities"))
        #expect(snippet.contains("<string>\(PinFixtures.ecPin)</string>"))
        #expect(snippet.contains("<true/>"))
        // The snippet parses as a property list once wrapped in a document.
        let document =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>\(snippet)</dict></plist>"
        let parsed =
            try PropertyListSerialization.propertyList(from: Data(document.utf8), format: nil) as? [String: Any]
        let ats = try #require(parsed?["NSAppTransportSecurity"] as? [String: Any])
        let domains = try #require(ats["NSPinnedDomains"] as? [String: Any])
        let domain = try #require(domains["api.example.com"] as? [String: Any])
        let identities = try #require(domain["NSPinnedCAIdentities"] as? [[String: String]])
        #expect(identities.map { $0["SPKI-SHA256-BASE64"] } == [PinFixtures.ecPin, PinFixtures.rsaPin])
        #expect(domain["NSIncludesSubdomains"] as? Bool == true)
    }

    @Test func plistSnippetEscapesHostileText() throws {
        var infos = try infos()
        infos[0].subject = "CN=<evil>&--"
        let snippet = PinFormatter.pinnedDomainsPlist(infos, host: "a&b", includesSubdomains: false)
        #expect(snippet.contains("CN=&lt;evil&gt;&amp;- -"))
        #expect(snippet.contains("<key>a&amp;b</key>"))
    }

    @Test func swiftSnippetHasPinsAndABackupPlaceholderWhenNeeded() throws {
        let both = PinFormatter.pinSetSwift(try infos(), host: "api.example.com", includesSubdomains: false)
        #expect(both.contains("\"\(PinFixtures.ecPin)\","))
        #expect(both.contains("\"\(PinFixtures.rsaPin)\","))
        #expect(!both.contains("BACKUP-PIN"))
        let one = PinFormatter.pinSetSwift(Array(try infos().prefix(1)), host: "x\"y", includesSubdomains: true)
        #expect(one.contains("BACKUP-PIN"))
        #expect(one.contains("host: \"x\\\"y\""))
        #expect(one.contains("includesSubdomains: true"))
    }

    @Test func jsonRoundTrips() throws {
        let json = PinFormatter.json(try infos(), host: "api.example.com")
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["host"] as? String == "api.example.com")
        let certificates = try #require(object?["certificates"] as? [[String: Any]])
        #expect(certificates.map { $0["pin"] as? String } == [PinFixtures.ecPin, PinFixtures.rsaPin])
        #expect((object?["reminder"] as? String)?.contains("backup") == true)
    }

    @Test func describeRejectsGarbage() throws {
        #expect(throws: SPKIPinError.notDER) { try PinFormatter.describe([[0x30, 0x82, 0x01]]) }
        #expect(try PinFormatter.describe([]) == [])
    }
}
