import Combine
import Foundation

@MainActor
final class FlightSearchViewModel: ObservableObject {
    enum State: Equatable {
        case idle
        case loading
        case loaded
        case empty
        case failed(String)
    }

    @Published var origin = ""
    @Published var destination = ""
    @Published var departure = Date().adding(days: 14)
    @Published var returnDate: Date? = Date().adding(days: 21)
    @Published var adults = 1
    @Published var children = 0
    @Published var cabin: CabinClass = .economy

    @Published private(set) var offers: [FlightOffer] = []
    @Published private(set) var totalCount = 0
    @Published private(set) var state: State = .idle
    @Published private(set) var isLoadingMore = false

    private let service: SearchService
    private let preferences: Preferences
    private let analytics: AnalyticsTracking
    private var searchTask: Task<Void, Never>?
    private var lastQuery: FlightQuery?

    init(service: SearchService, preferences: Preferences, analytics: AnalyticsTracking) {
        self.service = service
        self.preferences = preferences
        self.analytics = analytics
        origin = preferences.lastOriginIATA ?? ""
        cabin = CabinClass(rawValue: preferences.preferredCabin) ?? .economy
    }

    var canSearch: Bool {
        origin.count == 3 && destination.count == 3 && origin != destination && adults > 0
    }

    var recentRoutes: [RecentRoute] { preferences.recentRoutes }

    func apply(_ route: RecentRoute) {
        origin = route.origin
        destination = route.destination
    }

    func search() {
        guard canSearch else { return }
        searchTask?.cancel()

        let query = FlightQuery(
            origin: origin.uppercased(),
            destination: destination.uppercased(),
            departure: departure,
            returnDate: returnDate,
            adults: adults,
            children: children,
            cabin: cabin
        )
        lastQuery = query
        preferences.lastSearchToken = nil
        state = .loading
        let startedAt = Date()

        searchTask = Task {
            do {
                let page = try await service.searchFlights(query, cursor: nil)
                offers = page.items
                totalCount = page.totalCount
                state = page.items.isEmpty ? .empty : .loaded
                preferences.lastSearchToken = page.nextCursor
                preferences.lastOriginIATA = query.origin
                preferences.rememberRoute(origin: query.origin, destination: query.destination)
                analytics.track(.searchPerformed(
                    kind: .flights,
                    origin: query.origin,
                    destination: query.destination,
                    resultCount: page.totalCount,
                    durationMs: Int(Date().timeIntervalSince(startedAt) * 1000)
                ))
            } catch is CancellationError {
                return
            } catch {
                Log.network.failure("Flight search", error)
                state = .failed(error.localizedDescription)
            }
        }
    }

    func loadMoreIfNeeded(after offer: FlightOffer) {
        guard offer.id == offers.last?.id,
              !isLoadingMore,
              let query = lastQuery,
              let cursor = preferences.lastSearchToken
        else { return }

        isLoadingMore = true
        Task {
            defer { isLoadingMore = false }
            do {
                let page = try await service.searchFlights(query, cursor: cursor)
                offers.append(contentsOf: page.items)
                preferences.lastSearchToken = page.nextCursor
            } catch {
                Log.network.failure("Loading next page", error)
            }
        }
    }

    func select(_ offer: FlightOffer) {
        let position = offers.firstIndex(of: offer) ?? -1
        analytics.track(.offerSelected(offerID: offer.id, position: position))
    }
}
