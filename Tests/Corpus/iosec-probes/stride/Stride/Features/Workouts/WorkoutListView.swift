import SwiftUI

struct WorkoutListView: View {
    @StateObject var viewModel: WorkoutListViewModel
    @EnvironmentObject private var environment: AppEnvironment

    var body: some View {
        List {
            ForEach(viewModel.workouts) { workout in
                NavigationLink(value: workout.id) {
                    WorkoutRow(workout: workout, unit: environment.preferences.preferredUnit)
                }
                .onAppear {
                    if workout.id == viewModel.workouts.last?.id {
                        Task { await viewModel.loadNextPage() }
                    }
                }
            }

            if viewModel.isLoading {
                ProgressView().frame(maxWidth: .infinity)
            }
        }
        .listStyle(.insetGrouped)
        .searchable(text: $viewModel.searchText, prompt: Text("workouts.search.prompt"))
        .toolbar {
            Menu {
                Picker("workouts.sort", selection: $viewModel.sortOrder) {
                    ForEach(WorkoutDatabase.SortOrder.allCases, id: \.self) { order in
                        Text(LocalizedStringKey("workouts.sort.\(order.rawValue)")).tag(order)
                    }
                }
            } label: {
                Image(systemName: "arrow.up.arrow.down")
            }
        }
        .refreshable { await viewModel.loadNextPage(reset: true) }
        .task { await viewModel.onAppear() }
        .alert("error.title", isPresented: .constant(viewModel.errorMessage != nil)) {
            Button("ok") { viewModel.errorMessage = nil }
        } message: {
            Text(viewModel.errorMessage ?? "")
        }
        .navigationTitle("workouts.title")
    }
}

struct WorkoutRow: View {
    let workout: Workout
    let unit: Preferences.DistanceUnit

    var body: some View {
        HStack(spacing: 12) {
            Image(systemName: workout.kind.symbolName)
                .font(.title2)
                .frame(width: 36)
                .foregroundStyle(.tint)
            VStack(alignment: .leading, spacing: 2) {
                Text(workout.kind.displayName).font(.headline)
                Text(workout.startDate, style: .date).font(.subheadline).foregroundStyle(.secondary)
            }
            Spacer()
            VStack(alignment: .trailing, spacing: 2) {
                Text(distanceText).font(.headline).monospacedDigit()
                if let pace = workout.averagePace {
                    Text("\(pace.paceString) /km").font(.caption).foregroundStyle(.secondary)
                }
            }
        }
        .padding(.vertical, 4)
    }

    private var distanceText: String {
        let measurement = Measurement(value: workout.distanceMeters, unit: UnitLength.meters)
        let converted = measurement.converted(to: unit == .miles ? .miles : .kilometers)
        return converted.formatted(.measurement(width: .abbreviated, numberFormatStyle: .number.precision(.fractionLength(2))))
    }
}
