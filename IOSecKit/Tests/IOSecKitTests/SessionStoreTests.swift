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

    @Test func savedSessionIsReturnedUntilItExpires() async throws {
        let session = makeSession(lifetime: 60)
        let sessions = sessions
        try await sessions.save(session)
        #expect(try await sessions.current() == session)
        clock.now = clock.now.addingTimeInterval(59)
        #expect(try await sessions.current() == session)
    }

    @Test func expiredSessionReadsAsNilAndStaysUntilReplacedOrCleared() async throws {
        let sessions = sessions
        try await sessions.save(makeSession(lifetime: 60))
        clock.now = clock.now.addingTimeInterval(60)
        #expect(try await sessions.current() == nil)
        #expect(keychain.items.count == 1)
        #expect(!keychain.calls.contains(.delete))
    }

    @Test func clearRemovesTheSession() async throws {
        let sessions = sessions
        try await sessions.save(makeSession(lifetime: 60))
        try await sessions.clear()
        #expect(try await sessions.current() == nil)
        try await sessions.clear()  // Clearing twice is fine.
    }

    @Test func lockedDeviceKeepsTheSessionAndThrows() async throws {
        let sessions = sessions
        try await sessions.save(makeSession(lifetime: 60))
        keychain.isLocked = true
        await #expect(throws: KeychainError.self) { try await sessions.current() }
        keychain.isLocked = false
        #expect(try await sessions.current() != nil)
    }

    @Test func corruptDataThrowsUnexpectedData() async throws {
        try KeychainStore(service: "com.example.session", backend: keychain).set(
            Data("{not json".utf8), for: "current-session")
        do {
            _ = try await sessions.current()
            Issue.record("expected a decode error")
        } catch {
            #expect(error.kind == .unexpectedData)
        }
    }

    @Test func savingAgainReplacesTheSession() async throws {
        let sessions = sessions
        try await sessions.save(makeSession(lifetime: 60))
        var second = makeSession(lifetime: 120)
        second.id = "s-2"
        try await sessions.save(second)
        #expect(try await sessions.current()?.id == "s-2")
        #expect(keychain.items.count == 1)
    }
}
