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
        // On bytes: every valid App ID is ASCII, and Character properties made this the larger part of validating
        // a file that lists many App IDs.
        let u = raw.utf8
        guard let dot = u.firstIndex(of: UInt8(ascii: ".")) else {
            return
                "\"\(raw)\" is not an App ID: expected TEAMID.bundle.id (a 10-character Team ID, a dot, then the bundle identifier)"
        }
        let prefix = u[..<dot], bundle = u[u.index(after: dot)...]
        guard prefix.count == 10, prefix.allSatisfy({ isUpper($0) || isDigit($0) }) else {
            return
                "\"\(raw)\": the App ID prefix \"\(raw[..<dot])\" must be 10 upper-case letters or digits (your Team ID, see developer.apple.com › Membership)"
        }
        guard !bundle.isEmpty else { return "\"\(raw)\": the bundle identifier after the Team ID is empty" }
        // Bundle IDs: letters, digits, '-', '.'; no empty parts (so no leading, trailing or double '.').
        let dotByte = UInt8(ascii: ".")
        var previous = dotByte
        var valid = true
        for b in bundle {
            let allowed = isUpper(b) || isLower(b) || isDigit(b) || b == UInt8(ascii: "-") || b == dotByte
            if !allowed || (b == dotByte && previous == dotByte) {
                valid = false
                break
            }
            previous = b
        }
        guard valid, previous != dotByte else {
            return
                "\"\(raw)\": the bundle identifier \"\(raw[u.index(after: dot)...])\" may only contain letters, digits, '-' and non-empty '.'-separated parts"
        }
        return nil
    }

    private static func isUpper(_ b: UInt8) -> Bool { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
    private static func isLower(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// Bundle IDs that look like non-production builds (`.dev`, `.debug`, `.staging`, `.beta`, `.qa`, `.test`).
    public var looksLikeDevelopmentBuild: Bool {
        let parts = bundleID.lowercased().split(separator: ".").map(String.init)
        return parts.dropFirst().contains { Self.developmentMarkers.contains($0) }
    }

    private static let developmentMarkers: Set<String> = [
        "dev", "debug", "staging", "stage", "beta", "qa", "test", "internal", "alpha"
    ]
}
