import UIKit

/// waypoint://app/notice?text=…, waypoint://app/open?page=…, waypoint://app/import?blob=…&file=…&skip=…
final class LinkRouter {
    func openDeepLink(_ link: URL, from presenter: UIViewController) {
        var query: [String: String] = [:]
        for item in URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
            query[item.name] = item.value
        }

        switch link.path {
        case "/notice":
            guard let markup = query["text"], let styled = RichText.fromMarkup(markup) else { return }
            let banner = UIAlertController(title: "Waypoint", message: nil, preferredStyle: .alert)
            banner.setValue(styled, forKey: "attributedMessage")
            banner.addAction(UIAlertAction(title: "Close", style: .cancel))
            presenter.present(banner, animated: true)

        case "/open":
            guard let page = query["page"], let target = URL(string: page) else { return }
            presenter.present(BrowserViewController(address: target), animated: true)

        case "/import":
            guard let blob = query["blob"], var payload = Data(base64Encoded: blob), let file = query["file"] else {
                return
            }
            if let skip = query["skip"].flatMap(Int.init) {
                payload = payload.withUnsafeBytes { raw in
                    Data(bytes: raw.baseAddress! + skip, count: raw.count - skip)
                }
            }
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            try? payload.write(to: documents.appendingPathComponent(file))

        default:
            break
        }
    }
}
