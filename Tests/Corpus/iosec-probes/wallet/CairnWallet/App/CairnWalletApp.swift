import SwiftUI
import UIKit

@main
struct CairnWalletApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @StateObject private var environment = AppEnvironment.live()
    @StateObject private var router = DeepLinkRouter()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(environment)
                .environmentObject(environment.walletManager)
                .environmentObject(environment.connectedSites)
                .environmentObject(router)
                .onOpenURL { router.handle($0) }
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    if let url = activity.webpageURL { router.handle(url) }
                }
        }
        .onChange(of: scenePhase) { _, phase in
            environment.scenePhaseDidChange(to: phase)
        }
    }
}

final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        Log.app.info("Launching Cairn \(Bundle.main.shortVersion, privacy: .public) (\(Bundle.main.buildNumber, privacy: .public))")
        return true
    }
}

extension Bundle {
    var shortVersion: String { object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "0.0" }
    var buildNumber: String { object(forInfoDictionaryKey: "CFBundleVersion") as? String ?? "0" }
}

struct RootView: View {
    @EnvironmentObject private var environment: AppEnvironment
    @EnvironmentObject private var wallet: WalletManager
    @EnvironmentObject private var router: DeepLinkRouter
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
        ZStack {
            switch wallet.state {
            case .empty: OnboardingView()
            case .ready: MainTabView()
            }
            if scenePhase != .active {
                Rectangle().fill(.ultraThickMaterial).ignoresSafeArea()
            }
        }
        .sheet(item: $router.pendingPayment) { request in
            NavigationStack {
                if let viewModel = environment.makeSendViewModel(prefill: request) {
                    SendView(viewModel: viewModel)
                }
            }
        }
    }
}

struct MainTabView: View {
    @EnvironmentObject private var environment: AppEnvironment
    @EnvironmentObject private var router: DeepLinkRouter
    @State private var selection = 0

    var body: some View {
        TabView(selection: $selection) {
            NavigationStack {
                if let viewModel = environment.makeSendViewModel() {
                    SendView(viewModel: viewModel)
                }
            }
            .tabItem { Label("tab.send", systemImage: "arrow.up.right") }
            .tag(0)

            NavigationStack { ReceiveView() }
                .tabItem { Label("tab.receive", systemImage: "arrow.down.left") }
                .tag(1)

            DAppDirectoryView()
                .tabItem { Label("tab.browser", systemImage: "safari") }
                .tag(2)

            SettingsView()
                .tabItem { Label("tab.settings", systemImage: "gearshape") }
                .tag(3)
        }
        .onChange(of: router.browserURL) { _, url in
            if url != nil { selection = 2 }
        }
    }
}
