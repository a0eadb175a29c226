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
        }
        .onChange(of: scenePhase) { phase in
            if phase == .active {
                Task { try? await session.refresh() }
            }
        }
    }
}
