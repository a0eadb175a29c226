import Foundation

struct PatientProfile: Codable, Identifiable {
    let id: String
    let displayName: String
    let bloodGroup: String
}

final class ClinicSession: ObservableObject {
    @Published private(set) var patient: PatientProfile?

    private let container = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    private let defaults = UserDefaults.standard

    init() {
        restore()
    }

    func signIn(memberID: String, passcode: String, quickPIN: String) -> Bool {
        guard memberID == "mbr-40417", passcode == "Clinic!Visit88" else {
            return false
        }
        let token = "CLN-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        let profile = PatientProfile(id: "P\(Int.random(in: 10000...99999))", displayName: "Rosa Delgado",
                                     bloodGroup: "O-")
        writeSession(token: token, patientID: profile.id)
        keepSignInDetails(memberID: memberID, passcode: passcode, quickPIN: quickPIN)
        patient = profile
        return true
    }

    func signOut() {
        patient = nil
        try? FileManager.default.removeItem(at: sessionURL)
    }

    private var sessionURL: URL {
        container.appendingPathComponent("session.plist")
    }

    private func writeSession(token: String, patientID: String) {
        let info: NSDictionary = [
            "access_token": token,
            "chart_owner": patientID,
            "issued_at": Date().timeIntervalSince1970,
            "scopes": ["chart.read", "visits.write"]
        ]
        info.write(to: sessionURL, atomically: true)
    }

    private func keepSignInDetails(memberID: String, passcode: String, quickPIN: String) {
        defaults.set(memberID, forKey: "member_id")
        defaults.set(passcode, forKey: "member_passcode")
        defaults.set(quickPIN, forKey: "quick_unlock_pin")
        defaults.set(true, forKey: "stay_signed_in")
        defaults.set(Date(), forKey: "last_sign_in")
    }

    private func restore() {
        guard let info = NSDictionary(contentsOf: sessionURL), let id = info["chart_owner"] as? String else { return }
        patient = PatientProfile(id: id, displayName: "Rosa Delgado", bloodGroup: "O-")
    }
}
