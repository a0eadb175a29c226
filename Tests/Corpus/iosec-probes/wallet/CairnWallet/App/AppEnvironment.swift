import SwiftUI
import Alamofire
import GRDB

@MainActor
final class AppEnvironment: ObservableObject {
    let deployment: DeploymentEnvironment
    let preferences: Preferences
    let authenticator: BiometricAuthenticator
    let walletManager: WalletManager
    let transactionCache: TransactionCache
    let gasOracle: GasOracle
    let activityWebhooks: ActivityWebhookService
    let connectedSites: ConnectedSitesStore
    private let session: Session

    @Published private(set) var selectedChain: ChainConfig
    private var rpcClients: [UInt64: RPCClient] = [:]

    init(deployment: DeploymentEnvironment, preferences: Preferences, transactionCache: TransactionCache) {
        let session = NetworkSession.make(for: deployment)
        let authenticator = BiometricAuthenticator()
        self.deployment = deployment
        self.preferences = preferences
        self.session = session
        self.authenticator = authenticator
        self.transactionCache = transactionCache
        self.walletManager = WalletManager(secureStore: SecureStore(), preferences: preferences, authenticator: authenticator)
        self.gasOracle = GasOracle(session: session, environment: deployment, preferences: preferences)
        self.activityWebhooks = ActivityWebhookService(session: session, preferences: preferences)
        self.connectedSites = ConnectedSitesStore(defaults: .standard)
        self.selectedChain = ChainConfig.supported(id: preferences.selectedChainID) ?? .ethereum
    }

    static func live() -> AppEnvironment {
        let cache: TransactionCache
        do {
            cache = try TransactionCache.makeDefault()
        } catch {
            Log.storage.fault("Transaction cache unavailable, using in-memory store: \(error.localizedDescription, privacy: .public)")
            cache = try! TransactionCache(dbQueue: DatabaseQueue())
        }
        let deployment = DeploymentEnvironment.current
        #if DEBUG
        print("[Cairn] deployment=\(deployment.rawValue) rpc=\(deployment.rpcHost) api=\(deployment.apiHost)")
        #endif
        return AppEnvironment(deployment: deployment, preferences: Preferences(), transactionCache: cache)
    }

    var rpc: RPCClient { rpcClient(for: selectedChain) }

    func rpcClient(for chain: ChainConfig) -> RPCClient {
        if let existing = rpcClients[chain.id] { return existing }
        let client = RPCClient(chain: chain, environment: deployment, session: session)
        rpcClients[chain.id] = client
        return client
    }

    func selectChain(_ chain: ChainConfig) {
        guard chain != selectedChain else { return }
        selectedChain = chain
        preferences.selectedChainID = chain.id
        Log.app.info("Switched to chain \(chain.id, privacy: .public) (\(chain.name, privacy: .public))")
    }

    func makeSendViewModel(prefill: PaymentRequest? = nil) -> SendViewModel? {
        guard let sender = walletManager.primaryAddress else { return nil }
        if let requested = prefill?.chainID.flatMap(ChainConfig.supported(id:)) {
            selectChain(requested)
        }
        return SendViewModel(chain: selectedChain, sender: sender, environment: self, prefill: prefill)
    }

    func scenePhaseDidChange(to phase: ScenePhase) {
        switch phase {
        case .background:
            walletManager.lock()
        case .active:
            Task { await refreshPendingTransactions() }
            if let address = walletManager.primaryAddress {
                Task { await activityWebhooks.register(address) }
            }
        default:
            break
        }
    }

    func refreshPendingTransactions() async {
        let client = rpc
        guard let pending = try? transactionCache.pending(chainID: client.chain.id) else { return }
        for transaction in pending {
            guard let receipt = try? await client.receipt(for: transaction.hash) else { continue }
            try? transactionCache.updateStatus(
                hash: transaction.hash,
                status: receipt.succeeded ? .confirmed : .failed,
                blockNumber: Int64(receipt.blockNumber.uint64)
            )
            Log.storage.info("Tx \(transaction.hash, privacy: .public) settled in block \(receipt.blockNumber.uint64, privacy: .public)")
        }
    }
}
