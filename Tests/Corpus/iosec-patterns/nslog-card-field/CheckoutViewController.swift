import UIKit

final class CheckoutViewController: UIViewController {
    @IBOutlet private var cardField: UITextField!

    @IBAction private func pay(_ sender: UIButton) {
        NSLog("card: %@", cardField.text ?? "")
        submitPayment()
    }

    private func submitPayment() {}
}
