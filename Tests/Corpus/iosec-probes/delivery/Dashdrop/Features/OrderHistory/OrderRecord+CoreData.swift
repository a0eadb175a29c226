//
//  OrderRecord+CoreData.swift
//  Dashdrop
//

import Foundation
import CoreData

@objc(OrderRecord)
final class OrderRecord: NSManagedObject, Identifiable {
    @nonobjc class func fetchRequest() -> NSFetchRequest<OrderRecord> {
        NSFetchRequest<OrderRecord>(entityName: "OrderRecord")
    }

    @NSManaged var orderID: String
    @NSManaged var restaurantName: String
    @NSManaged var total: NSDecimalNumber
    @NSManaged var currency: String
    @NSManaged var itemCount: Int16
    @NSManaged var status: String
    @NSManaged var deliveryToken: String?
    @NSManaged var placedAt: Date

    var isActive: Bool { !["delivered", "cancelled"].contains(status) }
    var formattedTotal: String { Money.format(total.decimalValue, currencyCode: currency) }
}
