import Foundation

final class AccountCoordinator {
    private let settings = SettingsStore()

    func didSignIn(bearerToken: String, displayName: String, token: String) {
        settings.put(bearerToken, under: "currentBearer")
        settings.put(displayName, under: "displayName")
        settings.put("compact", under: "layout")
        settings.setPushToken(token)
    }
}
