import SwiftUI

@main
struct PocketLedgerApp: App {
    @StateObject private var wallet = Wallet()
    @StateObject private var router = LinkRouter()

    var body: some Scene {
        WindowGroup {
            HomeView(selectedPocket: $router.selectedPocket)
                .environmentObject(wallet)
                .onOpenURL { router.followDeepLink($0, wallet: wallet) }
        }
    }
}

struct HomeView: View {
    @EnvironmentObject var wallet: Wallet
    @Binding var selectedPocket: String?

    var body: some View {
        NavigationStack {
            List(wallet.pockets) { pocket in
                LabeledContent(pocket.name, value: pocket.balance, format: .currency(code: "USD"))
            }
            .navigationTitle(selectedPocket ?? "Pockets")
        }
    }
}
