//
//  CheckoutView.swift
//  Dashdrop
//

import SwiftUI
import UIKit

struct CheckoutView: View {
    @StateObject var model: CheckoutViewModel
    @State private var showingCardEntry = false
    @State private var showingAddressPicker = false
    var onPlaced: (String) -> Void = { _ in }

    var body: some View {
        Form {
            Section(String(localized: "Your order")) {
                ForEach(model.items) { item in
                    Stepper("\(item.name) ×\(item.quantity)",
                            value: Binding(get: { item.quantity }, set: { model.setQuantity($0, for: item) }),
                            in: 0...50)
                }
            }
            Section(String(localized: "Deliver to")) {
                Button(model.selectedAddress?.singleLineDescription ?? String(localized: "Add an address")) {
                    showingAddressPicker = true
                }
            }
            Section(String(localized: "Payment")) {
                Button(model.paymentMethod?.displayName ?? String(localized: "Add a card")) {
                    showingCardEntry = true
                }
            }
            Section(String(localized: "Promo code")) {
                HStack {
                    TextField("DASHDROP10", text: $model.promoCode)
                        .textInputAutocapitalization(.characters)
                        .autocorrectionDisabled()
                    Button(String(localized: "Apply")) { Task { await model.applyPromo() } }
                }
                if let message = model.promoMessage {
                    Text(message).font(.footnote).foregroundStyle(.secondary)
                }
            }
            Section(String(localized: "Courier tip")) {
                Picker(String(localized: "Tip"), selection: $model.tipPercent) {
                    ForEach([0, 10, 15, 20], id: \.self) { Text("\($0)%").tag($0) }
                }
                .pickerStyle(.segmented)
            }
            Section {
                LabeledContent(String(localized: "Subtotal"), value: Money.format(model.subtotal, currencyCode: model.currency))
                LabeledContent(String(localized: "Delivery"), value: Money.format(model.deliveryFee, currencyCode: model.currency))
                LabeledContent(String(localized: "Tip"), value: Money.format(model.tip, currencyCode: model.currency))
                LabeledContent(String(localized: "Total"), value: Money.format(model.total, currencyCode: model.currency)).bold()
            }
        }
        .navigationTitle(model.restaurantName)
        .safeAreaInset(edge: .bottom) {
            Button {
                Task { await model.placeOrder() }
            } label: {
                Text(model.phase == .placing ? String(localized: "Placing order…") : String(localized: "Place order"))
                    .frame(maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .disabled(!model.canPlaceOrder)
            .padding()
        }
        .sheet(isPresented: $showingCardEntry, onDismiss: model.refreshPaymentMethod) { CardEntrySheet() }
        .sheet(isPresented: $showingAddressPicker) { AddressPicker(selection: $model.selectedAddress) }
        .onChange(of: model.phase) { phase in
            if case .placed(let orderID) = phase { onPlaced(orderID) }
        }
        .alert(String(localized: "Checkout"), isPresented: .constant(isFailed)) {
            Button("OK") { model.dismissError() }
        } message: {
            if case .failed(let message) = model.phase { Text(message) }
        }
        .onAppear { AnalyticsTracker.shared().logScreen("checkout") }
    }

    private var isFailed: Bool {
        if case .failed = model.phase { return true }
        return false
    }
}

private struct CardEntrySheet: UIViewControllerRepresentable {
    @Environment(\.dismiss) private var dismiss

    func makeUIViewController(context: Context) -> UINavigationController {
        let entry = DDCardEntryViewController()
        entry.delegate = context.coordinator
        return UINavigationController(rootViewController: entry)
    }

    func updateUIViewController(_ controller: UINavigationController, context: Context) {}

    func makeCoordinator() -> Coordinator { Coordinator { dismiss() } }

    final class Coordinator: NSObject, DDCardEntryViewControllerDelegate {
        let done: () -> Void
        init(done: @escaping () -> Void) { self.done = done }
        func cardEntryViewController(_ controller: DDCardEntryViewController, didSave method: SavedPaymentMethod) { done() }
        func cardEntryViewControllerDidCancel(_ controller: DDCardEntryViewController) { done() }
    }
}

private struct AddressPicker: View {
    @Binding var selection: DeliveryAddress?
    @StateObject private var search = AddressSearchModel()
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            List {
                if search.query.isEmpty {
                    ForEach(AddressBook.shared().addresses, id: \.addressIdentifier) { address in
                        Button(address.singleLineDescription) { choose(address) }
                    }
                } else {
                    ForEach(search.suggestions, id: \.self) { suggestion in
                        Button {
                            Task { if let address = await search.resolve(suggestion) { choose(address) } }
                        } label: {
                            VStack(alignment: .leading) {
                                Text(suggestion.title)
                                Text(suggestion.subtitle).font(.caption).foregroundStyle(.secondary)
                            }
                        }
                    }
                }
            }
            .searchable(text: $search.query, prompt: String(localized: "Street address"))
            .navigationTitle(String(localized: "Deliver to"))
        }
    }

    private func choose(_ address: DeliveryAddress) {
        AddressBook.shared().select(address)
        selection = address
        dismiss()
    }
}

@objc final class CheckoutViewFactory: NSObject {
    @MainActor @objc static func makeViewController() -> UIViewController {
        let model = CheckoutViewModel(restaurantID: "0", restaurantName: String(localized: "Cart"), items: [])
        let host = UIHostingController(rootView: CheckoutView(model: model))
        host.rootView.onPlaced = { [weak host] orderID in
            host?.navigationController?.pushViewController(OrderTrackingViewController(orderID: orderID, deliveryToken: nil),
                                                           animated: true)
        }
        return host
    }
}
