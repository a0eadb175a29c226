import Foundation
import Alamofire

/// A single HTTP call. Built by `VoyageAPI`, executed by `APIClient`.
struct Endpoint: URLRequestConvertible {
    var baseURL: URL
    var path: String
    var method: HTTPMethod = .get
    var queryItems: [URLQueryItem] = []
    var body: (any Encodable)?
    var headers: HTTPHeaders = [.accept("application/json")]
    var timeout: TimeInterval?

    func asURLRequest() throws -> URLRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !queryItems.isEmpty {
            components?.queryItems = queryItems
        }
        guard let url = components?.url else { throw AFError.invalidURL(url: baseURL) }

        var request = try URLRequest(url: url, method: method, headers: headers)
        if let body {
            request.httpBody = try JSONEncoder.voyage.encode(body)
            request.headers.update(.contentType("application/json"))
        }
        if let timeout {
            request.timeoutInterval = timeout
        }
        return request
    }
}

/// Route table for the Voyage backend and the loyalty partner gateway.
struct VoyageAPI {
    let environment: AppEnvironment

    private var base: URL { environment.apiBaseURL }
    private var gateway: URL { environment.loyaltyGatewayURL }

    // MARK: Session

    func refreshSession(refreshToken: String) -> Endpoint {
        Endpoint(baseURL: base, path: "v2/auth/refresh", method: .post, body: ["refresh_token": refreshToken])
    }

    // MARK: Search

    func searchFlights(_ query: FlightQuery, cursor: String?) -> Endpoint {
        var items = query.queryItems
        if let cursor {
            items.append(URLQueryItem(name: "cursor", value: cursor))
        }
        return Endpoint(baseURL: base, path: "v2/flights/search", queryItems: items, timeout: 45)
    }

    func searchHotels(_ query: HotelQuery, cursor: String?) -> Endpoint {
        var items = query.queryItems
        if let cursor {
            items.append(URLQueryItem(name: "cursor", value: cursor))
        }
        return Endpoint(baseURL: base, path: "v2/hotels/search", queryItems: items, timeout: 45)
    }

    // MARK: Trips & travellers

    func trips() -> Endpoint {
        Endpoint(baseURL: base, path: "v2/trips")
    }

    func cancelTrip(id: String) -> Endpoint {
        Endpoint(baseURL: base, path: "v2/trips/\(id)/cancellation", method: .post)
    }

    func createShareLink(tripID: String) -> Endpoint {
        Endpoint(baseURL: base, path: "v2/trips/\(tripID)/share", method: .post)
    }

    func sharedTrip(token: String) -> Endpoint {
        Endpoint(baseURL: base, path: "v2/shared-trips/\(token)")
    }

    /// The backend needs the travel document for Advance Passenger Information (APIS).
    func upsertTraveller(_ profile: TravellerProfile) -> Endpoint {
        Endpoint(baseURL: base, path: "v2/travellers/\(profile.id.uuidString)", method: .put, body: profile)
    }

    func deleteTraveller(id: UUID) -> Endpoint {
        Endpoint(baseURL: base, path: "v2/travellers/\(id.uuidString)", method: .delete)
    }

    // MARK: Booking & payment

    func confirmPayment(bookingID: String, paymentMethodID: String, returnURL: URL) -> Endpoint {
        Endpoint(baseURL: base, path: "v2/bookings/\(bookingID)/payment", method: .post, body: [
            "payment_method_id": paymentMethodID,
            "return_url": returnURL.absoluteString,
        ])
    }

    func paymentStatus(bookingID: String) -> Endpoint {
        Endpoint(baseURL: base, path: "v2/bookings/\(bookingID)/payment")
    }

    func boardingPass(_ reference: BoardingPassReference, format: BoardingPassFormat) -> Endpoint {
        Endpoint(
            baseURL: base,
            path: "v2/bookings/\(reference.bookingReference)/segments/\(reference.segmentID)/boarding-pass",
            queryItems: [URLQueryItem(name: "format", value: format.rawValue)],
            headers: [.accept(format.mimeType)]
        )
    }

    // MARK: Device & support

    func registerDevice(token: String) -> Endpoint {
        Endpoint(baseURL: base, path: "v2/devices", method: .post, body: DeviceRegistration(apnsToken: token))
    }

    func supportChatToken() -> Endpoint {
        Endpoint(baseURL: base, path: "v2/support/chat-token", method: .post)
    }

    func supportAttachmentSlot(contentType: String, byteCount: Int) -> Endpoint {
        Endpoint(baseURL: base, path: "v2/support/attachments", method: .post, body: [
            "content_type": contentType,
            "byte_count": String(byteCount),
        ])
    }

    // MARK: Loyalty gateway

    func loyaltyLogin(_ credentials: LoyaltyCredentials) -> Endpoint {
        Endpoint(baseURL: gateway, path: "sessions", method: .post, body: credentials)
    }

    func loyaltyAccount(memberID: String) -> Endpoint {
        Endpoint(baseURL: gateway, path: "accounts/\(memberID)")
    }
}

struct DeviceRegistration: Encodable {
    let apnsToken: String
    let platform = "ios"
    let locale = Locale.current.identifier
    let appVersion = Bundle.main.releaseName
}
