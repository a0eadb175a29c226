import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    private var navigation: UINavigationController? {
        window?.rootViewController as? UINavigationController
    }

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: AccountsViewController())
        window.makeKeyAndVisible()
        self.window = window
        return true
    }

    func application(_ app: UIApplication, open url: URL,
                     options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        guard url.scheme == "harborcu" else { return false }
        switch url.host {
        case "member":
            return openMemberDeepLink(url)
        case "help":
            navigation?.pushViewController(HelpViewController(), animated: true)
            return true
        default:
            return false
        }
    }

    /// harborcu://member?number=… shows that member's card: name, address, balance.
    private func openMemberDeepLink(_ link: URL) -> Bool {
        let query = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems
        guard let number = query?.first(where: { $0.name == "number" })?.value, !number.isEmpty else {
            return false
        }
        navigation?.pushViewController(MemberCardViewController(memberNumber: number), animated: true)
        return true
    }
}

final class AccountsViewController: UITableViewController {}

final class HelpViewController: UIViewController {}
