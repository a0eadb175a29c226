import SwiftUI
import UIKit

struct BackupPhraseView: View {
    enum Mode: Hashable {
        case freshWallet(Mnemonic)
        case existingWallet
    }

    let mode: Mode

    @EnvironmentObject private var wallet: WalletManager
    @Environment(\.scenePhase) private var scenePhase
    @State private var mnemonic: Mnemonic?
    @State private var acknowledged = false
    @State private var showingScreenshotWarning = false
    @State private var copied = false
    @State private var errorMessage: String?

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                Text("backup.instructions").foregroundStyle(.secondary)

                if let mnemonic {
                    LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())], alignment: .leading, spacing: 12) {
                        ForEach(Array(mnemonic.words.enumerated()), id: \.offset) { index, word in
                            Text("\(index + 1). \(word)")
                                .font(.system(.body, design: .monospaced))
                                .padding(8)
                                .frame(maxWidth: .infinity, alignment: .leading)
                                .background(.quaternary, in: RoundedRectangle(cornerRadius: 8))
                        }
                    }
                    .privacySensitive()

                    Button {
                        UIPasteboard.general.string = mnemonic.phrase
                        copied = true
                    } label: {
                        Label(copied ? "backup.copied" : "backup.copy", systemImage: copied ? "checkmark" : "doc.on.doc")
                    }
                    .buttonStyle(.bordered)
                } else {
                    Button {
                        Task { await reveal() }
                    } label: {
                        Label("backup.reveal", systemImage: "eye").frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.borderedProminent)
                    .controlSize(.large)
                }

                if let errorMessage {
                    Text(errorMessage).foregroundStyle(.red)
                }

                if case .freshWallet(let generated) = mode {
                    Toggle("backup.acknowledge", isOn: $acknowledged)
                    Button("backup.continue") { finish(with: generated) }
                        .buttonStyle(.borderedProminent)
                        .disabled(!acknowledged || mnemonic == nil)
                }
            }
            .padding(24)
        }
        .navigationTitle("backup.title")
        .onReceive(NotificationCenter.default.publisher(for: UIApplication.userDidTakeScreenshotNotification)) { _ in
            showingScreenshotWarning = mnemonic != nil
        }
        .onChange(of: scenePhase) { _, phase in
            if phase != .active { mnemonic = nil }
        }
        .onDisappear { mnemonic = nil }
        .alert("backup.screenshot.title", isPresented: $showingScreenshotWarning) {
            Button("common.ok", role: .cancel) {}
        } message: {
            Text("backup.screenshot.message")
        }
    }

    private func reveal() async {
        errorMessage = nil
        switch mode {
        case .freshWallet(let generated):
            mnemonic = generated
        case .existingWallet:
            do {
                mnemonic = try await wallet.revealMnemonic()
            } catch {
                errorMessage = error.localizedDescription
            }
        }
    }

    private func finish(with generated: Mnemonic) {
        do {
            try wallet.finishCreation(with: generated)
            wallet.markBackupVerified()
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
