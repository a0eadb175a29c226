//
//  HubDiscoveryService.swift
//  Hearth
//
//  Created by Sofia Berg on 21/03/2022.
//  Copyright © 2022 Hearth Labs AB. All rights reserved.
//

import Foundation
import Network
import os

struct DiscoveredHub: Hashable {
    let identifier: String
    let name: String
    let model: String
    let endpoint: NWEndpoint
}

/// Browses for `_hearth-hub._tcp` on the local network.
final class HubDiscoveryService {

    var onChange: (([DiscoveredHub]) -> Void)?

    private let logger = Logger(subsystem: "com.hearthlabs.hearth", category: "discovery")
    private var browser: NWBrowser?
    private let queue = DispatchQueue(label: "com.hearthlabs.hearth.discovery")

    func start() {
        let parameters = NWParameters.tcp
        parameters.includePeerToPeer = false
        let browser = NWBrowser(for: .bonjourWithTXTRecord(type: HRHubServiceType, domain: "local."), using: parameters)

        browser.stateUpdateHandler = { [logger] state in
            if case .failed(let error) = state {
                logger.error("Browser failed: \(String(describing: error), privacy: .public)")
            }
        }
        browser.browseResultsChangedHandler = { [weak self] results, _ in
            let hubs = results.compactMap(Self.hub(from:))
            DispatchQueue.main.async { self?.onChange?(hubs) }
        }
        browser.start(queue: queue)
        self.browser = browser
    }

    func stop() {
        browser?.cancel()
        browser = nil
    }

    private static func hub(from result: NWBrowser.Result) -> DiscoveredHub? {
        guard case .service(let name, _, _, _) = result.endpoint,
              case .bonjour(let txt) = result.metadata,
              let identifier = txt["id"] else { return nil }
        return DiscoveredHub(identifier: identifier, name: name, model: txt["md"] ?? "H200", endpoint: result.endpoint)
    }

    /// Resolves a Bonjour endpoint to a host string usable in a URL.
    func resolveHost(for hub: DiscoveredHub, completion: @escaping (String?) -> Void) {
        let connection = NWConnection(to: hub.endpoint, using: .tcp)
        connection.stateUpdateHandler = { state in
            switch state {
            case .ready:
                var host: String?
                if case .hostPort(.ipv4(let address), _) = connection.currentPath?.remoteEndpoint {
                    host = "\(address)"
                }
                connection.cancel()
                DispatchQueue.main.async { completion(host) }
            case .failed, .cancelled:
                DispatchQueue.main.async { completion(nil) }
            default:
                break
            }
        }
        connection.start(queue: queue)
    }
}

// MARK: - Registry

/// Non-secret pairing metadata. The hub key itself lives in the Keychain
/// (HRKeychain.hubKeychain); the SPKI hash is public information from the QR label.
struct HubRecord: Codable, Hashable {
    let identifier: String
    var name: String
    var host: String
    var port: Int
    var spkiSHA256Hex: String
}

final class HubRegistry {

    static let shared = HubRegistry()
    private static let defaultsKey = "HRPairedHubs"

    private(set) var connections: [String: HRHubConnection] = [:]
    private let defaults = UserDefaults.standard

    var records: [HubRecord] {
        guard let data = defaults.data(forKey: Self.defaultsKey) else { return [] }
        return (try? JSONDecoder().decode([HubRecord].self, from: data)) ?? []
    }

    var selectedConnection: HRHubConnection? {
        let selected = defaults.string(forKey: HRDefaultsSelectedHubIdentifier) ?? records.first?.identifier
        return selected.flatMap { connections[$0] }
    }

    func restoreConnections() {
        records.forEach { connections[$0.identifier] = makeConnection(for: $0) }
        selectedConnection?.connect()
    }

    func add(_ record: HubRecord) -> HRHubConnection {
        var all = records.filter { $0.identifier != record.identifier }
        all.append(record)
        defaults.set(try? JSONEncoder().encode(all), forKey: Self.defaultsKey)
        defaults.set(record.identifier, forKey: HRDefaultsSelectedHubIdentifier)
        let connection = makeConnection(for: record)
        connections[record.identifier] = connection
        return connection
    }

    func removeAll() {
        connections.values.forEach { $0.forgetPairing() }
        connections.removeAll()
        defaults.removeObject(forKey: Self.defaultsKey)
        defaults.removeObject(forKey: HRDefaultsSelectedHubIdentifier)
    }

    private func makeConnection(for record: HubRecord) -> HRHubConnection {
        let pins: Set<Data> = NSData.hr_data(withHexString: record.spkiSHA256Hex).map { [$0 as Data] } ?? []
        return HRHubConnection(hubIdentifier: record.identifier, host: record.host, port: record.port, pinnedKeyHashes: pins)
    }
}
