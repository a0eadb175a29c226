import Foundation
import IOSecKitBase
import IOSecKitTestSupport
import Testing
@testable import IOSecKit

@Suite struct PinningEvaluatorTests {
    static let unrelatedPin = Data(repeating: 0x11, count: 32).base64EncodedString()
    static let backupPin = Data(repeating: 0x22, count: 32).base64EncodedString()

    let ca: TestCertificateAuthority
    let leaf: TestIdentity

    init() throws {
        ca = try TestCertificateAuthority()
        leaf = try ca.issueServerCertificate()
    }

    @Test func atLeastTwoPinsAreRequiredUnlessOverridden() throws {
        #expect(throws: PinConfigurationError.missingBackupPin(host: "api.example.com")) {
            try PinnedDomain(host: "api.example.com", pins: [leaf.spkiPinFromKey])
        }
        let single = try PinnedDomain(host: "api.example.com", pins: [leaf.spkiPinFromKey], allowSinglePin: true)
        #expect(single.pins.count == 1)
        // The same pin twice is still one pin.
        #expect(throws: PinConfigurationError.missingBackupPin(host: "a.example")) {
            try PinnedDomain(host: "a.example", pins: [leaf.spkiPinFromKey, leaf.spkiPinFromKey])
        }
    }

    @Test func badConfigurationIsRejectedWithAdvice() {
        #expect(throws: PinConfigurationError.invalidPin(host: "a.example", value: "abc")) {
            try PinnedDomain(host: "a.example", pins: ["abc", Self.backupPin])
        }
        #expect(throws: PinConfigurationError.noPins(host: "a.example")) {
            try PinnedDomain(host: "a.example", pins: [])
        }
        #expect(throws: PinConfigurationError.invalidHost(" ")) { try PinnedDomain(host: " ", pins: [Self.backupPin]) }
        #expect(throws: PinConfigurationError.urlNotHost("https://a.example/")) {
            try PinnedDomain(host: "https://a.example/", pins: [Self.backupPin])
        }
        #expect(PinConfigurationError.missingBackupPin(host: "x").description.contains("backup"))
        #expect(throws: PinConfigurationError.duplicateHost("a.example")) {
            let domain = try PinnedDomain(host: "A.example.", pins: [Self.backupPin, Self.unrelatedPin])
            _ = try PinSet([domain, domain])
        }
    }

    @Test func hostLookupPrefersExactThenClosestParentWithSubdomains() throws {
        let parent = try PinnedDomain(
            host: "example.com", pins: [Self.backupPin, Self.unrelatedPin], includesSubdomains: true)
        let api = try PinnedDomain(host: "api.example.com", pins: [Self.backupPin, leaf.spkiPinFromKey])
        let noSubs = try PinnedDomain(host: "exact.org", pins: [Self.backupPin, Self.unrelatedPin])
        let set = try PinSet([parent, api, noSubs])
        #expect(set.domain(for: "API.Example.com.")?.host == "api.example.com")
        #expect(set.domain(for: "cdn.example.com")?.host == "example.com")
        #expect(set.domain(for: "deep.cdn.example.com")?.host == "example.com")
        #expect(set.domain(for: "example.com")?.host == "example.com")
        #expect(set.domain(for: "badexample.com") == nil)
        #expect(set.domain(for: "exact.org")?.host == "exact.org")
        #expect(set.domain(for: "sub.exact.org") == nil)
    }

    func evaluator(
        _ pins: [String], mode: PinSet.Mode = .enforce, expires: Date? = nil,
        now: Date = Date(), reports: ReportBox? = nil
    ) throws -> PinningEvaluator {
        let domain = try PinnedDomain(host: "127.0.0.1", pins: pins, expires: expires)
        return PinningEvaluator(
            pins: try PinSet([domain], mode: mode), reporter: reports?.reporter, now: { now })
    }

    @Test func anyCertificateInTheChainMayMatch() throws {
        let chain = [leaf.der, ca.identity.der]
        let leafMatch = try evaluator([leaf.spkiPinFromKey, Self.backupPin]).evaluate(host: "127.0.0.1", chain: chain)
        #expect(leafMatch.outcome == .matched(pin: SPKIPin(base64: leaf.spkiPinFromKey)!, certificateIndex: 0))
        #expect(leafMatch.allowsConnection && leafMatch.report == nil)
        let caMatch = try evaluator([Self.unrelatedPin, ca.identity.spkiPinFromKey]).evaluate(
            host: "127.0.0.1", chain: chain)
        #expect(caMatch.outcome == .matched(pin: SPKIPin(base64: ca.identity.spkiPinFromKey)!, certificateIndex: 1))
    }

    @Test func mismatchBlocksAndReportsInEnforceMode() throws {
        let reports = ReportBox()
        let result = try evaluator([Self.unrelatedPin, Self.backupPin], reports: reports)
            .evaluate(host: "127.0.0.1", port: 443, chain: [leaf.der])
        #expect(result.outcome == .mismatch)
        #expect(!result.allowsConnection)
        #expect(reports.all.count == 1)
        let report = try #require(reports.all.first)
        #expect(report.enforced && report.outcome == "pin-mismatch" && report.port == 443)
        #expect(report.servedChainPins == [leaf.spkiPinFromKey])
        #expect(report.knownPins == [Self.unrelatedPin, Self.backupPin].sorted())
    }

    @Test func reportOnlyModeAllowsButReports() throws {
        let reports = ReportBox()
        let result = try evaluator([Self.unrelatedPin, Self.backupPin], mode: .reportOnly, reports: reports)
            .evaluate(host: "127.0.0.1", chain: [leaf.der])
        #expect(result.outcome == .mismatch && result.allowsConnection)
        #expect(reports.all.first?.enforced == false)
    }

    @Test func expiredPinsFailOpenWithAReport() throws {
        let now = Date()
        let reports = ReportBox()
        let result = try evaluator(
            [Self.unrelatedPin, Self.backupPin], expires: now.addingTimeInterval(-1), now: now,
            reports: reports
        ).evaluate(host: "127.0.0.1", chain: [leaf.der])
        #expect(result.outcome == .pinsExpired && result.allowsConnection)
        #expect(reports.all.first?.outcome == "pins-expired")
    }

    @Test func unpinnedHostsAreNotChecked() throws {
        let result = try evaluator([Self.unrelatedPin, Self.backupPin]).evaluate(host: "other.example", chain: [])
        #expect(result.outcome == .notPinned && result.allowsConnection)
    }

    @Test func emptyOrGarbageChainIsRejected() throws {
        let pins = [leaf.spkiPinFromKey, Self.backupPin]
        #expect(try evaluator(pins).evaluate(host: "127.0.0.1", chain: []).outcome == .unreadableChain)
        #expect(try !evaluator(pins).evaluate(host: "127.0.0.1", chain: [[0x30, 0x00]]).allowsConnection)
        // A garbage certificate does not hide a matching one.
        #expect(try evaluator(pins).evaluate(host: "127.0.0.1", chain: [[1, 2, 3], leaf.der]).allowsConnection)
    }

    @Test func pinComputedByCoreMatchesPinFromKey() throws {
        #expect(try SPKIPin(certificateDER: leaf.der).base64 == leaf.spkiPinFromKey)
        #expect(try SPKIPin(certificateDER: ca.identity.der).base64 == ca.identity.spkiPinFromKey)
    }
}

typealias ReportBox = Collected<PinValidationReport>
