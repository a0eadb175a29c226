import SwiftUI

@main
struct bankApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
