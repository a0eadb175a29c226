import Foundation
import StoreKit

/// StoreKit 2 entitlements. Only cryptographically verified transactions unlock features;
/// the backend receives the signed JWS for server-side bookkeeping.
@MainActor
final class SubscriptionStore: ObservableObject {
    static let productIDs: Set<String> = [
        "com.stridecoach.plus.monthly",
        "com.stridecoach.plus.yearly",
        "com.stridecoach.coachpro.monthly",
    ]

    @Published private(set) var products: [Product] = []
    @Published private(set) var activeTier: SubscriptionTier = .free
    @Published private(set) var purchaseInProgress = false

    /// Lets the backend tie App Store notifications to the Stride account.
    var appAccountToken: UUID?

    private var updatesTask: Task<Void, Never>?

    init() {
        updatesTask = Task { [weak self] in
            for await update in Transaction.updates {
                await self?.handle(update)
            }
        }
    }

    deinit {
        updatesTask?.cancel()
    }

    func loadProducts() async {
        do {
            products = try await Product.products(for: Self.productIDs).sorted { $0.price < $1.price }
        } catch {
            Log.store.error("Product fetch failed: \(error.localizedDescription, privacy: .public)")
        }
        await refreshEntitlements()
    }

    func purchase(_ product: Product) async throws -> Bool {
        purchaseInProgress = true
        defer { purchaseInProgress = false }

        var options: Set<Product.PurchaseOption> = []
        if let token = appAccountToken {
            options.insert(.appAccountToken(token))
        }

        switch try await product.purchase(options: options) {
        case .success(let verification):
            let transaction = try checkVerified(verification)
            await transaction.finish()
            await refreshEntitlements()
            return true
        case .userCancelled, .pending:
            return false
        @unknown default:
            return false
        }
    }

    func restore() async {
        try? await AppStore.sync()
        await refreshEntitlements()
    }

    func refreshEntitlements() async {
        var tier: SubscriptionTier = .free
        for await result in Transaction.currentEntitlements {
            guard let transaction = try? checkVerified(result), transaction.revocationDate == nil else { continue }
            if transaction.productID.contains("coachpro") {
                tier = .coachPro
            } else if tier == .free {
                tier = .plus
            }
        }
        activeTier = tier
        Log.store.info("Active tier: \(tier.rawValue, privacy: .public)")
    }

    private func handle(_ update: VerificationResult<Transaction>) async {
        guard let transaction = try? checkVerified(update) else { return }
        await transaction.finish()
        await refreshEntitlements()
    }

    private func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .unverified(_, let error):
            Log.store.fault("Unverified transaction: \(error.localizedDescription, privacy: .public)")
            throw error
        case .verified(let value):
            return value
        }
    }
}
