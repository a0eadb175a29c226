import Combine
import SwiftUI
import UIKit

struct TripSummary: Codable, Identifiable, Hashable {
    let id: String
    let title: String
    let bookingReference: String
    let startsOn: Date
    let endsOn: Date
    let segments: [FlightSegment]
    let status: String
    let amountDue: Decimal?
    let currency: String

    var isUpcoming: Bool { endsOn >= Date().startOfDay }

    var pendingPayment: BookingSummary? {
        guard status == "awaiting_payment", let amountDue else { return nil }
        return BookingSummary(id: id, offerID: "", totalAmount: amountDue, currency: currency)
    }
}

@MainActor
final class TripsViewModel: ObservableObject {
    @Published private(set) var upcoming: [TripSummary] = []
    @Published private(set) var past: [TripSummary] = []
    @Published private(set) var isRefreshing = false
    @Published private(set) var isShowingCachedData = false
    @Published var shareItem: TripShareLink?
    private var sharedTripTitle = ""

    private let client: APIClientProtocol
    private let api: VoyageAPI
    private let cache: CoreDataPayloadCache
    private let shareService: TripShareService
    private static let cacheKey = "trips/all"

    init(client: APIClientProtocol, api: VoyageAPI, cache: CoreDataPayloadCache, shareService: TripShareService) {
        self.client = client
        self.api = api
        self.cache = cache
        self.shareService = shareService
    }

    func load() async {
        if upcoming.isEmpty, let data = await cache.payload(for: Self.cacheKey, maxAge: .infinity),
           let cached = try? JSONDecoder.voyage.decode([TripSummary].self, from: data) {
            apply(cached)
            isShowingCachedData = true
        }
        await refresh()
    }

    func refresh() async {
        isRefreshing = true
        defer { isRefreshing = false }
        do {
            let data = try await client.data(api.trips())
            let trips = try JSONDecoder.voyage.decode([TripSummary].self, from: data)
            apply(trips)
            isShowingCachedData = false
            await cache.store(data, for: Self.cacheKey)
        } catch {
            Log.network.failure("Trips refresh", error)
        }
    }

    func share(_ trip: TripSummary) async {
        do {
            sharedTripTitle = trip.title
            shareItem = try await shareService.shareLink(for: trip.id)
        } catch {
            Log.network.failure("Creating share link", error)
        }
    }

    func copyShareLink(_ link: TripShareLink) {
        shareService.copy(link)
    }

    func activityController(for link: TripShareLink) -> UIActivityViewController {
        shareService.activityController(for: link, title: sharedTripTitle)
    }

    private func apply(_ trips: [TripSummary]) {
        upcoming = trips.filter(\.isUpcoming).sorted { $0.startsOn < $1.startsOn }
        past = trips.filter { !$0.isUpcoming }.sorted { $0.startsOn > $1.startsOn }
    }
}

struct TripsView: View {
    @StateObject var viewModel: TripsViewModel
    let makePaymentCoordinator: () -> PaymentCoordinator
    @EnvironmentObject private var navigation: NavigationCoordinator
    @State private var checkout: BookingSummary?

    var body: some View {
        List {
            if viewModel.isShowingCachedData {
                Label("trips.offline", systemImage: "icloud.slash")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            Section("trips.upcoming") {
                ForEach(viewModel.upcoming) { trip in row(for: trip) }
            }
            if !viewModel.past.isEmpty {
                Section("trips.past") {
                    ForEach(viewModel.past) { trip in row(for: trip) }
                }
            }
        }
        .navigationTitle("trips.title")
        .refreshable { await viewModel.refresh() }
        .task { await viewModel.load() }
        .toolbar {
            Button { navigation.presentedSheet = .supportChat } label: {
                Image(systemName: "bubble.left.and.bubble.right")
            }
        }
        .sheet(item: $viewModel.shareItem) { link in
            ActivityView(controller: viewModel.activityController(for: link))
        }
        .sheet(item: $checkout) { booking in
            CheckoutView(booking: booking, coordinator: makePaymentCoordinator())
        }
    }

    private func row(for trip: TripSummary) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(trip.title).font(.headline)
            Text("\(trip.startsOn.formatted(date: .abbreviated, time: .omitted)) – \(trip.endsOn.formatted(date: .abbreviated, time: .omitted))")
                .font(.subheadline)
                .foregroundStyle(.secondary)
        }
        .listRowBackground(navigation.focusedTripID == trip.id ? Color.accentColor.opacity(0.12) : nil)
        .swipeActions(edge: .trailing) {
            Button { Task { await viewModel.share(trip) } } label: {
                Label("trip.share", systemImage: "square.and.arrow.up")
            }
            .tint(.blue)
            if let booking = trip.pendingPayment {
                Button { checkout = booking } label: { Label("trip.pay", systemImage: "creditcard") }
                    .tint(.orange)
            }
            if let segment = trip.segments.first, trip.isUpcoming {
                Button {
                    navigation.presentedSheet = .boardingPass(
                        BoardingPassReference(bookingReference: trip.bookingReference, segmentID: segment.id, departureDate: segment.departsAt)
                    )
                } label: {
                    Label("trip.boardingPass", systemImage: "qrcode")
                }
                .tint(.green)
            }
        }
    }
}

extension TripShareLink: Identifiable {
    var id: URL { url }
}

private struct ActivityView: UIViewControllerRepresentable {
    let controller: UIActivityViewController

    func makeUIViewController(context: Context) -> UIActivityViewController { controller }
    func updateUIViewController(_ uiViewController: UIActivityViewController, context: Context) {}
}

// MARK: - Sharing

struct TripShareLink: Decodable {
    let url: URL
    let expiresAt: Date
}

/// Read-only itinerary as exposed to people a trip was shared with (no traveller documents,
/// no booking reference, first names only).
struct SharedTrip: Decodable, Equatable {
    let title: String
    let travellerFirstNames: [String]
    let segments: [FlightSegment]
    let hotelName: String?
}

final class TripShareService {
    private let client: APIClientProtocol
    private let api: VoyageAPI

    init(client: APIClientProtocol, api: VoyageAPI) {
        self.client = client
        self.api = api
    }

    /// Creates (or returns the existing) public share link, e.g. `https://voyage.travel/t/q8Zk2…`.
    func shareLink(for tripID: String) async throws -> TripShareLink {
        try await client.send(api.createShareLink(tripID: tripID), as: TripShareLink.self)
    }

    func sharedTrip(token: String) async throws -> SharedTrip {
        try await client.send(api.sharedTrip(token: token), as: SharedTrip.self)
    }

    func copy(_ link: TripShareLink) {
        UIPasteboard.general.url = link.url
    }

    func activityController(for link: TripShareLink, title: String) -> UIActivityViewController {
        let message = String(format: NSLocalizedString("share.trip.message", comment: "Join my trip: %@"), title)
        let controller = UIActivityViewController(activityItems: [message, link.url], applicationActivities: nil)
        controller.excludedActivityTypes = [.assignToContact, .addToReadingList, .openInIBooks]
        return controller
    }
}

struct SharedTripView: View {
    let token: String
    let service: TripShareService
    @State private var trip: SharedTrip?

    var body: some View {
        NavigationStack {
            List {
                if let trip {
                    Section(trip.title) {
                        ForEach(trip.segments) { segment in
                            LabeledContent("\(segment.marketingCarrier)\(segment.flightNumber) \(segment.origin) → \(segment.destination)",
                                           value: segment.departsAt.formatted(date: .abbreviated, time: .shortened))
                        }
                        if let hotel = trip.hotelName { Text(hotel) }
                    }
                } else {
                    ProgressView()
                }
            }
            .navigationTitle("trip.shared.title")
        }
        .task { trip = try? await service.sharedTrip(token: token) }
    }
}
