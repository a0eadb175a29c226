import Foundation

@MainActor
final class WorkoutListViewModel: ObservableObject {
    @Published private(set) var workouts: [Workout] = []
    @Published private(set) var isLoading = false
    @Published var sortOrder: WorkoutDatabase.SortOrder = .newest {
        didSet { reloadFromCache() }
    }
    @Published var searchText = "" {
        didSet { reloadFromCache() }
    }
    @Published var errorMessage: String?

    private let api: APIClientProtocol
    private let database: WorkoutDatabase
    private let health: HealthDataProviding
    private let preferences: Preferences
    private var hasMorePages = true

    init(api: APIClientProtocol, database: WorkoutDatabase, health: HealthDataProviding, preferences: Preferences) {
        self.api = api
        self.database = database
        self.health = health
        self.preferences = preferences
    }

    func onAppear() async {
        reloadFromCache()
        await syncHealthKit()
        await loadNextPage(reset: workouts.isEmpty)
    }

    func reloadFromCache() {
        do {
            let trimmed = searchText.trimmingCharacters(in: .whitespacesAndNewlines)
            workouts = trimmed.isEmpty
                ? try database.workouts(sortedBy: sortOrder)
                : try database.search(trimmed)
        } catch {
            Log.storage.error("Cache read failed: \(error.localizedDescription, privacy: .public)")
        }
    }

    func syncHealthKit() async {
        let since = preferences.lastHealthKitAnchorDate ?? Calendar.current.date(byAdding: .day, value: -90, to: Date())!
        do {
            let fresh = try await health.recentWorkouts(since: since)
            guard !fresh.isEmpty else { return }
            try database.upsert(fresh)
            _ = try await api.send(try API.uploadWorkouts(fresh))
            preferences.lastHealthKitAnchorDate = fresh.map(\.startDate).max()
            reloadFromCache()
        } catch {
            Log.health.error("HealthKit sync failed: \(error.localizedDescription, privacy: .public)")
        }
    }

    /// Server feed includes Garmin/Strava imports that never touch HealthKit.
    func loadNextPage(reset: Bool = false) async {
        guard !isLoading else { return }
        if reset {
            preferences.feedNextPageToken = nil
            hasMorePages = true
        }
        guard hasMorePages else { return }

        isLoading = true
        defer { isLoading = false }

        do {
            let page = try await api.send(API.feed(pageToken: preferences.feedNextPageToken))
            try database.upsert(page.workouts)
            preferences.feedNextPageToken = page.nextPageToken
            hasMorePages = page.nextPageToken != nil
            reloadFromCache()
            Log.make("feed").debug("Loaded page with \(page.workouts.count, privacy: .public) items, more=\(self.hasMorePages, privacy: .public)")
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
