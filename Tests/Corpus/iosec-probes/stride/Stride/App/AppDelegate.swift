import BackgroundTasks
import UIKit

final class AppDelegate: NSObject, UIApplicationDelegate {
    static let refreshTaskID = "com.stridecoach.Stride.refresh"
    static let legacySyncTaskID = "com.stridecoach.Stride.legacy-sync"

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        registerBackgroundTasks()
        return true
    }

    // MARK: - Background work

    private func registerBackgroundTasks() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.refreshTaskID, using: nil) { task in
            self.handleRefresh(task as! BGAppRefreshTask)
        }
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.legacySyncTaskID, using: nil) { task in
            self.handleLegacySync(task as! BGProcessingTask)
        }
    }

    func scheduleBackgroundRefresh() {
        let refresh = BGAppRefreshTaskRequest(identifier: Self.refreshTaskID)
        refresh.earliestBeginDate = Date(timeIntervalSinceNow: 2 * 60 * 60)
        try? BGTaskScheduler.shared.submit(refresh)

        guard !STRLegacySyncClient.hasCompletedMigration() else { return }
        let legacy = BGProcessingTaskRequest(identifier: Self.legacySyncTaskID)
        legacy.requiresNetworkConnectivity = true
        try? BGTaskScheduler.shared.submit(legacy)
    }

    private func handleRefresh(_ task: BGAppRefreshTask) {
        scheduleBackgroundRefresh()
        let work = Task { @MainActor in
            let environment = AppEnvironment.live
            await environment.tokenStore.refreshIfStale()
            await environment.watchSync.publishLatestSnapshot()
            STRAnalyticsQueue.shared().flush(completion: nil)
            task.setTaskCompleted(success: true)
        }
        task.expirationHandler = { work.cancel() }
    }

    /// Pulls workouts recorded by the 1.x app from the old sync backend, once per install.
    private func handleLegacySync(_ task: BGProcessingTask) {
        Task { @MainActor in
            let environment = AppEnvironment.live
            guard let token = environment.tokenStore.currentAccessToken() else {
                task.setTaskCompleted(success: false)
                return
            }
            let client = STRLegacySyncClient(baseURL: environment.configuration.legacySyncBaseURL, accessToken: token)
            task.expirationHandler = { client.cancel() }
            client.fetchLegacyWorkouts { records, error in
                if let error {
                    Log.make("legacy").error("Legacy sync failed: \(error.localizedDescription, privacy: .public)")
                    task.setTaskCompleted(success: false)
                    return
                }
                let workouts = records.compactMap(Workout.init(legacyRecord:))
                try? environment.database.upsert(workouts)
                STRLegacySyncClient.markMigrationComplete()
                task.setTaskCompleted(success: true)
            }
        }
    }
}

extension Workout {
    /// 1.x stored distances in km and timestamps in milliseconds.
    init?(legacyRecord record: [String: Any]) {
        guard let idString = record["uuid"] as? String, let id = UUID(uuidString: idString),
              let startMs = record["started_ms"] as? Double, let endMs = record["ended_ms"] as? Double else { return nil }
        self.init(
            id: id,
            kind: ActivityKind(rawValue: record["activity"] as? String ?? "") ?? .run,
            source: .legacy,
            startDate: Date(timeIntervalSince1970: startMs / 1_000),
            endDate: Date(timeIntervalSince1970: endMs / 1_000),
            distanceMeters: (record["distance_km"] as? Double ?? 0) * 1_000,
            activeEnergyKilocalories: record["calories"] as? Double ?? 0,
            averageHeartRate: record["hr_avg"] as? Double,
            maxHeartRate: record["hr_max"] as? Double,
            heartRateSamples: [],
            route: [],
            shareSlug: nil
        )
    }
}
