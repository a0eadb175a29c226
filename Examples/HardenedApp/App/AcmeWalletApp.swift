import SwiftUI

@main
struct AcmeWalletApp: App {
    @StateObject private var session = SessionManager()
    @StateObject private var router = DeepLinkRouter()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(session)
                .environmentObject(router)
                .onOpenURL { url in
                    router.handle(url)
                }
                .task {
                    await SecurityServices.shared.runLaunchChecks()
                    await ImageCache.shared.purge(olderThan: 30 * 24 * 60 * 60)
                }
        }
        .onChange(of: scenePhase) { phase in
            if phase == .background {
                session.lockIfNeeded()
            }
        }
    }
}
