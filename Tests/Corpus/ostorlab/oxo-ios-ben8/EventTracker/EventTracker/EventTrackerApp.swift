//
//  EventTrackerApp.swift
//  EventTracker
//
//  Created by aitougrram on 11/9/2025.
//

import SwiftUI

@main
struct EventTrackerApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
