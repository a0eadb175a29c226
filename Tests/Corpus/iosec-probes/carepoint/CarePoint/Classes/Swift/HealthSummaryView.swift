//
//  HealthSummaryView.swift
//  CarePoint
//
//  Created by Tomasz Wiśniewski on 5/30/23.
//  Copyright © 2023 CarePoint Health, Inc. All rights reserved.
//

import SwiftUI
import UIKit

@MainActor
final class HealthSummaryModel: ObservableObject {
    @Published var appointments: [CPAppointment] = []
    @Published var preferredClinic: Clinic?
    @Published var recordCount: Int = 0
    @Published var lastSync: Date?

    func load() async {
        recordCount = Int(CPRecordStore.shared().recordCount())
        lastSync = UserDefaults.standard.object(forKey: kCPDefaultsLastSyncDate) as? Date

        if let clinics = try? await ClinicDirectoryService.shared.clinics() {
            preferredClinic = ClinicDirectoryService.shared.preferredClinic(from: clinics)
        }

        guard let patientID = CPSessionManager.shared().patientID else { return }
        CPAPIClient.shared().get("patients/\(patientID)/appointments", parameters: nil) { [weak self] json, _, _ in
            let items = (json as? [String: Any])?["appointments"] as? [[String: Any]] ?? []
            let parsed = items.compactMap { CPAppointment(dictionary: $0) }.sorted { $0.startDate < $1.startDate }
            Task { @MainActor in
                self?.appointments = parsed
                ReminderScheduler.shared.scheduleReminders(for: parsed)
            }
        }
    }
}

struct HealthSummaryView: View {
    @ObservedObject var model: HealthSummaryModel

    var body: some View {
        List {
            Section("Upcoming") {
                if model.appointments.isEmpty {
                    Text("No upcoming appointments").foregroundColor(.secondary)
                }
                ForEach(model.appointments, id: \.appointmentID) { appointment in
                    VStack(alignment: .leading, spacing: 4) {
                        Text(appointment.reminderText()).font(.body)
                        Text(appointment.localizedStartTime()).font(.caption).foregroundColor(.secondary)
                    }
                }
            }
            Section("Records") {
                LabeledContent("Visits on this device", value: "\(model.recordCount)")
                if let lastSync = model.lastSync {
                    LabeledContent("Last synced", value: lastSync.formatted(date: .abbreviated, time: .shortened))
                }
            }
            if let clinic = model.preferredClinic {
                Section("My clinic") {
                    Text(clinic.name)
                    Text(clinic.city).foregroundColor(.secondary)
                }
            }
        }
        .listStyle(.insetGrouped)
        .task { await model.load() }
        .refreshable { await model.load() }
    }
}

@objc final class HealthSummaryHostingFactory: NSObject {
    @MainActor @objc static func makeSummaryController() -> UIViewController {
        let host = UIHostingController(rootView: HealthSummaryView(model: HealthSummaryModel()))
        host.title = NSLocalizedString("tab.summary", comment: "")
        return UINavigationController(rootViewController: host)
    }
}
