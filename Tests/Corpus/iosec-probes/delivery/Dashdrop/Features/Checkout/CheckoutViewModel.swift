//
//  CheckoutViewModel.swift
//  Dashdrop
//

import Foundation
import Combine
import os

struct CartItem: Identifiable, Hashable {
    let id: String
    let name: String
    let unitPrice: Decimal
    var quantity: Int
}

struct PlacedOrder {
    let orderID: String
    let deliveryToken: String
    let restaurantName: String
    let total: Decimal
    let currency: String
    let itemCount: Int
}

@MainActor
final class CheckoutViewModel: ObservableObject {

    enum Phase: Equatable {
        case editing, placing, placed(orderID: String), failed(String)
    }

    @Published var items: [CartItem]
    @Published var tipPercent = 15
    @Published var promoCode = ""
    @Published private(set) var promoDiscount: Decimal = 0
    @Published private(set) var promoMessage: String?
    @Published var selectedAddress: DeliveryAddress?
    @Published private(set) var paymentMethod: SavedPaymentMethod?
    @Published private(set) var phase: Phase = .editing

    let restaurantID: String
    let restaurantName: String
    let currency = Locale.current.currency?.identifier ?? "USD"
    let deliveryFee: Decimal = 2.99

    private let defaults = UserDefaults.standard
    private var idempotencyKey = APIClient.generateIdempotencyKey()
    private var cancellables = Set<AnyCancellable>()

    init(restaurantID: String, restaurantName: String, items: [CartItem]) {
        self.restaurantID = restaurantID
        self.restaurantName = restaurantName
        self.items = items
        selectedAddress = AddressBook.shared().selectedAddress
        paymentMethod = PaymentMethodStore.shared().defaultMethod
        if let pending = defaults.string(forKey: "dd.checkout.pendingPromo") {
            promoCode = pending
            defaults.removeObject(forKey: "dd.checkout.pendingPromo")
        }
        NotificationCenter.default.publisher(for: .DDCartDidChange)
            .compactMap { $0.userInfo?["promo_code"] as? String }
            .receive(on: RunLoop.main)
            .sink { [weak self] code in
                self?.promoCode = code
                Task { await self?.applyPromo() }
            }
            .store(in: &cancellables)
    }

    var subtotal: Decimal { items.reduce(0) { $0 + $1.unitPrice * Decimal($1.quantity) } }
    var tip: Decimal { subtotal * Decimal(tipPercent) / 100 }
    var total: Decimal { max(0, subtotal + deliveryFee + tip - promoDiscount) }
    var canPlaceOrder: Bool { !items.isEmpty && selectedAddress != nil && paymentMethod != nil && phase != .placing }

    func refreshPaymentMethod() {
        paymentMethod = PaymentMethodStore.shared().defaultMethod
    }

    func setQuantity(_ quantity: Int, for item: CartItem) {
        guard let index = items.firstIndex(of: item) else { return }
        if quantity <= 0 { items.remove(at: index) } else { items[index].quantity = quantity }
        idempotencyKey = APIClient.generateIdempotencyKey()
    }

    func applyPromo() async {
        let code = promoCode.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.range(of: "^[A-Z0-9]{4,16}$", options: .regularExpression) != nil else {
            promoMessage = String(localized: "That code doesn't look right.")
            return
        }
        do {
            let json = try await request { done in
                APIClient.shared().post("promotions/validate", parameters: ["code": code, "restaurant_id": self.restaurantID],
                                        authenticated: true, completion: done)
            }
            promoDiscount = (json["discount"] as? NSNumber)?.decimalValue ?? 0
            promoMessage = String(localized: "Saved \(Money.format(promoDiscount, currencyCode: currency))")
            defaults.set(code, forKey: "dd.checkout.lastAppliedPromo")
            Logger.checkout.info("Promo \(code, privacy: .public) applied")
            AnalyticsTracker.shared().log("promo_applied", parameters: ["promo_code": code, "restaurant_id": restaurantID])
        } catch {
            promoDiscount = 0
            promoMessage = String(localized: "This code can't be used on this order.")
        }
    }

    func placeOrder() async {
        guard canPlaceOrder, let address = selectedAddress, let paymentMethod else { return }
        phase = .placing
        let promo = promoDiscount > 0 ? promoCode.uppercased() : nil
        let payload: [String: Any] = [
            "restaurant_id": restaurantID,
            "address_id": address.addressIdentifier,
            "drop_off_instructions": address.dropOffInstructions ?? "",
            "payment_method_id": paymentMethod.paymentMethodIdentifier,
            "tip_percent": tipPercent,
            "promo_code": promo ?? NSNull(),
            "items": items.map { ["id": $0.id, "quantity": $0.quantity] },
        ]
        do {
            let key = idempotencyKey
            let json = try await request { done in
                APIClient.shared().placeOrder(withPayload: payload, idempotencyKey: key, completion: done)
            }
            guard let orderID = json["order_id"] as? String, let token = json["delivery_token"] as? String else {
                throw URLError(.badServerResponse)
            }
            Logger.checkout.info("Order \(orderID, privacy: .public) placed; tracking token \(token, privacy: .public)")
            AnalyticsTracker.shared().logOrderPlaced(orderID, restaurantID: restaurantID,
                                                     totalAmount: NSDecimalNumber(decimal: total),
                                                     currency: currency, promoCode: promo)
            OrderHistoryStore.shared.record(PlacedOrder(orderID: orderID, deliveryToken: token, restaurantName: restaurantName,
                                                        total: total, currency: currency,
                                                        itemCount: items.reduce(0) { $0 + $1.quantity }))
            AddressBook.shared().addOrUpdate(address)
            idempotencyKey = APIClient.generateIdempotencyKey()
            items.removeAll()
            phase = .placed(orderID: orderID)
        } catch {
            Logger.checkout.error("Checkout failed: \(error.localizedDescription, privacy: .public)")
            AnalyticsTracker.shared().recordNonFatal(error)
            phase = .failed(String(localized: "We couldn't place your order. You have not been charged."))
        }
    }

    func dismissError() {
        if case .failed = phase { phase = .editing }
    }

    private func request(_ start: (@escaping (Any?, HTTPURLResponse?, Error?) -> Void) -> Void) async throws -> [String: Any] {
        try await withCheckedThrowingContinuation { continuation in
            start { json, response, error in
                NSLog("[Checkout] request finished with HTTP %ld", response?.statusCode ?? -1)
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: json as? [String: Any] ?? [:])
                }
            }
        }
    }
}
