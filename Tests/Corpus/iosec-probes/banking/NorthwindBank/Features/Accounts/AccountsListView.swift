import SwiftUI

@MainActor
final class AccountsViewModel: ObservableObject {
    @Published private(set) var accounts: [Account] = []
    @Published private(set) var isLoading = false
    @Published var errorMessage: String?
    @Published var hideBalances: Bool {
        didSet { preferences.hideBalances = hideBalances }
    }

    private let client: APIClient
    private let preferences: Preferences

    init(client: APIClient, preferences: Preferences) {
        self.client = client
        self.preferences = preferences
        self.hideBalances = preferences.hideBalances
    }

    var selectedAccountId: String? {
        preferences.selectedAccountId ?? accounts.first?.id
    }

    func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            accounts = try await client.send(API.accounts())
            errorMessage = nil
        } catch {
            errorMessage = (error as? LocalizedError)?.errorDescription ?? L10n.string("error.generic")
        }
    }

    func select(_ account: Account) {
        preferences.selectedAccountId = account.id
    }

    func balanceText(for account: Account) -> String {
        hideBalances ? "••••" : Formatters.currency(account.balance)
    }

    func accessibilityLabel(for account: Account) -> String {
        String(format: NSLocalizedString("accounts.row.accessibility %@ %@", comment: "Account name, balance"),
               account.nickname, balanceText(for: account))
    }
}

struct AccountsListView: View {
    @StateObject var viewModel: AccountsViewModel

    var body: some View {
        List(viewModel.accounts) { account in
            NavigationLink(value: DeepLink.account(id: account.id)) {
                VStack(alignment: .leading) {
                    Text(account.nickname).font(.headline)
                    Text(viewModel.balanceText(for: account)).monospacedDigit()
                }
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(viewModel.accessibilityLabel(for: account))
            }
            .simultaneousGesture(TapGesture().onEnded { viewModel.select(account) })
        }
        .navigationTitle(L10n.string("accounts.title"))
        .toolbar {
            Button(L10n.string("accounts.toggle_balances")) { viewModel.hideBalances.toggle() }
        }
        .refreshable { await viewModel.load() }
        .task { await viewModel.load() }
    }
}
