import CoreData
import Foundation

/// Offline cache for search results and the trip list. The model is defined in code so the
/// cache can be versioned by simply bumping `modelVersion` (the store is disposable).
final class CoreDataStack {
    static let modelVersion = 3

    let container: NSPersistentContainer

    init() {
        container = NSPersistentContainer(name: "VoyageCache", managedObjectModel: Self.makeModel())

        let description = container.persistentStoreDescriptions.first ?? NSPersistentStoreDescription()
        description.url = Self.storeURL()
        description.setOption(FileProtectionType.complete as NSObject, forKey: NSPersistentStoreFileProtectionKey)
        description.shouldMigrateStoreAutomatically = false
        container.persistentStoreDescriptions = [description]

        container.loadPersistentStores { [container] _, error in
            guard let error else { return }
            // Cache only; recreate on incompatible schema instead of failing launch.
            Log.storage.failure("Loading cache store", error)
            if let url = description.url {
                try? container.persistentStoreCoordinator.destroyPersistentStore(at: url, ofType: NSSQLiteStoreType)
                container.loadPersistentStores { _, _ in }
            }
        }
        container.viewContext.automaticallyMergesChangesFromParent = true
        container.viewContext.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
    }

    func performBackground<T>(_ work: @escaping (NSManagedObjectContext) throws -> T) async throws -> T {
        try await container.performBackgroundTask { context in
            context.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
            let result = try work(context)
            if context.hasChanges { try context.save() }
            return result
        }
    }

    private static func storeURL() -> URL {
        let base = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        return base.appendingPathComponent("VoyageCache-v\(modelVersion).sqlite")
    }

    private static func makeModel() -> NSManagedObjectModel {
        let model = NSManagedObjectModel()
        model.entities = [
            entity("CachedPayload", attributes: [
                ("key", .stringAttributeType, false),
                ("kind", .stringAttributeType, false),
                ("payload", .binaryDataAttributeType, false),
                ("storedAt", .dateAttributeType, false),
            ], uniqueKey: "key"),
        ]
        return model
    }

    private static func entity(
        _ name: String,
        attributes: [(String, NSAttributeType, Bool)],
        uniqueKey: String
    ) -> NSEntityDescription {
        let entity = NSEntityDescription()
        entity.name = name
        entity.managedObjectClassName = NSStringFromClass(NSManagedObject.self)
        entity.properties = attributes.map { name, type, optional in
            let attribute = NSAttributeDescription()
            attribute.name = name
            attribute.attributeType = type
            attribute.isOptional = optional
            return attribute
        }
        entity.uniquenessConstraints = [[uniqueKey]]
        return entity
    }
}

/// Generic key/value cache on top of `CachedPayload`.
class CoreDataPayloadCache {
    private let stack: CoreDataStack
    private let kind: String

    init(stack: CoreDataStack, kind: String) {
        self.stack = stack
        self.kind = kind
    }

    func payload(for key: String, maxAge: TimeInterval) async -> Data? {
        try? await stack.performBackground { [kind] context in
            let request = NSFetchRequest<NSManagedObject>(entityName: "CachedPayload")
            request.predicate = NSPredicate(format: "key == %@ AND kind == %@", key, kind)
            request.fetchLimit = 1
            guard let object = try context.fetch(request).first,
                  let storedAt = object.value(forKey: "storedAt") as? Date,
                  Date().timeIntervalSince(storedAt) < maxAge
            else { return nil }
            return object.value(forKey: "payload") as? Data
        }
    }

    func store(_ payload: Data, for key: String) async {
        _ = try? await stack.performBackground { [kind] context in
            let object = NSEntityDescription.insertNewObject(forEntityName: "CachedPayload", into: context)
            object.setValue(key, forKey: "key")
            object.setValue(kind, forKey: "kind")
            object.setValue(payload, forKey: "payload")
            object.setValue(Date(), forKey: "storedAt")
        }
    }
}

final class CoreDataSearchCache: CoreDataPayloadCache {
    init(stack: CoreDataStack) { super.init(stack: stack, kind: "search") }
}

final class CoreDataTripCache: CoreDataPayloadCache {
    init(stack: CoreDataStack) { super.init(stack: stack, kind: "trips") }
}
