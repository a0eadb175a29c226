import Foundation
import BigInt

@MainActor
final class SendViewModel: ObservableObject {
    enum Phase: Equatable {
        case editing
        case estimating
        case review(EIP1559Transaction)
        case sending
        case sent(hash: String)
        case failed(String)
    }

    @Published var recipientText = ""
    @Published var amountText = ""
    @Published var speed: GasOracle.Speed = .standard
    @Published private(set) var phase: Phase = .editing
    @Published private(set) var balance: BigUInt?

    let chain: ChainConfig
    let sender: EthereumAddress
    private let environment: AppEnvironment
    private let rpc: RPCClient
    private let signer = TransactionSigner()

    init(chain: ChainConfig, sender: EthereumAddress, environment: AppEnvironment, prefill: PaymentRequest?) {
        self.chain = chain
        self.sender = sender
        self.environment = environment
        self.rpc = environment.rpcClient(for: chain)

        if let prefill {
            recipientText = prefill.recipient.checksummed
            amountText = prefill.amountWei.map {
                AmountFormatter.decimalString(wei: $0, decimals: chain.decimals, maxFractionDigits: chain.decimals)
            } ?? ""
        }
    }

    var recipient: EthereumAddress? {
        EthereumAddress(string: recipientText.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    var amountWei: BigUInt? { AmountFormatter.parse(amountText, decimals: chain.decimals) }

    var canReview: Bool { recipient != nil && (amountWei ?? 0) > 0 }

    var recipientMessage: String? {
        let trimmed = recipientText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard let recipient else { return String(localized: "send.error.invalidAddress") }
        return recipient == sender ? String(localized: "send.warning.selfTransfer") : nil
    }

    func loadBalance() async {
        balance = try? await rpc.balance(of: sender)
    }

    func prepareReview() async {
        guard let recipient, let amount = amountWei, amount > 0 else { return }
        phase = .estimating
        do {
            async let remoteNonce = rpc.pendingNonce(for: sender)
            async let fees = environment.gasOracle.suggestion(for: chain, speed: speed)
            async let gas = rpc.estimateGas(CallRequest(from: sender.checksummed, to: recipient.checksummed,
                                                        value: "0x" + String(amount, radix: 16)))
            let (nonce, fee, gasEstimate) = try await (remoteNonce, fees, gas)

            if let last = environment.preferences.lastBroadcastNonce(for: sender, chainID: chain.id), last >= nonce {
                Log.wallet.notice("Node nonce \(nonce, privacy: .public) <= last broadcast \(last, privacy: .public) on chain \(self.chain.id, privacy: .public)")
            }

            let transaction = EIP1559Transaction(
                chainID: chain.id,
                nonce: nonce,
                maxPriorityFeePerGas: fee.maxPriorityFeePerGas,
                maxFeePerGas: fee.maxFeePerGas,
                gasLimit: gasEstimate + gasEstimate / 5,
                to: recipient,
                value: amount
            )
            if let balance, balance < transaction.maxCost {
                phase = .failed(String(localized: "send.error.insufficientFunds"))
            } else {
                phase = .review(transaction)
            }
        } catch {
            phase = .failed(error.localizedDescription)
        }
    }

    func confirmAndSend() async {
        guard case .review(let transaction) = phase else { return }
        phase = .sending

        let reason = String(
            format: NSLocalizedString("auth.reason.send", comment: "%1$@ = amount, %2$@ = recipient"),
            AmountFormatter.display(wei: transaction.value, chain: chain),
            transaction.to?.shortened ?? ""
        )
        do {
            let signed = try await environment.walletManager.withAccountKey(reason: reason) { key in
                try signer.sign(transaction, with: key, expectedSender: sender)
            }
            let hash = try await rpc.sendRawTransaction(signed.raw)
            environment.preferences.recordBroadcastNonce(transaction.nonce, for: sender, chainID: chain.id)
            try? environment.transactionCache.save(CachedTransaction(pending: signed, from: sender))
            Log.wallet.info("Broadcast \(hash, privacy: .public) nonce=\(transaction.nonce, privacy: .public) chain=\(self.chain.id, privacy: .public)")
            phase = .sent(hash: hash)
        } catch {
            Log.wallet.error("Send failed: \(error.localizedDescription, privacy: .public)")
            phase = .failed(error.localizedDescription)
        }
    }

    func reset() { phase = .editing }
}
