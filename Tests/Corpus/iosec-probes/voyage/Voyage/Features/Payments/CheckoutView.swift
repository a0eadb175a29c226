import StripePaymentsUI
import SwiftUI

/// Card entry for bookings that are held awaiting payment.
struct CheckoutView: View {
    let booking: BookingSummary
    @StateObject var coordinator: PaymentCoordinator
    @Environment(\.dismiss) private var dismiss
    @State private var cardParams: STPPaymentMethodCardParams?

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    LabeledContent("checkout.total", value: booking.totalAmount.formatted(currency: booking.currency))
                }
                Section("checkout.card") {
                    CardField(params: $cardParams).frame(height: 44)
                }
                Section {
                    Button {
                        guard let cardParams else { return }
                        Task { await coordinator.pay(booking, card: cardParams, billing: nil) }
                    } label: {
                        if coordinator.phase == .processing { ProgressView() } else { Text("checkout.pay") }
                    }
                    .disabled(cardParams == nil || coordinator.phase == .processing)
                }
                if case .failed(let message) = coordinator.phase {
                    Text(message).foregroundStyle(.red)
                }
            }
            .navigationTitle("checkout.title")
        }
        .sheet(isPresented: Binding(get: { coordinator.challengeURL != nil }, set: { _ in })) {
            if let url = coordinator.challengeURL {
                ThreeDSecureSheet(challengeURL: url, returnURL: coordinator.returnURL) { outcome in
                    Task {
                        switch outcome {
                        case .completed: await coordinator.challengeCompleted(for: booking)
                        case .cancelled, .failed: coordinator.challengeCancelled()
                        }
                    }
                }
                .interactiveDismissDisabled()
            }
        }
        .onChange(of: coordinator.phase) { phase in
            if case .succeeded = phase { dismiss() }
        }
    }
}

private struct CardField: UIViewRepresentable {
    @Binding var params: STPPaymentMethodCardParams?

    func makeCoordinator() -> Coordinator { Coordinator(params: $params) }

    func makeUIView(context: Context) -> STPPaymentCardTextField {
        let field = STPPaymentCardTextField()
        field.delegate = context.coordinator
        field.postalCodeEntryEnabled = false
        return field
    }

    func updateUIView(_ uiView: STPPaymentCardTextField, context: Context) {}

    final class Coordinator: NSObject, STPPaymentCardTextFieldDelegate {
        @Binding var params: STPPaymentMethodCardParams?
        init(params: Binding<STPPaymentMethodCardParams?>) { _params = params }

        func paymentCardTextFieldDidChange(_ textField: STPPaymentCardTextField) {
            params = textField.isValid ? textField.paymentMethodParams.card : nil
        }
    }
}
