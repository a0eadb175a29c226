import Foundation
import Testing
@testable import IOSecCore

@Suite struct SPKIPinTests {
    @Test func ecCertificatePinMatchesOpenSSL() throws {
        let der = try #require(CertificateChainReader.certificates(inPEM: PinFixtures.ecPEM).first)
        #expect(try SPKIPin(certificateDER: der).base64 == PinFixtures.ecPin)
    }

    @Test func rsaCertificatePinMatchesOpenSSL() throws {
        let der = try #require(CertificateChainReader.certificates(inPEM: PinFixtures.rsaPEM).first)
        #expect(try SPKIPin(certificateDER: der).base64 == PinFixtures.rsaPin)
    }

    @Test func pemChainYieldsEveryCertificateInOrder() throws {
        let text =
            "leading junk\n" + PinFixtures.ecPEM + "\n-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"
            + PinFixtures.rsaPEM + "\ntrailer"
        let chain = try CertificateChainReader.certificates(inPEM: text)
        #expect(try chain.map { try SPKIPin(certificateDER: $0).base64 } == [PinFixtures.ecPin, PinFixtures.rsaPin])
    }

    @Test func crlfLineEndingsAreAccepted() throws {
        let text = PinFixtures.ecPEM.replacingOccurrences(of: "\n", with: "\r\n")
        let der = try #require(CertificateChainReader.certificates(inPEM: text).first)
        #expect(try SPKIPin(certificateDER: der).base64 == PinFixtures.ecPin)
    }

    @Test func derInputIsDetected() throws {
        let der = try #require(CertificateChainReader.certificates(inPEM: PinFixtures.ecPEM).first)
        let chain = try CertificateChainReader.certificates(in: Data(der))
        #expect(chain == [der])
    }

    @Test func textWithoutCertificateIsRejected() {
        #expect(throws: SPKIPinError.noCertificateFound) {
            try CertificateChainReader.certificates(in: Data("hello".utf8))
        }
        #expect(throws: SPKIPinError.noCertificateFound) { try CertificateChainReader.certificates(inPEM: "") }
    }

    @Test func truncatedPEMIsRejected() {
        let truncated = String(PinFixtures.ecPEM.prefix(200))
        #expect(throws: SPKIPinError.malformedPEM(block: 1)) {
            try CertificateChainReader.certificates(inPEM: truncated)
        }
    }

    @Test func badBase64IsRejected() {
        let text = "-----BEGIN CERTIFICATE-----\n!!!notbase64!!!\n-----END CERTIFICATE-----\n"
        #expect(throws: SPKIPinError.malformedPEM(block: 1)) { try CertificateChainReader.certificates(inPEM: text) }
    }

    @Test func truncatedDERIsRejected() throws {
        let der = try #require(CertificateChainReader.certificates(inPEM: PinFixtures.ecPEM).first)
        #expect(throws: SPKIPinError.notDER) { try SPKIPin(certificateDER: der.prefix(100)) }
        #expect(throws: SPKIPinError.notDER) { try SPKIPin(certificateDER: [UInt8]()) }
    }

    @Test func derThatIsNotACertificateIsRejected() {
        // SEQUENCE { INTEGER 1 }
        #expect(throws: SPKIPinError.notACertificate) { try SPKIPin(certificateDER: [0x30, 0x03, 0x02, 0x01, 0x01]) }
        // A bare INTEGER.
        #expect(throws: SPKIPinError.notACertificate) { try SPKIPin(certificateDER: [0x02, 0x01, 0x01]) }
    }

    @Test func randomBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        for length in [1, 2, 16, 300, 5000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = try? SPKIPin(certificateDER: [0x30] + bytes)
            _ = try? CertificateChainReader.certificates(in: Data(bytes))
        }
    }

    @Test func base64InitValidatesLengthAndCanonicalises() {
        #expect(SPKIPin(base64: PinFixtures.ecPin)?.base64 == PinFixtures.ecPin)
        #expect(SPKIPin(base64: "  \(PinFixtures.ecPin)\n") == SPKIPin(base64: PinFixtures.ecPin))
        #expect(SPKIPin(base64: "AAAA") == nil)  // 3 bytes
        #expect(SPKIPin(base64: "not base64") == nil)
        #expect(SPKIPin(base64: "") == nil)
    }

    @Test func codableRoundTripAndRejection() throws {
        let pin = try #require(SPKIPin(base64: PinFixtures.ecPin))
        let data = try JSONEncoder().encode([pin])
        #expect(String(decoding: data, as: UTF8.self).contains("AXf65TUiSuFz"))
        #expect(try JSONDecoder().decode([SPKIPin].self, from: data) == [pin])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([SPKIPin].self, from: Data(#"["xyz"]"#.utf8)) }
    }

    @Test(.timeLimit(.minutes(2))) func largePEMBundleIsReadInLinearTime() throws {
        let bundle = String(repeating: PinFixtures.ecPEM + "\n", count: 2000)
        let count = (try? CertificateChainReader.certificates(inPEM: bundle).count) ?? -1
        #expect(count == 2000)
    }
}
