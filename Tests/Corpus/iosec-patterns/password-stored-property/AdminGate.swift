import Foundation

final class AdminGate {
    private let adminPassword = "Kx7#mailroom-Ops"

    func unlock(with attempt: String) -> Bool {
        attempt == adminPassword
    }
}
