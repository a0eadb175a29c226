import Foundation

struct ReaderAccount: Codable {
    let id: UUID
    let email: String
    let displayName: String
}

final class AccountSession: ObservableObject {
    @Published private(set) var account: ReaderAccount?

    private let defaults = UserDefaults.standard

    func signedUp(email: String, displayName: String) {
        let account = ReaderAccount(id: UUID(), email: email, displayName: displayName)
        let authToken = "rdr_" + UUID().uuidString.lowercased()
        defaults.set(authToken, forKey: "reader.authToken")
        self.account = account
    }

    func signOut() {
        defaults.removeObject(forKey: "reader.authToken")
        account = nil
    }
}
