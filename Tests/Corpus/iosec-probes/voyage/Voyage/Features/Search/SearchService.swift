import Foundation

enum SearchKind: String, Codable {
    case flights
    case hotels
}

enum CabinClass: String, Codable, CaseIterable, Identifiable {
    case economy
    case premiumEconomy = "premium_economy"
    case business
    case first

    var id: String { rawValue }
    var localizedName: String { NSLocalizedString("cabin.\(rawValue)", comment: "") }
}

struct FlightQuery: Codable, Hashable {
    var origin: String
    var destination: String
    var departure: Date
    var returnDate: Date?
    var adults: Int
    var children: Int
    var cabin: CabinClass

    var queryItems: [URLQueryItem] {
        var items = [
            URLQueryItem(name: "origin", value: origin),
            URLQueryItem(name: "destination", value: destination),
            URLQueryItem(name: "departure", value: DateFormatter.iataDay.string(from: departure)),
            URLQueryItem(name: "adults", value: String(adults)),
            URLQueryItem(name: "children", value: String(children)),
            URLQueryItem(name: "cabin", value: cabin.rawValue),
        ]
        if let returnDate {
            items.append(URLQueryItem(name: "return", value: DateFormatter.iataDay.string(from: returnDate)))
        }
        return items
    }

    /// Stable identifier for the query, used to key cached result pages.
    var cacheKey: String {
        (try? JSONEncoder.canonical.encode(self))?.sha256Hex ?? "\(origin)\(destination)\(departure.timeIntervalSince1970)"
    }
}

struct HotelQuery: Codable, Hashable {
    var cityCode: String
    var checkIn: Date
    var checkOut: Date
    var guests: Int
    var rooms: Int

    var queryItems: [URLQueryItem] {
        [
            URLQueryItem(name: "city", value: cityCode),
            URLQueryItem(name: "check_in", value: DateFormatter.iataDay.string(from: checkIn)),
            URLQueryItem(name: "check_out", value: DateFormatter.iataDay.string(from: checkOut)),
            URLQueryItem(name: "guests", value: String(guests)),
            URLQueryItem(name: "rooms", value: String(rooms)),
        ]
    }

    var cacheKey: String {
        (try? JSONEncoder.canonical.encode(self))?.sha256Hex ?? cityCode
    }
}

struct FlightSegment: Codable, Hashable, Identifiable {
    let id: String
    let marketingCarrier: String
    let flightNumber: String
    let origin: String
    let destination: String
    let departsAt: Date
    let arrivesAt: Date
}

struct FlightOffer: Codable, Hashable, Identifiable {
    let id: String
    let totalAmount: Decimal
    let currency: String
    let fareFamily: String
    let segments: [FlightSegment]
    let seatsRemaining: Int?
    let carrierLogoURL: URL?

    var stops: Int { max(segments.count - 1, 0) }
    var departure: Date? { segments.first?.departsAt }
    var arrival: Date? { segments.last?.arrivesAt }
}

struct HotelOffer: Codable, Hashable, Identifiable {
    let id: String
    let name: String
    let starRating: Int
    let nightlyRate: Decimal
    let currency: String
    let thumbnailURL: URL?
    let distanceKm: Double
}

struct SearchPage<Item: Codable>: Codable {
    let items: [Item]
    let nextCursor: String?
    let totalCount: Int
}

protocol SearchService {
    func searchFlights(_ query: FlightQuery, cursor: String?) async throws -> SearchPage<FlightOffer>
    func searchHotels(_ query: HotelQuery, cursor: String?) async throws -> SearchPage<HotelOffer>
}

final class LiveSearchService: SearchService {
    /// Fares move quickly; cached pages are only used to make back-navigation instant.
    static let cacheLifetime: TimeInterval = 5 * 60

    private let client: APIClientProtocol
    private let api: VoyageAPI
    private let cache: CoreDataPayloadCache

    init(client: APIClientProtocol, api: VoyageAPI, cache: CoreDataPayloadCache) {
        self.client = client
        self.api = api
        self.cache = cache
    }

    func searchFlights(_ query: FlightQuery, cursor: String?) async throws -> SearchPage<FlightOffer> {
        try await cachedPage(key: "flights/\(query.cacheKey)/\(cursor ?? "0")") {
            api.searchFlights(query, cursor: cursor)
        }
    }

    func searchHotels(_ query: HotelQuery, cursor: String?) async throws -> SearchPage<HotelOffer> {
        try await cachedPage(key: "hotels/\(query.cacheKey)/\(cursor ?? "0")") {
            api.searchHotels(query, cursor: cursor)
        }
    }

    private func cachedPage<Item: Codable>(
        key: String,
        endpoint: () -> Endpoint
    ) async throws -> SearchPage<Item> {
        if let data = await cache.payload(for: key, maxAge: Self.cacheLifetime),
           let page = try? JSONDecoder.voyage.decode(SearchPage<Item>.self, from: data) {
            return page
        }
        let data = try await client.data(endpoint())
        let page = try JSONDecoder.voyage.decode(SearchPage<Item>.self, from: data)
        await cache.store(data, for: key)
        return page
    }
}
