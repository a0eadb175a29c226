import SwiftUI

struct HomeView: View {
    @EnvironmentObject private var session: SessionManager
    @State private var accounts: [Account] = []
    @State private var cards: [Card] = []
    @State private var offers: [Offer] = []
    @State private var showsWelcome = !Preferences.shared.hasSeenOnboarding
    @State private var topUpMessage: String?

    var body: some View {
        NavigationStack {
            List {
                Section("Accounts") {
                    ForEach(accounts) { account in
                        LabeledContent(account.name, value: account.balance, format: .currency(code: account.currency))
                            .swipeActions {
                                Button("Top up") {
                                    Task { await topUp(account) }
                                }
                                .tint(.green)
                            }
                    }
                }

                Section("Cards") {
                    ForEach(cards) { card in
                        NavigationLink(value: card) {
                            Label("\(card.nickname) •••• \(card.last4)", systemImage: "creditcard")
                        }
                    }
                }

                if !offers.isEmpty {
                    Section("Offers for you") {
                        ForEach(offers) { offer in
                            NavigationLink(offer.title, value: offer)
                        }
                    }
                }

                Section {
                    NavigationLink {
                        CheckDepositView(accounts: accounts)
                    } label: {
                        Label("Deposit a cheque", systemImage: "camera")
                    }
                    NavigationLink {
                        HelpView()
                    } label: {
                        Label("Help", systemImage: "questionmark.circle")
                    }
                }
            }
            .navigationTitle("Hi, \(session.displayName)")
            .navigationDestination(for: Card.self) { card in
                CardDetailView(card: card)
            }
            .navigationDestination(for: Offer.self) { offer in
                OffersWebView(offerURL: offer.url)
                    .navigationTitle(offer.title)
                    .navigationBarTitleDisplayMode(.inline)
            }
            .toolbar {
                NavigationLink {
                    SettingsView()
                } label: {
                    Image(systemName: "gearshape")
                }
            }
            .task { await load() }
            .refreshable { await load() }
            .sheet(isPresented: $showsWelcome, onDismiss: { Preferences.shared.hasSeenOnboarding = true }) {
                WelcomeView()
            }
            .alert("Top up", isPresented: Binding(get: { topUpMessage != nil }, set: { if !$0 { topUpMessage = nil } })) {
                Button("OK", role: .cancel) {}
            } message: {
                Text(topUpMessage ?? "")
            }
        }
    }

    private func load() async {
        do {
            accounts = try await APIClient.shared.send(.accounts)
            cards = try await APIClient.shared.send(.cards)
            offers = (try? await APIClient.shared.send(.offers)) ?? []
        } catch APIError.unauthorized {
            try? await session.refresh()
        } catch {
            // Keep showing what we have; pull to refresh retries.
        }
    }

    private func topUp(_ account: Account) async {
        do {
            let intent = try await TopUpService().createTopUp(amountInCents: 5_000, currency: account.currency, customerID: account.paymentCustomerID)
            topUpMessage = intent.status == "succeeded" ? String(localized: "Your top-up is on its way.") : String(localized: "Confirm the payment in your banking app.")
        } catch {
            topUpMessage = String(localized: "The top-up didn't go through. You have not been charged.")
        }
    }
}

private struct WelcomeView: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "wallet.pass.fill")
                .font(.system(size: 64))
                .foregroundStyle(.tint)
            Text("Welcome to Acme Wallet")
                .font(.title.bold())
            Text("See every account in one place, deposit cheques with your camera and pay friends with a link.")
                .multilineTextAlignment(.center)
                .foregroundStyle(.secondary)
            Button("Get started") { dismiss() }
                .buttonStyle(.borderedProminent)
        }
        .padding(32)
    }
}
