import FirebaseAnalytics

/// Sends product analytics for the signed-in account, identified by an opaque ID that can be rotated.
enum AnalyticsTracker {
    static func signedIn(analyticsID: UUID, usedPasskey: Bool) {
        Analytics.setUserID(analyticsID.uuidString)
        Analytics.logEvent(AnalyticsEventLogin, parameters: ["method": usedPasskey ? "passkey" : "password"])
    }
}
