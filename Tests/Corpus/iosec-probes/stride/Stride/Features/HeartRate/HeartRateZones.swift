import Foundation
import SwiftUI

struct HeartRateZone: Codable, Identifiable, Hashable {
    let index: Int
    let lowerBPM: Int
    let upperBPM: Int

    var id: Int { index }

    var name: String {
        String(format: NSLocalizedString("zone.name %d", comment: "Zone N"), index)
    }

    var color: Color {
        [Color.gray, .blue, .green, .orange, .red][max(0, min(index - 1, 4))]
    }
}

struct HeartRateZoneCalculator {
    enum Model: String, CaseIterable, Identifiable {
        case percentOfMax = "pct_max"
        case heartRateReserve = "karvonen"

        var id: String { rawValue }
    }

    /// Upper bounds of zones 1–5 as fractions.
    private static let boundaries: [Double] = [0.60, 0.70, 0.80, 0.90, 1.00]

    func zones(maxHeartRate: Double, restingHeartRate: Double?, model: Model) -> [HeartRateZone] {
        guard maxHeartRate > 100 else { return [] }

        let floor: Double
        let range: Double
        switch model {
        case .percentOfMax:
            floor = 0
            range = maxHeartRate
        case .heartRateReserve:
            let resting = restingHeartRate.flatMap { (30...110).contains($0) ? $0 : nil } ?? 60
            floor = resting
            range = maxHeartRate - resting
        }

        var lower = 0.5
        return Self.boundaries.enumerated().map { offset, upper in
            defer { lower = upper }
            return HeartRateZone(
                index: offset + 1,
                lowerBPM: Int((floor + range * lower).rounded()),
                upperBPM: Int((floor + range * upper).rounded())
            )
        }
    }
}

struct HeartRateZonesView: View {
    @EnvironmentObject private var environment: AppEnvironment
    @State private var model: HeartRateZoneCalculator.Model = .heartRateReserve
    @State private var zones: [HeartRateZone] = []

    private let calculator = HeartRateZoneCalculator()

    var body: some View {
        List {
            Section {
                Picker("zones.model", selection: $model) {
                    Text("zones.model.karvonen").tag(HeartRateZoneCalculator.Model.heartRateReserve)
                    Text("zones.model.percent_max").tag(HeartRateZoneCalculator.Model.percentOfMax)
                }
                .pickerStyle(.segmented)
            } footer: {
                Text(footerText)
            }

            Section("zones.title") {
                ForEach(zones) { zone in
                    LabeledContent {
                        Text("\(zone.lowerBPM)–\(zone.upperBPM) bpm").monospacedDigit()
                    } label: {
                        Label(zone.name, systemImage: "circle.fill").foregroundStyle(zone.color)
                    }
                }
            }
        }
        .navigationTitle("zones.nav_title")
        .task { await refresh() }
        .onChange(of: model) { newValue in
            environment.preferences.zoneModel = newValue
            environment.analytics.track(.zonesConfigured(model: newValue.rawValue))
            Task { await refresh() }
        }
        .onAppear { model = environment.preferences.zoneModel }
    }

    private var footerText: String {
        guard let profile = environment.profile, let max = profile.effectiveMaxHeartRate else {
            return NSLocalizedString("zones.footer.missing_profile", comment: "")
        }
        let format = NSLocalizedString("zones.footer.max %lld", comment: "Based on a max heart rate of N bpm")
        return String(format: format, Int(max))
    }

    private func refresh() async {
        guard let profile = environment.profile, let max = profile.effectiveMaxHeartRate else {
            zones = []
            return
        }
        let resting = (try? await environment.health.restingHeartRate()) ?? profile.restingHeartRate
        zones = calculator.zones(maxHeartRate: max, restingHeartRate: resting, model: model)
        await environment.watchSync.publishLatestSnapshot()
    }
}
