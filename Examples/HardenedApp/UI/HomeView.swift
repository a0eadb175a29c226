import SwiftUI
import UIKit

struct HomeView: View {
    @EnvironmentObject private var session: SessionManager
    @State private var accounts: [Account] = []
    @State private var cards: [Card] = []
    @State private var offers: [Offer] = []
    @State private var isLoading = true
    @State private var searchText = ""
    @State private var pinnedAccountIDs = Preferences.shared.pinnedAccountIDs
    @State private var showsWelcome = !Preferences.shared.hasSeenOnboarding
    @State private var topUpMessage: String?
    @State private var topUpReference: String?

    /// Varied bar widths make the loading skeleton look like text rather than a grid.
    private let placeholderWidths = (0..<4).map { _ in CGFloat(Int.random(in: 120...220)) }

    var body: some View {
        NavigationStack {
            List {
                Section("Accounts") {
                    if isLoading && accounts.isEmpty {
                        ForEach(placeholderWidths.indices, id: \.self) { index in
                            RoundedRectangle(cornerRadius: 4)
                                .fill(.quaternary)
                                .frame(width: placeholderWidths[index], height: 14)
                        }
                    }
                    ForEach(visibleAccounts) { account in
                        accountRow(account)
                    }
                }

                Section("Cards") {
                    ForEach(cards.filter { matcher.matches($0.nickname) }) { card in
                        NavigationLink(value: card) {
                            Label("\(card.nickname) •••• \(card.last4)", systemImage: "creditcard")
                        }
                    }
                }

                if !offers.isEmpty && searchText.isEmpty {
                    Section("Offers for you") {
                        ForEach(offers) { offer in
                            NavigationLink(value: offer) {
                                OfferRow(offer: offer)
                            }
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
                            .navigationTitle("Help")
                    } label: {
                        Label("Help", systemImage: "questionmark.circle")
                    }
                }
            }
            .searchable(text: $searchText, prompt: "Accounts and cards")
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
                if let topUpReference {
                    Button("Copy reference") {
                        UIPasteboard.general.string = topUpReference
                    }
                }
                Button("OK", role: .cancel) {}
            } message: {
                Text(topUpMessage ?? "")
            }
        }
    }

    private var matcher: SearchMatcher {
        SearchMatcher(query: searchText)
    }

    /// Pinned accounts first, then the server's order.
    private var visibleAccounts: [Account] {
        let matching = accounts.filter { matcher.matches($0.name) }
        return matching.filter { pinnedAccountIDs.contains($0.id) } + matching.filter { !pinnedAccountIDs.contains($0.id) }
    }

    private func accountRow(_ account: Account) -> some View {
        let isPinned = pinnedAccountIDs.contains(account.id)
        return LabeledContent {
            Text(account.balance, format: .currency(code: account.currency))
        } label: {
            Label(account.name, systemImage: isPinned ? "pin.fill" : "building.columns")
        }
        .swipeActions(edge: .leading) {
            Button(isPinned ? "Unpin" : "Pin") {
                Preferences.shared.setPinned(!isPinned, accountID: account.id)
                pinnedAccountIDs = Preferences.shared.pinnedAccountIDs
            }
            .tint(.orange)
        }
        .swipeActions(edge: .trailing) {
            Button("Top up") {
                Task { await topUp(account) }
            }
            .tint(.green)
        }
    }

    private func load() async {
        isLoading = true
        defer { isLoading = false }
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
            let result = try await TopUpService().createTopUp(amountInCents: 5_000, currency: account.currency, accountID: account.id)
            topUpReference = result.reference
            topUpMessage = String(localized: "Top-up \(result.reference) is \(result.status).")
        } catch {
            topUpReference = nil
            topUpMessage = String(localized: "The top-up didn't go through. You have not been charged.")
        }
    }
}

private struct OfferRow: View {
    let offer: Offer
    @State private var artwork: UIImage?

    var body: some View {
        HStack(spacing: 12) {
            Group {
                if let artwork {
                    Image(uiImage: artwork).resizable().scaledToFill()
                } else {
                    Color.secondary.opacity(0.2)
                }
            }
            .frame(width: 44, height: 44)
            .clipShape(RoundedRectangle(cornerRadius: 8))
            Text(offer.title)
        }
        .task {
            if let imageURL = offer.imageURL {
                artwork = await ImageCache.shared.image(for: imageURL)
            }
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
