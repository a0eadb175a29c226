import Foundation
import StripeCore
import StripePayments

struct BookingSummary: Identifiable, Equatable {
    let id: String
    let offerID: String
    let totalAmount: Decimal
    let currency: String
}

struct PaymentConfirmation: Decodable {
    enum Status: String, Decodable {
        case succeeded
        case requiresAction = "requires_action"
        case processing
        case failed
    }

    let status: Status
    let redirectUrl: URL?
    let declineCode: String?
}

/// Drives card payment for a booking: tokenises the card with Stripe, asks the backend to
/// confirm, and runs the 3-D Secure challenge in a web view when the issuer requires it.
@MainActor
final class PaymentCoordinator: ObservableObject {
    enum Phase: Equatable {
        case idle
        case processing
        case challenge(URL)
        case succeeded(bookingID: String)
        case failed(String)
    }

    @Published private(set) var phase: Phase = .idle

    var challengeURL: URL? {
        if case .challenge(let url) = phase { return url }
        return nil
    }

    let returnURL: URL
    private let client: APIClientProtocol
    private let api: VoyageAPI
    private let analytics: AnalyticsTracking
    private let drafts: FormDraftStore
    private let stripe: STPAPIClient
    private var challenged = false

    init(environment: AppEnvironment, client: APIClientProtocol, api: VoyageAPI, analytics: AnalyticsTracking, drafts: FormDraftStore) {
        self.client = client
        self.api = api
        self.analytics = analytics
        self.drafts = drafts
        self.returnURL = environment.paymentReturnURL
        self.stripe = STPAPIClient(publishableKey: environment.pspPublishableKey)
        StripeAPI.defaultPublishableKey = environment.pspPublishableKey
    }

    func pay(_ booking: BookingSummary, card: STPPaymentMethodCardParams, billing: STPPaymentMethodBillingDetails?) async {
        phase = .processing
        challenged = false
        analytics.track(.paymentSubmitted(bookingID: booking.id, currency: booking.currency))

        do {
            let params = STPPaymentMethodParams(card: card, billingDetails: billing, metadata: ["booking_id": booking.id])
            let paymentMethod = try await createPaymentMethod(params)
            let confirmation = try await client.send(
                api.confirmPayment(bookingID: booking.id, paymentMethodID: paymentMethod.stripeId, returnURL: returnURL),
                as: PaymentConfirmation.self
            )
            apply(confirmation, for: booking)
        } catch {
            Log.payments.failure("Payment for booking \(booking.id)", error)
            analytics.track(.paymentFailed(bookingID: booking.id, declineCode: nil))
            phase = .failed(error.localizedDescription)
        }
    }

    /// Called by the 3DS sheet once the ACS redirects back to `returnURL`.
    func challengeCompleted(for booking: BookingSummary) async {
        phase = .processing
        do {
            let confirmation = try await pollStatus(bookingID: booking.id)
            apply(confirmation, for: booking)
        } catch {
            Log.payments.failure("Payment status", error)
            phase = .failed(error.localizedDescription)
        }
    }

    func challengeCancelled() {
        phase = .failed(NSLocalizedString("payment.error.challengeCancelled", comment: ""))
    }

    private func apply(_ confirmation: PaymentConfirmation, for booking: BookingSummary) {
        switch confirmation.status {
        case .succeeded:
            drafts.checkout = nil
            analytics.track(.paymentCompleted(bookingID: booking.id, challenged: challenged))
            phase = .succeeded(bookingID: booking.id)
        case .requiresAction:
            guard let url = confirmation.redirectUrl, url.scheme == "https" else {
                phase = .failed(NSLocalizedString("payment.error.generic", comment: ""))
                return
            }
            challenged = true
            phase = .challenge(url)
        case .processing:
            phase = .processing
        case .failed:
            analytics.track(.paymentFailed(bookingID: booking.id, declineCode: confirmation.declineCode))
            phase = .failed(NSLocalizedString("payment.error.declined", comment: ""))
        }
    }

    /// The webhook from Stripe usually lands within a second or two of the ACS redirect.
    private func pollStatus(bookingID: String, attempts: Int = 5) async throws -> PaymentConfirmation {
        for attempt in 1...attempts {
            let confirmation = try await client.send(api.paymentStatus(bookingID: bookingID), as: PaymentConfirmation.self)
            if confirmation.status != .processing || attempt == attempts { return confirmation }
            try await Task.sleep(nanoseconds: UInt64(attempt) * 1_000_000_000)
        }
        throw CancellationError()
    }

    private func createPaymentMethod(_ params: STPPaymentMethodParams) async throws -> STPPaymentMethod {
        try await withCheckedThrowingContinuation { continuation in
            stripe.createPaymentMethod(with: params) { paymentMethod, error in
                if let paymentMethod {
                    continuation.resume(returning: paymentMethod)
                } else {
                    continuation.resume(throwing: error ?? APIError.server(status: 0, code: "stripe", message: nil))
                }
            }
        }
    }
}
