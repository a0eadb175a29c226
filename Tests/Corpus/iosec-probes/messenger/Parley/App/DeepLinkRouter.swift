import Combine
import Foundation

/// Invite tokens look like `inv1.<43 chars base64url>` and wrap a 256-bit secret that
/// the server exchanges for conversation membership.
struct InviteToken: Hashable, Sendable {
    static let prefix = "inv1."
    private static let bodyLength = 43

    let rawValue: String

    init?(rawValue: String) {
        guard rawValue.utf8.count == Self.prefix.utf8.count + Self.bodyLength,
              rawValue.hasPrefix(Self.prefix) else { return nil }
        let body = rawValue.dropFirst(Self.prefix.count)
        guard body.wholeMatch(of: #/[A-Za-z0-9_\-]+/#) != nil,
              let secret = Data(base64URLEncoded: String(body)),
              secret.count == 32 else { return nil }
        self.rawValue = rawValue
    }
}

enum DeepLink: Equatable {
    case join(InviteToken)
    case conversation(id: String)

    var kindName: String {
        switch self {
        case .join: "join"
        case .conversation: "conversation"
        }
    }
}

@MainActor
final class DeepLinkRouter: ObservableObject {
    nonisolated static let scheme = "parley"

    @Published var pending: DeepLink?

    @discardableResult
    func handle(_ url: URL) -> Bool {
        guard let link = Self.parse(url) else {
            Log.info("deeplink.rejected host=\(url.host() ?? "-")", category: .ui)
            return false
        }
        Log.info("deeplink.accepted kind=\(link.kindName)", category: .ui)
        pending = link
        return true
    }

    func open(conversationId: String) {
        guard Self.isConversationId(conversationId) else { return }
        pending = .conversation(id: conversationId)
    }

    nonisolated static func parse(_ url: URL) -> DeepLink? {
        guard url.scheme?.lowercased() == scheme,
              let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              components.user == nil, components.password == nil else { return nil }

        let items = components.queryItems ?? []
        // A repeated key is treated as malformed rather than picking one of the values.
        func single(_ name: String) -> String? {
            let matches = items.filter { $0.name == name }
            return matches.count == 1 ? matches[0].value : nil
        }

        switch components.host?.lowercased() {
        case "join":
            return single("invite").flatMap(InviteToken.init(rawValue:)).map(DeepLink.join)
        case "conversation":
            guard let id = single("id"), isConversationId(id) else { return nil }
            return .conversation(id: id)
        default:
            return nil
        }
    }

    nonisolated static func isConversationId(_ value: String) -> Bool {
        UUID(uuidString: value) != nil
    }
}
