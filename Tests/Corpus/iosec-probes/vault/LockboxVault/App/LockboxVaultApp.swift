import SwiftUI
import UIKit

@main
struct LockboxVaultApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @Environment(\.scenePhase) private var scenePhase
    @StateObject private var environment = AppEnvironment.live()

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(environment)
                .environmentObject(environment.session)
                .environmentObject(environment.settings)
                .overlay {
                    // Keeps vault contents out of the app switcher snapshot.
                    if environment.showsPrivacyCover {
                        Rectangle().fill(.ultraThinMaterial).ignoresSafeArea()
                            .overlay { Image(systemName: "lock.shield.fill").font(.system(size: 56)) }
                    }
                }
        }
        .onChange(of: scenePhase) { _, phase in
            environment.handleScenePhase(phase)
        }
    }
}

final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        Log.app.info("Launched; protected data available: \(application.isProtectedDataAvailable)")
        #if DEBUG
        TOTPGenerator.runSelfTest()
        print("Vault directory: \(SharedContainer.vaultDirectoryURL.path)")
        #endif
        return true
    }

    /// The device is locking; lock the vault with it.
    func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication) {
        NotificationCenter.default.post(name: .lockboxShouldLock, object: nil)
    }
}

extension Notification.Name {
    static let lockboxShouldLock = Notification.Name("com.lockboxvault.shouldLock")
}
