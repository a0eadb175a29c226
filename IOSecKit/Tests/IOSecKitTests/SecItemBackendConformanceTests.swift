import Foundation
import Testing
@testable import IOSecKit

/// The model is the specification: the in-memory backend passes every check, a backend that breaks one fails it,
/// and on an Apple platform the system Keychain is held to the same checks when a signed test host allows it.
@Suite struct SecItemBackendConformanceTests {
    @Test func theInMemoryBackendConforms() {
        let failures = SecItemBackendConformance.run(InMemorySecItemBackend())
        #expect(failures.isEmpty, "\(failures)")
    }

    /// A backend whose delete ignores `kSecAttrSynchronizableAny`, as a naive adapter might.
    struct DropsSynchronizableAny: SecItemBackend {
        let base = InMemorySecItemBackend()
        func add(_ attributes: KeychainQuery) -> KeychainStatus { base.add(attributes) }
        func copyMatching(_ query: KeychainQuery) -> KeychainCopyResult { base.copyMatching(query) }
        func update(_ query: KeychainQuery, attributes: KeychainQuery) -> KeychainStatus {
            base.update(query, attributes: attributes)
        }
        func delete(_ query: KeychainQuery) -> KeychainStatus {
            var query = query
            if query[.synchronizable] == .synchronizableAny { query[.synchronizable] = nil }
            return base.delete(query)
        }
    }

    @Test func aBackendThatBreaksTheModelFails() {
        let failures = SecItemBackendConformance.run(DropsSynchronizableAny())
        #expect(failures.map(\.check) == ["synchronizable items match only synchronizable or any queries"])
    }

    @Test func theDefaultGroupProbeFindsTheGroupAndLeavesNothing() throws {
        // DropsSynchronizableAny has no resolveDefaultAccessGroup of its own: the probe adds, reads and deletes.
        let backend = DropsSynchronizableAny()
        #expect(try backend.resolveDefaultAccessGroup() == "TEAMID.com.example.app")
        #expect(backend.base.items.isEmpty)
    }

    #if canImport(Security)
    /// Needs a keychain-access-groups entitlement, which `swift test` does not sign with: run it from a signed
    /// test host with IOSECKIT_SYSTEM_KEYCHAIN_TESTS=1.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["IOSECKIT_SYSTEM_KEYCHAIN_TESTS"] == "1"))
    func theSystemKeychainConforms() {
        let failures = SecItemBackendConformance.run(AppleSecItemBackend())
        #expect(failures.isEmpty, "\(failures)")
    }
    #endif
}
