import UIKit

struct MemberCard {
    let fullName: String
    let mailingAddress: String
    let balance: Decimal
}

/// Shows a member's card. The app has the cards of the household's members cached for offline use.
final class MemberCardViewController: UIViewController {
    private let memberNumber: String
    private let directory: [String: MemberCard] = [
        "40021": MemberCard(fullName: "Ilse Varga", mailingAddress: "14 Quay Rd, Portsmouth", balance: 2310.55),
        "40022": MemberCard(fullName: "Tomas Varga", mailingAddress: "14 Quay Rd, Portsmouth", balance: 88.10),
        "51877": MemberCard(fullName: "Priya Nandakumar", mailingAddress: "9 Mill Ln, Bath", balance: 15402.00)
    ]

    init(memberNumber: String) {
        self.memberNumber = memberNumber
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        title = "Member \(memberNumber)"

        let label = UILabel()
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        if let card = directory[memberNumber] {
            label.text = "\(card.fullName)\n\(card.mailingAddress)\nBalance: \(card.balance)"
        } else {
            label.text = "No member with this number."
        }
        view.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            label.centerYAnchor.constraint(equalTo: view.centerYAnchor)
        ])
    }
}
