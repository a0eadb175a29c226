import SwiftUI
import UIKit

@main
struct NorthwindBankApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @StateObject private var environment = AppEnvironment.live()
    @StateObject private var router = DeepLinkRouter()

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(environment)
                .environmentObject(router)
                .onOpenURL { url in
                    router.handle(url)
                }
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    guard let url = activity.webpageURL else { return }
                    router.handle(url)
                }
        }
    }
}

struct RootView: View {
    @EnvironmentObject private var environment: AppEnvironment
    @EnvironmentObject private var router: DeepLinkRouter

    var body: some View {
        Group {
            if environment.isSignedIn {
                TabView {
                    NavigationStack(path: $router.path) {
                        AccountsListView(viewModel: environment.makeAccountsViewModel())
                            .navigationDestination(for: DeepLink.self) { link in
                                destination(for: link)
                            }
                    }
                    .tabItem { Label(L10n.string("tab.accounts"), systemImage: "banknote") }

                    NavigationStack {
                        TransferScreen(viewModel: environment.makeTransferViewModel(payeeId: nil))
                    }
                    .tabItem { Label(L10n.string("tab.payments"), systemImage: "arrow.left.arrow.right") }

                    NavigationStack {
                        ProfileView(viewModel: environment.makeProfileViewModel())
                    }
                    .tabItem { Label(L10n.string("tab.profile"), systemImage: "person.crop.circle") }
                }
            } else {
                LoginView(viewModel: environment.makeLoginViewModel())
            }
        }
        .task { await environment.restoreSession() }
    }

    @ViewBuilder
    private func destination(for link: DeepLink) -> some View {
        switch link {
        case .account(let id):
            AccountDetailView(viewModel: environment.makeTransactionsViewModel(accountId: id))
        case .newTransfer(let payeeId):
            TransferScreen(viewModel: environment.makeTransferViewModel(payeeId: payeeId))
        case .help(let topic):
            HelpArticleView(topic: topic)
        }
    }
}

final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        AppLog.event(.appLaunched)
        AppLog.debugTrace("didFinishLaunching")
        return true
    }
}
