import Foundation
import Combine

struct BuildConfiguration {
    let apiBaseURL: URL
    let certificatePins: [String: Set<String>]

    static var current: BuildConfiguration {
        #if DEBUG
        print("[Northwind] Using staging configuration")
        return BuildConfiguration(apiBaseURL: URL(string: "https://api.staging.northwindbank.com")!,
                                  certificatePins: CertificatePins.staging)
        #else
        return BuildConfiguration(apiBaseURL: URL(string: "https://api.northwindbank.com")!,
                                  certificatePins: CertificatePins.production)
        #endif
    }
}

@MainActor
final class AppEnvironment: ObservableObject {
    @Published private(set) var isSignedIn = false

    let preferences: Preferences
    let apiClient: APIClient
    let authService: AuthService
    let session: SessionManager
    let transactionStore: TransactionStore?
    let payeeStore: PayeeStore
    let statementVault: StatementVault
    let biometrics: BiometricUnlock
    let receiptExporter: ReceiptExporter

    private init(configuration: BuildConfiguration) {
        let keychain = KeychainStore(service: "com.northwindbank.app")
        let urlSession = URLSession.pinned(pins: configuration.certificatePins)

        let publicClient = APIClient(configuration: .init(baseURL: configuration.apiBaseURL), session: urlSession)
        let auth = AuthService(client: publicClient, deviceKey: DeviceBindingKey())
        let session = SessionManager(keychain: keychain, defaults: .standard, auth: auth)
        let client = APIClient(configuration: .init(baseURL: configuration.apiBaseURL), session: urlSession)
        client.tokenProvider = session

        self.preferences = Preferences(defaults: .standard)
        self.authService = auth
        self.session = session
        self.apiClient = client
        self.payeeStore = PayeeStore()
        self.statementVault = StatementVault(keychain: keychain)
        self.biometrics = BiometricUnlock()
        self.receiptExporter = ReceiptExporter()
        self.transactionStore = try? TransactionStore(fileURL: Self.databaseURL())
    }

    static func live() -> AppEnvironment {
        AppEnvironment(configuration: .current)
    }

    private static func databaseURL() throws -> URL {
        let support = try FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true
        )
        var folder = support.appendingPathComponent("Cache", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder,
            withIntermediateDirectories: true,
            attributes: [.protectionKey: FileProtectionType.complete]
        )
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try folder.setResourceValues(values)
        return folder.appendingPathComponent("transactions.sqlite")
    }

    func restoreSession() async {
        isSignedIn = await session.hasRestorableSession()
    }

    func didSignIn() {
        isSignedIn = true
    }

    func signOut() async {
        await session.signOut()
        try? transactionStore?.wipe()
        try? statementVault.removeAll()
        biometrics.remove()
        payeeStore.removeAll()
        apiClient.clearCaches()
        preferences.resetForSignOut()
        isSignedIn = false
    }

    // MARK: - Factories

    func makeAccountsViewModel() -> AccountsViewModel {
        AccountsViewModel(client: apiClient, preferences: preferences)
    }

    func makeTransactionsViewModel(accountId: String) -> TransactionsViewModel {
        TransactionsViewModel(accountId: accountId, client: apiClient, store: transactionStore)
    }

    func makeTransferViewModel(payeeId: String?) -> TransferViewModel {
        TransferViewModel(client: apiClient, payeeStore: payeeStore, exporter: receiptExporter, preselectedPayeeId: payeeId)
    }

    func makeProfileViewModel() -> ProfileViewModel {
        ProfileViewModel(environment: self)
    }

    func makeLoginViewModel() -> LoginViewModel {
        LoginViewModel(environment: self)
    }
}
