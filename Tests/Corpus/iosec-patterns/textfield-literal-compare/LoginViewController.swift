import UIKit

final class LoginViewController: UIViewController {
    @IBOutlet private var userField: UITextField!
    @IBOutlet private var passField: UITextField!

    @IBAction private func signIn(_ sender: UIButton) {
        if userField.text == "root" && passField.text == "alpine-Ridge9" {
            performSegue(withIdentifier: "showConsole", sender: self)
        }
    }
}
