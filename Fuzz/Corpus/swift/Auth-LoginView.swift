import SwiftUI

struct LoginView: View {
    @EnvironmentObject private var session: SessionManager
    @StateObject private var model = LoginViewModel()

    var body: some View {
        Form {
            Section {
                TextField("Email", text: $model.username)
                    .textContentType(.username)
                    .keyboardType(.emailAddress)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                SecureField("Password", text: $model.password)
                    .textContentType(.password)
            }

            Section {
                Button {
                    Task { await model.signIn(using: session) }
                } label: {
                    if model.isSigningIn {
                        ProgressView()
                    } else {
                        Text("Sign in")
                    }
                }
                .disabled(!model.canSubmit)

                NavigationLink("Sign in with a passkey") {
                    PasskeySignInView()
                }
            }

            Section {
                ExchangeRatesView()
            } header: {
                Text("Today's rates")
            }
        }
        .navigationTitle("Acme Wallet")
        .alert("Sign-in failed", isPresented: Binding(
            get: { model.errorMessage != nil },
            set: { if !$0 { model.errorMessage = nil } }
        )) {
            Button("OK", role: .cancel) {}
        } message: {
            Text(model.errorMessage ?? "")
        }
    }
}

/// Public exchange rates, visible before sign-in.
private struct ExchangeRatesView: View {
    @State private var rates: [ExchangeRate] = []

    var body: some View {
        Group {
            if rates.isEmpty {
                Text("Rates unavailable").foregroundStyle(.secondary)
            } else {
                ForEach(rates) { rate in
                    LabeledContent(rate.pair, value: rate.rate, format: .number.precision(.fractionLength(4)))
                }
            }
        }
        .task {
            rates = (try? await APIClient.shared.exchangeRates()) ?? []
        }
    }
}
