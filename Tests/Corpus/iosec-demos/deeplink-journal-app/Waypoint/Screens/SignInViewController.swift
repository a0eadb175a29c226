import UIKit

final class SignInViewController: UIViewController {
    @IBOutlet private weak var emailField: UITextField!
    @IBOutlet private weak var passwordField: UITextField!
    @IBOutlet private weak var signInButton: UIButton!

    static func fromStoryboard() -> SignInViewController {
        UIStoryboard(name: "SignIn", bundle: nil).instantiateInitialViewController() as! SignInViewController
    }

    @IBAction private func signInTapped(_ sender: UIButton) {
        guard let email = emailField.text, !email.isEmpty,
              let password = passwordField.text, !password.isEmpty else { return }
        signInButton.isEnabled = false
        APIClient.shared.signIn(Credentials(email: email, password: password)) { [weak self] session in
            self?.signInButton.isEnabled = true
            guard let session else { return }
            SessionStore.shared.save(sessionToken: session)
            self?.navigationController?.setViewControllers([JournalViewController()], animated: true)
        }
    }
}
