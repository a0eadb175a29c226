import Foundation

struct Pocket: Identifiable {
    let id = UUID()
    var name: String
    var balance: Decimal
}

struct Movement {
    let from: String
    let to: String
    let amount: Decimal
    let memo: String
    let date: Date
}

final class Wallet: ObservableObject {
    @Published var pockets = [
        Pocket(name: "Everyday", balance: 1840),
        Pocket(name: "Rainy Day", balance: 6200),
        Pocket(name: "Holidays", balance: 415)
    ]
    @Published private(set) var history: [Movement] = []

    func transfer(_ amount: Decimal, from source: String, to target: String, memo: String) {
        guard let out = pockets.firstIndex(where: { $0.name.caseInsensitiveCompare(source) == .orderedSame }),
              let into = pockets.firstIndex(where: { $0.name.caseInsensitiveCompare(target) == .orderedSame }),
              out != into else { return }
        pockets[out].balance -= amount
        pockets[into].balance += amount
        history.append(Movement(from: pockets[out].name, to: pockets[into].name, amount: amount, memo: memo, date: Date()))
    }
}
