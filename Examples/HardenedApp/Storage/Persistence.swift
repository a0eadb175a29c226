import CoreData

/// The payee list. IBANs are personal data, so the store is readable only while the device is unlocked; card
/// numbers are not stored at all (only a Keychain reference and the last four digits).
enum Persistence {
    static func makeContainer() -> NSPersistentContainer {
        let container = NSPersistentContainer(name: "Wallet")
        if let description = container.persistentStoreDescriptions.first {
            description.setOption(FileProtectionType.complete as NSObject, forKey: NSPersistentStoreFileProtectionKey)
        }
        container.loadPersistentStores { _, error in
            if let error { fatalError("Core Data store failed to load: \(error)") }
        }
        return container
    }
}
