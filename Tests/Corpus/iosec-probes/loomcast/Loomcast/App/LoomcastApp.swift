import AVFoundation
import LoomKit
import os
import SwiftUI

@main
struct LoomcastApp: App {
    @UIApplicationDelegateAdaptor(LoomcastAppDelegate.self) private var appDelegate
    @StateObject private var env = AppEnvironment.live()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(env)
                .environmentObject(env.session)
                .environmentObject(env.library)
                .environmentObject(env.player)
                .environmentObject(env.downloads)
                .environmentObject(env.subscriptions)
                .environmentObject(env.router)
                .onOpenURL { env.router.handle($0) }
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    if let url = activity.webpageURL { env.router.handle(url) }
                }
                .task { await env.bootstrap() }
        }
        .onChange(of: scenePhase) { _, phase in
            guard phase == .background else { return }
            env.player.persistProgress()
            env.publishWidgetSnapshot()
            Task { await env.analytics.flush() }
        }
    }
}

final class LoomcastAppDelegate: NSObject, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        PreferenceKey.registerDefaults()
        CrashBreadcrumbs.shared.start()
        do {
            try AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio, policy: .longFormAudio)
        } catch {
            Logger.player.error("Audio session setup failed: \(error.localizedDescription, privacy: .public)")
        }
        _ = DownloadManager.shared // reconnect to the background session before events arrive
        return true
    }

    func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void) {
        DownloadManager.shared.storeBackgroundCompletion(completionHandler, for: identifier)
    }
}

struct RootView: View {
    @EnvironmentObject private var env: AppEnvironment
    @EnvironmentObject private var session: SessionStore
    @EnvironmentObject private var router: DeepLinkRouter

    var body: some View {
        Group {
            if session.isSignedIn {
                TabView {
                    LibraryView().tabItem { Label(L10n.libraryTitle, systemImage: "square.stack") }
                    SettingsView().tabItem { Label(L10n.settingsTitle, systemImage: "gearshape") }
                }
                .safeAreaInset(edge: .bottom) { MiniPlayerBar().padding(.bottom, 52) }
            } else {
                SignInView(auth: env.auth)
            }
        }
        // Links that arrive before sign-in wait until a session exists.
        .sheet(item: Binding(get: { session.isSignedIn ? router.presented : nil }, set: { router.presented = $0 })) { link in
            switch link {
            case .episode(let id):
                NavigationStack { EpisodeLoader(episodeID: id) }
            case .show(let id):
                NavigationStack {
                    if let show = env.library.show(id: id) { ShowEpisodesView(show: show) }
                }
            case .manageSubscription:
                ManageSubscriptionView()
            }
        }
    }
}

private struct EpisodeLoader: View {
    let episodeID: String
    @EnvironmentObject private var library: LibraryStore
    @State private var episode: Episode?

    var body: some View {
        if let episode {
            EpisodeDetailView(episode: episode, source: .deepLink)
        } else {
            ProgressView().task(id: episodeID) { episode = try? await library.episode(id: episodeID) }
        }
    }
}
