import Foundation
import Testing
@testable import IOSecKit

@Suite struct InputPolicyTests {
    @Test(arguments: ["alice@example.com", "a.b+tag@sub.example.co.uk", "x_y-z@example.io", "  Bob@Example.COM "])
    func validEmails(_ email: String) throws {
        let normalized = try InputPolicy.validateEmail(email).get()
        #expect(normalized.contains("@"))
        #expect(normalized == normalized.trimmingCharacters(in: .whitespaces))
    }

    @Test func domainIsLowercasedButLocalPartKept() throws {
        #expect(try InputPolicy.validateEmail(" Bob@Example.COM ").get() == "Bob@example.com")
    }

    @Test(arguments: [
        "", "plain", "a@b", "a@@b.com", "a@b@c.com", ".a@b.com", "a..b@c.com", "a@-b.com", "a@b-.com",
        "a@b..com", "a b@c.com", "a@b.c", "a@b.123", "\u{0}a@b.com", "a\"@b.com", "a@[127.0.0.1]"
    ])
    func invalidEmails(_ email: String) {
        #expect(throws: InputIssue.self) { try InputPolicy.validateEmail(email).get() }
    }

    @Test func emailLengthLimits() {
        let longLocal = String(repeating: "a", count: 65) + "@example.com"
        #expect(throws: InputIssue.self) { try InputPolicy.validateEmail(longLocal).get() }
        let longTotal =
            "a@" + String(repeating: "b", count: 60) + "." + String(repeating: "c", count: 60) + "."
            + String(repeating: "d", count: 60) + "." + String(repeating: "e", count: 70) + ".com"
        #expect(throws: InputIssue.tooLong(maximum: 254)) { try InputPolicy.validateEmail(longTotal).get() }
    }

    @Test func lengthChecksCountCharactersAsUsersDo() {
        #expect(InputPolicy.checkLength("👩‍👩‍👧‍👦", maximum: 1) == nil)  // one grapheme
        #expect(InputPolicy.checkLength("abc", maximum: 2) == .tooLong(maximum: 2))
        #expect(InputPolicy.checkLength("  ", minimum: 1, maximum: 5) == .empty)
        #expect(InputPolicy.checkLength("a", minimum: 2, maximum: 5) == .tooShort(minimum: 2))
    }
}

@Suite struct PasswordPolicyTests {
    let policy = PasswordPolicy()

    @Test func noCompositionRules() {
        // Long lowercase passphrases are fine; no digit or symbol is demanded.
        #expect(policy.evaluateLocally("correct horse battery staple").isEmpty)
        #expect(policy.evaluateLocally("glowingpaperlantern").isEmpty)
    }

    @Test func lengthLimitsFollow80063B() {
        #expect(policy.evaluateLocally("short1!") == [.tooShort(minimum: 8)])
        #expect(PasswordPolicy(maximumLength: 10).maximumLength == 64)  // at least 64 must be accepted
        #expect(policy.evaluateLocally(String(repeating: "xy", count: 32)).isEmpty)  // 64 characters
        #expect(policy.evaluateLocally(String(repeating: "xyz", count: 50)).contains(.tooLong(maximum: 128)))
        #expect(PasswordPolicy(minimumLength: 15).evaluateLocally("only twelve!").contains(.tooShort(minimum: 15)))
    }

    @Test func unicodeIsAllowedAndCountedPerCodePointAfterNFKC() {
        #expect(policy.evaluateLocally("pässwörtér ünïcödé").isEmpty)
        // "ﬁ" (one code point) becomes "fi" (two) under NFKC.
        #expect(PasswordPolicy.normalize("ﬁ") == "fi")
        #expect(policy.evaluateLocally("") == [.empty])
    }

    @Test func commonContextAndPatternPasswordsAreRefused() {
        #expect(policy.evaluateLocally("Password123").contains(.commonPassword))
        #expect(
            policy.evaluateLocally("alice-rocks-2024", context: ["alice@example.com"]) == [.containsContext("alice")])
        #expect(
            policy.evaluateLocally("my exampleapp pass", context: ["ExampleApp"]) == [.containsContext("exampleapp")])
        #expect(policy.evaluateLocally("aaaaaaaaaa") == [.repetitiveOrSequential])
        #expect(policy.evaluateLocally("abcdefghij") == [.repetitiveOrSequential])
        #expect(policy.evaluateLocally("98765432").contains(.repetitiveOrSequential))
        #expect(policy.evaluateLocally("pass\u{7}word!!") == [.controlCharacters])
    }

    @Test func breachedHookIsConsultedAndOutagesDoNotBlock() async {
        let breached = PasswordPolicy(breachedPasswordCheck: { $0 == "correct horse battery staple" })
        #expect(await breached.evaluate("correct horse battery staple") == [.breached])
        #expect(await breached.evaluate("another long passphrase").isEmpty)
        struct Outage: Error {}
        let failing = PasswordPolicy(breachedPasswordCheck: { _ in throw Outage() })
        #expect(await failing.evaluate("another long passphrase").isEmpty)
        // The hook is not called for passwords that already fail locally.
        let counter = PasswordPolicy(breachedPasswordCheck: { _ in
            Issue.record("hook called")
            return false
        })
        #expect(await counter.evaluate("short") == [.tooShort(minimum: 8)])
    }
}

@Suite struct WebNavigationPolicyTests {
    let policy = WebNavigationPolicy(allowedHosts: [
        .init("example.com", includesSubdomains: true), .init("docs.partner.org")
    ])

    @Test(arguments: [
        ("https://example.com/", WebNavigationDecision.allow),
        ("https://help.example.com/faq", .allow),
        ("https://EXAMPLE.com./x", .allow),
        ("https://docs.partner.org/a", .allow),
        ("mailto:help@example.com", .openExternally),
        ("tel:+15551234", .openExternally)
    ])
    func allowed(_ url: String, _ expected: WebNavigationDecision) {
        #expect(policy.decide(URL(string: url)) == expected)
    }

    @Test(arguments: [
        "http://example.com/", "https://example.com.evil.io/", "https://badexample.com/",
        "https://www.partner.org/", "https://partner.org/", "javascript:alert(1)",
        "data:text/html,hi", "file:///etc/passwd", "https://user:pw@example.com/",
        "https://example.com@evil.io/", "about:blank", "ftp://example.com/"
    ])
    func refused(_ url: String) {
        guard case .cancel = policy.decide(URL(string: url)) else {
            Issue.record("\(url) should be refused")
            return
        }
    }

    @Test func subframesMayLoadAboutBlankOnly() {
        #expect(policy.decide(URL(string: "about:blank"), isMainFrame: false) == .allow)
        #expect(policy.decide(URL(string: "about:srcdoc"), isMainFrame: false) == .allow)
        if case .cancel = policy.decide(URL(string: "mailto:a@b.com"), isMainFrame: false) {
        } else {
            Issue.record("external schemes must not open from frames")
        }
        #expect(policy.decide(nil) == .cancel(reason: "no URL"))
    }
}

@Suite struct SecurePasteboardTests {
    final class Clock: @unchecked Sendable { var now = Date(timeIntervalSince1970: 1_000) }

    @Test func copiesAreLocalOnlyAndExpire() {
        let clock = Clock()
        let backend = InMemoryPasteboard(now: { clock.now })
        let pasteboard = SecurePasteboard(backend: backend, now: { clock.now })
        pasteboard.copy("123456")
        #expect(backend.lastWrite?.localOnly == true)
        #expect(backend.lastWrite?.expiresAt == clock.now.addingTimeInterval(60))
        #expect(backend.read() == "123456")
        clock.now = clock.now.addingTimeInterval(60)
        #expect(backend.read() == nil)
    }

    @Test func lifetimesAreClampedAndEmptyTextIgnored() {
        let clock = Clock()
        let backend = InMemoryPasteboard(now: { clock.now })
        #expect(SecurePasteboard(backend: backend, lifetime: 86_400).lifetime == 600)
        let pasteboard = SecurePasteboard(backend: backend, now: { clock.now })
        pasteboard.copy("code", lifetime: 0)
        #expect(backend.lastWrite?.expiresAt == clock.now.addingTimeInterval(1))
        pasteboard.copy("")
        #expect(backend.lastWrite?.string == "code")
    }

    @Test func clearOnlyRemovesOurOwnText() {
        let backend = InMemoryPasteboard()
        let pasteboard = SecurePasteboard(backend: backend)
        pasteboard.copy("secret")
        backend.write("user's own copy", expiresAt: nil, localOnly: false)
        pasteboard.clearIfStillHolding("secret")
        #expect(backend.read() == "user's own copy")
        pasteboard.copy("secret")
        pasteboard.clearIfStillHolding("secret")
        #expect(backend.read() == nil)
    }
}

@Suite struct ProtectedFileTests {
    func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("iosec-pf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesOwnerOnlyAndReplacesAtomically() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("wallet.json")
        try ProtectedFile.write(Data("v1".utf8), to: url)
        #expect(try Data(contentsOf: url) == Data("v1".utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o600)
        // Replacing a looser existing file leaves a 0600 file with the new contents and no temporary files.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        let big = Data(repeating: 7, count: 3 << 20)
        try ProtectedFile.write(big, to: url)
        #expect(try Data(contentsOf: url) == big)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["wallet.json"])
    }

    @Test func emptyDataIsAValidFile() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("empty")
        try ProtectedFile.write(Data(), to: url)
        #expect(try Data(contentsOf: url).isEmpty)
    }

    @Test func failuresAreTypedAndLeaveNothingBehind() throws {
        #expect(throws: ProtectedFileError.notAFileURL("https://example.com/x")) {
            try ProtectedFile.write(Data(), to: URL(string: "https://example.com/x")!)
        }
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/file")
        do {
            try ProtectedFile.write(Data([1]), to: missing)
            Issue.record("expected a failure")
        } catch {
            guard case .system(let operation, _, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(operation == "create")
            #expect(error.description.contains("No such file"))
        }
        // Renaming onto a directory fails after the write; the temporary file is removed.
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("taken")
        try FileManager.default.createDirectory(
            at: target.appendingPathComponent("child"), withIntermediateDirectories: true)
        #expect(throws: ProtectedFileError.self) { try ProtectedFile.write(Data([1]), to: target) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["taken"])
    }
}
