import Charts
import SwiftUI
import UIKit

struct WorkoutDetailView: View {
    let workoutID: Workout.ID

    @EnvironmentObject private var environment: AppEnvironment
    @State private var workout: Workout?
    @State private var exportURL: URL?
    @State private var isCreatingLink = false

    var body: some View {
        ScrollView {
            if let workout {
                VStack(alignment: .leading, spacing: 20) {
                    summary(workout)
                    if !workout.heartRateSamples.isEmpty {
                        heartRateChart(workout)
                    }
                }
                .padding()
            } else {
                ProgressView().padding(.top, 80)
            }
        }
        .navigationTitle(workout?.kind.displayName ?? "")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItemGroup(placement: .primaryAction) {
                Menu {
                    Button { Task { await copyShareLink() } } label: {
                        Label("workout.copy_link", systemImage: "link")
                    }
                    .disabled(isCreatingLink)
                    Button { exportGPX() } label: {
                        Label("workout.export_gpx", systemImage: "square.and.arrow.up")
                    }
                } label: {
                    Image(systemName: "ellipsis.circle")
                }
            }
        }
        .sheet(item: $exportURL) { url in
            ActivityView(items: [url])
        }
        .task {
            workout = try? environment.database.workout(id: workoutID)
            if let workout {
                environment.analytics.track(.workoutViewed(kind: workout.kind))
            }
        }
    }

    @ViewBuilder
    private func summary(_ workout: Workout) -> some View {
        Grid(alignment: .leading, horizontalSpacing: 24, verticalSpacing: 12) {
            GridRow {
                Metric(title: "metric.distance", value: String(format: "%.2f km", workout.distanceMeters.kilometers))
                Metric(title: "metric.duration", value: Duration.seconds(workout.duration).formatted(.time(pattern: .hourMinuteSecond)))
            }
            GridRow {
                Metric(title: "metric.pace", value: workout.averagePace?.paceString ?? "–")
                Metric(title: "metric.avg_hr", value: workout.averageHeartRate.map { "\(Int($0)) bpm" } ?? "–")
            }
        }
    }

    private func heartRateChart(_ workout: Workout) -> some View {
        Chart(workout.heartRateSamples, id: \.timestamp) { sample in
            LineMark(x: .value("Time", sample.timestamp), y: .value("BPM", sample.beatsPerMinute))
                .interpolationMethod(.catmullRom)
        }
        .chartYScale(domain: .automatic(includesZero: false))
        .frame(height: 180)
    }

    /// Creates (or reuses) the public share page and puts that URL on the pasteboard.
    private func copyShareLink() async {
        guard var current = workout else { return }
        isCreatingLink = true
        defer { isCreatingLink = false }

        if current.shareURL == nil {
            guard let response = try? await environment.apiClient.send(API.createShareLink(workoutID: current.id)) else { return }
            current.shareSlug = response.slug
            try? environment.database.upsert([current])
            workout = current
        }
        guard let url = current.shareURL else { return }

        UIPasteboard.general.setItems([[UIPasteboard.typeAutomatic: url]], options: [.expirationDate: Date().addingTimeInterval(600)])
        environment.analytics.track(.workoutShared)
    }

    private func exportGPX() {
        guard let workout, !workout.route.isEmpty else { return }
        exportURL = try? GPXExporter().export(workout)
    }
}

private struct Metric: View {
    let title: LocalizedStringKey
    let value: String

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(title).font(.caption).foregroundStyle(.secondary)
            Text(value).font(.title3.weight(.semibold)).monospacedDigit()
        }
    }
}

struct ActivityView: UIViewControllerRepresentable {
    let items: [Any]

    func makeUIViewController(context: Context) -> UIActivityViewController {
        UIActivityViewController(activityItems: items, applicationActivities: nil)
    }

    func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
}

extension URL: Identifiable {
    public var id: String { absoluteString }
}
