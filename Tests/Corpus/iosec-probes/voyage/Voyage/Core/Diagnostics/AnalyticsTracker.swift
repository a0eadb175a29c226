import Foundation
import FirebaseAnalytics

/// Product analytics events. Parameters are limited to counts, enums and backend IDs;
/// names, document numbers, emails and free text never go in here.
enum AnalyticsEvent {
    case searchPerformed(kind: SearchKind, origin: String, destination: String, resultCount: Int, durationMs: Int)
    case offerSelected(offerID: String, position: Int)
    case paymentSubmitted(bookingID: String, currency: String)
    case paymentCompleted(bookingID: String, challenged: Bool)
    case paymentFailed(bookingID: String, declineCode: String?)
    case travellerSaved(documentKind: String, isPrimary: Bool)
    case boardingPassStored(format: String)
    case loyaltyLinked(tier: String)
    case deepLinkOpened(route: String, source: String)
    case supportChatOpened

    var name: String {
        switch self {
        case .searchPerformed: return "search_performed"
        case .offerSelected: return "offer_selected"
        case .paymentSubmitted: return "payment_submitted"
        case .paymentCompleted: return "payment_completed"
        case .paymentFailed: return "payment_failed"
        case .travellerSaved: return "traveller_saved"
        case .boardingPassStored: return "boarding_pass_stored"
        case .loyaltyLinked: return "loyalty_linked"
        case .deepLinkOpened: return "deep_link_opened"
        case .supportChatOpened: return "support_chat_opened"
        }
    }

    var parameters: [String: Any] {
        switch self {
        case let .searchPerformed(kind, origin, destination, resultCount, durationMs):
            return ["kind": kind.rawValue, "origin": origin, "destination": destination,
                    "result_count": resultCount, "duration_ms": durationMs]
        case let .offerSelected(offerID, position):
            return ["offer_id": offerID, "position": position]
        case let .paymentSubmitted(bookingID, currency):
            return ["booking_id": bookingID, AnalyticsParameterCurrency: currency]
        case let .paymentCompleted(bookingID, challenged):
            return ["booking_id": bookingID, "challenged": challenged]
        case let .paymentFailed(bookingID, declineCode):
            return ["booking_id": bookingID, "decline_code": declineCode ?? "none"]
        case let .travellerSaved(documentKind, isPrimary):
            return ["document_kind": documentKind, "is_primary": isPrimary]
        case let .boardingPassStored(format):
            return ["format": format]
        case let .loyaltyLinked(tier):
            return ["tier": tier]
        case let .deepLinkOpened(route, source):
            return ["route": route, "source": source]
        case .supportChatOpened:
            return [:]
        }
    }
}

protocol AnalyticsTracking: AnyObject {
    func track(_ event: AnalyticsEvent)
    func setUserProperty(_ value: String?, for name: String)
}

final class FirebaseAnalyticsTracker: AnalyticsTracking {
    private let isEnabled: Bool

    init(isEnabled: Bool = !ProcessInfo.processInfo.arguments.contains("-UITests")) {
        self.isEnabled = isEnabled
        Analytics.setAnalyticsCollectionEnabled(isEnabled)
    }

    func track(_ event: AnalyticsEvent) {
        guard isEnabled else { return }
        Analytics.logEvent(event.name, parameters: event.parameters)
    }

    func setUserProperty(_ value: String?, for name: String) {
        guard isEnabled else { return }
        Analytics.setUserProperty(value, forName: name)
    }
}
