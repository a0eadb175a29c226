import Foundation

struct CredentialStore {
    func saveCredentials(user: String, password: String) { /* persisted elsewhere */ }
}

func provisionOperatorAccount(store: CredentialStore) {
    store.saveCredentials(user: "ops", password: "Harbor-Lights-42")
}
