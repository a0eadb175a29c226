//
//  OrderHistoryView.swift
//  Dashdrop
//

import SwiftUI
import CoreData

struct OrderHistoryView: View {
    @FetchRequest(sortDescriptors: [SortDescriptor(\OrderRecord.placedAt, order: .reverse)])
    private var orders: FetchedResults<OrderRecord>
    @State private var searchText = ""
    @State private var suggestions: [String] = []
    var onSelect: (OrderRecord) -> Void = { _ in }

    var body: some View {
        List(orders) { order in
            Button { onSelect(order) } label: {
                HStack {
                    VStack(alignment: .leading) {
                        Text(order.restaurantName).font(.headline)
                        Text("#\(order.orderID) · \(order.placedAt.formatted(date: .abbreviated, time: .shortened))")
                            .font(.caption).foregroundStyle(.secondary)
                    }
                    Spacer()
                    Text(order.formattedTotal).monospacedDigit()
                }
            }
            .tint(order.isActive ? .orange : .primary)
        }
        .navigationTitle(String(localized: "Orders"))
        .searchable(text: $searchText, prompt: String(localized: "Restaurant or order number"))
        .searchSuggestions {
            ForEach(suggestions, id: \.self) { Text($0).searchCompletion($0) }
        }
        .onChange(of: searchText) { value in
            orders.nsPredicate = value.isEmpty ? nil
                : NSPredicate(format: "restaurantName CONTAINS[cd] %@ OR orderID BEGINSWITH[c] %@", value, value)
            suggestions = RecentSearchStore.shared.terms(matching: value, limit: 5)
        }
        .onSubmit(of: .search) { RecentSearchStore.shared.record(searchText) }
        .refreshable {
            await withCheckedContinuation { continuation in
                OrderHistoryStore.shared.sync { continuation.resume() }
            }
        }
    }
}

@objc final class OrderHistoryViewFactory: NSObject {
    @MainActor @objc static func makeViewController() -> UIViewController {
        let host = UIHostingController(rootView: AnyView(EmptyView()))
        let view = OrderHistoryView { [weak host] order in
            let tracking = OrderTrackingViewController(orderID: order.orderID, deliveryToken: order.deliveryToken)
            host?.navigationController?.pushViewController(tracking, animated: true)
        }
        host.rootView = AnyView(view.environment(\.managedObjectContext, OrderHistoryStore.shared.container.viewContext))
        OrderHistoryStore.shared.sync()
        return host
    }
}
