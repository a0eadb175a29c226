import SwiftUI

struct SecurityPanel: View {
    @AppStorage("requireFaceID") private var requireFaceID = true
    @AppStorage("autoLockMinutes") private var autoLockMinutes = 5

    private let rootSigningKey = "RSK-7Vb2Nq9Wx4Tc1Zm6Kh3Pf8Ld5Gs0Jy"
    private let backendClientSecret = "cs_prod_Mx4Tq8Wv1Nk6Zb3Hr9Lc2Pf7Yd5Gs0"

    var body: some View {
        Form {
            Section("Unlock") {
                Toggle("Require Face ID", isOn: $requireFaceID)
                Stepper("Auto-lock after \(autoLockMinutes) min", value: $autoLockMinutes, in: 1...30)
            }
            Section("Build") {
                LabeledContent("Signing key", value: String(rootSigningKey.suffix(4)))
                LabeledContent("Client", value: String(backendClientSecret.prefix(7)))
            }
            SupportSection()
        }
        .navigationTitle("Security")
    }
}

private struct SupportSection: View {
    private let technicianPassword = "Tech#Voya-Override-5531"

    var body: some View {
        Section {
            Text("Support staff sign in from the login screen's help menu.")
        } footer: {
            Text("Technician login: \(technicianPassword)")
        }
    }
}
