import Foundation
import SwiftUI

enum DeepLink: Hashable {
    case account(id: String)
    case newTransfer(payeeId: String?)
    case help(HelpTopic)
}

@MainActor
final class DeepLinkRouter: ObservableObject {
    @Published var path: [DeepLink] = []

    private let parser = DeepLinkParser()

    func handle(_ url: URL) {
        guard let link = parser.parse(url) else {
            AppLog.event(.deepLinkRejected)
            return
        }
        path = [link]
    }
}

struct DeepLinkParser {
    static let customScheme = "northwind"
    static let universalLinkHosts: Set<String> = ["app.northwindbank.com", "northwindbank.com"]
    private static let identifierLength = 6...32

    func parse(_ url: URL) -> DeepLink? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(),
              components.user == nil,
              components.password == nil,
              components.port == nil else {
            return nil
        }

        let segments: [String]
        switch scheme {
        case "https":
            guard let host = components.host?.lowercased(), Self.universalLinkHosts.contains(host) else {
                return nil
            }
            segments = Self.pathSegments(components.path)
        case Self.customScheme:
            // northwind://accounts/ABC123 — the host acts as the first path segment.
            guard let host = components.host?.lowercased(), !host.isEmpty else { return nil }
            segments = [host] + Self.pathSegments(components.path)
        default:
            return nil
        }

        return route(segments: segments, query: components.queryItems ?? [])
    }

    private func route(segments: [String], query: [URLQueryItem]) -> DeepLink? {
        switch (segments.first ?? "", segments.count) {
        case ("accounts", 2):
            let accountId = segments[1]
            return Self.isValidIdentifier(accountId) ? .account(id: accountId) : nil

        case ("transfers", 2) where segments[1] == "new":
            let payeeId = query.first(where: { $0.name == "payee" })?.value
            if let payeeId, !Self.isValidIdentifier(payeeId) { return nil }
            return .newTransfer(payeeId: payeeId)

        case ("help", 2):
            return HelpTopic(rawValue: segments[1]).map(DeepLink.help)

        default:
            return nil
        }
    }

    private static func pathSegments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    static func isValidIdentifier(_ value: String) -> Bool {
        identifierLength.contains(value.count) && value.allSatisfy { character in
            character.isASCII && (character.isLetter || character.isNumber || character == "-")
        }
    }
}
