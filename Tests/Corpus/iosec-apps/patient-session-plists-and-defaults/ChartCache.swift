import Foundation

struct Medication: Codable {
    let drug: String
    let dose: String
    let schedule: String
}

struct MedicalChart: Codable {
    let patientID: String
    let ssn: String
    let insurer: String
    let assessment: String
    let clinicianNotes: String
    let medications: [Medication]
}

/// Keeps the last chart on the device so the app opens offline.
struct ChartCache {
    private let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("chart-cache", isDirectory: true)

    func store(_ chart: MedicalChart) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        let summary: NSDictionary = [
            "ssn": chart.ssn,
            "insurer": chart.insurer,
            "condition_summary": chart.assessment,
            "clinician_notes": chart.clinicianNotes,
            "cached_at": Date()
        ]
        summary.write(to: folder.appendingPathComponent("\(chart.patientID)-chart.plist"), atomically: true)

        let medications = NSArray(array: chart.medications.map { ["drug": $0.drug, "dose": $0.dose, "when": $0.schedule] })
        medications.write(to: folder.appendingPathComponent("\(chart.patientID)-medications.plist"), atomically: true)
    }
}
