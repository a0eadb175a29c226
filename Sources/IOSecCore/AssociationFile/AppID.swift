/// An application identifier as used in apple-app-site-association files:
/// `<10-character Team ID / App ID prefix>.<bundle identifier>`.
///
/// ```swift
/// let id = AppID("ABCDE12345.com.example.app")
/// id?.teamID    // "ABCDE12345"
/// id?.bundleID  // "com.example.app"
/// AppID.problem(with: "abcde12345.com.example.app")  // "…prefix must be 10 upper-case letters or digits…"
/// ```
public struct AppID: Sendable, Hashable, CustomStringConvertible {
    /// The application identifier prefix, normally the Team ID.
    public let teamID: String
    public let bundleID: String

    public init?(_ raw: String) {
        guard Self.problem(with: raw) == nil, let dot = raw.firstIndex(of: ".") else { return nil }
        teamID = String(raw[..<dot])
        bundleID = String(raw[raw.index(after: dot)...])
    }

    public var description: String { teamID + "." + bundleID }

    /// Why `raw` is not a valid App ID, or nil when it is.
    public static func problem(with raw: String) -> String? {
        guard let dot = raw.firstIndex(of: ".") else {
            return "\"\(raw)\" is not an App ID: expected TEAMID.bundle.id (a 10-character Team ID, a dot, then the bundle identifier)"
        }
        let prefix = raw[..<dot], bundle = raw[raw.index(after: dot)...]
        let isUpperAlnum = { (c: Character) in c.isASCII && (c.isUppercase || c.isNumber) }
        guard prefix.count == 10, prefix.allSatisfy(isUpperAlnum) else {
            return "\"\(raw)\": the App ID prefix \"\(prefix)\" must be 10 upper-case letters or digits (your Team ID, see developer.apple.com › Membership)"
        }
        guard !bundle.isEmpty else { return "\"\(raw)\": the bundle identifier after the Team ID is empty" }
        // Bundle IDs: letters, digits, '-', '.'; no empty components.
        let validBundleChar = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == ".") }
        guard bundle.allSatisfy(validBundleChar), !bundle.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
            return "\"\(raw)\": the bundle identifier \"\(bundle)\" may only contain letters, digits, '-' and non-empty '.'-separated parts"
        }
        return nil
    }

    /// Bundle IDs that look like non-production builds (`.dev`, `.debug`, `.staging`, `.beta`, `.qa`, `.test`).
    public var looksLikeDevelopmentBuild: Bool {
        let parts = bundleID.lowercased().split(separator: ".").map(String.init)
        return parts.dropFirst().contains { Self.developmentMarkers.contains($0) }
    }

    private static let developmentMarkers: Set<String> = ["dev", "debug", "staging", "stage", "beta", "qa", "test", "internal", "alpha"]
}
