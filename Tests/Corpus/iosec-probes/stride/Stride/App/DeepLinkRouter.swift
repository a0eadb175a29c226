import Foundation
import SwiftUI

enum AppTab: Hashable {
    case workouts
    case coach
    case account
}

enum PresentedSheet: Identifiable, Equatable {
    case paywall(placement: String)
    case zones

    var id: String {
        switch self {
        case .paywall(let placement): return "paywall-\(placement)"
        case .zones: return "zones"
        }
    }
}

/// Maps `stride://` and `https://stridecoach.com/app/...` links onto in-app navigation.
/// Links only ever select screens; nothing here performs an account or data action.
@MainActor
final class DeepLinkRouter: ObservableObject {
    @Published var selectedTab: AppTab = .workouts
    @Published var workoutPath: [Workout.ID] = []
    @Published var presentedSheet: PresentedSheet?

    private static let universalLinkHosts: Set<String> = ["stridecoach.com", "www.stridecoach.com"]

    enum Route: Equatable {
        case workouts
        case workout(UUID)
        case coach
        case zones
        case paywall(String)
        case account
    }

    func handle(_ url: URL) {
        guard let route = route(for: url) else {
            Log.lifecycle.notice("Ignoring unsupported link with scheme \(url.scheme ?? "-", privacy: .public)")
            return
        }
        apply(route)
    }

    func route(for url: URL) -> Route? {
        let segments: [String]
        switch url.scheme?.lowercased() {
        case "stride":
            // OAuth callbacks are consumed by ASWebAuthenticationSession and never reach here.
            guard url.host != "oauth" else { return nil }
            segments = [url.host].compactMap { $0 } + url.pathComponents.filter { $0 != "/" }
        case "https":
            guard let host = url.host?.lowercased(), Self.universalLinkHosts.contains(host) else { return nil }
            let parts = url.pathComponents.filter { $0 != "/" }
            guard parts.first == "app" else { return nil }
            segments = Array(parts.dropFirst())
        default:
            return nil
        }

        switch segments.first {
        case "workouts" where segments.count == 1:
            return .workouts
        case "workouts":
            return UUID(uuidString: segments[1]).map(Route.workout)
        case "coach":
            return .coach
        case "zones":
            return .zones
        case "upgrade":
            return .paywall("link")
        case "account":
            return .account
        default:
            return nil
        }
    }

    private func apply(_ route: Route) {
        presentedSheet = nil
        switch route {
        case .workouts:
            selectedTab = .workouts
            workoutPath = []
        case .workout(let id):
            selectedTab = .workouts
            workoutPath = [id]
        case .coach:
            selectedTab = .coach
        case .zones:
            presentedSheet = .zones
        case .paywall(let placement):
            presentedSheet = .paywall(placement: placement)
        case .account:
            selectedTab = .account
        }
    }
}
