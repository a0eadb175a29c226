import FirebaseAnalytics

/// Sends product analytics for the signed-in account.
enum AnalyticsTracker {
    static func signedIn(_ account: Account) {
        Analytics.setUserID(account.email)
        Analytics.logEvent(AnalyticsEventLogin, parameters: ["method": "password"])
    }
}

struct Account {
    let id: UUID
    let email: String
}
