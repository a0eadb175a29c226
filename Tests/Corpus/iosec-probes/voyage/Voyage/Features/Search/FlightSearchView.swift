import Kingfisher
import SwiftUI

struct FlightSearchView: View {
    @StateObject var viewModel: FlightSearchViewModel
    @EnvironmentObject private var preferences: Preferences

    var body: some View {
        List {
            Section {
                TextField("search.from", text: $viewModel.origin)
                    .textInputAutocapitalization(.characters)
                TextField("search.to", text: $viewModel.destination)
                    .textInputAutocapitalization(.characters)
                DatePicker("search.depart", selection: $viewModel.departure, in: Date()..., displayedComponents: .date)
                Stepper(value: $viewModel.adults, in: 1...9) {
                    Text(String(format: NSLocalizedString("search.adults.count", comment: ""), viewModel.adults))
                }
                Picker("search.cabin", selection: $viewModel.cabin) {
                    ForEach(CabinClass.allCases) { cabin in
                        Text(cabin.localizedName).tag(cabin)
                    }
                }
            }

            if viewModel.state == .idle, !viewModel.recentRoutes.isEmpty {
                Section("search.recent") {
                    ForEach(viewModel.recentRoutes) { route in
                        Button("\(route.origin) → \(route.destination)") { viewModel.apply(route) }
                    }
                }
            }

            resultsSection
        }
        .navigationTitle("search.title")
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button("search.go") { viewModel.search() }
                    .disabled(!viewModel.canSearch)
            }
        }
    }

    @ViewBuilder
    private var resultsSection: some View {
        switch viewModel.state {
        case .idle:
            EmptyView()
        case .loading:
            Section { ProgressView().frame(maxWidth: .infinity) }
        case .empty:
            Section { Text("search.noResults").foregroundStyle(.secondary) }
        case .failed(let message):
            Section { Label(message, systemImage: "exclamationmark.triangle") }
        case .loaded:
            Section(String(format: NSLocalizedString("search.results.count", comment: ""), viewModel.totalCount)) {
                ForEach(viewModel.offers) { offer in
                    FlightOfferRow(offer: offer)
                        .onTapGesture { viewModel.select(offer) }
                        .onAppear { viewModel.loadMoreIfNeeded(after: offer) }
                }
                if viewModel.isLoadingMore {
                    ProgressView().frame(maxWidth: .infinity)
                }
            }
        }
    }
}

struct FlightOfferRow: View {
    let offer: FlightOffer

    var body: some View {
        HStack(spacing: 12) {
            KFImage(offer.carrierLogoURL)
                .placeholder { Image(systemName: "airplane.circle").foregroundStyle(.tertiary) }
                .resizable()
                .scaledToFit()
                .frame(width: 36, height: 36)

            VStack(alignment: .leading, spacing: 4) {
                if let departure = offer.departure, let arrival = offer.arrival {
                    Text("\(departure.formatted(date: .omitted, time: .shortened)) – \(arrival.formatted(date: .omitted, time: .shortened))")
                        .font(.headline)
                }
                Text(stopsDescription)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }

            Spacer()

            VStack(alignment: .trailing) {
                Text(offer.totalAmount.formatted(currency: offer.currency))
                    .font(.headline)
                if let seats = offer.seatsRemaining, seats < 5 {
                    Text(String(format: NSLocalizedString("offer.seatsLeft", comment: ""), seats))
                        .font(.caption)
                        .foregroundStyle(.orange)
                }
            }
        }
        .padding(.vertical, 4)
    }

    private var stopsDescription: String {
        offer.stops == 0
            ? NSLocalizedString("offer.nonstop", comment: "")
            : String.localizedStringWithFormat(NSLocalizedString("offer.stops", comment: ""), offer.stops)
    }
}
