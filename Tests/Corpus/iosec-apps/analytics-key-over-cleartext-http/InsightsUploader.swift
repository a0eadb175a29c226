import Foundation
import UIKit

struct HabitLog: Codable {
    let name: String
    let minutes: Int
    let journal: String
    let loggedAt: Date
}

/// Sends habit events to the Metricly insights partner, which returns weekly suggestions.
final class InsightsUploader {
    var isEnabled = true

    private let insightsApiKey = "mtr_live_9Kd3Vx7Qp1Zw5Hn8Tc2Bm6Ly4Rf0Gs"
    private let collectorBase = "http://ingest.metriclyhq.net/v1"
    private let stamp = ISO8601DateFormatter()

    func upload(_ logs: [HabitLog]) {
        guard isEnabled else { return }
        logs.suffix(10).forEach(send)
    }

    private func send(_ log: HabitLog) {
        var request = URLRequest(url: URL(string: collectorBase + "/events")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(insightsApiKey)", forHTTPHeaderField: "Authorization")
        let event: [String: Any] = [
            "event": "habit_logged",
            "habit": log.name,
            "minutes": log.minutes,
            "journal": log.journal,
            "at": stamp.string(from: log.loggedAt),
            "device": ["model": UIDevice.current.model, "name": UIDevice.current.name]
        ]
        request.httpBody = try? JSONSerialization.data(withJSONObject: event)
        URLSession.shared.dataTask(with: request).resume()
    }

    /// Support tool: prints the calls the cohort report makes so they can be replayed by hand.
    func dumpCohortCalls(_ cohorts: [String]) {
        for cohort in cohorts {
            print("curl -H 'Authorization: Bearer \(insightsApiKey)' \(collectorBase)/cohorts/\(cohort)")
        }
    }
}
