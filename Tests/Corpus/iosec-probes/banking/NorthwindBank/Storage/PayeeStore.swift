import Foundation
import CoreData

/// Core Data cache of saved payees, used for the transfer picker and offline search.
final class PayeeStore {
    private let container: NSPersistentContainer

    init(inMemory: Bool = false) {
        container = NSPersistentContainer(name: "Northwind")
        let description = container.persistentStoreDescriptions.first ?? NSPersistentStoreDescription()
        if inMemory {
            description.url = URL(fileURLWithPath: "/dev/null")
        }
        description.setOption(FileProtectionType.complete as NSObject, forKey: NSPersistentStoreFileProtectionKey)
        description.shouldMigrateStoreAutomatically = true
        description.shouldInferMappingModelAutomatically = true
        container.persistentStoreDescriptions = [description]

        container.loadPersistentStores { _, error in
            if let error = error as NSError? {
                AppLog.storage.error("Payee store failed to load (code \(error.code))")
            }
        }
        container.viewContext.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
        container.viewContext.automaticallyMergesChangesFromParent = true
    }

    func replaceAll(with payees: [Payee]) {
        container.performBackgroundTask { context in
            context.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
            let existing = (try? context.fetch(NSFetchRequest<NSManagedObject>(entityName: "CachedPayee"))) ?? []
            existing.forEach(context.delete)
            for payee in payees {
                let object = NSEntityDescription.insertNewObject(forEntityName: "CachedPayee", into: context)
                object.setValue(payee.id, forKey: "id")
                object.setValue(payee.name, forKey: "name")
                object.setValue(payee.iban, forKey: "iban")
                object.setValue(payee.reference, forKey: "reference")
                object.setValue(payee.lastPaidAt, forKey: "lastPaidAt")
            }
            do {
                try context.save()
            } catch {
                AppLog.storage.error("Saving payees failed")
            }
        }
    }

    func payees(matching query: String? = nil) -> [Payee] {
        let request = NSFetchRequest<NSManagedObject>(entityName: "CachedPayee")
        request.sortDescriptors = [
            NSSortDescriptor(key: "lastPaidAt", ascending: false),
            NSSortDescriptor(key: "name", ascending: true),
        ]
        if let query, !query.isEmpty {
            request.predicate = NSPredicate(format: "%K CONTAINS[cd] %@", "name", query)
        }
        let objects = (try? container.viewContext.fetch(request)) ?? []
        return objects.compactMap(Self.payee(from:))
    }

    func removeAll() {
        let context = container.viewContext
        let request = NSFetchRequest<NSManagedObject>(entityName: "CachedPayee")
        (try? context.fetch(request))?.forEach(context.delete)
        try? context.save()
    }

    // MARK: - Model

    private static func payee(from object: NSManagedObject) -> Payee? {
        guard let id = object.value(forKey: "id") as? String,
              let name = object.value(forKey: "name") as? String,
              let iban = object.value(forKey: "iban") as? String else { return nil }
        return Payee(
            id: id,
            name: name,
            iban: iban,
            reference: object.value(forKey: "reference") as? String,
            lastPaidAt: object.value(forKey: "lastPaidAt") as? Date
        )
    }
}
