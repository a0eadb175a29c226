import UIKit

final class SignupForm: UIViewController {
    @IBOutlet private var nameField: UITextField!
    @IBOutlet private var passField: UITextField!

    @IBAction private func save(_ sender: UIButton) {
        var record: [String: String] = [:]
        record["name"] = nameField.text
        record["password"] = passField.text
        print("saved: \(record.description)")
    }
}
