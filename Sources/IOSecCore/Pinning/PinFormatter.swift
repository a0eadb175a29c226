import Foundation
import X509

/// One certificate of a chain, with the facts needed to choose pins.
///
/// ```swift
/// for info in try PinFormatter.describe(chain) { print(info.position, info.subject, info.pin) }
/// ```
public struct CertificatePinInfo: Sendable, Equatable, Codable {
    /// 0 for the leaf, as served.
    public var position: Int
    public var subject: String
    public var issuer: String
    public var notValidAfter: Date
    public var isCertificateAuthority: Bool
    public var pin: SPKIPin
}

/// Renders the SPKI pins of a certificate chain in the forms `iosec pin` prints: a readable listing, an Info.plist
/// `NSPinnedDomains` snippet, an IOSecKit `PinSet` snippet, and JSON.
///
/// ```swift
/// let infos = try PinFormatter.describe(CertificateChainReader.certificates(in: data))
/// print(PinFormatter.text(infos))
/// print(PinFormatter.pinnedDomainsPlist(infos, host: "api.example.com", includesSubdomains: false))
/// ```
public enum PinFormatter {
    /// Printed with every format: a single pin bricks the app on the next key rotation.
    public static let backupReminder =
        "Ship at least one backup pin: the SPKI hash of a key you hold offline (or of another CA you may move to). "
        + "With a single pin, a key rotation or compromise locks every installed copy of the app out."

    /// Reads each certificate (subject, issuer, expiry, CA flag) and computes its pin.
    public static func describe(_ chain: [[UInt8]]) throws(SPKIPinError) -> [CertificatePinInfo] {
        var result: [CertificatePinInfo] = []
        for (index, der) in chain.enumerated() {
            let pin = try SPKIPin(certificateDER: der)
            let certificate: Certificate
            do {
                certificate = try Certificate(derEncoded: der)
            } catch {
                throw .notACertificate
            }
            var isCA = false
            if case .isCertificateAuthority? = try? certificate.extensions.basicConstraints { isCA = true }
            result.append(
                CertificatePinInfo(
                    position: index, subject: certificate.subject.description, issuer: certificate.issuer.description,
                    notValidAfter: certificate.notValidAfter, isCertificateAuthority: isCA, pin: pin))
        }
        return result
    }

    /// A readable listing, one block per certificate.
    public static func text(_ infos: [CertificatePinInfo], source: String? = nil) -> String {
        var lines: [String] = []
        if let source { lines.append("SPKI SHA-256 pins for \(source)") }
        for info in infos {
            lines.append("[\(info.position)] \(role(info))")
            lines.append("    subject:   \(info.subject)")
            lines.append("    issuer:    \(info.issuer)")
            lines.append("    not after: \(date(info.notValidAfter))")
            lines.append("    pin:       \(info.pin.base64)")
        }
        lines.append("")
        lines.append(backupReminder)
        return lines.joined(separator: "\n") + "\n"
    }

    /// An `NSAppTransportSecurity` snippet: the leaf under `NSPinnedLeafIdentities`, CAs under
    /// `NSPinnedCAIdentities`.
    public static func pinnedDomainsPlist(_ infos: [CertificatePinInfo], host: String, includesSubdomains: Bool)
        -> String
    {
        let leaves = infos.filter { !$0.isCertificateAuthority }
        let authorities = infos.filter(\.isCertificateAuthority)
        var lines = [
            "<!-- \(xml(backupReminder)) -->",
            "<key>NSAppTransportSecurity</key>",
            "<dict>",
            "    <key>NSPinnedDomains</key>",
            "    <dict>",
            "        <key>\(xml(host))</key>",
            "        <dict>",
            "            <key>NSIncludesSubdomains</key>",
            "            <\(includesSubdomains ? "true" : "false")/>"
        ]
        for (key, group) in [("NSPinnedCAIdentities", authorities), ("NSPinnedLeafIdentities", leaves)]
        where !group.isEmpty {
            lines.append("            <key>\(key)</key>")
            lines.append("            <array>")
            for info in group {
                lines.append("                <!-- \(xml(info.subject)) -->")
                lines.append("                <dict>")
                lines.append("                    <key>SPKI-SHA256-BASE64</key>")
                lines.append("                    <string>\(info.pin.base64)</string>")
                lines.append("                </dict>")
            }
            lines.append("                <!-- add the backup key's pin here -->")
            lines.append("            </array>")
        }
        lines += ["        </dict>", "    </dict>", "</dict>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// An IOSecKit `PinSet` declaration. With fewer than two distinct pins it leaves a placeholder line for the
    /// backup, and `PinnedDomain` refuses to build until one is added.
    public static func pinSetSwift(_ infos: [CertificatePinInfo], host: String, includesSubdomains: Bool) -> String {
        var lines = [
            "// \(backupReminder)",
            "let pins = try PinSet([",
            "    PinnedDomain(",
            "        host: \(swiftString(host)),",
            "        pins: ["
        ]
        for info in infos {
            lines.append(
                "            \(swiftString(info.pin.base64)), // \(role(info)): \(oneLine(info.subject)), "
                    + "expires \(date(info.notValidAfter))")
        }
        if Set(infos.map(\.pin)).count < 2 {
            lines.append("            // \"BACKUP-PIN\", // required: the SPKI pin of a key you hold offline")
        }
        lines += [
            "        ],",
            "        includesSubdomains: \(includesSubdomains)",
            "    ),",
            "])"
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// JSON with the host, each certificate and the reminder; keys sorted, dates ISO 8601.
    public static func json(_ infos: [CertificatePinInfo], host: String?) -> String {
        struct Document: Encodable {
            var host: String?
            var certificates: [CertificatePinInfo]
            var reminder: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = (try? encoder.encode(Document(host: host, certificates: infos, reminder: backupReminder))) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func role(_ info: CertificatePinInfo) -> String {
        if info.isCertificateAuthority { return info.subject == info.issuer ? "root CA" : "intermediate CA" }
        return info.position == 0 ? "leaf" : "certificate"
    }

    private static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }

    private static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "--", with: "- -")
    }

    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }

    private static func swiftString(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"\(escaped)\""
    }
}
