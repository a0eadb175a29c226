import Foundation

/// Build-time configuration. The stage is read from the `VoyageStage` Info.plist key,
/// which is populated from `VOYAGE_STAGE` in the active xcconfig.
struct AppEnvironment {
    enum Stage: String {
        case development
        case staging
        case production
    }

    let stage: Stage
    let apiBaseURL: URL
    let loyaltyGatewayURL: URL
    let webBaseURL: URL
    let supportWidgetURL: URL
    let paymentReturnURL: URL
    let urlScheme: String
    let universalLinkHosts: Set<String>

    /// Stripe publishable key. Publishable keys are meant to be embedded in clients;
    /// the secret key lives only in the payments service.
    let pspPublishableKey: String
    let applePayMerchantID: String

    /// Sentry DSNs are write-only ingestion endpoints and are safe to ship.
    let sentryDSN: String

    var isProduction: Bool { stage == .production }

    static let current: AppEnvironment = {
        let raw = Bundle.main.object(forInfoDictionaryKey: "VoyageStage") as? String
        return make(for: raw.flatMap(Stage.init(rawValue:)) ?? .production)
    }()

    static func make(for stage: Stage) -> AppEnvironment {
        switch stage {
        case .development, .staging:
            return AppEnvironment(
                stage: stage,
                apiBaseURL: URL(string: stage == .development ? "https://localhost:8443/api/" : "https://api.staging.voyage.travel/")!,
                loyaltyGatewayURL: URL(string: "https://sandbox.gw.aurorarewards.com/member/v1/")!,
                webBaseURL: URL(string: "https://staging.voyage.travel")!,
                supportWidgetURL: URL(string: "https://chat.voyage.travel/widget/v3/?env=\(stage.rawValue)")!,
                paymentReturnURL: URL(string: "https://staging.voyage.travel/payments/return")!,
                urlScheme: "voyage-\(stage.rawValue)",
                universalLinkHosts: ["staging.voyage.travel"],
                pspPublishableKey: "pk_test_51NvY2aLkQ8sVoyg0cTq3Jd9Qm2XbWcPnR7tKzE4fHs1UyA6vLo0Gz",
                applePayMerchantID: "merchant.travel.voyage.sandbox",
                sentryDSN: "https://3f9c1e2b7a4d4e0f9b8a6c5d4e3f2a1b@o451234.ingest.sentry.io/5567890"
            )
        case .production:
            return AppEnvironment(
                stage: stage,
                apiBaseURL: URL(string: "https://api.voyage.travel/")!,
                loyaltyGatewayURL: URL(string: "https://gw.aurorarewards.com/member/v1/")!,
                webBaseURL: URL(string: "https://voyage.travel")!,
                supportWidgetURL: URL(string: "https://chat.voyage.travel/widget/v3/")!,
                paymentReturnURL: URL(string: "https://voyage.travel/payments/return")!,
                urlScheme: "voyage",
                universalLinkHosts: ["voyage.travel", "www.voyage.travel"],
                pspPublishableKey: "pk_live_51NvY2aLkQ8sVoyg0R2mXc7TbQ9wKfJ3pLd8sHn4ZyE1uAq6vTo5Rk",
                applePayMerchantID: "merchant.travel.voyage",
                sentryDSN: "https://8b2d4f6a1c3e4a5b9d7f0e2c4a6b8d0f@o451234.ingest.sentry.io/5567891"
            )
        }
    }
}
