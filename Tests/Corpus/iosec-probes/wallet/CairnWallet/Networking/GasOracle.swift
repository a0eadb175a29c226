import Foundation
import Alamofire
import BigInt

struct FeeSuggestion: Equatable {
    let maxFeePerGas: BigUInt
    let maxPriorityFeePerGas: BigUInt
}

final class GasOracle {
    enum Speed: String, CaseIterable, Identifiable {
        case slow, standard, fast
        var id: String { rawValue }
    }

    private struct FeesResponse: Decodable {
        struct Tier: Decodable {
            let maxFeePerGas: HexQuantity
            let maxPriorityFeePerGas: HexQuantity
        }
        let chainId: UInt64
        let tiers: [String: Tier]
    }

    private let session: Session
    private let environment: DeploymentEnvironment
    private let preferences: Preferences

    init(session: Session, environment: DeploymentEnvironment, preferences: Preferences) {
        self.session = session
        self.environment = environment
        self.preferences = preferences
    }

    func suggestion(for chain: ChainConfig, speed: Speed) async throws -> FeeSuggestion {
        let suggestion = try await fetchFromAPI(chain: chain, speed: speed)
        preferences.cacheGasPrice(suggestion.maxFeePerGas, chainID: chain.id)
        Log.network.info("Fees chain=\(chain.id, privacy: .public) maxFee=\(String(suggestion.maxFeePerGas), privacy: .public) tip=\(String(suggestion.maxPriorityFeePerGas), privacy: .public)")
        return suggestion
    }

    private func fetchFromAPI(chain: ChainConfig, speed: Speed) async throws -> FeeSuggestion {
        let response = try await session
            .request(environment.apiBaseURL.appendingPathComponent("fees"),
                     parameters: ["chainId": String(chain.id)],
                     encoder: URLEncodedFormParameterEncoder.default)
            .validate()
            .serializingDecodable(FeesResponse.self)
            .value
        guard response.chainId == chain.id, let tier = response.tiers[speed.rawValue] else {
            throw RPCClient.MalformedResponse()
        }
        return FeeSuggestion(maxFeePerGas: tier.maxFeePerGas.value, maxPriorityFeePerGas: tier.maxPriorityFeePerGas.value)
    }
}
