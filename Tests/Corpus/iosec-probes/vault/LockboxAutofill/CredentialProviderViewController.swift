// Also compiled into this target: VaultModels, VaultCrypto, KeyDerivation, KeychainStore,
// SecureEnclaveKeyWrapper, VaultFileStore, SharedContainer, TOTPGenerator, OTPAuthURI, Log, L10n.

import AuthenticationServices
import CryptoKit
import LocalAuthentication
import SwiftUI
import UIKit
import UniformTypeIdentifiers

final class CredentialProviderViewController: ASCredentialProviderViewController {
    private let loader = ExtensionVaultLoader()

    /// QuickType bar tap: only possible without UI while the app's own session is live.
    override func provideCredentialWithoutUserInteraction(for credentialRequest: ASCredentialRequest) {
        guard let identity = credentialRequest.credentialIdentity as? ASPasswordCredentialIdentity else {
            return cancel(.failed)
        }
        guard let vault = loader.loadUsingAppSession() else {
            return cancel(.userInteractionRequired)
        }
        complete(identity, in: vault)
    }

    override func prepareInterfaceToProvideCredential(for credentialRequest: ASCredentialRequest) {
        guard let identity = credentialRequest.credentialIdentity as? ASPasswordCredentialIdentity else {
            return cancel(.failed)
        }
        Task { @MainActor in
            do {
                complete(identity, in: try await unlockWithBiometrics())
            } catch {
                Log.autofill.failure("Unlock for QuickType fill", error)
                cancel(.userCanceled)
            }
        }
    }

    override func prepareCredentialList(for serviceIdentifiers: [ASCredentialServiceIdentifier]) {
        let domains = serviceIdentifiers.compactMap { identifier -> String? in
            let host: String? = identifier.type == .URL ? URL(string: identifier.identifier)?.host() : identifier.identifier
            return host?.lowercased()
        }
        Task { @MainActor in
            do {
                let vault: Vault
                if let unlocked = loader.loadUsingAppSession() {
                    vault = unlocked
                } else {
                    vault = try await unlockWithBiometrics()
                }
                show(CredentialListView(
                    entries: vault.entries,
                    domains: domains,
                    onSelect: { [weak self] in self?.fill($0) },
                    onCopyPassword: { [weak self] in self?.copyPassword(of: $0) },
                    onCancel: { [weak self] in self?.cancel(.userCanceled) }
                ))
            } catch {
                Log.autofill.failure("Unlock for credential list", error)
                cancel(.userCanceled)
            }
        }
    }

    // MARK: - Private

    private func unlockWithBiometrics() async throws -> Vault {
        let context = LAContext()
        _ = try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: L10n.Autofill.unlockReason)
        return try loader.loadWithBiometrics(context: context)
    }

    private func complete(_ identity: ASPasswordCredentialIdentity, in vault: Vault) {
        guard let entry = vault.entries.first(where: { $0.id.uuidString == identity.recordIdentifier }) else {
            return cancel(.credentialIdentityNotFound)
        }
        fill(entry)
    }

    private func fill(_ entry: VaultEntry) {
        if let secret = entry.totpSecret, let configuration = try? OTPAuthURI.configuration(from: secret) {
            // Most sites ask for the code on the next screen; have it ready to paste.
            UIPasteboard.general.setItems(
                [[UTType.utf8PlainText.identifier: TOTPGenerator().code(for: configuration)]],
                options: [.localOnly: true, .expirationDate: Date().addingTimeInterval(TimeInterval(configuration.period))]
            )
        }
        Log.autofill.info("Providing credential for entry \(entry.id.uuidString, privacy: .public)")
        extensionContext.completeRequest(withSelectedCredential: ASPasswordCredential(user: entry.username, password: entry.password))
    }

    /// For login forms the system doesn't recognise: copy, dismiss, let the user paste.
    private func copyPassword(of entry: VaultEntry) {
        UIPasteboard.general.string = entry.password
        Log.autofill.info("Copied password for entry \(entry.id.uuidString, privacy: .public)")
        cancel(.userCanceled)
    }

    private func cancel(_ code: ASExtensionError.Code) {
        extensionContext.cancelRequest(withError: NSError(domain: ASExtensionErrorDomain, code: code.rawValue))
    }

    private func show<Content: View>(_ content: Content) {
        let host = UIHostingController(rootView: content)
        addChild(host)
        host.view.frame = view.bounds
        host.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(host.view)
        host.didMove(toParent: self)
    }
}

/// Opens the shared encrypted vault from inside the extension.
struct ExtensionVaultLoader {
    struct BiometricUnlockNotSetUp: Error {}

    private let fileStore = VaultFileStore(directory: SharedContainer.vaultDirectoryURL)
    private let bridge = AutofillBridge(defaults: SharedContainer.defaults)
    private let enclave = SecureEnclaveKeyWrapper(
        keychain: KeychainStore(service: KeychainStore.vaultService, accessGroup: SharedContainer.keychainAccessGroup)
    )

    /// Succeeds only while the app is still inside its auto-lock window.
    func loadUsingAppSession() -> Vault? {
        guard let key = bridge.activeSessionKey() else { return nil }
        return try? open(with: key)
    }

    func loadWithBiometrics(context: LAContext) throws -> Vault {
        guard enclave.isEnrolled else { throw BiometricUnlockNotSetUp() }
        return try open(with: enclave.unwrapVaultKey(context: context))
    }

    private func open(with key: SymmetricKey) throws -> Vault {
        let header = try fileStore.readHeader()
        let vault: Vault = try VaultCrypto.openJSON(fileStore.readSnapshot(), using: key, context: header.snapshotContext)
        Log.autofill.debug("Opened snapshot with \(vault.entries.count) entries")
        return vault
    }
}

private struct CredentialListView: View {
    let entries: [VaultEntry]
    let domains: [String]
    let onSelect: (VaultEntry) -> Void
    let onCopyPassword: (VaultEntry) -> Void
    let onCancel: () -> Void

    @State private var searchText = ""

    /// Entries for the requesting site first, then everything else.
    private var orderedEntries: [VaultEntry] {
        let query = searchText.lowercased()
        let matching = entries.filter { query.isEmpty || $0.title.lowercased().contains(query) }
        let isSuggested = { (entry: VaultEntry) in
            entry.domains.contains { domain in domains.contains { $0 == domain || $0.hasSuffix("." + domain) } }
        }
        return matching.filter(isSuggested) + matching.filter { !isSuggested($0) }
    }

    var body: some View {
        NavigationStack {
            List(orderedEntries) { entry in
                Button { onSelect(entry) } label: {
                    VStack(alignment: .leading) {
                        Text(entry.title).foregroundStyle(.primary)
                        Text(entry.username).font(.caption).foregroundStyle(.secondary)
                    }
                }
                .swipeActions {
                    Button("Copy Password") { onCopyPassword(entry) }.tint(.blue)
                }
            }
            .searchable(text: $searchText)
            .navigationTitle("Lockbox")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel", action: onCancel) }
            }
        }
    }
}
