import SwiftUI

@MainActor
final class TransferViewModel: ObservableObject {
    enum Phase: Equatable {
        case editing
        case confirming(String)
        case submitting
        case completed(TransferReceipt)
        case failed(String)
    }

    @Published private(set) var accounts: [Account] = []
    @Published private(set) var payees: [Payee] = []
    @Published var fromAccountId: String?
    @Published var payeeId: String?
    @Published var amountText = ""
    @Published var reference = ""
    @Published private(set) var phase: Phase = .editing
    @Published var exportedReceiptURL: URL?

    static let maxReferenceLength = 18
    private static let referenceCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: " -."))

    private let client: APIClient
    private let payeeStore: PayeeStore
    private let exporter: ReceiptExporter
    /// One key per draft: a retried or double-tapped submit can never create two transfers.
    private var idempotencyKey = UUID().uuidString

    init(client: APIClient, payeeStore: PayeeStore, exporter: ReceiptExporter, preselectedPayeeId: String?) {
        self.client = client
        self.payeeStore = payeeStore
        self.exporter = exporter
        self.payeeId = preselectedPayeeId
    }

    var selectedPayee: Payee? { payees.first { $0.id == payeeId } }
    var selectedAccount: Account? { accounts.first { $0.id == fromAccountId } }

    var parsedAmount: Decimal? {
        guard let value = Decimal(string: amountText, locale: .current), value > 0 else { return nil }
        return value
    }

    var isReferenceValid: Bool {
        reference.count <= Self.maxReferenceLength
            && reference.unicodeScalars.allSatisfy(Self.referenceCharacters.contains)
    }

    func load() async {
        payees = payeeStore.payees()
        do {
            async let fetchedAccounts = client.send(API.accounts())
            async let fetchedPayees = client.send(API.payees())
            accounts = try await fetchedAccounts.filter { $0.kind != .credit }
            payees = try await fetchedPayees
            payeeStore.replaceAll(with: payees)
            if fromAccountId == nil { fromAccountId = accounts.first?.id }
        } catch {
            AppLog.network.error("Loading transfer form data failed")
        }
    }

    func reviewTapped() {
        guard let payee = selectedPayee, let account = selectedAccount, let amount = parsedAmount, isReferenceValid else {
            phase = .failed(L10n.string("transfer.error.incomplete"))
            return
        }
        let formattedAmount = Formatters.currency(Money(amount: amount, currency: account.balance.currency))
        let headline = String(format: L10n.string("transfer.confirm.%@"), payee.name)
        let detail = L10n.format("transfer.confirm.detail.%@.%@", formattedAmount, Formatters.maskedAccountNumber(payee.iban))
        phase = .confirming(headline + "\n" + detail)
    }

    func submit() async {
        guard let payee = selectedPayee, let account = selectedAccount, let amount = parsedAmount else { return }
        phase = .submitting
        let money = Money(amount: amount, currency: account.balance.currency)
        let request = TransferRequest(
            fromAccountId: account.id,
            payeeId: payee.id,
            amount: money,
            reference: reference.trimmingCharacters(in: .whitespaces),
            executionDate: nil
        )
        do {
            let result = try await client.send(try API.submitTransfer(request, idempotencyKey: idempotencyKey))
            guard result.status != .rejected else {
                phase = .failed(L10n.string("transfer.error.rejected"))
                return
            }
            AppLog.event(.transferSubmitted)
            idempotencyKey = UUID().uuidString
            phase = .completed(TransferReceipt(
                transferId: result.transferId,
                createdAt: result.createdAt,
                fromAccountName: account.nickname,
                fromAccountNumber: account.accountNumber,
                payeeName: payee.name,
                payeeIban: payee.iban,
                amount: money,
                reference: request.reference
            ))
        } catch {
            AppLog.event(.transferFailed)
            phase = .failed((error as? LocalizedError)?.errorDescription ?? L10n.string("error.generic"))
        }
    }

    func exportReceipt() {
        guard case .completed(let receipt) = phase else { return }
        do {
            exportedReceiptURL = try exporter.exportPDF(receipt)
        } catch {
            AppLog.storage.error("Receipt export failed")
        }
    }

    func startOver() {
        amountText = ""
        reference = ""
        exportedReceiptURL = nil
        phase = .editing
    }
}

struct TransferScreen: View {
    @StateObject var viewModel: TransferViewModel

    var body: some View {
        Form {
            Picker(L10n.string("transfer.from"), selection: $viewModel.fromAccountId) {
                ForEach(viewModel.accounts) { Text($0.nickname).tag(Optional($0.id)) }
            }
            Picker(L10n.string("transfer.to"), selection: $viewModel.payeeId) {
                ForEach(viewModel.payees) { Text($0.name).tag(Optional($0.id)) }
            }
            TextField(L10n.string("transfer.amount"), text: $viewModel.amountText)
                .keyboardType(.decimalPad)
            TextField(L10n.string("transfer.reference"), text: $viewModel.reference)
            phaseSection
        }
        .navigationTitle(L10n.string("transfer.title"))
        .task { await viewModel.load() }
    }

    @ViewBuilder
    private var phaseSection: some View {
        switch viewModel.phase {
        case .editing:
            Button(L10n.string("transfer.review")) { viewModel.reviewTapped() }
        case .confirming(let message):
            Text(message)
            Button(L10n.string("transfer.send")) { Task { await viewModel.submit() } }
        case .submitting:
            ProgressView()
        case .completed(let receipt):
            Text(L10n.format("transfer.done.%@", receipt.payeeName))
            if let url = viewModel.exportedReceiptURL {
                ShareLink(item: url) { Label(L10n.string("receipt.share"), systemImage: "square.and.arrow.up") }
            } else {
                Button(L10n.string("receipt.save_pdf")) { viewModel.exportReceipt() }
            }
            Button(L10n.string("transfer.new")) { viewModel.startOver() }
        case .failed(let message):
            Text(message).foregroundStyle(.red)
            Button(L10n.string("common.try_again")) { viewModel.reviewTapped() }
        }
    }
}
