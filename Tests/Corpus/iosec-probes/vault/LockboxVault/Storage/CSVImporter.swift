import Foundation

/// Imports CSV exports from other password managers. Header names are matched loosely,
/// so 1Password, Bitwarden and Chrome/Safari layouts all work.
struct CSVImporter {
    private static let aliases: [String: [String]] = [
        "title": ["title", "name"],
        "url": ["url", "login_uri", "website"],
        "username": ["username", "login_username", "login"],
        "password": ["password", "login_password"],
        "notes": ["notes", "note", "extra"],
        "totp": ["otpauth", "totp", "login_totp"],
    ]

    func importFile(at url: URL) throws -> ImportResult {
        let data = try LegacyImporter.readSecurityScoped(url)
        guard let text = String(data: data, encoding: .utf8) else { throw ImportError.unreadable }
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(String.init)
        guard let headerLine = lines.first else { throw ImportError.unreadable }

        let header = Self.parseLine(headerLine).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let columns = Self.aliases.compactMapValues { names in header.firstIndex { names.contains($0) } }
        guard columns["password"] != nil, columns["title"] != nil || columns["url"] != nil else {
            throw ImportError.missingColumns
        }

        var result = ImportResult()
        for (index, line) in lines.dropFirst().enumerated() {
            let fields = Self.parseLine(line)
            guard fields.count == header.count else {
                Log.importer.error("Skipping malformed CSV row \(index + 2): \(line, privacy: .public)")
                result.skipped += 1
                continue
            }
            let value = { (name: String) in columns[name].map { fields[$0].trimmingCharacters(in: .whitespaces) } ?? "" }
            let site = value("url")
            let totp = value("totp")
            result.entries.append(VaultEntry(
                title: value("title").isEmpty ? (URL(string: site)?.host() ?? site) : value("title"),
                username: value("username"),
                password: columns["password"].map { fields[$0] } ?? "",
                urls: site.isEmpty ? [] : [site],
                notes: value("notes"),
                totpSecret: totp.isEmpty ? nil : totp
            ))
        }
        Log.importer.info("CSV import: \(result.entries.count) entries, \(result.skipped) skipped")
        return result
    }

    /// RFC 4180-ish: quoted fields, doubled quotes inside quotes.
    static func parseLine(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var inQuotes = false
        var justClosedQuote = false

        for character in line {
            if inQuotes {
                if character == "\"" {
                    inQuotes = false
                    justClosedQuote = true
                    continue
                }
                current.append(character)
            } else if character == "\"" {
                if justClosedQuote { current.append("\"") }
                inQuotes = true
            } else if character == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
            justClosedQuote = false
        }
        fields.append(current)
        return fields
    }
}
