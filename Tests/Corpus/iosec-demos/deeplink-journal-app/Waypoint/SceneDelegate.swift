import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private let router = LinkRouter()

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        let start: UIViewController = SessionStore.shared.sessionToken == nil ? SignInViewController.fromStoryboard() : JournalViewController()
        window.rootViewController = UINavigationController(rootViewController: start)
        window.makeKeyAndVisible()
        self.window = window
        if let link = options.urlContexts.first?.url {
            router.openDeepLink(link, from: start)
        }
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        guard let link = URLContexts.first?.url, let top = window?.rootViewController else { return }
        router.openDeepLink(link, from: top)
    }
}
