//
//  HearthWidget.swift
//  HearthWidget
//
//  Created by Sofia Berg on 19/09/2022.
//  Copyright © 2022 Hearth Labs AB. All rights reserved.
//

import AppIntents
import SwiftUI
import WidgetKit

// MARK: - Timeline

struct HearthEntry: TimelineEntry {
    let date: Date
    let hub: WidgetHubStatus?
    let locks: [WidgetLockSummary]
}

struct HearthProvider: TimelineProvider {
    private let store = SharedStateStore()

    func placeholder(in context: Context) -> HearthEntry {
        HearthEntry(date: .now,
                    hub: WidgetHubStatus(hubName: "Home", isReachable: true, onlineDeviceCount: 12, updatedAt: .now),
                    locks: [WidgetLockSummary(lockID: "placeholder", name: "Front door", isLocked: true,
                                              batteryLevel: 80, guestCode: nil, updatedAt: .now)])
    }

    func getSnapshot(in context: Context, completion: @escaping (HearthEntry) -> Void) {
        completion(context.isPreview ? placeholder(in: context) : currentEntry())
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<HearthEntry>) -> Void) {
        completion(Timeline(entries: [currentEntry()], policy: .after(.now.addingTimeInterval(15 * 60))))
    }

    private func currentEntry() -> HearthEntry {
        HearthEntry(date: .now, hub: store.hubStatus, locks: store.lockSummaries)
    }
}

// MARK: - Views

struct LockWidgetView: View {
    let entry: HearthEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            ForEach(entry.locks.prefix(2)) { lock in
                HStack {
                    Image(systemName: lock.isLocked ? "lock.fill" : "lock.open.fill")
                        .foregroundStyle(lock.isLocked ? .green : .orange)
                    Text(lock.name).font(.headline).lineLimit(1)
                }
                if let code = lock.guestCode {
                    Label(code, systemImage: "person.badge.key")
                        .font(.system(.title3, design: .monospaced))
                        .privacySensitive()
                }
            }
            if entry.locks.isEmpty {
                Text(entry.hub?.isReachable == false ? "Hub offline" : "No locks")
                    .font(.footnote).foregroundStyle(.secondary)
            }
            Button(intent: RunSceneIntent(sceneID: "goodnight")) {
                Label("Good night", systemImage: "moon.fill")
            }
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

// MARK: - Intents

struct RunSceneIntent: AppIntent {
    static var title: LocalizedStringResource = "Run scene"
    static var openAppWhenRun = true

    @Parameter(title: "Scene") var sceneID: String

    init() {}
    init(sceneID: String) { self.sceneID = sceneID }

    func perform() async throws -> some IntentResult {
        SharedStateStore().enqueueSceneRequest(WidgetSceneRequest(sceneID: sceneID, requestedAt: .now))
        return .result()
    }
}

// MARK: - Bundle

struct LockWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: WidgetKind.lock, provider: HearthProvider()) { LockWidgetView(entry: $0) }
            .configurationDisplayName("Locks")
            .description("Lock status and today's guest code.")
            .supportedFamilies([.systemSmall, .systemMedium])
    }
}

@main
struct HearthWidgetBundle: WidgetBundle {
    var body: some Widget {
        LockWidget()
    }
}
