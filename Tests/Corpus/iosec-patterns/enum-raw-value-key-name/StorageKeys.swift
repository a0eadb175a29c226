import Foundation

enum StorageKey: String {
    case loginToken = "org.example.login_token"
    case refreshSecret = "org.example.refresh_secret"
    case lastSync = "org.example.last_sync"
}
