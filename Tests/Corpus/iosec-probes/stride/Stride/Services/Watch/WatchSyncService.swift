import CryptoKit
import Foundation
import WatchConnectivity

/// Snapshot the watch app and widgets render from: current zones, weekly progress and the
/// last few workouts. Written to the App Group container and pushed via WatchConnectivity.
struct WatchSnapshot: Codable {
    let generatedAt: Date
    let zones: [HeartRateZone]
    let weeklyDistanceMeters: Double
    let weeklyGoalMeters: Double
    let recentWorkouts: [Workout]
}

final class WatchSyncService: NSObject {
    /// HKDF context labels, not secrets. Changing them invalidates snapshots on the watch.
    private enum KDFInfo {
        static let snapshot = Data("stride.watch.snapshot.v1".utf8)
        static let widget = Data("stride.widget.snapshot.v1".utf8)
    }

    private static let sharedKeyAccount = "watch.snapshot.master"
    private static let snapshotFileName = "snapshot.sealed"

    private let containerURL: URL?
    private let keychain: KeychainStore
    private let database: WorkoutDatabase
    private let zoneProvider: () -> [HeartRateZone]
    private let goalProvider: () -> Double
    private let session: WCSession?

    init(appGroup: String,
         sharedKeychain: KeychainStore,
         database: WorkoutDatabase,
         zoneProvider: @escaping () -> [HeartRateZone],
         goalProvider: @escaping () -> Double) {
        self.containerURL = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup)
        self.keychain = sharedKeychain
        self.database = database
        self.zoneProvider = zoneProvider
        self.goalProvider = goalProvider
        self.session = WCSession.isSupported() ? WCSession.default : nil
        super.init()
        session?.delegate = self
        session?.activate()
    }

    private func derivedKey(info: Data) throws -> SymmetricKey {
        let master = try keychain.symmetricKeyData(for: Self.sharedKeyAccount)
        return HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: master), info: info, outputByteCount: 32)
    }

    func publishLatestSnapshot() async {
        do {
            let weekStart = Calendar.current.dateInterval(of: .weekOfYear, for: Date())?.start ?? Date()
            let thisWeek = try database.workouts(limit: 100).filter { $0.startDate >= weekStart }
            let snapshot = WatchSnapshot(
                generatedAt: Date(),
                zones: zoneProvider(),
                weeklyDistanceMeters: thisWeek.reduce(0) { $0 + $1.distanceMeters },
                weeklyGoalMeters: goalProvider() * 1_000,
                recentWorkouts: Array(try database.workouts(limit: 5))
            )
            let payload = try JSONEncoder().encode(snapshot)
            try writeToAppGroup(payload)
            pushToWatch(payload)
        } catch {
            Log.watch.error("Snapshot publish failed: \(error.localizedDescription, privacy: .public)")
        }
    }

    private func writeToAppGroup(_ payload: Data) throws {
        guard let containerURL else { return }
        let sealed = try ChaChaPoly.seal(payload, using: derivedKey(info: KDFInfo.widget)).combined
        var url = containerURL.appendingPathComponent(Self.snapshotFileName)
        try sealed.write(to: url, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])

        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try url.setResourceValues(values)
        Log.watch.debug("Wrote widget snapshot (\(sealed.count, privacy: .public) bytes)")
    }

    private func pushToWatch(_ payload: Data) {
        guard let session, session.activationState == .activated, session.isPaired, session.isWatchAppInstalled else {
            return
        }
        do {
            let sealed = try ChaChaPoly.seal(payload, using: derivedKey(info: KDFInfo.snapshot)).combined
            try session.updateApplicationContext(["snapshot": sealed, "v": 1])
        } catch {
            Log.watch.error("updateApplicationContext failed: \(error.localizedDescription, privacy: .public)")
        }
    }
}

extension WatchSyncService: WCSessionDelegate {
    func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: Error?) {
        if let error {
            Log.watch.error("WCSession activation failed: \(error.localizedDescription, privacy: .public)")
        } else {
            Log.watch.info("WCSession state \(activationState.rawValue, privacy: .public)")
        }
    }

    func sessionDidBecomeInactive(_ session: WCSession) {}

    func sessionDidDeactivate(_ session: WCSession) {
        session.activate()
    }
}
