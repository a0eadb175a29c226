//
//  EventHistoryViewController.swift
//  Hearth
//
//  Created by Sofia Berg on 30/03/2022.
//  Copyright © 2022 Hearth Labs AB. All rights reserved.
//

import UIKit

/// Chronological activity log, optionally narrowed to one room or device.
final class EventHistoryViewController: UITableViewController {

    private let deviceIdentifier: String?
    private var roomName: String?
    private var searchText = ""
    private var events: [HREvent] = []
    private let queryQueue = DispatchQueue(label: "com.hearthlabs.hearth.events.query", qos: .userInitiated)

    private lazy var dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        formatter.timeStyle = .short
        formatter.doesRelativeDateFormatting = true
        return formatter
    }()

    init(initialRoom: String?) {
        self.roomName = initialRoom
        self.deviceIdentifier = nil
        super.init(style: .insetGrouped)
        tabBarItem = UITabBarItem(title: NSLocalizedString("tab.activity", comment: ""),
                                  image: UIImage(systemName: "clock"), tag: 0)
    }

    init(deviceIdentifier: String) {
        self.deviceIdentifier = deviceIdentifier
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = roomName ?? NSLocalizedString("activity.title", comment: "")
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "event")

        let search = UISearchController(searchResultsController: nil)
        search.searchResultsUpdater = self
        search.obscuresBackgroundDuringPresentation = false
        navigationItem.searchController = search

        if deviceIdentifier == nil {
            navigationItem.rightBarButtonItem = UIBarButtonItem(image: UIImage(systemName: "line.3.horizontal.decrease.circle"),
                                                                menu: roomMenu())
        }
        refreshControl = UIRefreshControl()
        refreshControl?.addTarget(self, action: #selector(reload), for: .valueChanged)
        reload()
    }

    private func roomMenu() -> UIMenu {
        let all = UIAction(title: NSLocalizedString("activity.allRooms", comment: "")) { [weak self] _ in
            self?.applyRoom(nil)
        }
        let rooms = HREventStore.shared.knownRoomNames().map { room in
            UIAction(title: room, state: room == roomName ? .on : .off) { [weak self] _ in self?.applyRoom(room) }
        }
        return UIMenu(children: [all] + rooms)
    }

    private func applyRoom(_ room: String?) {
        roomName = room
        title = room ?? NSLocalizedString("activity.title", comment: "")
        navigationItem.rightBarButtonItem?.menu = roomMenu()
        reload()
    }

    @objc private func reload() {
        let filter = HREventFilter()
        filter.roomName = roomName
        filter.searchText = searchText.isEmpty ? nil : searchText
        filter.since = Date(timeIntervalSinceNow: -7 * 24 * 60 * 60)
        filter.limit = 300
        let deviceIdentifier = self.deviceIdentifier

        queryQueue.async { [weak self] in
            let results: [HREvent]
            if let deviceIdentifier {
                results = HREventStore.shared.recentEvents(forDevice: deviceIdentifier, limit: 300)
            } else {
                results = HREventStore.shared.events(matching: filter)
            }
            DispatchQueue.main.async {
                self?.events = results
                self?.tableView.reloadData()
                self?.refreshControl?.endRefreshing()
            }
        }
    }

    // MARK: UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        events.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "event", for: indexPath)
        let event = events[indexPath.row]
        var content = UIListContentConfiguration.subtitleCell()
        content.text = event.summary ?? event.kind
        content.secondaryText = [event.deviceName, event.roomName, dateFormatter.string(from: event.timestamp)]
            .compactMap { $0 }
            .joined(separator: " · ")
        cell.contentConfiguration = content
        return cell
    }
}

extension EventHistoryViewController: UISearchResultsUpdating {
    func updateSearchResults(for searchController: UISearchController) {
        let text = searchController.searchBar.text ?? ""
        guard text != searchText else { return }
        searchText = text
        NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(reload), object: nil)
        perform(#selector(reload), with: nil, afterDelay: 0.25)
    }
}
