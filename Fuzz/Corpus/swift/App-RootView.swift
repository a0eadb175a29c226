import SwiftUI

struct RootView: View {
    @EnvironmentObject private var session: SessionManager
    @EnvironmentObject private var router: DeepLinkRouter

    var body: some View {
        switch session.state {
        case .signedOut:
            NavigationStack {
                LoginView()
            }
        case .locked:
            LockScreenView()
        case .signedIn:
            HomeView()
                .sheet(item: $router.pendingPayment) { payment in
                    PaymentRequestView(payment: payment)
                }
        }
    }
}

/// Confirms a payment request that arrived through a universal link.
private struct PaymentRequestView: View {
    let payment: PaymentRequest
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                LabeledContent("To", value: payment.payee)
                LabeledContent("Amount", value: payment.amount, format: .currency(code: payment.currency))
            }
            .navigationTitle("Payment request")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
            }
        }
    }
}
