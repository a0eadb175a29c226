import Foundation

extension UserDefaults {
    /// Shared with the widget and the notification service extension.
    static let voyage = UserDefaults(suiteName: "group.travel.voyage.app") ?? .standard
}

/// Types `UserDefaults` can store natively, without an encoder.
protocol PropertyListValue {}

extension String: PropertyListValue {}
extension Int: PropertyListValue {}
extension Double: PropertyListValue {}
extension Bool: PropertyListValue {}
extension Date: PropertyListValue {}
extension Data: PropertyListValue {}
extension Array: PropertyListValue where Element: PropertyListValue {}
extension Dictionary: PropertyListValue where Key == String, Value: PropertyListValue {}
extension Optional: PropertyListValue where Wrapped: PropertyListValue {}

private protocol OptionalProtocol {
    var isNone: Bool { get }
}

extension Optional: OptionalProtocol {
    var isNone: Bool { self == nil }
}

/// Reads and writes a plist-compatible value under `key`.
///
///     @UserDefault("prefs.currencyCode") var currencyCode = "EUR"
@propertyWrapper
struct UserDefault<Value: PropertyListValue> {
    let key: String
    let defaultValue: Value
    let store: UserDefaults

    init(wrappedValue defaultValue: Value, _ key: String, store: UserDefaults = .voyage) {
        self.key = key
        self.defaultValue = defaultValue
        self.store = store
    }

    var wrappedValue: Value {
        get { store.object(forKey: key) as? Value ?? defaultValue }
        nonmutating set {
            if let optional = newValue as? OptionalProtocol, optional.isNone {
                store.removeObject(forKey: key)
            } else {
                store.set(newValue, forKey: key)
            }
        }
    }

    var projectedValue: UserDefault<Value> { self }

    func reset() {
        store.removeObject(forKey: key)
    }
}

/// Persists any `Codable` value as JSON under `key`. Assigning `nil` removes the entry.
@propertyWrapper
struct Stored<Value: Codable> {
    let key: String
    let store: UserDefaults

    private static var encoder: JSONEncoder { .voyage }
    private static var decoder: JSONDecoder { .voyage }

    init(_ key: String, store: UserDefaults = .voyage) {
        self.key = key
        self.store = store
    }

    var wrappedValue: Value? {
        get {
            guard let data = store.data(forKey: key) else { return nil }
            do {
                return try Self.decoder.decode(Value.self, from: data)
            } catch {
                // Schema changed between versions; drop the stale value rather than crash-looping.
                Log.storage.failure("Decoding \(key)", error)
                store.removeObject(forKey: key)
                return nil
            }
        }
        nonmutating set {
            guard let newValue else {
                store.removeObject(forKey: key)
                return
            }
            do {
                store.set(try Self.encoder.encode(newValue), forKey: key)
            } catch {
                Log.storage.failure("Encoding \(key)", error)
            }
        }
    }
}
