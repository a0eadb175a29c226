//
//  HelpCenterViewController.swift
//  Hearth
//
//  Created by Sofia Berg on 27/04/2022.
//  Copyright © 2022 Hearth Labs AB. All rights reserved.
//

import UIKit
import WebKit

/// Hosts the vendor help centre and the guided device setup flows, which are
/// web apps maintained by the support team.
final class HelpCenterViewController: UIViewController {

    enum Destination {
        case home
        case article(slug: String)
        case deviceSetup(model: String)
    }

    private static let helpBaseURL = URL(string: "https://help.hearth-home.com/")!
    private static let setupBaseURL = URL(string: "https://setup.hearth-home.com/")!
    private static let bridgeName = "hearth"

    private let destination: Destination
    private var webView: WKWebView!
    private var hubIdentifier: String? { HubRegistry.shared.selectedConnection?.hubIdentifier }

    init(destination: Destination) {
        self.destination = destination
        super.init(nibName: nil, bundle: nil)
        tabBarItem = UITabBarItem(title: NSLocalizedString("tab.help", comment: ""),
                                  image: UIImage(systemName: "questionmark.circle"), tag: 1)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func loadView() {
        let contentController = WKUserContentController()
        contentController.addScriptMessageHandler(self, contentWorld: .page, name: Self.bridgeName)

        let configuration = WKWebViewConfiguration()
        configuration.userContentController = contentController
        configuration.allowsInlineMediaPlayback = true
        configuration.applicationNameForUserAgent = "HearthApp/\(Bundle.main.shortVersion)"

        webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = self
        webView.allowsBackForwardNavigationGestures = true
        view = webView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("help.title", comment: "")
        webView.load(URLRequest(url: initialURL))
    }

    private var initialURL: URL {
        switch destination {
        case .home:
            return Self.helpBaseURL
        case .article(let slug):
            return Self.helpBaseURL.appendingPathComponent("articles").appendingPathComponent(slug)
        case .deviceSetup(let model):
            var components = URLComponents(url: Self.setupBaseURL.appendingPathComponent("devices").appendingPathComponent(model),
                                           resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "platform", value: "ios")]
            return components.url!
        }
    }

    private func showOfflinePage() {
        guard let offline = Bundle.main.url(forResource: "offline", withExtension: "html") else { return }
        webView.loadFileURL(offline, allowingReadAccessTo: offline.deletingLastPathComponent())
    }
}

// MARK: - JavaScript bridge

extension HelpCenterViewController: WKScriptMessageHandlerWithReply {

    func userContentController(_ userContentController: WKUserContentController,
                               didReceive message: WKScriptMessage,
                               replyHandler: @escaping (Any?, String?) -> Void) {
        guard let body = message.body as? [String: Any], let action = body["action"] as? String else {
            replyHandler(nil, "malformed")
            return
        }

        switch action {
        case "appInfo":
            replyHandler(["version": Bundle.main.shortVersion, "platform": "ios", "locale": Locale.current.identifier], nil)

        case "session":
            // Setup pages claim the new device against the user's account directly.
            AuthSessionManager.shared.validAccessToken { [weak self] token in
                guard let token else {
                    replyHandler(nil, "signed_out")
                    return
                }
                replyHandler(["accessToken": token, "hubId": self?.hubIdentifier as Any], nil)
            }

        case "contactSupport":
            UIApplication.shared.open(URL(string: "mailto:support@hearth-home.com")!)
            replyHandler(true, nil)

        case "close":
            navigationController?.popViewController(animated: true)
            replyHandler(true, nil)

        default:
            replyHandler(nil, "unsupported")
        }
    }
}

// MARK: - Navigation

extension HelpCenterViewController: WKNavigationDelegate {

    func webView(_ webView: WKWebView,
                 decidePolicyFor navigationAction: WKNavigationAction,
                 decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
        guard let url = navigationAction.request.url else {
            decisionHandler(.cancel)
            return
        }
        switch url.scheme?.lowercased() {
        case "hearth":
            SceneDelegate.active?.router.open(url)
            decisionHandler(.cancel)
        case "mailto", "tel":
            UIApplication.shared.open(url)
            decisionHandler(.cancel)
        case "https", "file", "about":
            // Articles embed community threads and video players and link to
            // retailer pages; keep them in-app so the back gesture still works.
            decisionHandler(.allow)
        default:
            decisionHandler(.cancel)
        }
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error) {
        if (error as NSError).code == NSURLErrorNotConnectedToInternet {
            showOfflinePage()
        }
    }
}

extension Bundle {
    var shortVersion: String { infoDictionary?["CFBundleShortVersionString"] as? String ?? "0" }
}
