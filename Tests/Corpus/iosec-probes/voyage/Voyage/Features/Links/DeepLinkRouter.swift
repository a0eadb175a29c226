import Foundation
import SwiftUI

enum DeepLink: Equatable {
    case flightSearch(origin: String?, destination: String?, date: Date?)
    case trip(id: String)
    case cancelTrip(id: String)
    case sharedTrip(token: String)
    case boardingPass(BoardingPassReference)
    case supportChat
    case web(URL)

    var analyticsName: String {
        switch self {
        case .flightSearch: return "flight_search"
        case .trip: return "trip"
        case .cancelTrip: return "cancel_trip"
        case .sharedTrip: return "shared_trip"
        case .boardingPass: return "boarding_pass"
        case .supportChat: return "support_chat"
        case .web: return "web"
        }
    }
}

/// Parses `voyage://…` links and `https://voyage.travel/…` universal links into `DeepLink`s.
///
///     voyage://search?from=LHR&to=JFK&date=2025-06-01
///     voyage://trip/8KQ2ZD            voyage://trip/8KQ2ZD/cancel
///     voyage://boarding-pass/8KQ2ZD/seg_1
///     voyage://support                voyage://web?url=https://voyage.travel/help/baggage
///     https://voyage.travel/t/{shareToken}
///     https://voyage.travel/app/{any of the above without the scheme}
struct DeepLinkParser {
    let scheme: String
    let hosts: Set<String>

    private static let identifierPattern = try! NSRegularExpression(pattern: "^[A-Za-z0-9_-]{4,64}$")

    func parse(_ url: URL) -> DeepLink? {
        if url.scheme?.lowercased() == scheme {
            var parts = [url.host].compactMap { $0 } + url.pathComponents.filter { $0 != "/" }
            guard !parts.isEmpty else { return nil }
            let head = parts.removeFirst()
            return route(head, parts, url)
        }

        guard url.scheme == "https", let host = url.host?.lowercased(), hosts.contains(host) else {
            return nil
        }
        var parts = url.pathComponents.filter { $0 != "/" }
        guard !parts.isEmpty else { return nil }
        switch parts.removeFirst() {
        case "t":
            guard let token = parts.first, isIdentifier(token) else { return nil }
            return .sharedTrip(token: token)
        case "app":
            guard !parts.isEmpty else { return nil }
            let head = parts.removeFirst()
            return route(head, parts, url)
        default:
            return nil
        }
    }

    private func route(_ head: String, _ parts: [String], _ url: URL) -> DeepLink? {
        switch head {
        case "search":
            return .flightSearch(
                origin: url.queryValue(named: "from").flatMap(iata),
                destination: url.queryValue(named: "to").flatMap(iata),
                date: url.queryValue(named: "date").flatMap(DateFormatter.iataDay.date(from:))
            )
        case "trip":
            guard let id = parts.first, isIdentifier(id) else { return nil }
            return parts.dropFirst().first == "cancel" ? .cancelTrip(id: id) : .trip(id: id)
        case "boarding-pass":
            guard parts.count >= 2, isIdentifier(parts[0]), isIdentifier(parts[1]) else { return nil }
            return .boardingPass(BoardingPassReference(bookingReference: parts[0], segmentID: parts[1]))
        case "support":
            return .supportChat
        case "web":
            guard let raw = url.queryValue(named: "url"),
                  let target = URL(string: raw),
                  target.scheme == "https"
            else { return nil }
            return .web(target)
        default:
            return nil
        }
    }

    private func isIdentifier(_ value: String) -> Bool {
        Self.identifierPattern.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
    }

    private func iata(_ value: String) -> String? {
        let code = value.uppercased()
        return code.count == 3 && code.allSatisfy(\.isLetter) ? code : nil
    }
}

/// App-wide navigation state driven by deep links, pushes and in-app actions.
@MainActor
final class NavigationCoordinator: ObservableObject {
    enum Source: String {
        case customScheme = "scheme"
        case universalLink = "universal_link"
        case push
        case inApp = "in_app"
    }

    enum Tab: Hashable {
        case search, trips, travellers, rewards
    }

    enum Sheet: Identifiable {
        case boardingPass(BoardingPassReference)
        case supportChat
        case browser(URL)
        case sharedTrip(token: String)

        var id: String {
            switch self {
            case .boardingPass(let reference): return "bp-\(reference.id)"
            case .supportChat: return "support"
            case .browser(let url): return "web-\(url.absoluteString)"
            case .sharedTrip(let token): return "share-\(token)"
            }
        }
    }

    /// Destructive actions requested from outside the app always need explicit confirmation.
    enum PendingAction: Identifiable {
        case cancelTrip(id: String)
        var id: String {
            switch self {
            case .cancelTrip(let id): return "cancel-\(id)"
            }
        }
    }

    @Published var selectedTab: Tab = .search
    @Published var presentedSheet: Sheet?
    @Published var pendingAction: PendingAction?
    @Published var focusedTripID: String?

    private let parser: DeepLinkParser
    private let client: APIClientProtocol
    private let api: VoyageAPI
    private let analytics: AnalyticsTracking

    init(parser: DeepLinkParser, client: APIClientProtocol, api: VoyageAPI, analytics: AnalyticsTracking) {
        self.parser = parser
        self.client = client
        self.api = api
        self.analytics = analytics
    }

    var isConfirmingAction: Binding<Bool> {
        Binding(get: { self.pendingAction != nil }, set: { if !$0 { self.pendingAction = nil } })
    }

    func handle(_ url: URL, source: Source) {
        guard let link = parser.parse(url) else {
            Log.deeplinks.notice("Ignoring unsupported link \(url.redactedForLogs, privacy: .public)")
            return
        }
        analytics.track(.deepLinkOpened(route: link.analyticsName, source: source.rawValue))
        presentedSheet = nil

        switch link {
        case .flightSearch:
            selectedTab = .search
        case .trip(let id):
            selectedTab = .trips
            focusedTripID = id
        case .cancelTrip(let id):
            selectedTab = .trips
            focusedTripID = id
            pendingAction = .cancelTrip(id: id)
        case .sharedTrip(let token):
            presentedSheet = .sharedTrip(token: token)
        case .boardingPass(let reference):
            selectedTab = .trips
            presentedSheet = .boardingPass(reference)
        case .supportChat:
            analytics.track(.supportChatOpened)
            presentedSheet = .supportChat
        case .web(let target):
            presentedSheet = .browser(target)
        }
    }

    func confirm(_ action: PendingAction) async {
        pendingAction = nil
        switch action {
        case .cancelTrip(let id):
            do {
                try await client.send(api.cancelTrip(id: id))
                Log.deeplinks.info("Trip \(id, privacy: .public) cancelled by user")
            } catch {
                Log.deeplinks.failure("Cancelling trip", error)
            }
        }
    }
}
