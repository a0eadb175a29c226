//
//  SceneDelegate.swift
//  Hearth
//
//  Created by Sofia Berg on 12/01/2022.
//  Copyright © 2022 Hearth Labs AB. All rights reserved.
//

import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    static weak var active: SceneDelegate?

    var window: UIWindow?
    private(set) lazy var router = DeepLinkRouter(rootProvider: { [weak self] in
        self?.window?.rootViewController as? UITabBarController
    })

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        Self.active = self

        let tabs = UITabBarController()
        tabs.viewControllers = [
            UINavigationController(rootViewController: EventHistoryViewController(initialRoom: nil)),
            UINavigationController(rootViewController: HelpCenterViewController(destination: .home)),
            UINavigationController(rootViewController: SettingsViewController()),
        ]
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        self.window = window

        if let url = connectionOptions.urlContexts.first?.url {
            router.open(url)
        } else if let url = connectionOptions.userActivities.first(where: { $0.activityType == NSUserActivityTypeBrowsingWeb })?.webpageURL {
            router.open(url)
        }
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        URLContexts.forEach { router.open($0.url) }
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return }
        router.open(url)
    }
}

// MARK: - Deep links

enum DeepLink: Equatable {
    case device(id: String)
    case events(room: String?)
    case helpArticle(slug: String)
    case invite(code: String)
}

final class DeepLinkRouter {

    static let universalLinkHost = "hearth-home.com"
    private static let slugCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-")
    private static let inviteCodeCharacters = CharacterSet(charactersIn: "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")

    private let rootProvider: () -> UITabBarController?

    init(rootProvider: @escaping () -> UITabBarController?) {
        self.rootProvider = rootProvider
    }

    /// Accepts `hearth://<route>/...` and `https://hearth-home.com/app/<route>/...`.
    static func parse(_ url: URL) -> DeepLink? {
        var segments = url.pathComponents.filter { $0 != "/" }
        switch url.scheme?.lowercased() {
        case "hearth":
            guard let host = url.host else { return nil }
            segments.insert(host, at: 0)
        case "https" where url.host?.lowercased() == universalLinkHost && segments.first == "app":
            segments.removeFirst()
        default:
            return nil
        }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []

        switch (segments.first, segments.count) {
        case ("device", 2):
            return .device(id: segments[1])
        case ("events", 1):
            return .events(room: query.first(where: { $0.name == "room" })?.value)
        case ("help", 2) where segments[1].unicodeScalars.allSatisfy(slugCharacters.contains):
            return .helpArticle(slug: segments[1])
        case ("invite", 2) where segments[1].count == 8 && segments[1].unicodeScalars.allSatisfy(inviteCodeCharacters.contains):
            return .invite(code: segments[1])
        default:
            return nil
        }
    }

    func open(_ url: URL) {
        guard let link = Self.parse(url), let tabs = rootProvider() else { return }
        switch link {
        case .device(let id):
            // Only navigate to devices we already know about.
            guard HREventStore.shared.device(withIdentifier: id) != nil else { return }
            push(EventHistoryViewController(deviceIdentifier: id), tab: 0, in: tabs)
        case .events(let room):
            push(EventHistoryViewController(initialRoom: room), tab: 0, in: tabs)
        case .helpArticle(let slug):
            push(HelpCenterViewController(destination: .article(slug: slug)), tab: 1, in: tabs)
        case .invite(let code):
            confirmInvite(code: code, from: tabs)
        }
    }

    private func push(_ controller: UIViewController, tab: Int, in tabs: UITabBarController) {
        tabs.selectedIndex = tab
        (tabs.selectedViewController as? UINavigationController)?.pushViewController(controller, animated: true)
    }

    private func confirmInvite(code: String, from presenter: UIViewController) {
        let alert = UIAlertController(title: NSLocalizedString("invite.title", comment: ""),
                                      message: NSLocalizedString("invite.message", comment: ""),
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: NSLocalizedString("common.cancel", comment: ""), style: .cancel))
        alert.addAction(UIAlertAction(title: NSLocalizedString("invite.accept", comment: ""), style: .default) { _ in
            HRAPIClient.shared.post("household/invites/accept", body: ["code": code]) { _, _, _ in }
        })
        presenter.present(alert, animated: true)
    }
}
