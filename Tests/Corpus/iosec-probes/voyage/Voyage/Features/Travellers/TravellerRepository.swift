import Combine
import Foundation
import RealmSwift

protocol TravellerRepository: AnyObject {
    var travellers: AnyPublisher<[TravellerProfile], Never> { get }
    @MainActor func load() throws
    @MainActor func save(_ profile: TravellerProfile) async throws
    @MainActor func delete(id: UUID) async throws
}

/// Travellers live in the encrypted Realm and are mirrored to the backend so they can be
/// used for APIS when booking from another device.
final class RealmTravellerRepository: TravellerRepository {
    private let realmProvider: RealmProvider
    private let client: APIClientProtocol
    private let api: VoyageAPI
    private let analytics: AnalyticsTracking
    private let subject = CurrentValueSubject<[TravellerProfile], Never>([])

    init(realmProvider: RealmProvider, client: APIClientProtocol, api: VoyageAPI, analytics: AnalyticsTracking) {
        self.realmProvider = realmProvider
        self.client = client
        self.api = api
        self.analytics = analytics
    }

    var travellers: AnyPublisher<[TravellerProfile], Never> {
        subject.eraseToAnyPublisher()
    }

    @MainActor
    func load() throws {
        let realm = try realmProvider.realm()
        let objects = realm.objects(TravellerObject.self)
            .sorted(by: [RealmSwift.SortDescriptor(keyPath: "isPrimary", ascending: false),
                         RealmSwift.SortDescriptor(keyPath: "familyName", ascending: true)])
        subject.send(objects.compactMap(\.profile))
    }

    @MainActor
    func save(_ profile: TravellerProfile) async throws {
        let realm = try realmProvider.realm()
        try realm.write {
            if profile.isPrimary {
                realm.objects(TravellerObject.self)
                    .where { $0.isPrimary == true && $0.id != profile.id }
                    .forEach { $0.isPrimary = false }
            }
            realm.add(TravellerObject(profile), update: .modified)
        }
        Log.travellers.info("Saved traveller \(profile.id.uuidString, privacy: .public) (document \(profile.document.number, privacy: .private(mask: .hash)))")
        analytics.track(.travellerSaved(documentKind: profile.document.kind.rawValue, isPrimary: profile.isPrimary))
        try load()

        do {
            try await client.send(api.upsertTraveller(profile))
        } catch APIError.transport {
            // Offline: the local copy is authoritative and will be re-sent on next launch.
            Log.travellers.notice("Traveller \(profile.id.uuidString, privacy: .public) queued for sync")
        }
    }

    @MainActor
    func delete(id: UUID) async throws {
        let realm = try realmProvider.realm()
        if let object = realm.object(ofType: TravellerObject.self, forPrimaryKey: id) {
            try realm.write { realm.delete(object) }
        }
        try load()
        try await client.send(api.deleteTraveller(id: id))
    }
}
