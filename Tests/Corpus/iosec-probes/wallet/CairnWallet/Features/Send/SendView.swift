import SwiftUI
import UIKit

struct SendView: View {
    @StateObject var viewModel: SendViewModel
    @Environment(\.openURL) private var openURL

    var body: some View {
        Form {
            Section("send.recipient.header") {
                HStack {
                    TextField("send.recipient.placeholder", text: $viewModel.recipientText)
                        .font(.system(.body, design: .monospaced))
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                    Button {
                        if let pasted = UIPasteboard.general.string {
                            viewModel.recipientText = pasted.trimmingCharacters(in: .whitespacesAndNewlines)
                        }
                    } label: {
                        Image(systemName: "doc.on.clipboard")
                    }
                }
                if let message = viewModel.recipientMessage {
                    Text(message).font(.footnote).foregroundStyle(.orange)
                }
            }

            Section(String(format: NSLocalizedString("send.amount.header", comment: "%@ = ticker"), viewModel.chain.symbol)) {
                TextField("0.0", text: $viewModel.amountText).keyboardType(.decimalPad)
                if let balance = viewModel.balance {
                    LabeledContent("send.balance", value: AmountFormatter.display(wei: balance, chain: viewModel.chain))
                }
                Picker("send.speed", selection: $viewModel.speed) {
                    ForEach(GasOracle.Speed.allCases) { Text(LocalizedStringKey("send.speed.\($0.rawValue)")).tag($0) }
                }
                .pickerStyle(.segmented)
            }

            phaseSection
        }
        .navigationTitle("send.title")
        .task { await viewModel.loadBalance() }
    }

    @ViewBuilder
    private var phaseSection: some View {
        switch viewModel.phase {
        case .editing:
            Button("send.review") { Task { await viewModel.prepareReview() } }
                .disabled(!viewModel.canReview)
        case .estimating, .sending:
            ProgressView()
        case .review(let transaction):
            Section("send.review.header") {
                LabeledContent("send.review.to", value: transaction.to?.checksummed ?? "—")
                    .font(.system(.footnote, design: .monospaced))
                LabeledContent("send.review.amount", value: AmountFormatter.display(wei: transaction.value, chain: viewModel.chain))
                Text(String(
                    format: NSLocalizedString("send.review.feeDetail", comment: "%1$@ = max fee, %2$@ = gwei"),
                    AmountFormatter.display(wei: transaction.maxCost - transaction.value, chain: viewModel.chain),
                    AmountFormatter.gwei(transaction.maxFeePerGas)
                ))
                LabeledContent("send.review.network", value: viewModel.chain.name)
                Button("send.confirm") { Task { await viewModel.confirmAndSend() } }
                    .buttonStyle(.borderedProminent)
                Button("common.edit", role: .cancel) { viewModel.reset() }
            }
        case .sent(let hash):
            Section("send.sent.header") {
                Text(hash).font(.system(.caption, design: .monospaced)).textSelection(.enabled)
                Button("send.sent.explorer") { openURL(viewModel.chain.explorerURL(forTransaction: hash)) }
            }
        case .failed(let message):
            Text(message).foregroundStyle(.red)
            Button("common.tryAgain") { viewModel.reset() }
        }
    }
}
