import Foundation
import os
import StoreKit

@MainActor
final class SubscriptionStore: ObservableObject {
    @Published private(set) var products: [Product] = []
    @Published private(set) var activeProductIDs: Set<String> = []
    @Published private(set) var isPurchasing = false

    private let productIDs: [String]
    private let api: APIClient
    private let session: SessionStore
    private var updatesListener: Task<Void, Never>?

    init(productIDs: [String], api: APIClient, session: SessionStore) {
        self.productIDs = productIDs
        self.api = api
        self.session = session
        updatesListener = Task(priority: .background) { [weak self] in
            for await update in Transaction.updates {
                await self?.handle(update)
            }
        }
    }

    var hasPremium: Bool {
        !activeProductIDs.isEmpty || (session.account.map { $0.plan != .free } ?? false)
    }

    func loadProducts() async {
        guard products.isEmpty else { return }
        do {
            products = try await Product.products(for: productIDs).sorted { $0.price < $1.price }
        } catch {
            Logger.store.error("Product lookup failed: \(error.localizedDescription, privacy: .public)")
        }
    }

    func purchase(_ product: Product) async {
        isPurchasing = true
        defer { isPurchasing = false }

        var options: Set<Product.PurchaseOption> = []
        if let token = session.account?.storeAccountToken {
            options.insert(.appAccountToken(token))
        }
        do {
            if case .success(let verification) = try await product.purchase(options: options) {
                await handle(verification)
            }
        } catch {
            Logger.store.error("Purchase failed: \(error.localizedDescription, privacy: .public)")
        }
    }

    func restorePurchases() async {
        try? await AppStore.sync()
        await refreshEntitlements()
    }

    func refreshEntitlements() async {
        var active: Set<String> = []
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result, transaction.revocationDate == nil {
                active.insert(transaction.productID)
            }
        }
        activeProductIDs = active
    }

    /// Only locally verified transactions are reported and finished; the
    /// server re-verifies the JWS with Apple before granting access.
    private func handle(_ verification: VerificationResult<Transaction>) async {
        guard case .verified(let transaction) = verification else {
            Logger.store.fault("Ignoring unverified transaction")
            return
        }
        struct Report: Encodable { let signedTransaction: String }
        do {
            let _: EmptyResponse = try await api.send(.post("v1/subscriptions/transactions", body: Report(signedTransaction: verification.jwsRepresentation)))
            await transaction.finish()
        } catch {
            Logger.store.error("Transaction report failed; will retry on next update: \(error.localizedDescription, privacy: .public)")
        }
        await refreshEntitlements()
    }
}
