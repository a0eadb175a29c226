import UIKit
import UniformTypeIdentifiers

final class JournalViewController: UIViewController, UIDocumentPickerDelegate {
    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Export", primaryAction: UIAction { [weak self] _ in
            self?.pickFolder()
        })
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Sign out", primaryAction: UIAction { [weak self] _ in
            SessionStore.shared.clear()
            self?.navigationController?.setViewControllers([SignInViewController.fromStoryboard()], animated: true)
        })
    }

    private func pickFolder() {
        let picker = UIDocumentPickerViewController(forOpeningContentTypes: [.folder])
        picker.delegate = self
        present(picker, animated: true)
    }

    func documentPicker(_ controller: UIDocumentPickerViewController, didPickDocumentsAt urls: [URL]) {
        guard let folder = urls.first else { return }
        try? CacheExporter.export(into: folder)
    }
}
