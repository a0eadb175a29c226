import SwiftUI

@MainActor
final class TransactionsViewModel: ObservableObject {
    @Published private(set) var account: Account?
    @Published private(set) var transactions: [Transaction] = []
    @Published private(set) var suggestions: [String] = []
    @Published private(set) var isLoadingMore = false
    @Published var searchText = ""

    let accountId: String
    private let client: APIClient
    private let store: TransactionStore?
    private var nextCursor: String?
    private var searchTask: Task<Void, Never>?

    init(accountId: String, client: APIClient, store: TransactionStore?) {
        self.accountId = accountId
        self.client = client
        self.store = store
    }

    func load() async {
        if let cached = try? store?.recentTransactions(accountId: accountId) {
            transactions = cached
        }
        do {
            let accounts = try await client.send(API.accounts())
            account = accounts.first { $0.id == accountId }
            let page = try await client.send(API.transactions(accountId: accountId, cursor: nil))
            transactions = page.items
            nextCursor = page.nextCursor
            try? store?.upsert(page.items)
            try? store?.saveSyncState(accountId: accountId, nextCursor: page.nextCursor)
        } catch {
            AppLog.network.error("Loading transactions failed")
        }
    }

    func loadMoreIfNeeded(current transaction: Transaction) async {
        guard searchText.isEmpty, !isLoadingMore, let cursor = nextCursor,
              transaction.id == transactions.last?.id else { return }
        isLoadingMore = true
        defer { isLoadingMore = false }
        do {
            let page = try await client.send(API.transactions(accountId: accountId, cursor: cursor))
            transactions.append(contentsOf: page.items)
            nextCursor = page.nextCursor
            try? store?.upsert(page.items)
        } catch {
            AppLog.network.error("Loading next page failed")
        }
    }

    func searchTextChanged() {
        searchTask?.cancel()
        let text = searchText
        searchTask = Task { [weak self] in
            try? await Task.sleep(nanoseconds: 250_000_000)
            guard !Task.isCancelled, let self else { return }
            self.transactions = (try? self.store?.search(accountId: self.accountId, matching: text)) ?? []
            self.suggestions = (try? self.store?.merchantSuggestions(prefix: text)) ?? []
        }
    }

    func copyIBAN() {
        guard let iban = account?.iban else { return }
        SensitiveClipboard.copy(iban)
        AppLog.event(.ibanCopied)
    }
}

struct AccountDetailView: View {
    @StateObject var viewModel: TransactionsViewModel

    var body: some View {
        List {
            if let account = viewModel.account {
                LabeledContent(L10n.string("account.iban"), value: Formatters.groupedIBAN(account.iban))
                Button(L10n.string("account.copy_iban")) { viewModel.copyIBAN() }
            }
            ForEach(viewModel.transactions) { transaction in
                HStack {
                    Text(transaction.merchantName)
                    Spacer()
                    Text(Formatters.currency(transaction.amount)).monospacedDigit()
                }
                .task { await viewModel.loadMoreIfNeeded(current: transaction) }
            }
        }
        .navigationTitle(viewModel.account?.nickname ?? L10n.string("account.title"))
        .searchable(text: $viewModel.searchText)
        .searchSuggestions {
            ForEach(viewModel.suggestions, id: \.self) { Text($0).searchCompletion($0) }
        }
        .onChange(of: viewModel.searchText) { _ in viewModel.searchTextChanged() }
        .task { await viewModel.load() }
    }
}
