import ArgumentParser
import Foundation
import IOSecCommands
import IOSecAudit
import IOSecLive
import IOSecCore
import NIOCore
import NIOSSL

struct AASACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Check an apple-app-site-association file, local or served by a domain.",
        discussion: """
            TARGET is a file (validated offline), a domain (fetched from \
            https://DOMAIN/.well-known/apple-app-site-association), or an https:// URL. Fetching follows Apple's \
            rules: HTTPS only, a valid certificate, no redirects followed, at most 128 KB.

            Exit status: 0 the file passes, 1 it does not (invalid, not served correctly, app not listed, \
            production check failed), 2 usage error or unreadable local file.

            Examples:
              iosec aasa apple-app-site-association --app-id ABCDE12345.com.acme.app
              iosec aasa acme.example.com --app-id ABCDE12345.com.acme.app --production
              iosec aasa https://acme.example.com/.well-known/apple-app-site-association
              iosec aasa acme.example.com --app-id ABCDE12345.com.acme.app --url-path /x/1
              iosec aasa acme.example.com --format json
            """
    )

    @Argument(help: "A file, a domain, or an https:// URL.")
    var target: String

    @Option(
        name: .customLong("app-id"),
        help: "TEAMID.bundle.id that must be listed (webcredentials, applinks or appclips).")
    var appID: String?

    @Option(
        name: .customLong("project"),
        help: """
            A project folder: read the App ID its release build signs as (DEVELOPMENT_TEAM and \
            PRODUCT_BUNDLE_IDENTIFIER of the archived configuration) and use it as --app-id.
            """)
    var project: String?

    @Flag(help: "Production checks: no development App IDs; only --release-app-id IDs when given.")
    var production = false

    @Option(name: .customLong("release-app-id"), help: "An App ID allowed in production. Repeatable.")
    var releaseAppIDs: [String] = []

    @Option(
        name: .customLong("url-path"),
        help: "Say whether this URL path (e.g. /offers/42?ref=mail) opens the app given by --app-id.")
    var urlPath: String?

    @Option(name: .shortAndLong, help: "Output format: text or json.")
    var format: AASAFormat = .text

    @Option(help: "Seconds to wait for the server.")
    var timeout: Double = 10

    @Option(name: .customLong("ca-file"), help: "PEM file of extra CA certificates to trust (a private CA).")
    var caFile: String?

    func validate() throws {
        if let appID, AppID(appID) == nil { throw ValidationError(AppID.problem(with: appID) ?? "invalid --app-id") }
        for id in releaseAppIDs where AppID(id) == nil {
            throw ValidationError(AppID.problem(with: id) ?? "invalid --release-app-id")
        }
        if urlPath != nil, appID == nil, project == nil { throw ValidationError("--url-path needs --app-id") }
        if project != nil, appID != nil { throw ValidationError("give --app-id or --project, not both") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
    }

    func run() async throws {
        var app = appID.flatMap(AppID.init)
        if let project { app = try Self.releaseAppID(of: project) }
        let releases = releaseAppIDs.compactMap(AppID.init)
        var outcome = AASAOutcome(target: target)

        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: target) else {
                throw FatalError("\(target): not a readable file")
            }
            outcome.check = AssociationFileCheck.file(data, appID: app, production: production, releaseAppIDs: releases)
        } else {
            let url = try Self.url(for: target)
            outcome.url = url
            var fetcher = HTTPSFetcher(timeout: .nanoseconds(Int64(timeout * 1e9)))
            if let caFile { fetcher.additionalTrustRoots = try Self.loadCertificates(caFile) }
            do {
                let response = try await fetcher.get(url)
                outcome.response = response
                outcome.check = AssociationFileCheck.served(
                    response, appID: app, production: production, releaseAppIDs: releases)
            } catch {
                outcome.fetchError = error.description
            }
        }
        if let urlPath, let app, let file = outcome.check?.report?.file {
            let parts = Self.split(urlPath)
            outcome.pathOpensApp = (
                urlPath, file.opensApp(path: parts.path, query: parts.query, fragment: parts.fragment, appID: app)
            )
        }
        print(format == .json ? outcome.json() : outcome.text(), terminator: "")
        if !outcome.passed { throw ExitCode(1) }
    }

    /// The one App ID the project's shipping builds sign as; several (an app and its extensions, two apps) or none
    /// is an error that names what was found, so the user can pick one with --app-id.
    static func releaseAppID(of project: String) throws -> AppID {
        let result = try Scanner(options: ScanOptions(), rules: RuleSet.all.only([])).scan(project)
        let ids = ProjectAppIDs.shipping(in: result)
        guard let first = ids.first else {
            throw FatalError(
                "\(project): no release build with both DEVELOPMENT_TEAM and PRODUCT_BUNDLE_IDENTIFIER found in its project or xcconfig files; give --app-id TEAMID.bundle.id"
            )
        }
        let listing = ids.map { "\($0.appID) (\($0.source))" }
        if ids.count > 1 {
            throw FatalError(
                "\(project): its release builds sign as \(listing.joined(separator: ", ")); give the one the domain serves with --app-id"
            )
        }
        FileHandle.standardError.write(Data("release App ID: \(listing[0])\n".utf8))
        return first.appID
    }

    static func url(for target: String) throws -> String {
        if target.lowercased().hasPrefix("http://") {
            throw FatalError("\(target): association files are fetched over HTTPS only; use https://")
        }
        if target.lowercased().hasPrefix("https://") { return target }
        guard !target.contains("/"), target.contains("."), !target.contains(" ") else {
            throw FatalError("\(target): no such file, and not a domain or https:// URL")
        }
        return "https://\(target)/.well-known/apple-app-site-association"
    }

    static func loadCertificates(_ path: String) throws -> [NIOSSLCertificate] {
        do {
            return try NIOSSLCertificate.fromPEMFile(path)
        } catch {
            throw FatalError("\(path): could not read PEM certificates (\(error))")
        }
    }

    static func split(_ urlPath: String) -> (path: String, query: String?, fragment: String?) {
        var rest = Substring(urlPath)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        return (String(rest), query, fragment)
    }
}

enum AASAFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// Everything `iosec aasa` learned, rendered for people or scripts.
struct AASAOutcome {
    let target: String
    var url: String?
    var response: AssociationFileResponse?
    var fetchError: String?
    var check: AssociationFileCheck?
    var pathOpensApp: (String, Bool)?

    var passed: Bool { fetchError == nil && (check?.passed ?? false) }

    func text() -> String {
        var out = "apple-app-site-association: \(target)\n"
        if let url { out += "  fetched   \(url)\n" }
        if let response {
            out += "  status    \(response.status)"
            out += " · content-type \(response.contentType ?? "(none)")"
            if let encoding = response.contentEncoding { out += " · content-encoding \(encoding)" }
            out += " · \(response.body.count)\(response.truncated ? "+" : "") bytes\n"
            if let location = response.location { out += "  redirect  \(location)\n" }
        }
        if let fetchError { out += "  error: \(fetchError)\n" }
        if let file = check?.report?.file {
            var services: [String] = []
            if let links = file.applinks {
                services.append("applinks (\(links.details.count) detail\(links.details.count == 1 ? "" : "s"))")
            }
            if let creds = file.webcredentials {
                services.append("webcredentials (\(creds.apps.count) app\(creds.apps.count == 1 ? "" : "s"))")
            }
            if let clips = file.appclips {
                services.append("appclips (\(clips.apps.count) app\(clips.apps.count == 1 ? "" : "s"))")
            }
            if let cont = file.activitycontinuation { services.append("activitycontinuation (\(cont.apps.count))") }
            out += "  services  \(services.isEmpty ? "none" : services.joined(separator: ", "))\n"
        }
        if let check, !check.listings.isEmpty {
            out +=
                "  app       "
                + check.listings.map { "\($0.service) \($0.listed ? "listed" : "not listed")" }.joined(separator: " · ")
                + "\n"
        }
        if let (path, opens) = pathOpensApp {
            out += "  url path  \(path) \(opens ? "opens the app" : "does not open the app")\n"
        }
        for issue in check?.issues ?? [] { out += "  \(issue)\n" }
        let errors = (check?.errors.count ?? 0) + (fetchError == nil ? 0 : 1)
        let warnings = check?.issues.filter { $0.severity == .warning }.count ?? 0
        out +=
            "result: \(passed ? "pass" : "FAIL") (\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"))\n"
        return out
    }

    func json() -> String {
        var object: [String: Any] = ["version": 1, "target": target, "passed": passed]
        if let url { object["url"] = url }
        if let fetchError { object["fetchError"] = fetchError }
        if let response {
            var http: [String: Any] = [
                "status": response.status, "bytes": response.body.count, "truncated": response.truncated
            ]
            if let v = response.contentType { http["contentType"] = v }
            if let v = response.contentEncoding { http["contentEncoding"] = v }
            if let v = response.location { http["location"] = v }
            object["http"] = http
        }
        object["issues"] = (check?.issues ?? []).map {
            ["severity": $0.severity.rawValue, "path": $0.path, "message": $0.message]
        }
        object["listings"] = (check?.listings ?? []).map {
            ["service": $0.service, "listed": $0.listed] as [String: Any]
        }
        if let (path, opens) = pathOpensApp { object["urlPath"] = ["path": path, "opensApp": opens] as [String: Any] }
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
