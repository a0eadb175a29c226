import SwiftUI
import UIKit

struct CardDetailView: View {
    let card: Card

    @State private var details: CardDetails?
    @State private var showsDetails = false
    @State private var newPIN = ""
    @State private var confirmPIN = ""
    @State private var pinMessage: String?

    private let vault = CardVault()

    var body: some View {
        Form {
            Section("Card") {
                LabeledContent("Number", value: displayedNumber)
                if showsDetails, let details {
                    LabeledContent("Expires", value: String(format: "%02d/%02d", details.expiryMonth, details.expiryYear % 100))
                    LabeledContent("Name on card", value: details.cardholderName)
                    Button {
                        UIPasteboard.general.string = details.cardNumber
                    } label: {
                        Label("Copy card number", systemImage: "doc.on.doc")
                    }
                }
                Toggle("Show card details", isOn: $showsDetails)
                    .disabled(details == nil)
            }

            Section {
                SecureField("New PIN", text: $newPIN)
                    .keyboardType(.numberPad)
                SecureField("Repeat new PIN", text: $confirmPIN)
                    .keyboardType(.numberPad)
                Button("Change PIN") {
                    Task { await changePIN() }
                }
                .disabled(newPIN.count < 4 || details == nil)
            } header: {
                Text("PIN")
            } footer: {
                if let pinMessage {
                    Text(pinMessage)
                }
            }
        }
        .navigationTitle(card.nickname)
        .task { await loadDetails() }
    }

    private var displayedNumber: String {
        guard showsDetails, let number = details?.cardNumber else { return "•••• •••• •••• \(card.last4)" }
        return stride(from: 0, to: number.count, by: 4)
            .map { offset in
                let start = number.index(number.startIndex, offsetBy: offset)
                let end = number.index(start, offsetBy: 4, limitedBy: number.endIndex) ?? number.endIndex
                return String(number[start..<end])
            }
            .joined(separator: " ")
    }

    private func loadDetails() async {
        if let cached = try? vault.details(cardID: card.id) {
            details = cached
            return
        }
        guard let fresh: CardDetails = try? await APIClient.shared.send(.cardDetails(id: card.id)) else { return }
        details = fresh
        try? vault.store(fresh, cardID: card.id)
    }

    private func changePIN() async {
        guard newPIN == confirmPIN else {
            pinMessage = String(localized: "The PINs don't match.")
            return
        }
        guard let details else { return }
        do {
            let zone: PINZoneKey = try await APIClient.shared.send(.cardPINZoneKey(id: card.id))
            guard let zoneKey = Data(base64Encoded: zone.key) else { throw APIError.invalidResponse }
            let block = try PINBlockEncryptor(zoneKey: zoneKey).encryptedPINBlock(pin: newPIN, cardNumber: details.cardNumber)
            let _: StatusResponse = try await APIClient.shared.send(.changeCardPIN(id: card.id, encryptedPINBlock: block))
            pinMessage = String(localized: "Your new PIN works at ATMs and terminals right away.")
        } catch {
            pinMessage = String(localized: "We couldn't change your PIN. Try again later.")
        }
        newPIN = ""
        confirmPIN = ""
    }
}
