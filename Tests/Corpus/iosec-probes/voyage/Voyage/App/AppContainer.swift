import Foundation
import Alamofire

/// Composition root. Everything that needs a dependency receives it through its
/// initializer; only the app entry points reach for `AppContainer.shared`.
@MainActor
final class AppContainer {
    static let shared = AppContainer(environment: .current)

    let environment: AppEnvironment
    let api: VoyageAPI
    let preferences: Preferences
    let drafts: FormDraftStore
    let secrets: KeychainSecretStore
    let tokenStore: SessionTokenStore
    let analytics: AnalyticsTracking
    let crashReporter: CrashReporting
    let coreData: CoreDataStack
    let realmProvider: RealmProvider
    let apiClient: APIClientProtocol
    let searchService: SearchService
    let travellerRepository: TravellerRepository
    let loyaltyService: LoyaltyServicing
    let boardingPassStore: BoardingPassStore
    let tripShareService: TripShareService
    let pushService: PushNotificationService
    let navigationCoordinator: NavigationCoordinator

    init(environment: AppEnvironment) {
        self.environment = environment
        api = VoyageAPI(environment: environment)
        preferences = Preferences()
        drafts = FormDraftStore()
        secrets = KeychainSecretStore()
        tokenStore = SessionTokenStore(secrets: secrets)
        crashReporter = SentryCrashReporter(environment: environment)
        analytics = FirebaseAnalyticsTracker()
        coreData = CoreDataStack()
        realmProvider = RealmProvider(keyProvider: secrets)

        let refreshSession = SessionFactory.makeRefreshSession(environment: environment)
        let api = self.api
        let interceptor = Interceptor(
            adapters: [
                PartnerGatewayAdapter(gatewayHost: environment.loyaltyGatewayURL.host ?? "") { [tokenStore] in
                    tokenStore.loyaltySession
                },
            ],
            interceptors: [
                AuthInterceptor(apiHost: environment.apiBaseURL.host ?? "", tokens: tokenStore) { refreshToken in
                    try await refreshSession.request(api.refreshSession(refreshToken: refreshToken))
                        .validate()
                        .serializingDecodable(TokenPair.self, decoder: .voyage)
                        .value
                },
            ]
        )
        let session = SessionFactory.makeAPISession(
            environment: environment,
            interceptor: interceptor,
            monitors: [NetworkActivityMonitor()]
        )
        apiClient = APIClient(session: session, crashReporter: crashReporter)

        searchService = LiveSearchService(
            client: apiClient,
            api: api,
            cache: CoreDataSearchCache(stack: coreData)
        )
        travellerRepository = RealmTravellerRepository(
            realmProvider: realmProvider,
            client: apiClient,
            api: api,
            analytics: analytics
        )
        loyaltyService = LoyaltyService(client: apiClient, api: api, tokens: tokenStore, analytics: analytics)
        boardingPassStore = BoardingPassStore(client: apiClient, api: api, analytics: analytics)
        tripShareService = TripShareService(client: apiClient, api: api)
        navigationCoordinator = NavigationCoordinator(
            parser: DeepLinkParser(scheme: environment.urlScheme, hosts: environment.universalLinkHosts),
            client: apiClient,
            api: api,
            analytics: analytics
        )
        pushService = PushNotificationService(
            client: apiClient,
            api: api,
            boardingPasses: boardingPassStore,
            navigation: navigationCoordinator
        )
    }

    // MARK: - Factories

    func makeFlightSearchViewModel() -> FlightSearchViewModel {
        FlightSearchViewModel(service: searchService, preferences: preferences, analytics: analytics)
    }

    func makeTripsViewModel() -> TripsViewModel {
        TripsViewModel(client: apiClient, api: api, cache: CoreDataTripCache(stack: coreData), shareService: tripShareService)
    }

    func makePassportFormViewModel(existing: TravellerProfile?) -> PassportFormViewModel {
        PassportFormViewModel(existing: existing, repository: travellerRepository, drafts: drafts)
    }

    func makePaymentCoordinator() -> PaymentCoordinator {
        PaymentCoordinator(environment: environment, client: apiClient, api: api, analytics: analytics, drafts: drafts)
    }
}
