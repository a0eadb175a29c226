import Foundation

/// Keeps half-finished forms around so a user who gets interrupted (boarding call,
/// switching to Mail to look up a confirmation, the app being evicted) can pick up
/// where they left off. Drafts are discarded on submit or once they are older than `maxAge`.
final class FormDraftStore {
    static let maxAge: TimeInterval = 60 * 60 * 24 * 3

    @Stored("drafts.checkout")
    private var checkoutEnvelope: DraftEnvelope<CheckoutDraft>?

    @Stored("drafts.traveller")
    private var travellerEnvelope: DraftEnvelope<TravellerForm>?

    var checkout: CheckoutDraft? {
        get { checkoutEnvelope?.value(ifYoungerThan: Self.maxAge) }
        set { checkoutEnvelope = newValue.map { DraftEnvelope(value: $0) } }
    }

    var traveller: TravellerForm? {
        get { travellerEnvelope?.value(ifYoungerThan: Self.maxAge) }
        set { travellerEnvelope = newValue.map { DraftEnvelope(value: $0) } }
    }

    func discardAll() {
        checkoutEnvelope = nil
        travellerEnvelope = nil
    }
}

struct DraftEnvelope<Value: Codable>: Codable {
    let value: Value
    let savedAt: Date

    init(value: Value, savedAt: Date = .now) {
        self.value = value
        self.savedAt = savedAt
    }

    func value(ifYoungerThan maxAge: TimeInterval, now: Date = .now) -> Value? {
        now.timeIntervalSince(savedAt) < maxAge ? value : nil
    }
}

/// Checkout selections only: which offer, which saved travellers, seats and extras.
struct CheckoutDraft: Codable, Equatable {
    var offerID: String
    var fareFamily: String
    var travellerIDs: [UUID]
    var seatSelections: [String: String]
    var extraBags: Int
}
