import Foundation

/// What a web server answered for `/.well-known/apple-app-site-association`, however it was fetched
/// (NIO in the CLI, URLSession in an app's debug self-check).
public struct AssociationFileResponse: Sendable, Equatable {
    public var url: String
    public var status: Int
    public var contentType: String?
    public var contentEncoding: String?
    /// The `Location` header of a redirect.
    public var location: String?
    public var body: [UInt8]
    /// The server sent more than the fetcher's byte cap; `body` holds the first bytes only.
    public var truncated: Bool

    public init(
        url: String, status: Int, contentType: String? = nil, contentEncoding: String? = nil,
        location: String? = nil, body: [UInt8], truncated: Bool = false
    ) {
        self.url = url
        self.status = status
        self.contentType = contentType
        self.contentEncoding = contentEncoding
        self.location = location
        self.body = body
        self.truncated = truncated
    }
}

/// The whole verdict on a served (or local) association file: how it was served, whether it is valid, and
/// whether the app in question is listed for each service.
public struct AssociationFileCheck: Sendable {
    /// Each service's listing of the checked App ID (`webcredentials`, `applinks`, `appclips`).
    public struct Listing: Sendable, Equatable {
        public let service: String
        public let listed: Bool
    }

    public let issues: [AssociationFileIssue]
    public let report: AssociationFileReport?
    public let listings: [Listing]

    public var errors: [AssociationFileIssue] { issues.filter { $0.severity == .error } }
    public var passed: Bool { errors.isEmpty }

    /// Checks a served response as Apple's CDN would take it: HTTPS 200 with no redirect, a JSON content type,
    /// at most 128 KB, then the file itself.
    ///
    /// ```swift
    /// let check = AssociationFileCheck.served(response, appID: AppID("ABCDE12345.com.acme.wallet"))
    /// check.passed // false when the server redirected, or the app is missing from webcredentials
    /// ```
    public static func served(
        _ response: AssociationFileResponse, appID: AppID? = nil, production: Bool = false, releaseAppIDs: [AppID] = []
    ) -> AssociationFileCheck {
        var issues: [AssociationFileIssue] = []
        if (300..<400).contains(response.status) {
            let target = response.location.map { " to \($0)" } ?? ""
            issues.append(
                .init(
                    .error, "http",
                    "the server answered \(response.status) (redirect\(target)); Apple does not follow redirects for association files — serve the file directly at \(response.url)"
                ))
            return AssociationFileCheck(issues: issues, report: nil, listings: [])
        }
        guard response.status == 200 else {
            issues.append(
                .init(
                    .error, "http",
                    "the server answered \(response.status) for \(response.url); it must answer 200 with the file"))
            return AssociationFileCheck(issues: issues, report: nil, listings: [])
        }
        if response.truncated {
            issues.append(
                .init(
                    .error, "http",
                    "the server sent more than \(response.body.count) bytes; Apple downloads at most 128 KB (131072 bytes)"
                ))
            return AssociationFileCheck(issues: issues, report: nil, listings: [])
        }
        let type = response.contentType?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        if type != "application/json" {
            issues.append(
                .init(
                    .warning, "http",
                    "Content-Type is \(type.map { "\"\($0)\"" } ?? "missing"); serve it as application/json (a wrong type is a common reason the file is not picked up)"
                ))
        }
        if let encoding = response.contentEncoding?.lowercased(), encoding != "identity" {
            issues.append(
                .init(
                    .warning, "http",
                    "Content-Encoding is \"\(encoding)\"; serve the file uncompressed so every client reads it"))
        }
        let local = file(Data(response.body), appID: appID, production: production, releaseAppIDs: releaseAppIDs)
        return AssociationFileCheck(issues: issues + local.issues, report: local.report, listings: local.listings)
    }

    /// Why an App ID does not belong in a production association file, or nil: it is not one of the release IDs
    /// (when they are given), or it looks like a development build's (`.dev`, `.debug`, `.staging`, …).
    public static func productionProblem(with id: AppID, releaseAppIDs: [AppID]) -> String? {
        if !releaseAppIDs.isEmpty {
            guard !releaseAppIDs.contains(id) else { return nil }
            return
                "\(id) is not one of the release App IDs (\(releaseAppIDs.map(\.description).joined(separator: ", ")))"
        }
        return id.looksLikeDevelopmentBuild
            ? "\(id) looks like a development build's App ID; keep it out of the production file" : nil
    }

    /// Checks a file's bytes (a local copy, or a served body).
    public static func file(
        _ data: Data, appID: AppID? = nil, production: Bool = false, releaseAppIDs: [AppID] = []
    ) -> AssociationFileCheck {
        let report = AssociationFile.validate(data)
        var issues = report.issues
        var listings: [Listing] = []
        if let parsed = report.file {
            if production {
                for id in Set(parsed.allAppIDs).sorted(by: { $0.description < $1.description }) {
                    if let problem = productionProblem(with: id, releaseAppIDs: releaseAppIDs) {
                        issues.append(.init(.error, "production", problem))
                    }
                }
            }
            if let appID {
                let applinks = parsed.applinks?.details.contains { $0.appIDs.contains(appID) } ?? false
                listings = [
                    Listing(service: "webcredentials", listed: parsed.webcredentials?.apps.contains(appID) ?? false),
                    Listing(service: "applinks", listed: applinks),
                    Listing(service: "appclips", listed: parsed.appclips?.apps.contains(appID) ?? false)
                ]
                if !listings.contains(where: \.listed) {
                    issues.append(
                        .init(
                            .error, "",
                            "\(appID) is not listed for webcredentials, applinks or appclips: passkeys, universal links and App Clips will not work for it"
                        ))
                }
            }
        }
        return AssociationFileCheck(issues: issues, report: report, listings: listings)
    }
}
