import SwiftUI

@main
struct StrideApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @StateObject private var environment = AppEnvironment.live
    @StateObject private var router = DeepLinkRouter()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(environment)
                .environmentObject(router)
                .environmentObject(environment.subscriptions)
                .onOpenURL { router.handle($0) }
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    if let url = activity.webpageURL {
                        router.handle(url)
                    }
                }
                .task { await environment.bootstrap() }
        }
        .onChange(of: scenePhase) { phase in
            switch phase {
            case .active:
                environment.analytics.track(.appForegrounded)
                Task { await environment.watchSync.publishLatestSnapshot() }
            case .background:
                Log.lifecycle.debug("Entered background")
                appDelegate.scheduleBackgroundRefresh()
            default:
                break
            }
        }
    }
}

struct RootView: View {
    @EnvironmentObject private var environment: AppEnvironment
    @EnvironmentObject private var router: DeepLinkRouter

    var body: some View {
        TabView(selection: $router.selectedTab) {
            NavigationStack(path: $router.workoutPath) {
                WorkoutListView(viewModel: environment.makeWorkoutListViewModel())
                    .navigationDestination(for: Workout.ID.self) { WorkoutDetailView(workoutID: $0) }
            }
            .tabItem { Label("tab.workouts", systemImage: "figure.run") }
            .tag(AppTab.workouts)

            NavigationStack {
                CoachChatView(viewModel: environment.makeCoachViewModel())
            }
            .tabItem { Label("tab.coach", systemImage: "bubble.left.and.bubble.right") }
            .tag(AppTab.coach)

            NavigationStack {
                AccountView(viewModel: environment.makeAccountViewModel())
            }
            .tabItem { Label("tab.account", systemImage: "person.crop.circle") }
            .tag(AppTab.account)
        }
        .sheet(item: $router.presentedSheet) { sheet in
            switch sheet {
            case .paywall(let placement):
                PaywallView(placement: placement)
            case .zones:
                NavigationStack { HeartRateZonesView() }
            }
        }
        .task {
            // No-op after the first prompt; HealthKit only shows the sheet for undetermined types.
            try? await environment.health.requestAuthorization()
        }
    }
}
