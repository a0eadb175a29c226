import Foundation
import SwiftUI

/// Composition root. Views receive this via `environmentObject` and build view models from it.
@MainActor
final class AppEnvironment: ObservableObject {
    let configuration: AppConfiguration
    let preferences: Preferences
    let keychain: KeychainStore
    let sharedKeychain: KeychainStore
    let apiClient: APIClient
    let tokenStore: TokenStore
    let database: WorkoutDatabase
    let archive: WorkoutArchiveStore
    let health: HealthKitService
    let analytics: AnalyticsService
    let biometricGate: BiometricGate
    let coachHistory: CoachHistoryStore
    let subscriptions: SubscriptionStore
    let linkService: AccountLinkService
    private(set) var watchSync: WatchSyncService!

    @Published private(set) var profile: UserProfile?

    static let live = AppEnvironment(configuration: .load())

    init(configuration: AppConfiguration) {
        self.configuration = configuration
        preferences = Preferences()
        keychain = KeychainStore(service: "com.stridecoach.Stride")
        sharedKeychain = KeychainStore(service: "com.stridecoach.shared", accessGroup: configuration.sharedKeychainGroup)

        let refreshClient = APIClient(baseURL: configuration.apiBaseURL)
        tokenStore = TokenStore(keychain: keychain, preferences: preferences, refreshClient: refreshClient)
        apiClient = APIClient(baseURL: configuration.apiBaseURL, tokenProvider: tokenStore)

        do {
            database = try WorkoutDatabase()
        } catch {
            Log.storage.fault("Database unavailable: \(error.localizedDescription, privacy: .public)")
            fatalError("Unable to open workout database")
        }
        archive = WorkoutArchiveStore(database: database)
        health = HealthKitService()
        analytics = AnalyticsService(
            projectToken: configuration.mixpanelProjectToken,
            optedOut: UserDefaults.standard.bool(forKey: "analytics.optOut")
        )
        biometricGate = BiometricGate(keychain: keychain)
        coachHistory = try! CoachHistoryStore(gate: biometricGate)
        linkService = AccountLinkService(configuration: configuration, api: apiClient)

        subscriptions = SubscriptionStore()

        watchSync = WatchSyncService(
            appGroup: configuration.appGroupIdentifier,
            sharedKeychain: sharedKeychain,
            database: database,
            zoneProvider: { [weak self] in self?.currentZones() ?? [] },
            goalProvider: { [weak self] in self?.profile?.weeklyGoalKilometers ?? 0 }
        )

        tokenStore.onSignedOut = { [weak self] in
            Task { @MainActor in self?.profile = nil }
        }
    }

    func bootstrap() async {
        await subscriptions.loadProducts()
        guard tokenStore.isSignedIn else { return }

        do {
            let fetched = try await apiClient.send(API.profile())
            profile = fetched
            subscriptions.appAccountToken = UUID(uuidString: fetched.id)
            analytics.identify(fetched)
        } catch {
            Log.lifecycle.error("Profile load failed: \(error.localizedDescription, privacy: .public)")
        }

        health.startObservingWorkouts { [weak self] in
            Task { @MainActor in
                await self?.makeWorkoutListViewModel().syncHealthKit()
                await self?.watchSync.publishLatestSnapshot()
            }
        }
    }

    func signOut() {
        analytics.reset()
        coachHistory.wipe()
        tokenStore.clear()
        ImageCache.shared.purge()
    }

    private func currentZones() -> [HeartRateZone] {
        guard let profile, let max = profile.effectiveMaxHeartRate else { return [] }
        return HeartRateZoneCalculator().zones(maxHeartRate: max, restingHeartRate: profile.restingHeartRate, model: preferences.zoneModel)
    }

    // MARK: - Factories

    func makeWorkoutListViewModel() -> WorkoutListViewModel {
        WorkoutListViewModel(api: apiClient, database: database, health: health, preferences: preferences)
    }

    func makeCoachViewModel() -> CoachChatViewModel {
        CoachChatViewModel(api: apiClient, history: coachHistory, analytics: analytics, preferences: preferences, profileName: profile?.firstName)
    }

    func makeAccountViewModel() -> AccountViewModel {
        AccountViewModel(linkService: linkService, archive: archive, analytics: analytics, coachHistory: coachHistory) { [weak self] in
            self?.profile
        }
    }
}
