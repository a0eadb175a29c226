import Combine
import SwiftUI

struct LoyaltyLoginView: View {
    let service: LoyaltyServicing

    @State private var memberID = ""
    @State private var pin = ""
    @State private var isWorking = false
    @State private var errorMessage: String?
    @State private var account: LoyaltyAccount?
    @FocusState private var focusedField: Field?

    private enum Field { case memberID, pin }

    var body: some View {
        Form {
            if let account {
                accountSection(account)
            } else {
                loginSection
            }
        }
        .navigationTitle("loyalty.title")
        .onReceive(service.account.receive(on: RunLoop.main)) { account = $0 }
        .task {
            if service.isLinked {
                try? await service.refreshAccount()
            }
        }
    }

    private var loginSection: some View {
        Section {
            TextField("loyalty.memberID", text: $memberID)
                .keyboardType(.numberPad)
                .textContentType(.username)
                .focused($focusedField, equals: .memberID)
            SecureField("loyalty.pin", text: $pin)
                .keyboardType(.numberPad)
                .textContentType(.password)
                .focused($focusedField, equals: .pin)
            if let errorMessage {
                Text(errorMessage).font(.footnote).foregroundStyle(.red)
            }
            Button {
                Task { await signIn() }
            } label: {
                if isWorking { ProgressView() } else { Text("loyalty.link") }
            }
            .disabled(memberID.count < 6 || pin.count < 4 || isWorking)
        } footer: {
            Text("loyalty.footer")
        }
    }

    private func accountSection(_ account: LoyaltyAccount) -> some View {
        Section {
            LabeledContent("loyalty.tier", value: account.tier.capitalized)
            LabeledContent("loyalty.balance", value: account.pointsBalance.formatted())
            if let next = account.tierPointsToNext {
                Text(String(format: NSLocalizedString("loyalty.toNextTier", comment: ""), next))
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            Button("loyalty.unlink", role: .destructive) { service.signOut() }
        }
    }

    private func signIn() async {
        isWorking = true
        errorMessage = nil
        defer { isWorking = false }
        do {
            try await service.signIn(memberID: memberID, pin: pin)
            pin = ""
        } catch {
            Log.loyalty.failure("Loyalty sign-in", error)
            errorMessage = error.localizedDescription
        }
    }
}
