import Foundation

struct VaultItem: Identifiable, Equatable {
    let id = UUID()
    var title: String
    var username: String
    var password: String
    var note: String
}

final class VaultItems: ObservableObject {
    /// A sample row on first launch that shows the user what an entry looks like.
    @Published var items: [VaultItem] = [
        VaultItem(title: "Sample: Mail", username: "you@example.com", password: "choose-a-strong-one",
                  note: "Swipe to delete this sample.")
    ]

    func add(_ item: VaultItem) {
        items.append(item)
    }

    func replace(_ item: VaultItem) {
        guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
        items[index] = item
    }

    func remove(at offsets: IndexSet) {
        items.remove(atOffsets: offsets)
    }
}
