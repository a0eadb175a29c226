//
//  SettingsViewController.swift
//  Hearth
//
//  Created by Sofia Berg on 16/02/2022.
//  Copyright © 2022 Hearth Labs AB. All rights reserved.
//

import UIKit
import UniformTypeIdentifiers
import WebKit

final class SettingsViewController: UITableViewController {

    private enum Row: CaseIterable {
        case account, hubID, addDevice, analytics, diagnostics, acknowledgements
    }

    private let rows = Row.allCases
    private let defaults = UserDefaults.standard

    init() {
        super.init(style: .insetGrouped)
        tabBarItem = UITabBarItem(title: NSLocalizedString("tab.settings", comment: ""), image: UIImage(systemName: "gear"), tag: 2)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("settings.title", comment: "")
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        cell.accessoryView = nil
        cell.accessoryType = .disclosureIndicator

        switch rows[indexPath.row] {
        case .account:
            content.text = AuthSessionManager.shared.isSignedIn ? NSLocalizedString("settings.signOut", comment: "")
                                                                : NSLocalizedString("settings.signIn", comment: "")
        case .hubID:
            content.text = NSLocalizedString("settings.hubID", comment: "")
            content.secondaryText = defaults.string(forKey: HRDefaultsSelectedHubIdentifier)
            cell.accessoryType = .none
        case .addDevice:
            content.text = NSLocalizedString("settings.addDevice", comment: "")
        case .analytics:
            content.text = NSLocalizedString("settings.analytics", comment: "")
            let toggle = UISwitch()
            toggle.isOn = defaults.bool(forKey: HRDefaultsAnalyticsOptIn)
            toggle.addTarget(self, action: #selector(analyticsToggled(_:)), for: .valueChanged)
            cell.accessoryView = toggle
        case .diagnostics:
            content.text = NSLocalizedString("settings.exportDiagnostics", comment: "")
        case .acknowledgements:
            content.text = NSLocalizedString("settings.acknowledgements", comment: "")
        }
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        switch rows[indexPath.row] {
        case .account:
            toggleSignIn()
        case .hubID:
            copyHubIdentifier()
        case .addDevice:
            navigationController?.pushViewController(HelpCenterViewController(destination: .deviceSetup(model: "any")), animated: true)
        case .analytics:
            break
        case .diagnostics:
            exportDiagnostics(from: tableView.cellForRow(at: indexPath))
        case .acknowledgements:
            navigationController?.pushViewController(AcknowledgementsViewController(), animated: true)
        }
    }

    // MARK: Actions

    private func toggleSignIn() {
        if AuthSessionManager.shared.isSignedIn {
            AuthSessionManager.shared.signOut()
            tableView.reloadData()
        } else if let window = view.window {
            AuthSessionManager.shared.signIn(from: window) { [weak self] _ in self?.tableView.reloadData() }
        }
    }

    /// Support asks for the hub serial when triaging tickets.
    private func copyHubIdentifier() {
        guard let hubID = defaults.string(forKey: HRDefaultsSelectedHubIdentifier) else { return }
        UIPasteboard.general.setItems([[UTType.plainText.identifier: hubID]],
                                      options: [.localOnly: true, .expirationDate: Date(timeIntervalSinceNow: 300)])
    }

    @objc private func analyticsToggled(_ sender: UISwitch) {
        defaults.set(sender.isOn, forKey: HRDefaultsAnalyticsOptIn)
        sender.isOn ? AnalyticsClient.shared.start() : AnalyticsClient.shared.stopAndDiscard()
    }

    private func exportDiagnostics(from sourceView: UIView?) {
        guard let logURL = HRDiagnosticsExportFileURL() else { return }
        let share = UIActivityViewController(activityItems: [logURL], applicationActivities: nil)
        share.popoverPresentationController?.sourceView = sourceView
        present(share, animated: true)
    }
}

// MARK: - Acknowledgements

/// Open-source licences, rendered from a file shipped in the bundle.
final class AcknowledgementsViewController: UIViewController {

    override func loadView() {
        let configuration = WKWebViewConfiguration()
        configuration.defaultWebpagePreferences.allowsContentJavaScript = false
        let webView = WKWebView(frame: .zero, configuration: configuration)
        if let file = Bundle.main.url(forResource: "acknowledgements", withExtension: "html") {
            webView.loadFileURL(file, allowingReadAccessTo: file)
        }
        view = webView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("settings.acknowledgements", comment: "")
    }
}
