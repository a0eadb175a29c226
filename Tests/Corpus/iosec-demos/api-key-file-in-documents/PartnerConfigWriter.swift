import Foundation

/// Writes the partner SDK's config file on first launch.
class PartnerConfigWriter {
    private let fileManager = FileManager.default

    func writeConfig() -> Bool {
        guard let documents = fileManager.urls(for: .documentDirectory, in: .userDomainMask).first else {
            return false
        }
        var target = documents.appendingPathComponent("partner-credentials.env", isDirectory: false)
        let contents = "PARTNER_API_KEY=d41f8a06b7e93c2q-71ae54"
        do {
            try contents.write(to: target, atomically: true, encoding: .utf8)
            var values = URLResourceValues()
            values.isExcludedFromBackup = true
            try target.setResourceValues(values)
            return true
        } catch {
            return false
        }
    }
}
