import Foundation

enum DeploymentEnvironment: String {
    case production
    case staging

    static var current: DeploymentEnvironment {
        (Bundle.main.object(forInfoDictionaryKey: "CairnDeploymentEnvironment") as? String)
            .flatMap(DeploymentEnvironment.init(rawValue:)) ?? .production
    }

    var rpcHost: String { self == .production ? "rpc.cairnwallet.app" : "rpc.staging.cairnwallet.app" }
    var apiHost: String { self == .production ? "api.cairnwallet.app" : "api.staging.cairnwallet.app" }
    var apiBaseURL: URL { URL(string: "https://\(apiHost)/v1")! }
}

struct ChainConfig: Identifiable, Hashable {
    let id: UInt64
    let name: String
    let symbol: String
    let decimals: Int
    let rpcPath: String
    let explorer: URL
    let isTestnet: Bool

    /// RPC goes through Cairn's proxy, which holds the upstream provider credentials server-side.
    func rpcURL(in environment: DeploymentEnvironment) -> URL {
        URL(string: "https://\(environment.rpcHost)/\(rpcPath)")!
    }

    func explorerURL(forTransaction hash: String) -> URL {
        explorer.appendingPathComponent("tx").appendingPathComponent(hash)
    }

    var hexID: String { "0x" + String(id, radix: 16) }

    static let ethereum = ChainConfig(id: 1, name: "Ethereum", symbol: "ETH", decimals: 18, rpcPath: "eth-mainnet",
                                      explorer: URL(string: "https://etherscan.io")!, isTestnet: false)
    static let optimism = ChainConfig(id: 10, name: "OP Mainnet", symbol: "ETH", decimals: 18, rpcPath: "op-mainnet",
                                      explorer: URL(string: "https://optimistic.etherscan.io")!, isTestnet: false)
    static let base = ChainConfig(id: 8453, name: "Base", symbol: "ETH", decimals: 18, rpcPath: "base-mainnet",
                                  explorer: URL(string: "https://basescan.org")!, isTestnet: false)
    static let arbitrum = ChainConfig(id: 42161, name: "Arbitrum One", symbol: "ETH", decimals: 18, rpcPath: "arb-mainnet",
                                      explorer: URL(string: "https://arbiscan.io")!, isTestnet: false)
    static let sepolia = ChainConfig(id: 11_155_111, name: "Sepolia", symbol: "SepoliaETH", decimals: 18, rpcPath: "eth-sepolia",
                                     explorer: URL(string: "https://sepolia.etherscan.io")!, isTestnet: true)

    static let all: [ChainConfig] = [.ethereum, .optimism, .base, .arbitrum, .sepolia]

    static func supported(id: UInt64) -> ChainConfig? {
        all.first { $0.id == id }
    }
}
