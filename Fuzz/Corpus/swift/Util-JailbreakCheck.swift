import Foundation

/// Hides the card details screen on jailbroken devices.
enum JailbreakCheck {
    static var isJailbroken: Bool {
        FileManager.default.fileExists(atPath: "/Applications/Cydia.app")
    }
}
