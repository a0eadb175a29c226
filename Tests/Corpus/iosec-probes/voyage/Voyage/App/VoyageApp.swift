import SwiftUI

@main
struct VoyageApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @StateObject private var navigation: NavigationCoordinator

    private let container: AppContainer

    init() {
        let container = AppContainer.shared
        self.container = container
        _navigation = StateObject(wrappedValue: container.navigationCoordinator)
    }

    var body: some Scene {
        WindowGroup {
            RootView(container: container)
                .environmentObject(navigation)
                .environmentObject(container.preferences)
                .onOpenURL { url in
                    navigation.handle(url, source: .customScheme)
                }
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    guard let url = activity.webpageURL else { return }
                    navigation.handle(url, source: .universalLink)
                }
        }
    }
}

struct RootView: View {
    let container: AppContainer
    @EnvironmentObject private var navigation: NavigationCoordinator

    var body: some View {
        TabView(selection: $navigation.selectedTab) {
            NavigationStack {
                FlightSearchView(viewModel: container.makeFlightSearchViewModel())
            }
            .tabItem { Label("tab.search", systemImage: "airplane") }
            .tag(NavigationCoordinator.Tab.search)

            NavigationStack {
                TripsView(viewModel: container.makeTripsViewModel(), makePaymentCoordinator: container.makePaymentCoordinator)
            }
            .tabItem { Label("tab.trips", systemImage: "suitcase") }
            .tag(NavigationCoordinator.Tab.trips)

            NavigationStack {
                TravellerListView(repository: container.travellerRepository, makeForm: container.makePassportFormViewModel)
            }
            .tabItem { Label("tab.travellers", systemImage: "person.2") }
            .tag(NavigationCoordinator.Tab.travellers)

            NavigationStack {
                LoyaltyLoginView(service: container.loyaltyService)
            }
            .tabItem { Label("tab.rewards", systemImage: "star.circle") }
            .tag(NavigationCoordinator.Tab.rewards)
        }
        .sheet(item: $navigation.presentedSheet) { sheet in
            sheetContent(for: sheet)
        }
        .confirmationDialog(
            Text("trip.cancel.confirm.title"),
            isPresented: navigation.isConfirmingAction,
            titleVisibility: .visible,
            presenting: navigation.pendingAction
        ) { action in
            Button("trip.cancel.confirm.action", role: .destructive) {
                Task { await navigation.confirm(action) }
            }
            Button("common.keep", role: .cancel) { navigation.pendingAction = nil }
        } message: { _ in
            Text("trip.cancel.confirm.message")
        }
    }

    @ViewBuilder
    private func sheetContent(for sheet: NavigationCoordinator.Sheet) -> some View {
        switch sheet {
        case .boardingPass(let reference):
            BoardingPassView(reference: reference, store: container.boardingPassStore)
        case .supportChat:
            SupportChatView(environment: container.environment, client: container.apiClient, api: container.api)
                .ignoresSafeArea()
        case .browser(let url):
            InAppBrowserView(url: url, tokens: container.tokenStore)
                .ignoresSafeArea()
        case .sharedTrip(let token):
            SharedTripView(token: token, service: container.tripShareService)
        }
    }
}
