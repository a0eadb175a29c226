import Foundation
import Testing
@testable import IOSecKit

@Suite struct KeychainStoreTests {
    let keychain = InMemorySecItemBackend()
    var store: KeychainStore { KeychainStore(service: "com.example.auth", backend: keychain) }

    @Test func setThenReadRoundTrips() throws {
        try store.set(Data("secret".utf8), for: "alice")
        #expect(try store.data(for: "alice") == Data("secret".utf8))
        #expect(try store.string(for: "alice") == "secret")
    }

    @Test func missingItemReadsAsNil() throws {
        #expect(try store.data(for: "nobody") == nil)
    }

    @Test func defaultAccessibilityIsWhenUnlockedThisDeviceOnly() throws {
        try store.set(Data([1]), for: "alice")
        #expect(keychain.items.first?.accessibility == .whenUnlockedThisDeviceOnly)
    }

    @Test func secondSetUpdatesInPlaceAndNeverDeletes() throws {
        try store.set(Data("one".utf8), for: "alice")
        try store.set(Data("two".utf8), for: "alice")
        #expect(try store.data(for: "alice") == Data("two".utf8))
        #expect(keychain.items.count == 1)
        #expect(!keychain.calls.contains(.delete))
        // First set: update (not found) then add; second: one update.
        #expect(keychain.calls == [.update, .add, .update, .copyMatching])
    }

    @Test func setKeepsAnOlderClassAndMigrateUpgradesIt() throws {
        // An earlier app version stored the item with Apple's default (whenUnlocked, migrates via backups).
        var legacy = KeychainQuery()
        legacy[.itemClass] = .itemClass(.genericPassword)
        legacy[.service] = .string("com.example.auth")
        legacy[.account] = .string("alice")
        legacy[.valueData] = .data(Data("old".utf8))
        #expect(keychain.add(legacy) == .success)
        #expect(keychain.items.first?.accessibility == .whenUnlocked)

        try store.set(Data("new".utf8), for: "alice")
        #expect(keychain.items.count == 1)
        #expect(keychain.items.first?.accessibility == .whenUnlocked)  // a write changes the data only
        #expect(try store.migrate(from: store) == ["alice"])
        #expect(keychain.items.count == 1)
        #expect(keychain.items.first?.accessibility == .whenUnlockedThisDeviceOnly)
        #expect(try store.data(for: "alice") == Data("new".utf8))
    }

    @Test func lockedDeviceReadThrowsInteractionNotAllowedAndKeepsTheItem() throws {
        try store.set(Data("secret".utf8), for: "alice")
        keychain.isLocked = true
        do {
            _ = try store.data(for: "alice")
            Issue.record("read on a locked device must throw")
        } catch {
            #expect(error.kind == .interactionNotAllowed)
            #expect(error.status == .interactionNotAllowed)
            #expect(error.operation == .read)
        }
        #expect(keychain.items.count == 1)
        #expect(!keychain.calls.contains(.delete))
        keychain.isLocked = false
        #expect(try store.data(for: "alice") == Data("secret".utf8))
    }

    @Test func lockedDeviceWriteThrowsAndDoesNotFallBackToDeleteAndAdd() throws {
        try store.set(Data("one".utf8), for: "alice")
        keychain.isLocked = true
        #expect(throws: KeychainError(kind: .interactionNotAllowed, operation: .update, status: .interactionNotAllowed))
        {
            try store.set(Data("two".utf8), for: "alice")
        }
        #expect(throws: KeychainError(kind: .interactionNotAllowed, operation: .add, status: .interactionNotAllowed)) {
            try store.set(Data("x".utf8), for: "bob")
        }
        #expect(!keychain.calls.contains(.delete))
        keychain.isLocked = false
        #expect(try store.data(for: "alice") == Data("one".utf8))
    }

    @Test func afterFirstUnlockItemsStayReadableWhileLocked() throws {
        let background = KeychainStore(service: "bg", accessibility: .afterFirstUnlockThisDeviceOnly, backend: keychain)
        try background.set(Data([7]), for: "refresh")
        keychain.isLocked = true
        #expect(try background.data(for: "refresh") == Data([7]))
    }

    @Test func removeWorksWhileLockedAndReportsWhetherSomethingWasRemoved() throws {
        try store.set(Data([1]), for: "alice")
        keychain.isLocked = true
        #expect(try store.remove("alice") == true)
        #expect(try store.remove("alice") == false)
        #expect(keychain.items.isEmpty)
    }

    @Test func removeAllUsesAnExplicitMatchLimitAndLeavesOtherServices() throws {
        let other = KeychainStore(service: "com.example.other", backend: keychain)
        for account in ["a", "b", "c"] { try store.set(Data(account.utf8), for: account) }
        try other.set(Data([9]), for: "a")
        #expect(try store.accounts() == ["a", "b", "c"])
        #expect(try store.removeAll() == true)
        #expect(try store.accounts() == [])
        #expect(try other.data(for: "a") == Data([9]))
        #expect(try store.removeAll() == false)
    }

    @Test func servicesAndAccountsAreIndependentItems() throws {
        let other = KeychainStore(service: "com.example.other", backend: keychain)
        try store.set(Data("1".utf8), for: "alice")
        try other.set(Data("2".utf8), for: "alice")
        try store.set(Data("3".utf8), for: "bob")
        #expect(keychain.items.count == 3)
        #expect(try store.string(for: "alice") == "1")
        #expect(try other.string(for: "alice") == "2")
        #expect(try store.contains("bob"))
        #expect(try !other.contains("bob"))
    }

    @Test func unentitledAccessGroupSurfacesMissingEntitlement() {
        let shared = KeychainStore(service: "s", accessGroup: "OTHERTEAM.shared", backend: keychain)
        #expect(throws: KeychainError(kind: .missingEntitlement, operation: .update, status: .missingEntitlement)) {
            try shared.set(Data([1]), for: "a")
        }
    }

    @Test func entitledAccessGroupIsSeparateFromDefaultGroup() throws {
        let backend = InMemorySecItemBackend(entitledAccessGroups: ["TEAMID.shared"])
        let shared = KeychainStore(service: "s", accessGroup: "TEAMID.shared", backend: backend)
        let own = KeychainStore(service: "s", backend: backend)
        try own.set(Data([2]), for: "a")
        try shared.set(Data([1]), for: "a")
        #expect(backend.items.count == 2)
        #expect(try shared.data(for: "a") == Data([1]))
        // A store without a group works in the app's default group only: it never rewrites the shared item.
        try own.set(Data([3]), for: "a")
        #expect(try shared.data(for: "a") == Data([1]))
        #expect(try own.data(for: "a") == Data([3]))
    }

    @Test func invalidUTF8ThrowsUnexpectedData() throws {
        try store.set(Data([0xFF, 0xFE, 0xC0]), for: "alice")
        #expect(throws: KeychainError.self) { try store.string(for: "alice") }
    }

    @Test func largeValuesRoundTrip() throws {
        let big = Data(repeating: 0xAB, count: 1 << 20)
        try store.set(big, for: "big")
        #expect(try store.data(for: "big") == big)
    }

    // MARK: Access control

    @Test func accessControlledWritesReplaceTheItem() throws {
        let guarded = KeychainStore(
            service: "bio", accessibility: .whenPasscodeSetThisDeviceOnly,
            accessControlFlags: .biometryCurrentSet, backend: keychain)
        try guarded.set(Data("k1".utf8), for: "key")
        let item = try #require(keychain.items.first)
        #expect(
            item.accessControl
                == KeychainAccessControl(
                    accessibility: .whenPasscodeSetThisDeviceOnly,
                    flags: .biometryCurrentSet))
        try guarded.set(Data("k2".utf8), for: "key")
        // The second write replaced the item: same access control, never a kSecAttrAccessible next to it.
        #expect(keychain.items.count == 1)
        #expect(keychain.items.first?.accessControl == item.accessControl)
        #expect(keychain.items.first?.data == Data("k2".utf8))
    }

    @Test func accessControlledReadPromptsAndMapsCancellation() throws {
        let guarded = KeychainStore(service: "bio", accessControlFlags: .userPresence, backend: keychain)
        try guarded.set(Data("k".utf8), for: "key")
        #expect(try guarded.data(for: "key") == Data("k".utf8))
        #expect(keychain.promptCount == 1)

        keychain.authenticationOutcome = .userCanceled
        #expect(throws: KeychainError(kind: .userCancelled, operation: .read, status: .userCanceled)) {
            try guarded.data(for: "key")
        }
        keychain.authenticationOutcome = .authFailed
        #expect(throws: KeychainError(kind: .authenticationFailed, operation: .read, status: .authFailed)) {
            try guarded.data(for: "key")
        }
        #expect(keychain.items.count == 1)
    }

    @Test func preAuthenticatedContextReadsWithoutAnotherPrompt() throws {
        let guarded = KeychainStore(service: "bio", accessControlFlags: .biometryCurrentSet, backend: keychain)
        try guarded.set(Data("k".utf8), for: "key")
        let context = KeychainAuthenticationContext(NSObject(), isPreAuthenticated: true)
        #expect(try guarded.data(for: "key", context: context) == Data("k".utf8))
        #expect(keychain.promptCount == 0)
    }

    @Test func disallowingUserInterfaceSkipsProtectedItems() throws {
        let guarded = KeychainStore(service: "bio", accessControlFlags: .userPresence, backend: keychain)
        try guarded.set(Data("k".utf8), for: "key")
        #expect(try guarded.data(for: "key", allowUserInterface: false) == nil)
        #expect(keychain.promptCount == 0)
        #expect(try guarded.contains("key"))
    }

    // MARK: Backend semantics the store relies on

    @Test func backendRejectsDuplicatesOnThePrimaryKeyOnly() {
        var item = KeychainQuery()
        item[.itemClass] = .itemClass(.genericPassword)
        item[.service] = .string("s")
        item[.account] = .string("a")
        item[.label] = .string("first")
        #expect(keychain.add(item) == .success)
        item[.label] = .string("second")  // Label is not part of uniqueness.
        #expect(keychain.add(item) == .duplicateItem)
        item[.synchronizable] = .bool(true)  // Synchronizable is.
        #expect(keychain.add(item) == .success)
    }

    @Test func backendRejectsAccessibleTogetherWithAccessControl() {
        var item = KeychainQuery()
        item[.itemClass] = .itemClass(.genericPassword)
        item[.accessible] = .accessibility(.whenUnlockedThisDeviceOnly)
        item[.accessControl] = .accessControl(KeychainAccessControl(flags: .userPresence))
        #expect(keychain.add(item) == .param)
    }

    @Test func backendQueryWithOtherAccessibilityFindsNothing() throws {
        try store.set(Data([1]), for: "a")
        var query = KeychainQuery()
        query[.itemClass] = .itemClass(.genericPassword)
        query[.service] = .string("com.example.auth")
        query[.accessible] = .accessibility(.afterFirstUnlock)
        query[.returnData] = .bool(true)
        #expect(keychain.copyMatching(query).status == .itemNotFound)
    }

    @Test func backendMatchLimitDefaultsToOneAndNoReturnKeyReturnsNothing() throws {
        for account in ["a", "b"] { try store.set(Data(account.utf8), for: account) }
        var query = KeychainQuery()
        query[.itemClass] = .itemClass(.genericPassword)
        query[.service] = .string("com.example.auth")
        #expect(keychain.copyMatching(query) == KeychainCopyResult(status: .success, items: []))
        query[.returnData] = .bool(true)
        #expect(keychain.copyMatching(query).items.count == 1)
        query[.matchLimit] = .matchLimit(.all)
        #expect(keychain.copyMatching(query).items.count == 2)
    }

    @Test func backendUpdateRejectsReturnKeys() throws {
        try store.set(Data([1]), for: "a")
        var query = KeychainQuery()
        query[.itemClass] = .itemClass(.genericPassword)
        query[.returnData] = .bool(true)
        var attributes = KeychainQuery()
        attributes[.valueData] = .data(Data([2]))
        #expect(keychain.update(query, attributes: attributes) == .param)
    }

    @Test func backendUpdateIntoAnExistingPrimaryKeyIsADuplicate() throws {
        try store.set(Data([1]), for: "a")
        try store.set(Data([2]), for: "b")
        var query = KeychainQuery()
        query[.itemClass] = .itemClass(.genericPassword)
        query[.account] = .string("b")
        var attributes = KeychainQuery()
        attributes[.account] = .string("a")
        #expect(keychain.update(query, attributes: attributes) == .duplicateItem)
        #expect(try store.data(for: "b") == Data([2]))
    }

    @Test func errorDescriptionsSayWhatToDo() {
        let error = KeychainError(status: .interactionNotAllowed, operation: .read)
        #expect(error.description.contains("retry after it is unlocked"))
        #expect(KeychainError(status: KeychainStatus(rawValue: -99999), operation: .add).kind == .unhandled)
        #expect(KeychainStatus(rawValue: -99999).description == "OSStatus -99999")
    }

    @Test func queryDescriptionNeverPrintsSecretBytes() {
        var query = KeychainQuery()
        query[.valueData] = .data(Data("hunter2".utf8))
        #expect(!query.description.contains("hunter2"))
        #expect(query.description.contains("<7 bytes>"))
    }
}
