import Foundation
import Sentry
import FirebaseCrashlytics

protocol CrashReporting: AnyObject {
    func start()
    /// `customerID` is the opaque backend UUID, never an email or member number.
    func identify(customerID: String?)
    func addBreadcrumb(category: String, message: String, data: [String: String])
}

final class SentryCrashReporter: CrashReporting {
    private let environment: AppEnvironment

    init(environment: AppEnvironment) {
        self.environment = environment
    }

    func start() {
        let environment = self.environment
        SentrySDK.start { options in
            options.dsn = environment.sentryDSN
            options.environment = environment.stage.rawValue
            options.releaseName = "travel.voyage.app@\(Bundle.main.releaseName)"
            options.sendDefaultPii = false
            options.attachScreenshot = false
            options.attachViewHierarchy = false
            options.enableCaptureFailedRequests = false
            options.tracesSampleRate = environment.isProduction ? 0.05 : 1.0
            options.maxBreadcrumbs = 60
            options.beforeSend = { event in
                event.request?.headers?.removeValue(forKey: "Authorization")
                event.request?.cookies = nil
                event.user?.ipAddress = nil
                return event
            }
        }
        Crashlytics.crashlytics().setCrashlyticsCollectionEnabled(environment.stage != .development)
    }

    func identify(customerID: String?) {
        if let customerID {
            SentrySDK.setUser(User(userId: customerID))
        } else {
            SentrySDK.setUser(nil)
        }
        Crashlytics.crashlytics().setUserID(customerID ?? "")
    }

    func addBreadcrumb(category: String, message: String, data: [String: String]) {
        let crumb = Breadcrumb(level: .info, category: category)
        crumb.message = message
        crumb.data = data
        SentrySDK.addBreadcrumb(crumb)
        Crashlytics.crashlytics().log("[\(category)] \(message)")
    }
}
