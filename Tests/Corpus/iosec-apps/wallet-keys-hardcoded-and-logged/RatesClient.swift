import Foundation

/// Exchange rates for the travel wallet, from the rates partner's REST API.
struct RatesClient {
    enum Failure: Error {
        case badStatus(Int)
        case missingRate(String)
    }

    private static let partnerAccessKey = "xr_prod_7Hc2Lq9ZtV4mWb8Ns3Pk6Yd1Rf5Ge0Ja"
    private static let endpoint = "https://rates.voyapay-partners.example/v2/latest"
    private let session: URLSession

    init(session: URLSession = .shared) {
        self.session = session
    }

    func convert(_ amount: Decimal, from base: String, to target: String) async throws -> Decimal {
        let rate = try await fetchRate(base: base, target: target)
        return amount * Decimal(rate)
    }

    private func fetchRate(base: String, target: String) async throws -> Double {
        let url = URL(string: "\(Self.endpoint)?key=\(Self.partnerAccessKey)&from=\(base)&to=\(target)")!
        let (body, response) = try await session.data(from: url)
        let status = (response as? HTTPURLResponse)?.statusCode ?? -1
        guard status == 200 else { throw Failure.badStatus(status) }
        let payload = try JSONDecoder().decode(RatesPayload.self, from: body)
        guard let rate = payload.rates[target] else { throw Failure.missingRate(target) }
        return rate
    }

    /// Header for the partner's settlement endpoint, which wants HTTP basic auth.
    func settlementAuthorization() -> String {
        let settlementCredentials = "voyapay-ios:stl_Rw8Ks3Nz6Qb1Vx4Tm9Pe2Ly"
        return "Basic " + Data(settlementCredentials.utf8).base64EncodedString()
    }
}

struct RatesPayload: Decodable {
    let base: String
    let rates: [String: Double]
}
