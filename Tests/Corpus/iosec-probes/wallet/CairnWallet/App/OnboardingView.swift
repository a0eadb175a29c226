import SwiftUI

struct OnboardingView: View {
    @EnvironmentObject private var wallet: WalletManager
    @State private var newMnemonic: Mnemonic?
    @State private var showingImport = false
    @State private var errorMessage: String?

    var body: some View {
        NavigationStack {
            VStack(spacing: 24) {
                Spacer()
                Image("CairnMark").resizable().scaledToFit().frame(width: 96, height: 96)
                Text("onboarding.title").font(.largeTitle.bold())
                Text("onboarding.subtitle").multilineTextAlignment(.center).foregroundStyle(.secondary)
                Spacer()
                Button {
                    do {
                        newMnemonic = try wallet.generateMnemonic()
                    } catch {
                        errorMessage = error.localizedDescription
                    }
                } label: {
                    Text("onboarding.create").frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)

                Button("onboarding.import") { showingImport = true }
                    .controlSize(.large)
            }
            .padding(24)
            .alert(errorMessage ?? "", isPresented: .constant(errorMessage != nil)) {
                Button("common.ok") { errorMessage = nil }
            }
            .navigationDestination(item: $newMnemonic) { mnemonic in
                BackupPhraseView(mode: .freshWallet(mnemonic))
            }
            .sheet(isPresented: $showingImport) { ImportWalletView() }
        }
    }
}

struct ImportWalletView: View {
    @EnvironmentObject private var wallet: WalletManager
    @Environment(\.dismiss) private var dismiss
    @State private var phrase = ""
    @State private var passphrase = ""
    @State private var usesPassphrase = false
    @State private var errorMessage: String?

    private var wordCount: Int { phrase.split(whereSeparator: \.isWhitespace).count }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    TextEditor(text: $phrase)
                        .frame(minHeight: 120)
                        .font(.system(.body, design: .monospaced))
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                        .privacySensitive()
                } header: {
                    Text("import.phrase.header")
                } footer: {
                    Text(String(format: NSLocalizedString("import.phrase.count", comment: "%d = words typed"), wordCount))
                }

                Section {
                    Toggle("import.passphrase.toggle", isOn: $usesPassphrase)
                    if usesPassphrase {
                        SecureField("import.passphrase.placeholder", text: $passphrase)
                    }
                } footer: {
                    Text("import.passphrase.footer")
                }

                if let errorMessage {
                    Text(errorMessage).foregroundStyle(.red)
                }
            }
            .navigationTitle("import.title")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("common.cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("import.action", action: submit)
                        .disabled(!Mnemonic.validWordCounts.contains(wordCount))
                }
            }
            .onDisappear {
                phrase = ""
                passphrase = ""
            }
        }
    }

    private func submit() {
        do {
            try wallet.importWallet(phrase: phrase, passphrase: usesPassphrase ? passphrase : "")
            dismiss()
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
