import UIKit

final class AboutViewController: UIViewController {
    @IBAction private func openBlog(_ sender: UIButton) {
        if let url = URL(string: "http://blog.example.org/release-notes") {
            UIApplication.shared.open(url)
        }
    }
}
