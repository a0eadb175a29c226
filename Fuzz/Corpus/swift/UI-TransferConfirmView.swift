import SwiftUI

/// Asks for the card PIN before a transfer is sent.
struct TransferConfirmView: View {
    @State private var pin = ""
    let onConfirm: (String) -> Void

    var body: some View {
        Form {
            TextField("Card PIN", text: $pin)
                .keyboardType(.numberPad)
            Button("Send") { onConfirm(pin) }
        }
    }
}
