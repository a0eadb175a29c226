//
//  OrderHistoryStore.swift
//  Dashdrop
//
//  Local cache of past orders so the Orders tab renders offline.
//  The server stays the source of truth.
//

import Foundation
import CoreData
import os

@objc(OrderHistoryStore)
final class OrderHistoryStore: NSObject {

    @objc static let shared = OrderHistoryStore()

    let container = NSPersistentContainer(name: "Dashdrop")

    private override init() {
        super.init()
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        let description = NSPersistentStoreDescription(url: support.appendingPathComponent("OrderHistory.sqlite"))
        description.setOption(FileProtectionType.complete as NSObject, forKey: NSPersistentStoreFileProtectionKey)
        container.persistentStoreDescriptions = [description]
        container.loadPersistentStores { _, error in
            if let error {
                Logger.history.error("Order history store failed to load: \(error.localizedDescription, privacy: .public)")
                AnalyticsTracker.shared().recordNonFatal(error)
            }
        }
        container.viewContext.automaticallyMergesChangesFromParent = true
        container.viewContext.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
    }

    func record(_ order: PlacedOrder) {
        performWrite("record \(order.orderID)") { context in
            let record = OrderRecord(context: context)
            record.orderID = order.orderID
            record.restaurantName = order.restaurantName
            record.total = NSDecimalNumber(decimal: order.total)
            record.currency = order.currency
            record.itemCount = Int16(clamping: order.itemCount)
            record.status = "confirmed"
            record.deliveryToken = order.deliveryToken
            record.placedAt = Date()
        }
    }

    @objc func updateStatus(orderID: String, status: String) {
        performWrite("status \(orderID) -> \(status)") { context in
            let request = OrderRecord.fetchRequest()
            request.predicate = NSPredicate(format: "orderID == %@", orderID)
            request.fetchLimit = 1
            try? context.fetch(request).first?.status = status
        }
    }

    func sync(completion: (() -> Void)? = nil) {
        APIClient.shared().get("me/orders", parameters: ["limit": "50"]) { json, _, _ in
            let orders = (json as? [String: Any])?["orders"] as? [[String: Any]] ?? []
            self.performWrite("sync \(orders.count) orders") { context in
                for item in orders {
                    guard let orderID = item["id"] as? String, let name = item["restaurant_name"] as? String else { continue }
                    let record = OrderRecord(context: context)
                    record.orderID = orderID
                    record.restaurantName = name
                    record.total = NSDecimalNumber(string: item["total"] as? String ?? "0")
                    record.currency = item["currency"] as? String ?? "USD"
                    record.itemCount = Int16(clamping: item["item_count"] as? Int ?? 0)
                    record.status = item["status"] as? String ?? "delivered"
                    record.placedAt = ISO8601DateFormatter().date(from: item["placed_at"] as? String ?? "") ?? Date()
                }
            }
            DispatchQueue.main.async { completion?() }
        }
    }

    @objc func deleteAll() {
        performWrite("delete all") { context in
            let delete = NSBatchDeleteRequest(fetchRequest: NSFetchRequest(entityName: "OrderRecord"))
            delete.resultType = .resultTypeObjectIDs
            let result = try context.execute(delete) as? NSBatchDeleteResult
            let ids = result?.result as? [NSManagedObjectID] ?? []
            NSManagedObjectContext.mergeChanges(fromRemoteContextSave: [NSDeletedObjectsKey: ids], into: [self.container.viewContext])
        }
    }

    private func performWrite(_ reason: String, _ block: @escaping (NSManagedObjectContext) throws -> Void) {
        container.performBackgroundTask { context in
            context.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
            do {
                try block(context)
                if context.hasChanges { try context.save() }
                Logger.history.debug("History write ok (\(reason, privacy: .public))")
            } catch {
                Logger.history.error("History write failed (\(reason, privacy: .public)): \(error.localizedDescription, privacy: .public)")
            }
        }
    }
}
