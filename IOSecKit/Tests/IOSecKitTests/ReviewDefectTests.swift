import Foundation
import IOSecKitTestSupport
import Testing
@testable import IOSecKit

/// One test per defect of the IOSecKit review (leaks and losses); each failed before its fix.
@Suite struct ReviewDefectTests {
    // MARK: 1. The redactor leaks

    let redactor = Redactor()

    @Test func d1_escapedJSONInsideAStringIsRedacted() {
        #expect(redactor.redact(#"{\"pin\":\"2741\"}"#) == #"{\"pin\":\"[REDACTED:pin]\"}"#)
        let described = String(describing: ["body": #"{"pin":"2741","user":"al"}"#])
        #expect(!redactor.redact(described).contains("2741"))
    }

    @Test func d1_optionalFieldsAreRedacted() {
        #expect(
            redactor.redact(#"Vault(secret: Optional("s3cr3t"))"#) == #"Vault(secret: Optional("[REDACTED:secret]"))"#)
    }

    @Test func d1_multiWordValuesAreRedactedWhole() {
        #expect(redactor.redact("passphrase: purple monkey dishwasher") == "passphrase: [REDACTED:password]")
        #expect(redactor.redact("passphrase: purple monkey user=al") == "passphrase: [REDACTED:password] user=al")
    }

    @Test func d1_everyCookieOfACookieHeaderIsRedacted() {
        let out = redactor.redact("Cookie: theme=dark; sid=abc123xyz; csrftoken=q9w8e7")
        #expect(!out.contains("abc123xyz") && !out.contains("q9w8e7"))
    }

    @Test func d1_authIsASensitiveKey() {
        #expect(redactor.redact("GET /feed?auth=9f8e7d6c&page=2") == "GET /feed?auth=[REDACTED:credential]&page=2")
    }

    @Test func d1_theUnifiedLogGetsOnlyTheEventKindInPublic() {
        let event = SecurityEvent(
            date: Date(), kind: .sessionExpired, severity: nil, message: "user al@example.com", metadata: ["id": "s-1"])
        let entry = UnifiedLogEntry(event)
        #expect(entry.publicPart == "sessionExpired")
        #expect(entry.privatePart == "user al@example.com id=s-1")
    }

    // MARK: 2. A biometric secret can stay unprotected

    static let biometric: KeychainAccessControlFlags = [.biometryCurrentSet, .or, .devicePasscode]

    func store(_ keychain: InMemorySecItemBackend, flags: KeychainAccessControlFlags? = nil) -> KeychainStore {
        KeychainStore(
            service: "vault",
            accessibility: flags == nil ? .whenUnlockedThisDeviceOnly : .whenPasscodeSetThisDeviceOnly,
            accessControlFlags: flags, backend: keychain)
    }

    @Test func d2_anAccessControlledWriteReplacesAPlainItem() throws {
        let keychain = InMemorySecItemBackend()
        try store(keychain).set("old", for: "key")  // left by an earlier version, no access control
        try store(keychain, flags: Self.biometric).set("new", for: "key")
        #expect(keychain.items.count == 1)
        #expect(keychain.items.first?.accessControl?.flags == Self.biometric)
        #expect(keychain.items.first?.accessibility == .whenPasscodeSetThisDeviceOnly)
        #expect(try store(keychain).data(for: "key") == Data("new".utf8))
        #expect(keychain.promptCount == 1)  // The read asked the user.
    }

    @Test func d2_tighteningThePolicyReplacesTheAccessControl() throws {
        let keychain = InMemorySecItemBackend()
        try store(keychain, flags: .userPresence).set("one", for: "key")
        try store(keychain, flags: .biometryCurrentSet).set("two", for: "key")
        #expect(keychain.items.map(\.accessControl?.flags) == [.biometryCurrentSet])
    }

    @Test func d2_aPlainWriteKeepsTheAccessControl() throws {
        let keychain = InMemorySecItemBackend()
        try store(keychain, flags: Self.biometric).set("one", for: "key")
        try store(keychain).set("two", for: "key")
        #expect(keychain.items.count == 1)
        #expect(keychain.items.first?.accessControl?.flags == Self.biometric)
        #expect(keychain.items.first?.data == Data("two".utf8))
    }

    // MARK: 3. SessionStore can delete a fresh session

    @Test func d3_readingAnExpiredSessionNeverDeletesOneSavedMeanwhile() async throws {
        let keychain = KeychainStore(service: "session", backend: InMemorySecItemBackend())
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let fresh = UserSession(id: "new", token: "t2", created: start, expires: start.addingTimeInterval(7200))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let freshData = try encoder.encode(fresh)
        // The clock is read between the read and the expiry check: a token refresh saves the fresh session there.
        let sessions = SessionStore(
            keychain: keychain,
            now: {
                try? keychain.set(freshData, for: "current-session")
                return start.addingTimeInterval(3600)
            })
        let expired = UserSession(id: "old", token: "t1", created: start, expires: start.addingTimeInterval(60))
        try await sessions.save(expired)
        #expect(try await sessions.current() == nil)
        #expect(try keychain.data(for: "current-session") == freshData)
    }

    // MARK: 4. Report-only pinning can sign users out

    let otherPins = [
        Data(repeating: 0x11, count: 32).base64EncodedString(), Data(repeating: 0x22, count: 32).base64EncodedString()
    ]

    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var date = Date(timeIntervalSince1970: 1_800_000_000)
        var now: Date { lock.withLock { date } }
        func advance(_ seconds: TimeInterval) { lock.withLock { date += seconds } }
    }

    @Test func d4_reportsAreLimitedPerHostAndOutcome() throws {
        let leaf = try TestCertificateAuthority().issueServerCertificate()
        let reports = ReportBox()
        let clock = Clock()
        let pins = try PinSet(
            [PinnedDomain(host: "example.com", pins: otherPins, includesSubdomains: true)], mode: .reportOnly)
        let evaluator = PinningEvaluator(pins: pins, reporter: reports.reporter, now: { clock.now })
        for _ in 0..<100 { _ = evaluator.evaluate(host: "api.example.com", chain: [leaf.der]) }
        #expect(reports.all.count == 1)
        _ = evaluator.evaluate(host: "cdn.example.com", chain: [leaf.der])  // another host
        _ = evaluator.evaluate(host: "api.example.com", chain: [])  // another outcome
        #expect(reports.all.count == 3)
        clock.advance(24 * 60 * 60)
        _ = evaluator.evaluate(host: "api.example.com", chain: [leaf.der])
        #expect(reports.all.count == 4)
    }

    @Test func d4_expiredPinsAreReportedOnceAndNotEnforced() throws {
        let leaf = try TestCertificateAuthority().issueServerCertificate()
        let reports = ReportBox()
        let clock = Clock()
        let pins = try PinSet([PinnedDomain(host: "api.example.com", pins: otherPins, expires: clock.now)])
        let evaluator = PinningEvaluator(pins: pins, reporter: reports.reporter, now: { clock.now })
        for _ in 0..<10 {
            #expect(evaluator.evaluate(host: "api.example.com", chain: [leaf.der]).allowsConnection)
            clock.advance(2 * 24 * 60 * 60)
        }
        #expect(reports.all.map(\.outcome) == ["pins-expired"])
    }

    @Test func d4_pinReportsAreNeverCriticalEvents() async throws {
        let critical = Counter()
        let events = SecurityEventRecorder(sinks: [], onCritical: { _ in critical.increment() })
        let leaf = try TestCertificateAuthority().issueServerCertificate()
        for mode in [PinSet.Mode.enforce, .reportOnly] {
            let pins = try PinSet([PinnedDomain(host: "api.example.com", pins: otherPins)], mode: mode)
            let evaluator = PinningEvaluator(pins: pins) { events.record($0) }
            _ = evaluator.evaluate(host: "api.example.com", chain: [leaf.der])
        }
        #expect(critical.value == 0)
    }

    // MARK: 5. Pins can be silently not enforced

    @Test(arguments: [
        "*.example.com", "api.example.com:443", "https://api.example.com", "api..example.com", "-a.example"
    ])
    func d5_hostsThatNeverMatchAreRefused(host: String) {
        #expect(throws: PinConfigurationError.self) { try PinnedDomain(host: host, pins: otherPins) }
    }

    @Test(arguments: ["com", "co.uk", "github.io", "com.au"])
    func d5_subdomainsOfAPublicSuffixAreRefused(host: String) throws {
        #expect(throws: PinConfigurationError.self) {
            try PinnedDomain(host: host, pins: otherPins, includesSubdomains: true)
        }
        // Without subdomains a single host is fine, and so is a registrable domain with them.
        _ = try PinnedDomain(host: "example." + host, pins: otherPins, includesSubdomains: true)
    }

    // MARK: 6. A write without an access group rewrites shared items

    @Test func d6_aWriteWithoutAGroupLeavesSharedGroupsAlone() throws {
        let keychain = InMemorySecItemBackend(entitledAccessGroups: ["TEAMID.shared"])
        let shared = KeychainStore(
            service: "sync", accessGroup: "TEAMID.shared", accessibility: .afterFirstUnlockThisDeviceOnly,
            backend: keychain)
        try shared.set("extension", for: "token")
        try KeychainStore(service: "sync", backend: keychain).set("app", for: "token")
        #expect(try shared.string(for: "token") == "extension")
        let sharedItem = keychain.items.first { $0.attributes[.accessGroup] == .string("TEAMID.shared") }
        #expect(sharedItem?.accessibility == .afterFirstUnlockThisDeviceOnly)
        #expect(keychain.items.count == 2)
    }

    @Test func d6_protectionChangesOnlyThroughMigrate() throws {
        let keychain = InMemorySecItemBackend()
        let old = KeychainStore(service: "auth", accessibility: .afterFirstUnlock, backend: keychain)
        try old.set("a", for: "one")
        try old.set("b", for: "two")
        let new = KeychainStore(service: "auth", backend: keychain)
        try new.set("a2", for: "one")
        #expect(keychain.items.allSatisfy { $0.accessibility == .afterFirstUnlock })  // a write changes data only
        #expect(try new.migrate(from: old) == ["one", "two"])
        #expect(keychain.items.count == 2)
        #expect(keychain.items.allSatisfy { $0.accessibility == .whenUnlockedThisDeviceOnly })
        #expect(try new.string(for: "one") == "a2")
    }

    // MARK: 7. Biometric policy; removal of synchronizable copies

    @Test func d7_theDefaultBiometricPolicyIsCurrentSetOrPasscode() {
        #expect(BiometricPolicy.biometryOrPasscode.accessControlFlags == [.biometryCurrentSet, .or, .devicePasscode])
    }

    @Test func d7_removalAlsoRemovesSynchronizableCopies() throws {
        let keychain = InMemorySecItemBackend()
        for account in ["a", "b"] {
            var synced = KeychainQuery()
            synced[.itemClass] = .itemClass(.genericPassword)
            synced[.service] = .string("auth")
            synced[.account] = .string(account)
            synced[.synchronizable] = .bool(true)
            synced[.valueData] = .data(Data("synced".utf8))
            #expect(keychain.add(synced) == .success)
        }
        let store = KeychainStore(service: "auth", backend: keychain)
        #expect(try store.remove("a"))
        #expect(keychain.items.count == 1)
        #expect(try store.removeAll())
        #expect(keychain.items.isEmpty)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
