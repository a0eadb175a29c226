import Foundation
import Testing
@testable import IOSecKit

@Suite struct SessionStoreTests {
    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_700_000_000)
    }

    let keychain = InMemorySecItemBackend()
    let clock = Clock()
    var sessions: SessionStore {
        let clock = clock
        return SessionStore(
            keychain: KeychainStore(service: "com.example.session", backend: keychain),
            now: { clock.now })
    }

    func makeSession(lifetime: TimeInterval) -> UserSession {
        UserSession(id: "s-1", token: "tok", created: clock.now, expires: clock.now.addingTimeInterval(lifetime))
    }

    @Test func savedSessionIsReturnedUntilItExpires() throws {
        let session = makeSession(lifetime: 60)
        try sessions.save(session)
        #expect(try sessions.current() == session)
        clock.now = clock.now.addingTimeInterval(59)
        #expect(try sessions.current() == session)
    }

    @Test func expiredSessionIsRemovedOnRead() throws {
        try sessions.save(makeSession(lifetime: 60))
        clock.now = clock.now.addingTimeInterval(60)
        #expect(try sessions.current() == nil)
        #expect(keychain.items.isEmpty)
    }

    @Test func clearRemovesTheSession() throws {
        try sessions.save(makeSession(lifetime: 60))
        try sessions.clear()
        #expect(try sessions.current() == nil)
        try sessions.clear()  // Clearing twice is fine.
    }

    @Test func lockedDeviceKeepsTheSessionAndThrows() throws {
        try sessions.save(makeSession(lifetime: 60))
        keychain.isLocked = true
        #expect(throws: KeychainError.self) { try sessions.current() }
        keychain.isLocked = false
        #expect(try sessions.current() != nil)
    }

    @Test func corruptDataThrowsUnexpectedData() throws {
        try KeychainStore(service: "com.example.session", backend: keychain).set(
            Data("{not json".utf8), for: "current-session")
        do {
            _ = try sessions.current()
            Issue.record("expected a decode error")
        } catch {
            #expect(error.kind == .unexpectedData)
        }
    }

    @Test func savingAgainReplacesTheSession() throws {
        try sessions.save(makeSession(lifetime: 60))
        var second = makeSession(lifetime: 120)
        second.id = "s-2"
        try sessions.save(second)
        #expect(try sessions.current()?.id == "s-2")
        #expect(keychain.items.count == 1)
    }
}
