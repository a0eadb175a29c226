import StoreKit
import SwiftUI

struct PaywallView: View {
    let placement: String

    @EnvironmentObject private var store: SubscriptionStore
    @EnvironmentObject private var environment: AppEnvironment
    @Environment(\.dismiss) private var dismiss
    @State private var selected: Product?
    @State private var errorMessage: String?

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: 24) {
                    header
                    productList
                    Button {
                        Task { await buy() }
                    } label: {
                        Text("paywall.cta").frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.borderedProminent)
                    .controlSize(.large)
                    .disabled(selected == nil || store.purchaseInProgress)

                    Button("paywall.restore") { Task { await store.restore() } }
                        .font(.footnote)
                }
                .padding()
            }
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button { dismiss() } label: { Image(systemName: "xmark") }
                }
            }
        }
        .task {
            await store.loadProducts()
            selected = selected ?? store.products.first { $0.id.hasSuffix("yearly") }
            environment.preferences.paywallLastShownAt = Date()
            environment.analytics.track(.paywallShown(placement: placement))
        }
        .alert("error.title", isPresented: .constant(errorMessage != nil)) {
            Button("ok") { errorMessage = nil }
        } message: { Text(errorMessage ?? "") }
    }

    private var header: some View {
        VStack(spacing: 8) {
            Image(systemName: "bolt.heart.fill").font(.system(size: 56)).foregroundStyle(.pink)
            Text("paywall.title").font(.largeTitle.bold()).multilineTextAlignment(.center)
            Text("paywall.subtitle").foregroundStyle(.secondary).multilineTextAlignment(.center)
        }
    }

    private var productList: some View {
        VStack(spacing: 10) {
            ForEach(store.products) { product in
                Button { selected = product } label: {
                    HStack {
                        VStack(alignment: .leading) {
                            Text(product.displayName).font(.headline)
                            if let period = product.subscription?.subscriptionPeriod {
                                Text(String(format: NSLocalizedString("paywall.per_period %@ %lld", comment: "price every N months"),
                                            product.displayPrice, period.value))
                                    .font(.subheadline).foregroundStyle(.secondary)
                            }
                        }
                        Spacer()
                        Image(systemName: selected?.id == product.id ? "checkmark.circle.fill" : "circle")
                    }
                    .padding()
                    .background(RoundedRectangle(cornerRadius: 12).stroke(selected?.id == product.id ? Color.accentColor : .secondary.opacity(0.3)))
                }
                .buttonStyle(.plain)
            }
        }
    }

    private func buy() async {
        guard let selected else { return }
        do {
            if try await store.purchase(selected) {
                environment.analytics.track(.purchaseCompleted(productID: selected.id))
                dismiss()
            }
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
