import Foundation
import Mixpanel

protocol AnalyticsTracking {
    func track(_ event: AnalyticsEvent)
    func identify(_ profile: UserProfile)
    func reset()
}

/// Fan-out to the product analytics SDK plus the first-party queue kept from the 1.x app.
final class AnalyticsService: AnalyticsTracking {
    private let mixpanel: MixpanelInstance
    private let legacyQueue: STRAnalyticsQueue
    private var isOptedOut: Bool

    init(projectToken: String, legacyQueue: STRAnalyticsQueue = .shared(), optedOut: Bool = false) {
        self.mixpanel = Mixpanel.initialize(token: projectToken, trackAutomaticEvents: false)
        self.legacyQueue = legacyQueue
        self.isOptedOut = optedOut
        mixpanel.serverURL = "https://api-eu.mixpanel.com"
        if optedOut {
            mixpanel.optOutTracking()
        }
    }

    func setOptedOut(_ optedOut: Bool) {
        isOptedOut = optedOut
        optedOut ? mixpanel.optOutTracking() : mixpanel.optInTracking()
    }

    func track(_ event: AnalyticsEvent) {
        guard !isOptedOut else { return }
        mixpanel.track(event: event.name, properties: event.properties.mixpanelProperties)
        legacyQueue.enqueueEventNamed(event.name, count: 1)
    }

    func identify(_ profile: UserProfile) {
        guard !isOptedOut else { return }
        mixpanel.identify(distinctId: profile.id)
        mixpanel.people.set(properties: profile.segmentationTraits.mixpanelProperties)
        mixpanel.registerSuperProperties(["plan": profile.subscriptionTier.rawValue])
    }

    func reset() {
        mixpanel.reset()
        legacyQueue.purge()
    }
}

private extension Dictionary where Key == String, Value == AnalyticsValue {
    var mixpanelProperties: Properties {
        mapValues { value -> MixpanelType in
            switch value {
            case .string(let s): return s
            case .int(let i): return i
            case .double(let d): return d
            case .bool(let b): return b
            case .date(let d): return d
            case .list(let l): return l
            }
        }
    }
}

// MARK: - Events

enum AnalyticsEvent {
    case appForegrounded
    case workoutViewed(kind: ActivityKind)
    case workoutShared
    case zonesConfigured(model: String)
    case coachMessageSent(length: Int)
    case paywallShown(placement: String)
    case purchaseCompleted(productID: String)
    case accountLinked(provider: String)
    case archiveExported

    var name: String {
        switch self {
        case .appForegrounded: return "app_foregrounded"
        case .workoutViewed: return "workout_viewed"
        case .workoutShared: return "workout_shared"
        case .zonesConfigured: return "zones_configured"
        case .coachMessageSent: return "coach_message_sent"
        case .paywallShown: return "paywall_shown"
        case .purchaseCompleted: return "purchase_completed"
        case .accountLinked: return "account_linked"
        case .archiveExported: return "archive_exported"
        }
    }

    /// Event properties are deliberately coarse: enums, counts and product identifiers only.
    var properties: [String: AnalyticsValue] {
        switch self {
        case .appForegrounded, .workoutShared, .archiveExported:
            return [:]
        case .workoutViewed(let kind):
            return ["kind": .string(kind.rawValue)]
        case .zonesConfigured(let model):
            return ["model": .string(model)]
        case .coachMessageSent(let length):
            return ["length_bucket": .string(length < 80 ? "short" : length < 400 ? "medium" : "long")]
        case .paywallShown(let placement):
            return ["placement": .string(placement)]
        case .purchaseCompleted(let productID):
            return ["product_id": .string(productID)]
        case .accountLinked(let provider):
            return ["provider": .string(provider)]
        }
    }
}

enum AnalyticsValue: Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case date(Date)
    case list([String])
}
