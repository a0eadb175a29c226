import Foundation

/// The `SecItem` behaviour ``KeychainStore`` relies on, as checks any ``SecItemBackend`` can be run through.
///
/// ``InMemorySecItemBackend`` is the specification: the test suite runs these checks against it on every
/// platform. Run them against ``AppleSecItemBackend`` (or a backend of your own) on a device or a Mac, from an app
/// or a test host signed with a `keychain-access-groups` entitlement, to hold the real Keychain to the same
/// model. Every item the checks add is under a service of its own and is removed again. Only behaviour that needs
/// no user prompt and no locked device is checked here; those parts of the model are tested against the
/// in-memory backend alone.
///
/// ```swift
/// let failures = SecItemBackendConformance.run(AppleSecItemBackend())
/// assert(failures.isEmpty, failures.map(\.description).joined(separator: "\n"))
/// ```
public enum SecItemBackendConformance {
    /// One check that did not hold.
    public struct Failure: Sendable, Equatable, CustomStringConvertible {
        public let check: String
        public let detail: String
        public var description: String { "\(check): \(detail)" }
    }

    /// The names of the checks, in the order they run.
    public static let checks = [
        "add, then read the data back", "a second add of the same item is a duplicate",
        "a missing item is not found", "without a return key nothing is returned",
        "the match limit defaults to one", "update changes the data", "update of a missing item is not found",
        "accessible and access control together are refused", "a query naming another accessibility finds nothing",
        "delete removes, and a second delete finds nothing",
        "synchronizable items match only synchronizable or any queries",
        "items added without a group go to the default group", "a store writes, reads and removes"
    ]

    /// Runs every check against `backend`; an empty result means it behaves as the model does.
    public static func run(_ backend: any SecItemBackend, servicePrefix: String = "iosec.conformance") -> [Failure] {
        let run = UUID().uuidString.prefix(8)
        var failures: [Failure] = []
        for (index, name) in checks.enumerated() {
            let service = "\(servicePrefix).\(run).\(index)"
            let context = Context(backend: backend, service: service)
            if let detail = check(index, context) { failures.append(Failure(check: name, detail: detail)) }
            context.cleanUp()
        }
        return failures
    }

    struct Context {
        let backend: any SecItemBackend
        let service: String

        func item(_ account: String, _ data: String = "v", synchronizable: Bool? = nil) -> KeychainQuery {
            var query = self.query(account)
            query[.valueData] = .data(Data(data.utf8))
            query[.accessible] = .accessibility(.afterFirstUnlockThisDeviceOnly)
            if let synchronizable { query[.synchronizable] = .bool(synchronizable) }
            return query
        }

        func query(_ account: String? = nil) -> KeychainQuery {
            var query = KeychainQuery()
            query[.itemClass] = .itemClass(.genericPassword)
            query[.service] = .string(service)
            query[.useDataProtectionKeychain] = .bool(true)
            if let account { query[.account] = .string(account) }
            return query
        }

        func read(_ query: KeychainQuery) -> KeychainCopyResult {
            var query = query
            query[.returnData] = .bool(true)
            return backend.copyMatching(query)
        }

        func cleanUp() {
            var all = query()
            all[.synchronizable] = .synchronizableAny
            all[.matchLimit] = .matchLimit(.all)
            _ = backend.delete(all)
        }
    }

    // One check per index of `checks`; the text of what differs, or nil.
    static func check(_ index: Int, _ c: Context) -> String? {
        switch index {
        case 0:
            guard c.backend.add(c.item("a", "one")) == .success else { return "add failed" }
            let result = c.read(c.query("a"))
            return result.items.first?.data == Data("one".utf8) ? nil : "read gave \(result.status)"
        case 1:
            _ = c.backend.add(c.item("a"))
            let status = c.backend.add(c.item("a", "other"))
            return status == .duplicateItem ? nil : "second add gave \(status)"
        case 2:
            let status = c.read(c.query("missing")).status
            return status == .itemNotFound ? nil : "gave \(status)"
        case 3:
            _ = c.backend.add(c.item("a"))
            let result = c.backend.copyMatching(c.query("a"))
            return result.status == .success && result.items.isEmpty
                ? nil : "gave \(result.status), \(result.items.count) items"
        case 4:
            _ = c.backend.add(c.item("a"))
            _ = c.backend.add(c.item("b"))
            var query = c.query()
            query[.returnAttributes] = .bool(true)
            let one = c.backend.copyMatching(query)
            query[.matchLimit] = .matchLimit(.all)
            let all = c.backend.copyMatching(query)
            return one.items.count == 1 && all.items.count == 2
                ? nil : "\(one.items.count) and \(all.items.count) items"
        case 5:
            _ = c.backend.add(c.item("a", "one"))
            var attributes = KeychainQuery()
            attributes[.valueData] = .data(Data("two".utf8))
            let status = c.backend.update(c.query("a"), attributes: attributes)
            let data = c.read(c.query("a")).items.first?.data
            return status == .success && data == Data("two".utf8) ? nil : "update gave \(status)"
        case 6:
            var attributes = KeychainQuery()
            attributes[.valueData] = .data(Data("two".utf8))
            let status = c.backend.update(c.query("missing"), attributes: attributes)
            return status == .itemNotFound ? nil : "gave \(status)"
        case 7:
            var both = c.item("a")
            both[.accessControl] = .accessControl(
                KeychainAccessControl(accessibility: .whenUnlockedThisDeviceOnly, flags: []))
            let status = c.backend.add(both)
            return status == .param ? nil : "gave \(status)"
        case 8:
            _ = c.backend.add(c.item("a"))
            var query = c.query("a")
            query[.accessible] = .accessibility(.whenUnlocked)
            let status = c.read(query).status
            return status == .itemNotFound ? nil : "gave \(status)"
        case 9:
            _ = c.backend.add(c.item("a"))
            let first = c.backend.delete(c.query("a"))
            let second = c.backend.delete(c.query("a"))
            return first == .success && second == .itemNotFound ? nil : "gave \(first), then \(second)"
        case 10:
            guard c.backend.add(c.item("a", synchronizable: true)) == .success else { return "add failed" }
            let plain = c.read(c.query("a")).status
            var any = c.query("a")
            any[.synchronizable] = .synchronizableAny
            let found = c.read(any).status
            let deleted = c.backend.delete(any)
            guard plain == .itemNotFound, found == .success, deleted == .success else {
                return "plain query gave \(plain), any gave \(found), delete gave \(deleted)"
            }
            return nil
        case 11:
            let group: String
            do {
                group = try c.backend.resolveDefaultAccessGroup()
            } catch {
                return "no default group: \(error)"
            }
            _ = c.backend.add(c.item("a"))
            var query = c.query("a")
            query[.accessGroup] = .string(group)
            let status = c.read(query).status
            return status == .success ? nil : "item not found in \(group): \(status)"
        case 12:
            let store = KeychainStore(service: c.service, backend: c.backend)
            do {
                try store.set("one", for: "a")
                try store.set("two", for: "a")
                guard try store.string(for: "a") == "two", try store.accounts() == ["a"] else {
                    return "read back wrong"
                }
                guard try store.remove("a"), try store.data(for: "a") == nil else { return "not removed" }
            } catch {
                return "\(error)"
            }
            return nil
        default:
            return "no such check"
        }
    }
}
