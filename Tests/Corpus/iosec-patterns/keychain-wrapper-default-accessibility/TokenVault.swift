import Foundation
import KeychainSwift
import SwiftKeychainWrapper

final class TokenVault {
    private let keychain = KeychainSwift()

    func keep(token: String, refreshToken: String) {
        KeychainWrapper.standard.set(token, forKey: "token")
        keychain.set(refreshToken, forKey: "refresh_token")
    }
}
