import Foundation

/// Six-digit passcode in front of the password vault.
final class PasscodeGate: ObservableObject {
    @Published private(set) var unlocked = false
    @Published private(set) var configured: Bool

    private let defaults = UserDefaults.standard
    private static let passcodeSlot = "vault_pin"

    init() {
        configured = defaults.string(forKey: Self.passcodeSlot) != nil
    }

    func choose(_ newPIN: String) -> Bool {
        guard newPIN.count == 6, newPIN.allSatisfy(\.isNumber) else { return false }
        defaults.set(newPIN, forKey: Self.passcodeSlot)
        defaults.set(Date(), forKey: "vault_created")
        configured = true
        return true
    }

    func attempt(_ digits: String) -> Bool {
        unlocked = digits == defaults.string(forKey: Self.passcodeSlot)
        return unlocked
    }

    func lock() {
        unlocked = false
    }

    func forget() {
        defaults.removeObject(forKey: Self.passcodeSlot)
        configured = false
        unlocked = false
    }
}
