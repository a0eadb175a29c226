import Crypto
import IOSecCore
import Foundation

/// One third-party component of an app: an embedded framework or dylib of a build, or a dependency a project's lock
/// file pins.
public struct SBOMComponent: Sendable, Hashable {
    public enum Kind: String, Sendable { case framework, library }

    public var kind: Kind
    public var name: String
    public var version: String?
    /// Package URL (`pkg:swift/github.com/Alamofire/Alamofire@5.8.1`), when the source says where it comes from.
    public var purl: String?
    public var bundleID: String?
    public var sha256: String?
    public var signingTeam: String?
    /// For a built app's framework: whether it carries a privacy manifest.
    public var privacyManifest: Bool?
    /// Where it was read: `Frameworks/Alamofire.framework`, `Podfile.lock`.
    public var source: String

    public init(
        kind: Kind, name: String, version: String?, purl: String?, bundleID: String? = nil, sha256: String? = nil,
        signingTeam: String? = nil, privacyManifest: Bool? = nil, source: String
    ) {
        self.kind = kind
        self.name = name
        self.version = version
        self.purl = purl
        self.bundleID = bundleID
        self.sha256 = sha256
        self.signingTeam = signingTeam
        self.privacyManifest = privacyManifest
        self.source = source
    }
}

/// `iosec sbom`: the components of a built app or a project as a CycloneDX 1.6 JSON document.
public enum SBOM {
    /// The components a scan of a built app saw (its frameworks and dylibs), or, for a project folder, those its
    /// SwiftPM, CocoaPods and Carthage lock files pin. Lock files in dependency folders (`Pods/`, `.build/`,
    /// `Carthage/Checkouts/`) are not read again.
    public static func components(of result: ScanResult) -> [SBOMComponent] {
        if let app = result.appSummary { return components(of: app) }
        return LockFiles.components(under: result.root)
    }

    static func components(of app: AppSummary) -> [SBOMComponent] {
        let bundle = app.bundlePath.map { $0 + "/" } ?? ""
        return app.binaries.filter { $0.role == .library }.map { binary in
            let relative = binary.path.hasPrefix(bundle) ? String(binary.path.dropFirst(bundle.count)) : binary.path
            let framework = relative.split(separator: "/").first { $0.hasSuffix(".framework") }.map(String.init)
            let name =
                framework.map { String($0.dropLast(".framework".count)) }
                ?? String(relative.split(separator: "/").last ?? Substring(relative))
            return SBOMComponent(
                kind: framework == nil ? .library : .framework, name: name,
                version: framework.flatMap { app.frameworkVersions[$0] }, purl: nil,
                bundleID: framework.flatMap { app.frameworkBundleIDs[$0] }, sha256: binary.sha256,
                signingTeam: binary.teamID,
                privacyManifest: framework.map { app.frameworksWithPrivacyManifest.contains($0) },
                source: framework.map { "Frameworks/\($0)" } ?? relative)
        }
    }

    /// The CycloneDX 1.6 document: the app as `metadata.component`, iosec as the tool, one component per entry.
    /// The serial number is derived from the content, so the same input gives the same document.
    public static func cycloneDX(
        _ components: [SBOMComponent], appName: String?, appVersion: String?, timestamp: Date = Date()
    ) -> String {
        func property(_ name: String, _ value: String?) -> [String: String]? {
            value.map { ["name": "iosec:\(name)", "value": $0] }
        }
        var seen: [String: Int] = [:]
        let entries: [[String: Any]] = components.map { c in
            let base = "\(c.kind.rawValue):\(c.name)@\(c.version ?? "")"
            let count = seen[base, default: 0]
            seen[base] = count + 1
            var entry: [String: Any] = [
                "type": c.kind.rawValue, "name": c.name, "bom-ref": count == 0 ? base : "\(base)#\(count + 1)"
            ]
            if let version = c.version { entry["version"] = version }
            if let purl = c.purl { entry["purl"] = purl }
            if let sha = c.sha256 { entry["hashes"] = [["alg": "SHA-256", "content": sha]] }
            let properties = [
                property("source", c.source), property("bundleIdentifier", c.bundleID),
                property("signingTeam", c.signingTeam),
                property("privacyManifest", c.privacyManifest.map { $0 ? "true" : "false" })
            ].compactMap { $0 }
            if !properties.isEmpty { entry["properties"] = properties }
            return entry
        }
        var application: [String: Any] = ["type": "application", "name": appName ?? "app", "bom-ref": "app"]
        if let appVersion { application["version"] = appVersion }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var document: [String: Any] = [
            "bomFormat": "CycloneDX", "specVersion": "1.6", "version": 1,
            "metadata": [
                "timestamp": formatter.string(from: timestamp),
                "tools": ["components": [["type": "application", "name": "iosec", "version": IOSecVersion.current]]],
                "component": application
            ] as [String: Any],
            "components": entries
        ]
        let body = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
        document["serialNumber"] = "urn:uuid:" + uuid(SHA256.hash(data: body))
        let data =
            (try? JSONSerialization.data(
                withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// An RFC 4122 UUID (version 5 layout) from the first 16 bytes of a digest.
    static func uuid(_ digest: SHA256.Digest) -> String {
        var bytes = Array(digest.prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        var out = ""
        for (index, character) in hex.enumerated() {
            if [8, 12, 16, 20].contains(index) { out += "-" }
            out.append(character)
        }
        return out
    }
}
